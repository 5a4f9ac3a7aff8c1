import { UsageError } from '../errors.js';
import { type Io, STDIN_NAME } from './io.js';

/** Text read from a file or stdin, with the name messages should use for it. */
export interface TextInput {
  readonly name: string;
  readonly text: string;
}

export const STDIN_ARGUMENT = '-';

/**
 * Reads the inputs of one command. `-` means stdin, which can be read once only,
 * so asking for it twice (level and moves both `-`) is a usage error rather than an empty second read.
 */
export class InputReader {
  private stdinTakenBy: string | null = null;

  constructor(private readonly io: Io) {}

  /** Marks stdin as read by `role` elsewhere (a batch's levels), so that asking for it again here is refused. */
  claimStdin(role: string): void {
    this.stdinTakenBy = role;
  }

  /** Reads one input; `maxBytes` lowers the size limit for inputs that are small by nature (moves). */
  async read(path: string, role: string, maxBytes?: number): Promise<TextInput> {
    if (path !== STDIN_ARGUMENT) return { name: path, text: await this.io.readFile(path, maxBytes) };
    if (this.stdinTakenBy !== null) {
      throw new UsageError(`stdin ('-') is already the ${this.stdinTakenBy}; it cannot also be the ${role}`);
    }
    this.stdinTakenBy = role;
    return { name: STDIN_NAME, text: await this.io.readStdin(maxBytes) };
  }
}
