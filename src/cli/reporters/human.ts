import type { ChalkInstance } from 'chalk';
import { drawBoard } from '../board-view.js';
import type { OutputStream } from '../io.js';
import type { Notation } from '../options/common.js';
import type { VerifyOutcome } from '../verify-outcome.js';
import type { LostAt } from '../../solver/explain/loss-fields.js';
import type { Reporter } from './reporter.js';
import { plural } from './solve-text.js';

export interface HumanVerifyOptions {
  readonly notation: Notation;
  /** With several results a solved level gets one line; its move string is already in the user's file. */
  readonly compact: boolean;
  /** Only the levels not solved, then the count line even for one level (--quiet). */
  readonly quiet?: boolean;
}

function counts(moves: number, pushes: number): string {
  return `${moves} ${moves === 1 ? 'move' : 'moves'}, ${pushes} ${pushes === 1 ? 'push' : 'pushes'}`;
}

/** Only moves that solve the level are called a solution; a failing prefix is what was played. */
function movesLine(notation: Notation, text: string, solved: boolean): string {
  if (notation === 'squares') return `squares: ${text}`;
  return solved ? `solution: ${text}` : `played: ${text}`;
}

/** "after move 37 the box at Fe stands on a dead square", or what was lost before any move. */
export function lostLine(lost: LostAt): string {
  return lost.afterMove === 0 ? `lost from the start: ${lost.reason.message}` : `after move ${lost.afterMove} ${lost.reason.message}`;
}

/** Text a person reads: a headline per level, then indented details where there is something to see. */
export function humanVerifyReporter(out: OutputStream, chalk: ChalkInstance, options: HumanVerifyOptions): Reporter<VerifyOutcome> {
  const tally = { levels: 0, solved: 0, notSolved: 0, errors: 0 };
  const write = (line: string) => out.write(`${line}\n`);
  const detail = (line: string) => write(`  ${line}`);

  function replayed(outcome: Extract<VerifyOutcome, { kind: 'replayed' }>): void {
    const { replay, ref } = outcome;
    const failure = replay.error;
    if (replay.solved) {
      tally.solved++;
      if (options.quiet === true) return;
      write(`${ref.label}: ${chalk.green('solved')} in ${counts(replay.moves, replay.pushes)}`);
      if (!options.compact) detail(movesLine(options.notation, outcome.solutionText, true));
      if (replay.solvedAfter !== null && replay.solvedAfter < replay.moves) {
        detail(`note: already solved after move ${replay.solvedAfter}; the moves after it are not needed`);
      }
      return;
    }
    tally.notSolved++;
    if (failure !== null) {
      write(`${ref.label}: ${chalk.red('illegal move')} ${failure.index} '${failure.move}' (${failure.reason.replaceAll('-', ' ')})`);
      detail(failure.message);
      if (outcome.lost !== null) detail(lostLine(outcome.lost));
      detail(`legal moves before it: ${counts(replay.moves, replay.pushes)}`);
      if (replay.moves > 0) detail(movesLine(options.notation, outcome.solutionText, false));
      detail(`board before move ${failure.index}, player at ${failure.square} (row ${failure.row + 1}, column ${failure.col + 1}):`);
      write(drawBoard(failure.board, chalk, '    '));
      return;
    }
    write(`${ref.label}: ${chalk.red('not solved')} after ${counts(replay.moves, replay.pushes)}, all legal (rule: ${outcome.rule})`);
    if (outcome.lost !== null) detail(lostLine(outcome.lost));
    if (replay.moves > 0) detail(movesLine(options.notation, outcome.solutionText, false));
    if (replay.solvedAfter !== null) {
      detail(`note: the level was solved after move ${replay.solvedAfter}, and later moves undid it`);
    }
    detail('final board:');
    write(drawBoard(replay.board, chalk, '    '));
  }

  return {
    result(outcome) {
      tally.levels++;
      switch (outcome.kind) {
        case 'replayed':
          replayed(outcome);
          return;
        case 'no-moves':
          tally.notSolved++;
          write(`${outcome.ref.label}: ${chalk.red('not solved')}: no Solution line stored for this level`);
          return;
        case 'bad-input':
          // The error itself went to stderr as one line; in a list, stdout still gets one line per level.
          tally.errors++;
          if (options.compact) write(`${outcome.ref.label}: ${chalk.red('error')} (see stderr)`);
          return;
      }
    },
    end() {
      if (tally.levels < 2 && options.quiet !== true) return;
      const parts = [`${tally.solved} solved`, `${tally.notSolved} not solved`];
      if (tally.errors > 0) parts.push(`${tally.errors} ${tally.errors === 1 ? 'error' : 'errors'}`);
      write(`${plural(tally.levels, 'level')}: ${parts.join(', ')}`);
    },
  };
}
