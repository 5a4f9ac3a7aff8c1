import fc from 'fast-check';
import { describe, it } from 'vitest';
import { SokobanError } from '../../src/errors.js';
import { parseMoves } from '../../src/game/moves.js';
import { replay } from '../../src/game/replay.js';
import { GOAL_RULES } from '../../src/game/goal-rule.js';
import type { LevelFormat } from '../../src/level/level.js';
import { parseEachLevel } from '../../src/level/parse.js';
import { formatCollection } from '../../src/level/write.js';
import { drawBoard, randomBoard, seededRandom } from '../solver/random-boards.js';
import { fuzzSettings, randomBytesText, textOf } from './fuzz-settings.js';

/** Our readers answer bad input with one of our typed errors, never with anything else. */
function onlyOurErrors(read: () => unknown): void {
  try {
    read();
  } catch (error) {
    if (!(error instanceof SokobanError)) throw error;
  }
}

const FORMATS: readonly (LevelFormat | 'auto')[] = ['auto', 'xsb', 'json', 'grid'];

const xsbText = textOf('#@$.*+ -_pPbB|()0123456789;:\n\n\n\r\t', 400);
const boardText = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => {
  const random = seededRandom(seed);
  const boxes = Math.floor(random() * 4);
  const board = randomBoard(random, { boxes, goals: boxes + Math.floor(random() * 2) });
  return board === null ? '#####\n#@$.#\n#####\n' : `${drawBoard(board)}\n`;
});
const snekobanText = fc
  .array(fc.array(fc.array(fc.constantFrom('wall', 'player', 'computer', 'target', 'floor', ''), { maxLength: 3 }), { maxLength: 8 }), { maxLength: 8 })
  .map((rows) => JSON.stringify(rows));
const gridText = fc.array(fc.array(fc.integer({ min: -2, max: 9 }), { maxLength: 9 }), { maxLength: 9 }).map((rows) => rows.map((row) => row.join(' ')).join('\n'));
const anyLevelText = fc.oneof(randomBytesText, xsbText, boardText, snekobanText, gridText, fc.json());

const moveText = fc.oneof(
  textOf('lurdLURD()0123456789 \n\r\t', 300),
  textOf('lurdnsewLURD[]{}()09', 60),
  randomBytesText,
  fc.integer({ min: 1, max: 6000 }).map((depth) => `${'('.repeat(depth)}r${')'.repeat(depth)}`),
  fc.tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.constantFrom('r', '(rl)', '(2(3r))')).map(([count, body]) => `${count}${body}`),
);

describe('fuzz: the level readers', () => {
  it('read any text in any format, or refuse it with a level error, and write back what they read', () => {
    fc.assert(
      fc.property(anyLevelText, fc.constantFrom(...FORMATS), (text, format) => {
        onlyOurErrors(() => {
          const collection = parseEachLevel(text, { file: 'fuzz', format });
          if (collection.levels.length === 0) return;
          for (const to of ['xsb', 'json', 'grid'] as const) {
            onlyOurErrors(() => parseEachLevel(formatCollection({ header: [], levels: collection.levels }, to), { file: 'again', format: to }));
          }
        });
      }),
      fuzzSettings(),
    );
  });
});

describe('fuzz: the move reader and the replay', () => {
  it('read any move text, or refuse it with a move syntax error', () => {
    fc.assert(
      fc.property(moveText, fc.boolean(), (text, strictCase) => {
        onlyOurErrors(() => parseMoves(text, { strictCase }));
      }),
      fuzzSettings(),
    );
  });

  it('replay any move text on any board under any rule, or refuse it with one of our errors', () => {
    fc.assert(
      fc.property(boardText, moveText, fc.constantFrom(...GOAL_RULES), (level, moves, rule) => {
        const board = parseEachLevel(level, { file: 'fuzz', format: 'xsb' }).levels[0]?.board;
        if (board === undefined) return;
        onlyOurErrors(() => replay(board, moves, { rule, strictCase: false }));
      }),
      fuzzSettings(),
    );
  });
});
