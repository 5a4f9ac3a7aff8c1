/**
 * One hint is one push: the walk to a box and the push that follows, taken from the front of a
 * solution. A solution with no push left (the player still has to reach a goal square, under the
 * keeper-too rule) is given whole.
 */
export function throughFirstPush(solution: string): string {
  const push = solution.search(/[UDLR]/);
  return push < 0 ? solution : solution.slice(0, push + 1);
}

/** How many pushes a LURD string makes. */
export function pushesIn(moves: string): number {
  return moves.replace(/[^UDLR]/g, '').length;
}
