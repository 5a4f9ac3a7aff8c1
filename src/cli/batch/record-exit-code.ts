import type { LevelRecord } from '../../runner/record.js';
import { ExitCode } from '../exit-codes.js';

/** The exit code one record calls for on its own; a run combines them. */
export function exitCodeOfRecord(record: LevelRecord): ExitCode {
  switch (record.status) {
    case 'solved':
      return ExitCode.ok;
    case 'unsolvable':
      return ExitCode.notSolved;
    case 'timeout':
    case 'memory':
      return ExitCode.limit;
    case 'error':
      return record.errorKind === 'internal' ? ExitCode.internal : ExitCode.badInput;
  }
}
