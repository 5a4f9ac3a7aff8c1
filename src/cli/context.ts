import type { Command } from 'commander';
import type { ChalkInstance } from 'chalk';
import { chalkFor } from './color.js';
import type { ExitCode } from './exit-codes.js';
import type { Io, OutputStream } from './io.js';

/** What every command gets from run(): the outside world and a way to report its exit code. */
export interface CommandContext {
  readonly io: Io;
  /** Records the command's exit code; run() returns the last one recorded. */
  setExitCode(code: ExitCode): void;
}

/** Adds one command (with its options and action) to the program. One per file in commands/. */
export type CommandRegistration = (program: Command, context: CommandContext) => void;

/** Options that belong to the whole program, given before or after the command name. */
export interface GlobalOptions {
  readonly color: boolean;
}

export function globalOptions(command: Command): GlobalOptions {
  const options = command.optsWithGlobals<{ color?: boolean }>();
  return { color: options.color !== false };
}

/** The chalk instance for one output stream, honouring --no-color, FORCE_COLOR, NO_COLOR and TTY-ness. */
export function styleFor(command: Command, io: Io, stream: OutputStream): ChalkInstance {
  return chalkFor({ color: globalOptions(command).color, env: io.env, stream });
}
