/**
 * Another solver run beside ours, level by level under the same load (`npm run bench -- <suite> --peer '<command>'`).
 *
 * The bench writes each level alone to an XSB file and runs the command through the shell with
 * `{level}` replaced by that file's path and `{seconds}` by the time limit in whole seconds. The
 * command prints `solution: <lurd>` on a line of its own when it solved the level, and may print
 * `ms: <n>`, the time its own clock says the search took (which leaves out its start-up); without
 * it the process's wall time counts. Whatever it prints is replayed by our validator before it
 * counts: a peer's answer is trusted no more than ours. The adapter that turns a given solver's
 * command line and output into this protocol lives outside the repository, with that solver.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { replay } from '../src/game/replay.js';
import { writeXsbBoard } from '../src/level/xsb-write.js';
import type { BenchLevel } from './suites.js';

export interface PeerResult {
  readonly status: 'solved' | 'unsolved' | 'wrong' | 'failed';
  readonly ms: number;
  readonly moves: number | null;
  readonly pushes: number | null;
  /** Why a solution did not replay, or how the process failed. */
  readonly note: string;
}

/** What the peer's own words were: its solution and its search time, if it said them. */
export function readPeerOutput(output: string): { readonly solution: string | null; readonly ms: number | null } {
  const solution = /^solution:\s*([lurdLURD]+)\s*$/m.exec(output);
  const ms = /^ms:\s*(\d+(?:\.\d+)?)\s*$/m.exec(output);
  return { solution: solution === null ? null : solution[1], ms: ms === null ? null : Number(ms[1]) };
}

/** The command with its placeholders filled; the path is quoted for the shell. */
export function peerCommand(template: string, levelFile: string, seconds: number): string {
  const quoted = `'${levelFile.replaceAll("'", "'\\''")}'`;
  return template.replaceAll('{level}', quoted).replaceAll('{seconds}', String(Math.max(1, Math.round(seconds))));
}

/** Runs the peer on one level and replays what it answers. A peer that outlives the limit by `graceMs` is killed. */
export async function runPeer(template: string, level: BenchLevel, timeLimitMs: number, graceMs = 60_000): Promise<PeerResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sokoban-peer-'));
  const file = path.join(dir, 'level.xsb');
  writeFileSync(file, `; ${level.title}\n${writeXsbBoard(level.board)}\n`);
  const started = performance.now();
  try {
    const { output, code } = await runShell(peerCommand(template, file, timeLimitMs / 1000), timeLimitMs + graceMs);
    const wallMs = Math.round(performance.now() - started);
    const said = readPeerOutput(output);
    const ms = said.ms ?? wallMs;
    if (said.solution === null) return { status: code === 0 ? 'unsolved' : 'failed', ms, moves: null, pushes: null, note: code === 0 ? '' : `exit ${code}` };
    const replayed = replay(level.board, said.solution, { rule: level.rule });
    if (!replayed.valid || !replayed.solved) {
      return { status: 'wrong', ms, moves: null, pushes: null, note: replayed.error?.message ?? 'the position is not won at the end' };
    }
    // A solution found after the limit is not a solution within it.
    if (ms > timeLimitMs) return { status: 'unsolved', ms, moves: null, pushes: null, note: `solved after the limit, at ${ms} ms` };
    return { status: 'solved', ms, moves: replayed.moves, pushes: replayed.pushes, note: '' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runShell(command: string, killAfterMs: number): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The whole process group: a shell's children go with it.
    const timer = setTimeout(() => {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, killAfterMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ output: Buffer.concat(chunks).toString('utf8'), code });
    });
  });
}
