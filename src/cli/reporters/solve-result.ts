import type { Level } from '../../level/level.js';
import type { LevelRecord } from '../../runner/record.js';

/** What solve's reporters receive per job: the record, and the level itself when there is one (for squares notation). */
export interface SolveReport {
  readonly record: LevelRecord;
  readonly level: Level | null;
}
