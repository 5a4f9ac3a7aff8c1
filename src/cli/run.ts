import { Command, CommanderError } from 'commander';
import type { CommandContext, CommandRegistration } from './context.js';
import { PROGRAM_NAME, oneLine, reportError } from './error-line.js';
import { ExitCode, exitCodeForError } from './exit-codes.js';
import type { Io } from './io.js';
import { printable } from './printable.js';
import { packageVersion } from './version.js';

/** A command by its name, and how to load the module that registers it. */
export interface CommandEntry {
  readonly name: string;
  load(): Promise<CommandRegistration>;
}

/**
 * Every command of the CLI, in the order `--help` lists them. A new command is one module plus one
 * entry here. Each is imported only when it is needed (see commandsFor): a call loads the code of
 * the command it runs and nothing else, so a small `verify` does not pay for loading the solver's
 * engines, the server and the reporters of every other command.
 */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'solve', load: async () => (await import('./commands/solve.js')).registerSolve },
  { name: 'verify', load: async () => (await import('./commands/verify.js')).registerVerify },
  { name: 'hint', load: async () => (await import('./commands/hint.js')).registerHint },
  { name: 'optimize', load: async () => (await import('./commands/optimize.js')).registerOptimize },
  { name: 'convert', load: async () => (await import('./commands/convert.js')).registerConvert },
  { name: 'check', load: async () => (await import('./commands/check.js')).registerCheck },
  { name: 'generate', load: async () => (await import('./commands/generate.js')).registerGenerate },
  { name: 'show', load: async () => (await import('./commands/show.js')).registerShow },
  { name: 'merge-reports', load: async () => (await import('./commands/merge-reports.js')).registerMergeReports },
  { name: 'serve', load: async () => (await import('./commands/serve.js')).registerServe },
];

const VERSION_FLAGS = new Set(['-V', '--version']);
const HELP_FLAGS = new Set(['-h', '--help']);

/**
 * The commands commander must know to parse `words` as it would with all of them registered: the
 * one named (also after `help`); none for `--version` alone; all of them for the program's help,
 * for no command and for a word that is no command (whose error suggests the nearest name). The
 * program's own options take no values, so the first word that is not an option names the command.
 */
export function commandsFor(words: readonly string[]): readonly CommandEntry[] {
  const first = words.findIndex((word) => !word.startsWith('-'));
  if (first === -1) {
    const flag = words.find((word) => VERSION_FLAGS.has(word) || HELP_FLAGS.has(word));
    return flag !== undefined && VERSION_FLAGS.has(flag) ? [] : COMMANDS;
  }
  const name = words[first] === 'help' ? words[first + 1] : words[first];
  const named = COMMANDS.find((entry) => entry.name === name);
  return named === undefined ? COMMANDS : [named];
}

/** The words commander parses: `-v` asks for the version as in npm, node and most tools; commander takes one short flag, -V. */
function wordsOf(argv: readonly string[]): string[] {
  return argv[0] === '-v' ? ['--version', ...argv.slice(1)] : [...argv];
}

/**
 * The names of the commands `run(argv)` loads (commandsFor): what a bundle of some of the
 * commands must hold to run this call as the whole CLI would (bin/load-cli.cjs asks it).
 */
export function commandNamesFor(argv: readonly string[]): string[] {
  return commandsFor(wordsOf(argv)).map((entry) => entry.name);
}

const EXIT_CODE_HELP = `
Exit codes:
  0   success: every level valid and solved
  1   not solved: a level proven unsolvable, a move string that does not solve it, a regression, a lost position (hint), a duplicate (check)
  2   bad input or usage: unreadable file, malformed level, bad move string, unknown option
  3   stopped at a limit (time, memory, nodes) before an answer
  70  internal error (a bug; set SOKOBAN_DEBUG=1 to see where)
  74  an output (a report, an --out file) could not be written; the others are still written
  130 interrupted (Ctrl-C, SIGTERM, SIGHUP, stdout closed): the levels finished are reported, reports marked interrupted
  With several levels, the first of 70, 74, 2, 1, 3 that applies to any of them.

Environment: NO_COLOR (any non-empty value) turns colour off, FORCE_COLOR=0..3 forces it.
`;

/** The program with the given commands registered (all of them by default: the full help). */
export async function buildProgram(context: CommandContext, commands: readonly CommandEntry[] = COMMANDS): Promise<Command> {
  const { io } = context;
  const program = new Command(PROGRAM_NAME)
    .description('Sokoban solver and validator: solve levels, check move strings, convert and draw levels')
    .version(packageVersion(), '-V, --version', 'output the version number (-v works too)')
    .option('--no-color', 'never colour the output')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander errors are reported by run() as one line like every other error.
      outputError: () => {},
      getOutHelpWidth: () => io.stdout.columns ?? 80,
      getErrHelpWidth: () => io.stderr.columns ?? 80,
    })
    .addHelpText('after', EXIT_CODE_HELP);
  const registrations = await Promise.all(commands.map((entry) => entry.load()));
  for (const register of registrations) register(program, context);
  return program;
}

/** Help and --version end with a CommanderError too; only real usage mistakes are errors. */
function commanderExitCode(error: CommanderError, io: Io): ExitCode {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
  // `help <command>` ends with exit code 0; help shown because no command was given ends with 1.
  if (error.code === 'commander.help') return error.exitCode === 0 ? ExitCode.ok : ExitCode.badInput;
  // Commander quotes the user's words back: escaped, so they cannot drive the terminal or the CI log.
  const reason = printable(oneLine(error.message.replace(/^error: /, '')));
  io.stderr.write(`${PROGRAM_NAME}: ${reason} (see ${PROGRAM_NAME} --help)\n`);
  return ExitCode.badInput;
}

/**
 * The whole CLI: parses argv, runs one command, returns the exit code.
 * Never calls process.exit and never throws: every failure becomes one line on stderr and a code.
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  let exitCode: ExitCode = ExitCode.ok;
  const context: CommandContext = {
    io,
    setExitCode: (code) => {
      exitCode = code;
    },
  };
  const words = wordsOf(argv);
  try {
    const program = await buildProgram(context, commandsFor(words));
    await program.parseAsync(words, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return commanderExitCode(error, io);
    reportError(io, error);
    return exitCodeForError(error);
  }
}
