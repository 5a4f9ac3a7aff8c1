import { SokobanError } from '../errors.js';
import type { Io } from './io.js';
import { printable } from './printable.js';
import { PROGRAM_NAME } from './program-name.js';

export { PROGRAM_NAME };

/** Environment variable that adds the stack trace of an internal error, for whoever debugs it. */
export const DEBUG_VARIABLE = 'SOKOBAN_DEBUG';

/** The text on one line: line breaks and the spaces around them become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * The single line a user sees for an error: never a stack trace, always prefixed with the program
 * name. Our own messages have no line breaks but those of the names they quote (a file named
 * `c\nd.xsb`), written `\n` as every command writes such a name (issue 46: show, hint, verify
 * and convert wrote a space here, solve `\n`).
 */
export function errorLine(error: unknown): string {
  if (error instanceof SokobanError) return `${PROGRAM_NAME}: ${printable(error.message)}`;
  const detail = error instanceof Error ? error.message : String(error);
  return `${PROGRAM_NAME}: internal error: ${printable(oneLine(detail))} (this is a bug; set ${DEBUG_VARIABLE}=1 to see where)`;
}

export function reportError(io: Io, error: unknown): void {
  io.stderr.write(`${errorLine(error)}\n`);
  reportDebugStack(io, error);
}

/** The stack of an internal error, for whoever set SOKOBAN_DEBUG; nothing for our own typed errors. */
export function reportDebugStack(io: Io, error: unknown): void {
  if (!(error instanceof SokobanError) && io.env[DEBUG_VARIABLE] && error instanceof Error && error.stack) {
    io.stderr.write(`${error.stack}\n`);
  }
}

/** A warning that does not stop the command, e.g. an XSB board the player could walk off. */
export function reportWarning(io: Io, message: string): void {
  io.stderr.write(warningLine(message));
}

/** The line a warning is written as. */
export function warningLine(message: string): string {
  return `${PROGRAM_NAME}: warning: ${printable(message)}\n`;
}
