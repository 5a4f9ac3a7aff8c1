import { Option, type Command } from 'commander';
import { canonicalLevel } from '../../game/canonical-level.js';
import type { Level, LevelFormat } from '../../level/level.js';
import { trimLevel } from '../../level/trim.js';
import { formatCollection } from '../../level/write.js';
import type { CommandContext } from '../context.js';
import { ExitCode } from '../exit-codes.js';
import { InputReader, STDIN_ARGUMENT } from '../input.js';
import { type PlannedOutput, checkOutputs, prepareOutputFolders } from '../output-plan.js';
import { printable, printableLines } from '../printable.js';
import type { Io } from '../io.js';
import { loadLevels } from '../levels.js';
import { LEVEL_FORMATS, formatOption, levelOption } from '../options/common.js';

export interface ConvertRequest {
  readonly inputPath: string;
  readonly to: LevelFormat;
  readonly out?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  /** Drop the decoration the player can never reach and close the wall ring (level/trim.ts). */
  readonly trim?: boolean;
  /** Trim, then write the canonical orientation with the player on its smallest square (level/canonical.ts). */
  readonly canonical?: boolean;
}

/** The level as --trim and --canonical ask; everything else about it is kept. */
function reshaped(level: Level, request: ConvertRequest): Level {
  if (request.canonical === true) return canonicalLevel(level);
  if (request.trim === true) return trimLevel(level);
  return level;
}

/** `sokoban convert`: the same levels written in another format (or the same one, cleaned up). */
export async function convert(io: Io, request: ConvertRequest): Promise<ExitCode> {
  const output: PlannedOutput[] = request.out === undefined ? [] : [{ path: request.out, option: `--out ${request.out}` }];
  checkOutputs(io, request.inputPath === STDIN_ARGUMENT ? [] : [request.inputPath], output);
  await prepareOutputFolders(io, [], output);
  const loaded = await loadLevels(io, new InputReader(io), request.inputPath, request.format, request.level);
  const { collection } = loaded;
  const levels = loaded.levels.map((level) => reshaped(level, request));
  // A single level picked out of a collection no longer belongs under the collection's header.
  const header = request.level === undefined ? collection.header : [];
  let text = formatCollection({ header, levels }, request.to);
  if (!text.endsWith('\n')) text += '\n';
  if (request.out === undefined) {
    // On a terminal or in a CI log, a title's escape sequences and a comment's `::` lines would be
    // obeyed, not shown; into a pipe or a file the levels go exactly as they are.
    const forReader = io.stdout.isTTY || io.env.GITHUB_ACTIONS === 'true';
    io.stdout.write(forReader ? printableLines(text) : text);
  } else {
    await io.writeFile(request.out, text);
    const count = `${levels.length} ${levels.length === 1 ? 'level' : 'levels'}`;
    io.stderr.write(`sokoban: wrote ${count} (${collection.format} -> ${request.to}) to ${printable(request.out)}\n`);
  }
  return ExitCode.ok;
}

interface ConvertOptions {
  readonly to: LevelFormat;
  readonly out?: string;
  readonly level?: string;
  readonly format?: LevelFormat;
  readonly trim?: boolean;
  readonly canonical?: boolean;
}

export function registerConvert(program: Command, context: CommandContext): void {
  program
    .command('convert')
    .description('write levels in another format: XSB/SOK text, MIT 6.101 JSON or CS161 numeric grid')
    .argument('<input>', "level file, or '-' for stdin")
    .addOption(new Option('--to <format>', 'the format to write').choices(LEVEL_FORMATS).makeOptionMandatory())
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .addOption(levelOption())
    .addOption(formatOption())
    .option('--trim', 'drop decoration the player can never reach (boxes on goals, walls no playable square touches) and close the wall ring')
    .option(
      '--canonical',
      'trim, then turn or mirror each level to its canonical orientation (the least of the 8) with the player on the smallest square it can walk to; stored solutions are carried over',
    )
    .action(async (inputPath: string, options: ConvertOptions) => {
      context.setExitCode(await convert(context.io, { inputPath, ...options }));
    });
}
