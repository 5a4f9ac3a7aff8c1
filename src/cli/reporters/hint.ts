import type { ChalkInstance } from 'chalk';
import type { Direction } from '../../game/direction.js';
import type { HintLostKind, HintOutcome } from '../hint-outcome.js';
import type { OutputStream } from '../io.js';
import type { StopLimit } from '../../runner/record.js';
import { writeJsonLine } from './json.js';
import { squareNames } from '../../game/notation.js';

const LIMIT_WORDS: Readonly<Record<StopLimit, string>> = { time: 'time limit', nodes: 'node limit', memory: 'memory limit' };

function movesAndPushes(moves: number, pushes: number): string {
  return `${moves} ${moves === 1 ? 'move' : 'moves'}, ${pushes} ${pushes === 1 ? 'push' : 'pushes'}`;
}

/** One headline per position: the next push and where its box goes, lost and why, or why there is no answer. */
export function writeHumanHint(out: OutputStream, chalk: ChalkInstance, outcome: HintOutcome): void {
  const write = (line: string) => out.write(`${line}\n`);
  if (outcome.kind === 'bad-input') return; // Its one line went to stderr.
  const { label } = outcome.ref;
  const board = outcome.played.board;
  switch (outcome.kind) {
    case 'hint': {
      const { next } = outcome;
      const [from, to] = squareNames(board, [next.boxFrom, next.boxTo]);
      write(`${label}: next: ${chalk.green(next.moves)} (the box at ${from} goes ${next.direction} to ${to})`);
      write(`  a solution from here: ${movesAndPushes(outcome.solutionMoves, outcome.solutionPushes)}`);
      return;
    }
    case 'solved':
      write(`${label}: ${chalk.green('already solved')}`);
      return;
    case 'lost':
      write(`${label}: ${chalk.red('this position is lost')}: ${outcome.reason.message}`);
      return;
    case 'unknown': {
      const limit = outcome.limit === null ? 'its searches gave up' : `the search stopped at its ${LIMIT_WORDS[outcome.limit]}`;
      const advice = outcome.limit === 'nodes' ? 'a larger --max-nodes' : `a longer --time-limit than ${outcome.timeLimitSeconds} s`;
      write(`${label}: ${chalk.yellow('no hint')}: ${limit} before finding a solution or proving there is none; try ${advice}`);
      return;
    }
  }
}

export interface HintJson {
  readonly file: string;
  readonly index: number | null;
  readonly title: string | null;
  /** hint, solved (nothing left to do), lost, unknown (stopped at a limit), bad-input. */
  readonly status: 'hint' | 'solved' | 'lost' | 'unknown' | 'bad-input';
  /** Moves and pushes played to reach the position. */
  readonly moves: number;
  readonly pushes: number;
  /** The walk and the push, LURD (e.g. "rrdL"); null unless status is hint. */
  readonly next: string | null;
  readonly direction: Direction | null;
  readonly box: { readonly from: string; readonly to: string } | null;
  /** Length of the solution the hint comes from. */
  readonly solutionMoves: number | null;
  readonly solutionPushes: number | null;
  /** For status lost: why, which proof, and the squares it is about. */
  readonly reason: string | null;
  readonly lostKind: HintLostKind | null;
  readonly squares: readonly string[];
  /** For status unknown: the limit that stopped the search. */
  readonly limit: StopLimit | null;
  /** For status bad-input: the error line's message. */
  readonly error: string | null;
}

export function hintJson(outcome: HintOutcome): HintJson {
  const { file, index, title } = outcome.ref;
  // Every field in every object, the status where a reader looks first.
  const blank = (status: HintJson['status']): HintJson => ({
    file,
    index,
    title,
    status,
    moves: 0,
    pushes: 0,
    next: null,
    direction: null,
    box: null,
    solutionMoves: null,
    solutionPushes: null,
    reason: null,
    lostKind: null,
    squares: [],
    limit: null,
    error: null,
  });
  if (outcome.kind === 'bad-input') return { ...blank('bad-input'), error: outcome.error.message };
  const played = (status: HintJson['status']): HintJson => ({ ...blank(status), moves: outcome.played.moves, pushes: outcome.played.pushes });
  const board = outcome.played.board;
  switch (outcome.kind) {
    case 'hint': {
      const { next } = outcome;
      const [from, to] = squareNames(board, [next.boxFrom, next.boxTo]);
      return {
        ...played('hint'),
        next: next.moves,
        direction: next.direction,
        box: { from, to },
        solutionMoves: outcome.solutionMoves,
        solutionPushes: outcome.solutionPushes,
      };
    }
    case 'solved':
      return played('solved');
    case 'lost':
      return { ...played('lost'), reason: outcome.reason.message, lostKind: outcome.reason.kind, squares: squareNames(board, outcome.reason.squares) };
    case 'unknown':
      return { ...played('unknown'), limit: outcome.limit };
  }
}

export function writeJsonHint(out: OutputStream, outcome: HintOutcome): void {
  writeJsonLine(out, hintJson(outcome));
}
