import { describe, expect, it } from 'vitest';
import { BOX, GOAL, WALL, hasBox, hasGoal, hasWall } from '../../src/level/board.js';
import { parseCollection, parseLevel } from '../../src/level/parse.js';
import { lines, rowsOf } from './helpers.js';

describe('XSB boards', () => {
  it('reads the canonical characters into walls, goals, boxes and the player', () => {
    const level = parseLevel(lines('#######', '#@ $.*#', '#######'));
    const { board } = level;
    expect(board.width).toBe(7);
    expect(board.height).toBe(3);
    expect(board.player).toBe(1 * 7 + 1);
    expect(board.squares[7 + 3]).toBe(BOX);
    expect(board.squares[7 + 4]).toBe(GOAL);
    expect(board.squares[7 + 5]).toBe(BOX | GOAL);
    expect(board.squares[0]).toBe(WALL);
  });

  it('puts the player on a goal for +', () => {
    const { board } = parseLevel(lines('####', '#+$#', '####'));
    expect(board.player).toBe(5);
    expect(hasGoal(board, 1, 1)).toBe(true);
  });

  it('keeps leading spaces as columns', () => {
    const { board } = parseLevel(lines('  ###', '  #@#', '  ###'));
    expect(board.width).toBe(5);
    expect(board.player).toBe(5 + 3);
    expect(hasWall(board, 0, 0)).toBe(false);
  });

  it('ignores trailing spaces', () => {
    const { board } = parseLevel(lines('###   ', '#@#  ', '###'));
    expect(board.width).toBe(3);
  });

  it('accepts rows of different lengths, the short ones padded with floor', () => {
    const { board } = parseLevel(lines('#####', '#@$.#', '###'));
    expect(board.width).toBe(5);
    expect(board.squares[2 * 5 + 4]).toBe(0);
  });

  it('reads - and _ as floor', () => {
    const level = parseLevel(lines('__###__', '###-###', '#@-$-.#', '#######'));
    expect(rowsOf(level.board)).toEqual(['  ###', '### ###', '#@ $ .#', '#######']);
  });

  it('reads p P b B as player, player on goal, box, box on goal in a row with a wall', () => {
    expect(rowsOf(parseLevel(lines('#####', '#pb.#', '#####')).board)).toEqual(['#####', '#@$.#', '#####']);
    expect(rowsOf(parseLevel(lines('#####', '#PB #', '#####')).board)).toEqual(['#####', '#+* #', '#####']);
  });

  it('treats a word made of p and b letters without a wall as text', () => {
    const collection = parseCollection(lines('bob', '', '####', '#@.#', '#$ #', '####'));
    expect(collection.levels).toHaveLength(1);
    expect(collection.levels[0].title).toBe('bob');
  });

  it('treats a line with two players as text, not a board row', () => {
    const collection = parseCollection(lines('+|+', '', '####', '#@$.#', '####'));
    expect(collection.levels[0].title).toBe('+|+');
  });

  it('treats a line made only of floor and goal characters as text', () => {
    const collection = parseCollection(lines('...', '', '#####', '#@$.#', '#####', '', '---'));
    expect(collection.levels).toHaveLength(1);
    expect(collection.levels[0].board.height).toBe(3);
    expect(collection.levels[0].title).toBe('...');
  });

  it('keeps an empty row written with - inside a board', () => {
    const { board } = parseLevel(lines('#####', '#@$.#', '-', '#####'));
    expect(board.height).toBe(4);
    expect(hasWall(board, 2, 0)).toBe(false);
  });

  it('joins a floor row written with - to the board it touches', () => {
    const { board } = parseLevel(lines('-', '#####', '#@$.#', '#####', '---'));
    expect(board.height).toBe(5);
  });

  it('treats a run of wall rows without a player, box or goal as decoration', () => {
    const collection = parseCollection(lines('##########', '', '; 1', '####', '#@$.#', '####'));
    expect(collection.levels).toHaveLength(1);
  });

  it('accepts a level without boxes or goals', () => {
    const { board } = parseLevel(lines('####', '#@ #', '####'));
    expect(board.squares.some((flags) => (flags & (BOX | GOAL)) !== 0)).toBe(false);
  });

  it('reads Windows line endings and a byte-order mark', () => {
    const { board } = parseLevel('\uFEFF####\r\n#@$.#\r\n####\r\n');
    expect(rowsOf(board)).toEqual(['####', '#@$.#', '####']);
  });
});

describe('XSB run-length encoded rows', () => {
  it('expands counts in a row', () => {
    const { board } = parseLevel(lines('5#', '#@$.#', '5#'));
    expect(rowsOf(board)).toEqual(['#####', '#@$.#', '#####']);
  });

  it('splits rows at |', () => {
    const { board } = parseLevel('5#|#@$.#|5#');
    expect(rowsOf(board)).toEqual(['#####', '#@$.#', '#####']);
  });

  it('expands nested groups', () => {
    const { board } = parseLevel(lines('2(3(#-)#)', '#@$.10-#', '14#'));
    expect(rowsOf(board)[0]).toBe('# # # ## # # #');
    expect(hasBox(board, 1, 2)).toBe(true);
  });

  it('reads a bare number as a title, not as a row', () => {
    const collection = parseCollection(lines('12', '####', '#@$.#', '####'));
    expect(collection.levels[0].title).toBe('12');
  });
});

describe('XSB titles and metadata', () => {
  it('takes the title from a ; line before the board', () => {
    const collection = parseCollection(lines('; First', '####', '#@$.#', '####', '', '; Second', '', '####', '#@$.#', '####'));
    expect(collection.levels.map((level) => level.title)).toEqual(['First', 'Second']);
  });

  it('takes the title from a plain line that follows a blank line', () => {
    const collection = parseCollection(lines('####', '#@$.#', '####', '', '2', '####', '#@$.#', '####'));
    expect(collection.levels[1].title).toBe('2');
  });

  it('does not take a plain line right under the previous board as the next title', () => {
    const collection = parseCollection(lines('####', '#@$.#', '####', 'note', '####', '#@$.#', '####'));
    expect(collection.levels[1].title).toBeNull();
    expect(collection.levels[0].comments).toEqual(['note']);
  });

  it('lets a Title: line after the board set the title', () => {
    const level = parseLevel(lines(';Level 1', '####', '#@$.#', '####', 'Title: Boxworld 1'));
    expect(level.title).toBe('Boxworld 1');
  });

  it('keeps a `;` title that a Title: line replaces as a comment, in its place: nothing of the text is lost (issue 46)', () => {
    const [, level] = parseCollection(lines('####', '#@$.#', '####', '', '; note before', '; T1', '####', '#@$.#', '####', 'Title: T2', '; after')).levels;
    expect(level.title).toBe('T2');
    expect(level.comments).toEqual(['note before', 'T1', 'after']);
    const again = parseLevel(lines('; Boxworld 1', '####', '#@$.#', '####', 'Title: Boxworld 1'));
    expect([again.title, again.comments]).toEqual(['Boxworld 1', []]);
  });

  it('keeps the Author: line', () => {
    const level = parseLevel(lines('####', '#@$.#', '####', 'Author: Thinking Rabbit'));
    expect(level.author).toBe('Thinking Rabbit');
  });

  it('keeps the lines of a Comment: ... Comment-End: block', () => {
    const level = parseLevel(lines('####', '#@$.#', '####', 'Comment:', 'a #@$ drawing', 'second line', 'Comment-End:'));
    expect(level.comments).toEqual(['a #@$ drawing', 'second line']);
  });

  it('reads a one-line Comment: without Comment-End: as a comment', () => {
    const collection = parseCollection(lines('####', '#@$.#', '####', 'Comment: nice one', '', '; 2', '#####', '#@ $.#', '#####'));
    expect(collection.levels[0].comments).toEqual(['nice one']);
    expect(collection.levels[1].title).toBe('2');
  });

  it('keeps other metadata and ; comments after the board as comments', () => {
    const level = parseLevel(lines('####', '#@$.#', '####', 'Date Created: 2001', '; hard one'));
    expect(level.comments).toEqual(['Date Created: 2001', 'hard one']);
  });

  it('skips :: comment lines as titles', () => {
    const collection = parseCollection(lines('; Real', ':: generated ::', '####', '#@$.#', '####'));
    expect(collection.levels[0].title).toBeNull();
  });

  it('keeps the collection header and names the set from its Collection: line', () => {
    const collection = parseCollection(lines('; My set', 'Collection: Tiny Ones', '', '; 1', '####', '#@$.#', '####'));
    expect(collection.header).toEqual(['My set', 'Collection: Tiny Ones']);
    expect(collection.title).toBe('Tiny Ones');
  });

  it('names the set from the first header line when there is no Collection: line', () => {
    const collection = parseCollection(lines('; Microban (155 puzzles)', '; for beginners', '', '; 1', '####', '#@$.#', '####'));
    expect(collection.title).toBe('Microban (155 puzzles)');
  });

  it('records where each level starts', () => {
    const collection = parseCollection(lines('; 1', '####', '#@$.#', '####', '', '; 2', '####', '#@$.#', '####'), { file: 'a.xsb' });
    expect(collection.levels[1].source).toEqual({ file: 'a.xsb', index: 2, line: 7 });
  });
});

describe('XSB solutions', () => {
  it('reads a Solution: line under the level', () => {
    const level = parseLevel(lines('####', '#@$.#', '####', 'Solution: R'));
    expect(level.solutions).toEqual(['R']);
  });

  it('joins wrapped solution lines that follow a line containing "solution"', () => {
    const level = parseLevel(lines('#####', '#@$ .#', '#####', 'Best Solution/Pushes 2/2', 'Ru', 'ld', 'R'));
    expect(level.solutions).toEqual(['Ruld' + 'R']);
  });

  it('keeps run-length moves as written', () => {
    const level = parseLevel(lines('#####', '#@$ .#', '#####', 'solution (moves)', '2R'));
    expect(level.solutions).toEqual(['2R']);
  });

  it('keeps a Solution line without moves as a comment', () => {
    const level = parseLevel(lines('####', '#@$.#', '####', 'Solution: undefined'));
    expect(level.solutions).toEqual([]);
    expect(level.comments).toEqual(['Solution: undefined']);
  });

  it('keeps a move string with a stray character as the solution, for checking it to name the character', () => {
    expect(parseLevel(lines('####', '#@$.#', '####', 'Solution: rX')).solutions).toEqual(['rX']);
    expect(parseLevel(lines('####', '#@$.#', '####', 'Solution: unknown')).solutions).toEqual([]);
    expect(parseLevel(lines('####', '#@$.#', '####', 'Solution: see the book')).solutions).toEqual([]);
    expect(parseLevel(lines('####', '#@$.#', '####', 'Solution: 230/58')).solutions).toEqual([]);
  });

  it('keeps several solutions of one level in order', () => {
    const level = parseLevel(lines('####', '#@$.#', '####', 'Solution: R', 'Solution (pushes): R'));
    expect(level.solutions).toEqual(['R', 'R']);
  });
});
