// When V8's optimizing compiler steps in, for the bundles that run searches (bin/load-cli.cjs sets
// the flags before it compiles one, at a call and at the build's training alike, so that the code
// cache the build made is the one the call finds) and for the bench (bench/run.ts), whose worker
// threads read the same flags as the rest of the process.
//
// Each solve worker compiles the solver anew. On a batch of small levels most of its CPU went to
// V8 optimizing functions that had just grown warm, on its own threads: over half of Microban, one
// thread solving 77 levels took 2.0-2.2 s of CPU the first time and 0.7 s the second, the same
// levels or others. Twice V8's interrupt budget (the work a function does between checks of
// whether it is hot: 66 KiB of bytecode) optimizes only what stays hot, and half its inlining
// budgets compile each function smaller: 11% fewer instructions for those 77 levels, and no more
// on levels searched for seconds (bench/festival-strategies.md, "When V8 optimizes").
//
// Measured on V8 11 (Node 20) only: on another V8 nothing is set, as a flag it no longer knew
// would be reported on every call.
'use strict';

const COMPILER_FLAGS = ['--interrupt-budget=135168', '--max-inlined-bytecode-size=230', '--max-inlined-bytecode-size-cumulative=460'];
/** The V8 major versions COMPILER_FLAGS were measured on. */
const MEASURED_V8_MAJORS = ['11'];

let tuned = false;

/** Whether COMPILER_FLAGS apply to a V8 of this version. */
function compilerFlagsApply(v8Version = process.versions.v8) {
  return MEASURED_V8_MAJORS.includes(v8Version.split('.')[0]);
}

/** Sets COMPILER_FLAGS for the process, once, where they apply; says whether they are set. */
function tuneCompiler() {
  if (tuned || !compilerFlagsApply()) return tuned;
  // Required here, not at the top: a call that runs no search never loads node:v8 (some 4 ms).
  require('node:v8').setFlagsFromString(COMPILER_FLAGS.join(' '));
  tuned = true;
  return true;
}

module.exports = { COMPILER_FLAGS, MEASURED_V8_MAJORS, compilerFlagsApply, tuneCompiler };
