/**
 * The search for why a position is lost ran out of the time it was given (the level's analysis
 * takes time quadratic in the board). Nothing is known then: the position may or may not be lost.
 */
export class LossSearchStopped extends Error {
  constructor() {
    super('the search for the move that lost the game stopped at its time limit');
    this.name = 'LossSearchStopped';
  }
}
