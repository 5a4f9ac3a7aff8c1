/**
 * Each level's progress, kept in the browser's local storage so it survives a reload: the moves
 * made so far and whether the level was ever solved. An entry also holds the level's board, so a
 * collection file that changed under the same name does not replay old moves into a new level.
 * Storage that refuses (private windows, a full quota) loses progress quietly: playing never fails
 * because of it. Free of the DOM apart from the Storage shape, so it is tested with a stand-in.
 */

/** The part of the Web Storage API (window.localStorage) this store uses. */
export interface ProgressStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Which level: `key` names its place (collection and number), `board` its start position as XSB. */
export interface LevelRef {
  readonly key: string;
  readonly board: string;
}

export interface SavedProgress {
  /** LURD from the level's start. */
  readonly moves: string;
  /** True once the level has been solved, even if the moves were undone since. */
  readonly solved: boolean;
}

interface StoredEntry extends SavedProgress {
  readonly board: string;
}

const PREFIX = 'sokoban.progress:';
const LAST_OPENED = 'sokoban.last-level';

export class ProgressStore {
  constructor(private readonly storage: ProgressStorage | null) {}

  /** The saved progress of the level, or null when there is none for this board. */
  load(level: LevelRef): SavedProgress | null {
    const entry = this.read(PREFIX + level.key);
    if (entry === null || entry.board !== level.board) return null;
    return { moves: entry.moves, solved: entry.solved };
  }

  /** Records the moves made; `solvedNow` sets the solved flag, which only `forget` clears. */
  save(level: LevelRef, moves: string, solvedNow: boolean): void {
    const solved = solvedNow || (this.load(level)?.solved ?? false);
    const entry: StoredEntry = { board: level.board, moves, solved };
    this.write(PREFIX + level.key, JSON.stringify(entry));
  }

  isSolved(key: string): boolean {
    return this.read(PREFIX + key)?.solved === true;
  }

  forget(level: LevelRef): void {
    try {
      this.storage?.removeItem(PREFIX + level.key);
    } catch {
      // Nothing saved, nothing to forget.
    }
  }

  /** The level open last, so a reload comes back to it. */
  get lastOpened(): { readonly collection: string; readonly index: number } | null {
    try {
      const value = JSON.parse(this.storage?.getItem(LAST_OPENED) ?? 'null') as unknown;
      if (typeof value !== 'object' || value === null) return null;
      const { collection, index } = value as Record<string, unknown>;
      return typeof collection === 'string' && typeof index === 'number' && Number.isInteger(index) && index >= 1 ? { collection, index } : null;
    } catch {
      return null;
    }
  }

  set lastOpened(value: { readonly collection: string; readonly index: number } | null) {
    if (value === null) return;
    this.write(LAST_OPENED, JSON.stringify({ collection: value.collection, index: value.index }));
  }

  private read(key: string): StoredEntry | null {
    try {
      const value = JSON.parse(this.storage?.getItem(key) ?? 'null') as unknown;
      if (typeof value !== 'object' || value === null) return null;
      const { board, moves, solved } = value as Record<string, unknown>;
      if (typeof board !== 'string' || typeof moves !== 'string' || typeof solved !== 'boolean') return null;
      return { board, moves, solved };
    } catch {
      // Unreadable JSON from some other page version, or storage that refuses: no progress.
      return null;
    }
  }

  private write(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // A full or disabled storage: the game goes on without saving.
    }
  }
}
