import type { Board } from '../../level/board.js';
import { type Direction, moveLetter } from '../../game/direction.js';
import { type GoalRule, isSolved } from '../../game/goal-rule.js';
import { step } from '../../game/step.js';

/**
 * One level being played: the positions so far, with undo and redo. Every step goes through the
 * library's `step`, so the page plays by exactly the rules the CLI checks.
 */
export class GameSession {
  private boards: Board[];
  private letters: string[] = [];
  private position = 0;
  /** Bumped on every change, so watchers (the solution player) can tell when the game moved under them. */
  version = 0;

  constructor(
    readonly start: Board,
    public rule: GoalRule,
  ) {
    this.boards = [start];
  }

  get board(): Board {
    return this.boards[this.position];
  }

  get moves(): number {
    return this.position;
  }

  get pushes(): number {
    let count = 0;
    for (let i = 0; i < this.position; i++) if (this.letters[i] !== this.letters[i].toLowerCase()) count++;
    return count;
  }

  /** The moves made, in canonical LURD. */
  get lurd(): string {
    return this.letters.slice(0, this.position).join('');
  }

  get won(): boolean {
    return isSolved(this.board, this.rule);
  }

  get canUndo(): boolean {
    return this.position > 0;
  }

  get canRedo(): boolean {
    return this.position < this.letters.length;
  }

  /** Makes a step; a blocked step changes nothing and returns false. A new step ends the redo list. */
  move(direction: Direction): boolean {
    const result = step(this.board, direction);
    if (!result.ok) return false;
    this.boards.length = this.position + 1;
    this.letters.length = this.position;
    this.boards.push(result.board);
    this.letters.push(moveLetter(direction, result.pushed));
    this.position++;
    this.version++;
    return true;
  }

  undo(): boolean {
    if (!this.canUndo) return false;
    this.position--;
    this.version++;
    return true;
  }

  redo(): boolean {
    if (!this.canRedo) return false;
    this.position++;
    this.version++;
    return true;
  }

  restart(): void {
    this.boards = [this.start];
    this.letters = [];
    this.position = 0;
    this.version++;
  }
}
