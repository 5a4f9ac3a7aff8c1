import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chooseGoalRule, type GoalRule } from '../src/game/goal-rule.js';
import { BOX, type Board } from '../src/level/board.js';
import { parseCollection } from '../src/level/parse.js';
import type { Optimality } from '../src/solver/solve.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The public levels, solutions and course data the tests read (test/data; see its README for each source). */
export const dataDir = path.join(repoRoot, 'test', 'data');

/** What an independent source says a level's answer is: an optimal length, or no solution. */
export type Expected = { readonly moves: number } | 'unsolvable';

export interface BenchLevel {
  /** 1-based position in its collection or list. */
  readonly index: number;
  readonly title: string;
  readonly board: Board;
  readonly rule: GoalRule;
  readonly expected: Expected | null;
  /** Boxes on the board, on goals or not: the bench's --boxes filter and its per-band counts read it. */
  readonly boxes: number;
  /** Whose level it is, for the per-author counts: the level's Author line, an "(author)" at the end of its title, or the file. */
  readonly author: string;
}

const countBoxes = (board: Board): number => board.squares.reduce((sum, square) => sum + ((square & BOX) !== 0 ? 1 : 0), 0);

/** wide_dev.xsb's titles end in the author's name in parentheses: "Aruba 3 level 4 (Eric F Tchong)". */
function authorOf(title: string | null, author: string | null, file: string): string {
  if (author !== null) return author;
  const named = title === null ? null : /\(([^()]+)\)\s*$/.exec(title);
  return named === null ? file : named[1];
}

/** One pass over a list of levels in one solver mode. */
export interface BenchRun {
  readonly label: string;
  readonly optimal: Optimality | null;
  readonly timeLimitMs: number;
  readonly maxNodes: number | null;
  readonly levels: readonly BenchLevel[];
}

export interface SuiteOptions {
  /** Overrides every run's per-level time limit. */
  readonly timeLimitMs: number | null;
  readonly maxNodes: number | null;
}

export interface Suite {
  readonly name: string;
  readonly description: string;
  readonly runs: (options: SuiteOptions) => BenchRun[];
}

function collection(file: string): BenchLevel[] {
  const text = readFileSync(path.join(dataDir, 'levels', file), 'utf8');
  return parseCollection(text, { file }).levels.map((level, i) => ({
    index: i + 1,
    title: level.title ?? `#${i + 1}`,
    board: level.board,
    rule: chooseGoalRule(level, undefined),
    expected: null,
    boxes: countBoxes(level.board),
    author: authorOf(level.title, level.author, file),
  }));
}

function randomLevels(): BenchLevel[] {
  const dir = path.join(dataDir, 'random');
  return readFileSync(path.join(dir, 'ANSWERS'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const [file, answer] = line.trim().split(/\s+/);
      const level = parseCollection(readFileSync(path.join(dir, file), 'utf8'), { file }).levels[0];
      return {
        index: i + 1,
        title: file,
        board: level.board,
        // The random set's rule is the standard one: as many boxes as goals.
        rule: 'all-goals',
        expected: answer === 'unsolvable' ? 'unsolvable' : { moves: Number(answer) },
        boxes: countBoxes(level.board),
        author: 'random',
      };
    });
}

function snekobanTable(): BenchLevel[] {
  const dir = path.join(dataDir, 'snekoban');
  const table = JSON.parse(readFileSync(path.join(dir, 'solver_expected_lengths.json'), 'utf8')) as {
    groups: Record<string, { puzzle: string; expected_moves: number | null }[]>;
  };
  return Object.entries(table.groups)
    .flatMap(([group, entries]) => entries.map((entry) => ({ group, ...entry })))
    .map((entry, i) => {
      const file = `${entry.puzzle}.json`;
      const level = parseCollection(readFileSync(path.join(dir, 'puzzles', file), 'utf8'), { file }).levels[0];
      return {
        index: i + 1,
        title: `${entry.group}/${entry.puzzle}`,
        board: level.board,
        rule: 'all-goals',
        expected: entry.expected_moves === null ? 'unsolvable' : { moves: entry.expected_moves },
        boxes: countBoxes(level.board),
        author: 'snekoban',
      };
    });
}

/**
 * Microban levels on which the push-optimal search expands from 175 thousand to millions of
 * nodes (measured: 99, 111, 123 and 139 are proven within 1-15 s; 93 and 144 run past 60 s),
 * so the rate is measured on large tables as well as small ones.
 */
export const NPS_LEVELS = [93, 99, 111, 123, 139, 144];
const NPS_MAX_NODES = 1_000_000;

const seconds = (options: SuiteOptions, fallback: number): number => options.timeLimitMs ?? fallback * 1000;

const anySolution = (name: string, file: string, limitSeconds: number, pick?: (levels: BenchLevel[]) => BenchLevel[]): Suite => ({
  name,
  description: `${file}, any solution, ${limitSeconds} s per level`,
  runs: (options) => {
    const all = collection(file);
    return [{ label: name, optimal: null, timeLimitMs: seconds(options, limitSeconds), maxNodes: options.maxNodes, levels: pick ? pick(all) : all }];
  },
});

export const SUITES: readonly Suite[] = [
  {
    name: 'random',
    description: 'test/data/random, move-optimal, checked against ANSWERS',
    runs: (options) => [{ label: 'random moves', optimal: 'moves', timeLimitMs: seconds(options, 60), maxNodes: options.maxNodes, levels: randomLevels() }],
  },
  {
    name: 'snekoban',
    description: 'the 6.101 solver table, move-optimal, all-goals rule, checked against its lengths',
    runs: (options) => [{ label: 'snekoban moves', optimal: 'moves', timeLimitMs: seconds(options, 60), maxNodes: options.maxNodes, levels: snekobanTable() }],
  },
  {
    name: 'microban-optimal',
    description: 'Microban, push-optimal and move-optimal, 60 s per level',
    runs: (options) => {
      const levels = collection('microban.xsb');
      const timeLimitMs = seconds(options, 60);
      return [
        { label: 'microban pushes', optimal: 'pushes', timeLimitMs, maxNodes: options.maxNodes, levels },
        { label: 'microban moves', optimal: 'moves', timeLimitMs, maxNodes: options.maxNodes, levels },
      ];
    },
  },
  anySolution('microban', 'microban.xsb', 10),
  anySolution('microban2', 'microban2.xsb', 60),
  anySolution('sasquatch', 'sasquatch.xsb', 60),
  anySolution('xsokoban', 'xsokoban90.xsb', 60),
  anySolution('mas-sasquatch', 'mas_sasquatch.xsb', 10),
  anySolution('xsokoban-1-10', 'xsokoban90.xsb', 10, (levels) => levels.slice(0, 10)),
  // The wide yardstick: six levels from each of 35 collections by 35 authors no tuning has looked at
  // (test/data/levels/README.md); run it with the classic sets, at 10 s, before keeping a solver change.
  anySolution('wide', 'wide_dev.xsb', 10),
  anySolution('sasquatch3', 'sasquatch3.xsb', 10),
  anySolution('grigr-special', 'grigr_special.xsb', 10),
  // Held out: collections no change has been measured on, to look at beside Festival, never to choose by.
  anySolution('box-world', 'box_world_100.xsb', 10),
  anySolution('grigr2001', 'grigr2001.xsb', 10),
  anySolution('grigr2002', 'grigr2002.xsb', 10),
  {
    name: 'nps',
    description: `Microban ${NPS_LEVELS.join(', ')}, push-optimal, at most ${NPS_MAX_NODES} nodes each: search speed on one core`,
    runs: (options) => {
      const all = collection('microban.xsb');
      return [
        {
          label: 'nps pushes',
          optimal: 'pushes',
          timeLimitMs: seconds(options, 60),
          maxNodes: options.maxNodes ?? NPS_MAX_NODES,
          levels: NPS_LEVELS.map((index) => all[index - 1]),
        },
      ];
    },
  },
];
