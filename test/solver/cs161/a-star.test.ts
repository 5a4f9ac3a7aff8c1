import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { AStarLimitError, aStar } from '../../../src/solver/cs161/a-star.js';

/** An open 5 by 5 room; a state is [row, col] and each step goes to a side neighbour. */
const SIZE = 5;
const room = (state: readonly number[]): number[][] =>
  [
    [state[0] - 1, state[1]],
    [state[0] + 1, state[1]],
    [state[0], state[1] - 1],
    [state[0], state[1] + 1],
  ].filter(([r, c]) => r >= 0 && r < SIZE && c >= 0 && c < SIZE);
const atCorner = (state: readonly number[]) => state[0] === SIZE - 1 && state[1] === SIZE - 1;
const manhattan = (state: readonly number[]) => 2 * (SIZE - 1) - state[0] - state[1];

/** A small graph given as lists of successors, for the cases a room cannot show. */
function graph(edges: Record<string, string[]>): (state: string) => string[] {
  return (state) => edges[state] ?? [];
}

describe('aStar', () => {
  it('finds a shortest path, start and goal included', () => {
    const { path } = aStar([0, 0], atCorner, room, () => 0);
    expect(path).not.toBeNull();
    expect(path).toHaveLength(2 * (SIZE - 1) + 1);
    expect(path?.[0]).toEqual([0, 0]);
    expect(path?.at(-1)).toEqual([SIZE - 1, SIZE - 1]);
    // Every step of the path is one move.
    for (let i = 1; i < (path?.length ?? 0); i++) expect(room(path?.[i - 1] ?? [])).toContainEqual(path?.[i]);
  });

  it('with the zero heuristic expands every state closer than the goal, and not the goal', () => {
    const closer = SIZE * SIZE - 1;
    expect(aStar([0, 0], atCorner, room, () => 0).expanded).toBe(closer);
  });

  it('expands fewer states with a better admissible heuristic, on a path as short', () => {
    const blind = aStar([0, 0], atCorner, room, () => 0);
    const guided = aStar([0, 0], atCorner, room, manhattan);
    expect(guided.path).toHaveLength(blind.path?.length ?? -1);
    expect(guided.expanded).toBeLessThan(blind.expanded);
  });

  it('answers a start that is already a goal with a path of one state and nothing expanded', () => {
    expect(aStar([4, 4], atCorner, room, () => 0)).toEqual({ path: [[4, 4]], expanded: 0 });
  });

  it('returns no path, having expanded every reachable state, when no goal can be reached', () => {
    expect(
      aStar(
        [0, 0],
        () => false,
        room,
        () => 0,
      ),
    ).toEqual({ path: null, expanded: SIZE * SIZE });
  });

  it('stays optimal with an admissible heuristic that is not consistent, by expanding a state again', () => {
    // S-A-C-X-Y-G is 5 steps; S-B-D-C-X-Y-G is 6. h(A) = 4 is admissible but delays A until C
    // has been expanded by the longer way; C must then be expanded again from A.
    const next = graph({ S: ['A', 'B'], A: ['C'], B: ['D'], D: ['C'], C: ['X'], X: ['Y'], Y: ['G'] });
    const h = (state: string) => (state === 'A' ? 4 : 0);
    expect(aStar('S', (state) => state === 'G', next, h).path).toEqual(['S', 'A', 'C', 'X', 'Y', 'G']);
  });

  it('never expands a state whose heuristic is Infinity (a lost state)', () => {
    const expanded: string[] = [];
    const next = (state: string) => {
      expanded.push(state);
      return graph({ S: ['L', 'A'], L: ['G'], A: ['B'], B: ['G'] })(state);
    };
    const result = aStar(
      'S',
      (state) => state === 'G',
      next,
      (state) => (state === 'L' ? Infinity : 0),
    );
    expect(result.path).toEqual(['S', 'A', 'B', 'G']);
    expect(expanded).not.toContain('L');
  });

  it('returns no path when the start itself is lost', () => {
    expect(
      aStar(
        'S',
        () => true,
        () => [],
        () => Infinity,
      ),
    ).toEqual({ path: null, expanded: 0 });
  });

  it('stops at maxExpanded with a limit error that says how far it got', () => {
    const stopped = (() => {
      try {
        aStar([0, 0], atCorner, room, () => 0, { maxExpanded: 3 });
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(stopped).toBeInstanceOf(AStarLimitError);
    expect(stopped).toMatchObject({ limit: 'nodes', expanded: 3 });
  });

  it('stops when shouldStop says so, as a time limit', () => {
    const endless = (n: number) => [n + 1];
    expect(() =>
      aStar(
        0,
        () => false,
        endless,
        () => 0,
        { shouldStop: () => true },
      ),
    ).toThrow(AStarLimitError);
  });

  it('refuses a heuristic value that would break the order of the open list', () => {
    expect(() => aStar([0, 0], atCorner, room, () => Number.NaN)).toThrow(UsageError);
    expect(() => aStar([0, 0], atCorner, room, () => -1)).toThrow(UsageError);
  });

  it('tells states apart by the key given, or by their JSON', () => {
    // Keyed by row only, the room collapses to 5 states in a line: the goal row is 4 steps away.
    const byRow = aStar(
      [0, 0],
      (state) => state[0] === SIZE - 1,
      room,
      () => 0,
      { key: (state) => String(state[0]) },
    );
    expect(byRow.path).toHaveLength(SIZE);
    expect(byRow.expanded).toBe(SIZE - 1);
  });
});
