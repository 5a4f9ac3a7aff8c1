import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';
import { fakeIo } from '../helpers/fake-io.js';
import { drawBoard, randomBoard, seededRandom } from '../solver/random-boards.js';
import { STACK_LINE, fuzzSettings, randomBytesText, textOf } from './fuzz-settings.js';

/**
 * The exit codes a run may end with: answers, bad input, a limit, an output that cannot be
 * written, or Ctrl-C. Never 70. An output is refused with 74 before any work when a file stands
 * where its folder would go (`solve a.xsb --out a.xsb`), as the output tests pin it (issues 32, 46).
 */
const EXIT_CODES = [0, 1, 2, 3, 74, 130];

const board = fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((seed) => {
  const random = seededRandom(seed);
  const boxes = Math.floor(random() * 3);
  const level = randomBoard(random, { boxes, goals: boxes + Math.floor(random() * 2) });
  return level === null ? '#####\n#@$.#\n#####\n' : `${drawBoard(level)}\n`;
});
const collection = fc.array(board, { minLength: 1, maxLength: 3 }).map((levels) => levels.map((level, i) => `; ${i + 1}\n${level}`).join('\n'));
const moves = fc.oneof(
  textOf('lurdLURD()0123456789 \n', 80),
  fc.integer({ min: 1, max: 300 }).map((depth) => `${'('.repeat(depth)}r${')'.repeat(depth)}`),
);

/** Files every run can name; anything else named is missing. */
const files = fc.record({
  'a.xsb': board,
  'b.sok': collection.map((text) => `${text}\nSolution: rRR\n`),
  'c.txt': randomBytesText,
  'm.lurd': moves,
  'n.json': fc.oneof(fc.json(), textOf('{}[]",:0123456789 wallplayercomputertarget', 80)),
});
const fileName = fc.constantFrom('a.xsb', 'b.sok', 'c.txt', 'm.lurd', 'n.json', 'missing.xsb', '-', 'levels/examples', 'x/../a.xsb', '::e.xsb', '');
const optionValue = fc.oneof(
  fc.constantFrom('0', '1', '2', '-1', '0.001', '2000000', '1e309', 'NaN', 'Infinity', '99999999999999999999', '', ' ', '1/2', '2/2', '0/3', '3/2'),
  fc.constantFrom('moves', 'pushes', 'all-goals', 'all-boxes', 'keeper-too', 'xsb', 'json', 'grid', 'lurd', 'squares', 'rRR', 'a.xsb'),
  fc.string({ maxLength: 12 }),
);
const option = fc.oneof(
  fc.tuple(
    fc.constantFrom('--time-limit', '--max-nodes', '--max-memory', '--level', '--goal', '--format', '--optimal', '--notation', '--shard', '--moves', '--to', '--delay', '--jobs'),
    optionValue,
  ),
  fc.tuple(fc.constantFrom('--report', '--out', '--baseline', '-o'), fc.constantFrom('r.json', 'r.xml', 'r.txt', 'out', 'a.xsb', 'sub/r.json', 'b.sok')),
  fc.constantFrom(['--json'], ['--strict-case'], ['--no-color'], ['--help'], ['-V'], ['--bogus']),
);
const command = fc.constantFrom('solve', 'verify', 'convert', 'show', 'merge-reports', 'help', 'nonsense');

/** Mostly sound values, sometimes not, so that most runs get as far as answering. */
function mostly<T>(sound: fc.Arbitrary<T>, other: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 6, arbitrary: sound }, { weight: 1, arbitrary: other });
}
const level = mostly(fc.constantFrom('a.xsb', 'b.sok', '-'), fileName);
const optionsOf = (choices: readonly (readonly string[])[]) =>
  fc
    .subarray(
      choices.map((choice) => [...choice]),
      { maxLength: Math.min(4, choices.length) },
    )
    .map((picked) => picked.flat());
const plausible = fc.oneof(
  fc
    .tuple(
      fc.array(level, { minLength: 1, maxLength: 2 }),
      mostly(fc.constantFrom('moves', 'pushes'), optionValue),
      mostly(fc.constantFrom('all-goals', 'all-boxes', 'keeper-too'), optionValue),
      optionsOf([['--json'], ['--notation', 'squares'], ['--report', 'r.json'], ['--report', 'r.xml'], ['--out', 'out'], ['--level', '1'], ['--shard', '1/2']]),
    )
    .map(([inputs, optimal, goal, rest]) => ['solve', ...inputs, '--optimal', optimal, '--goal', goal, ...rest]),
  fc
    .tuple(
      level,
      mostly<string[]>(
        fc.constantFrom(['m.lurd'], ['--moves', 'rRR'], [], ['-']),
        fileName.map((name) => [name]),
      ),
      optionsOf([['--json'], ['--strict-case'], ['--level', '1'], ['--goal', 'all-boxes'], ['--notation', 'squares']]),
    )
    .map(([input, movesArgs, rest]) => ['verify', input, ...movesArgs, ...rest]),
  fc
    .tuple(
      level,
      mostly(fc.constantFrom('xsb', 'json', 'grid'), optionValue),
      optionsOf([
        ['--level', '1'],
        ['--out', 'o.txt'],
      ]),
    )
    .map(([input, to, rest]) => ['convert', input, '--to', to, ...rest]),
  fc
    .tuple(
      level,
      optionsOf([
        ['--moves', 'm.lurd'],
        ['--level', '1'],
        ['--delay', '0'],
      ]),
    )
    .map(([input, rest]) => ['show', input, ...rest]),
);

const argv = fc.oneof(
  { weight: 8, arbitrary: plausible },
  {
    weight: 4,
    arbitrary: fc
      .tuple(command, fc.array(fileName, { minLength: 0, maxLength: 3 }), fc.array(option, { maxLength: 5 }))
      .map(([name, inputs, options]) => [name, ...inputs, ...options.flat()]),
  },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 10 }), { maxLength: 5 }) },
);

describe('fuzz: the whole command line, run(argv, io)', () => {
  it('ends with an answer, a usage error or a limit, never an internal error or a stack trace', async () => {
    await fc.assert(
      fc.asyncProperty(argv, files, randomBytesText, async (args, contents, stdin) => {
        // The searches are kept short: these cases test the answers' form, not the solver's reach.
        const bounded = args[0] === 'solve' ? [...args, '--max-nodes', '3000', '--time-limit', '5', '--jobs', '1'] : args;
        const io = fakeIo({ files: contents, stdin });
        const code = await run(bounded, io);
        const output = io.out() + io.err();
        expect(EXIT_CODES, `exit ${code} for ${JSON.stringify(bounded)}\n${io.err()}`).toContain(code);
        // An output refused says which one and why, in one line of its own.
        if (code === 74) expect(io.err()).toMatch(/^sokoban: \S.*: .+\n/m);
        expect(output).not.toMatch(STACK_LINE);
        expect(io.err()).not.toContain('sokoban: internal error');
      }),
      fuzzSettings(30_000),
    );
  });
});
