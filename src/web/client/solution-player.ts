import { type Direction, directionOfLetter } from '../../game/direction.js';
import type { GameSession } from './game-session.js';

/**
 * Plays a solution into the game, one step at a time, so the board, the counts and the win message
 * are the game's own. Stepping back is the game's undo. If the player makes a move of their own,
 * the solution no longer applies and the player detaches.
 */
export class SolutionPlayer {
  private readonly directions: Direction[];
  private readonly baseMoves: number;
  private readonly baseLurd: string;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Moves per second. */
  speed = 8;

  constructor(
    private readonly session: GameSession,
    readonly solution: string,
    private readonly onChange: () => void,
  ) {
    this.directions = [...solution].map((letter) => directionOfLetter(letter) as Direction);
    this.baseMoves = session.moves;
    this.baseLurd = session.lurd;
  }

  get length(): number {
    return this.directions.length;
  }

  /** Steps of the solution made so far, or null once the game has left the solution's path. */
  get position(): number | null {
    const made = this.session.lurd;
    if (made.length < this.baseMoves || !made.startsWith(this.baseLurd)) return null;
    const extra = made.slice(this.baseMoves);
    return this.solution.startsWith(extra) ? extra.length : null;
  }

  get playing(): boolean {
    return this.timer !== null;
  }

  forward(): boolean {
    const at = this.position;
    if (at === null || at >= this.length) return false;
    const moved = this.session.move(this.directions[at]);
    this.onChange();
    return moved;
  }

  back(): boolean {
    const at = this.position;
    if (at === null || at === 0) return false;
    this.session.undo();
    this.onChange();
    return true;
  }

  toStart(): void {
    this.pause();
    while (this.back()) {
      // each step back is one undo
    }
  }

  play(): void {
    if (this.playing) return;
    if (this.position === this.length) this.toStart();
    const tick = (): void => {
      if (!this.forward() || this.position === this.length) {
        this.timer = null;
        this.onChange();
        return;
      }
      this.timer = setTimeout(tick, 1000 / this.speed);
    };
    this.timer = setTimeout(tick, 1000 / this.speed);
    this.onChange();
  }

  pause(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.onChange();
  }
}
