import { describe, expect, it } from 'vitest';
import { MoveSyntaxError } from '../../src/errors.js';
import { moveLetter } from '../../src/game/direction.js';
import { MAX_MOVES, formatMoves, parseMoves } from '../../src/game/moves.js';

function letters(text: string): string {
  return parseMoves(text)
    .moves.map((move) => moveLetter(move.direction, move.push === true))
    .join('');
}

function syntaxError(text: string, file = 'moves.txt'): MoveSyntaxError {
  try {
    parseMoves(text, { file });
  } catch (error) {
    if (error instanceof MoveSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

describe('parseMoves', () => {
  it('reads each LURD letter as a direction, upper case as a push', () => {
    expect(parseMoves('lUrD').moves).toEqual([
      { direction: 'left', push: false },
      { direction: 'up', push: true },
      { direction: 'right', push: false },
      { direction: 'down', push: true },
    ]);
  });

  it('ignores spaces, tabs and line breaks anywhere', () => {
    expect(letters(' l U\n\tr\r\nD \n')).toBe('lUrD');
  });

  it('reads an empty string as no moves', () => {
    expect(parseMoves('  \n').moves).toEqual([]);
  });

  it('repeats the next letter by a run-length count', () => {
    expect(letters('3r2U')).toBe('rrrUU');
  });

  it('reads multi-digit counts', () => {
    expect(letters('12l')).toBe('l'.repeat(12));
  });

  it('repeats nested groups', () => {
    expect(letters('2(3(dr)R)')).toBe('drdrdrRdrdrdrR');
  });

  it('reads a group without a count as written once', () => {
    expect(letters('(lU)r')).toBe('lUr');
  });

  it('allows a line break between a count and its letter, as wrapped SOK solutions have', () => {
    expect(letters('ll3\nR')).toBe('llRRR');
  });

  it('marks a string with any upper case as having its case given', () => {
    const parsed = parseMoves('lluL');
    expect(parsed.caseGiven).toBe(true);
    expect(parsed.moves.map((move) => move.push)).toEqual([false, false, false, true]);
  });

  it('leaves every push unknown when the string is all lower case', () => {
    const parsed = parseMoves('llul');
    expect(parsed.caseGiven).toBe(false);
    expect(parsed.moves.every((move) => move.push === null)).toBe(true);
  });

  it('takes an all-lower-case string literally as walks under strictCase', () => {
    const parsed = parseMoves('llul', { strictCase: true });
    expect(parsed.caseGiven).toBe(true);
    expect(parsed.moves.every((move) => move.push === false)).toBe(true);
  });
});

describe('parseMoves errors', () => {
  it('names file, line, column and the stray character', () => {
    const error = syntaxError('lurd\nll x');
    expect(error.message).toBe("moves.txt:2:4: 'x' is not a move (expected l u r d, L U R D, digits or parentheses)");
    expect(error.position).toMatchObject({ file: 'moves.txt', line: 2, column: 4 });
  });

  it.each(['n', 's', 'e', 'w', 'N', 'E'])('rejects the hexagonal direction %s', (char) => {
    expect(syntaxError(`lu${char}`).message).toBe(`moves.txt:1:3: '${char}' is a hexagonal-Sokoban direction (n s e w); only LURD moves are accepted`);
  });

  it.each(['[', ']'])('rejects the reverse-mode bracket %s', (char) => {
    expect(syntaxError(`l${char}`).message).toBe(`moves.txt:1:2: '${char}' marks reverse-mode (pull) moves, which are not supported`);
  });

  it.each(['{', '}'])('rejects the Multiban brace %s', (char) => {
    expect(syntaxError(`${char}l`).message).toBe(`moves.txt:1:1: '${char}' marks Multiban (several players) moves, which are not supported`);
  });

  it('shows an invisible stray character by its code point', () => {
    expect(syntaxError('l\u0000').message).toContain('U+0000 is not a move');
  });

  it('counts columns in characters, not UTF-16 units', () => {
    expect(syntaxError('😀x').message).toMatch(/^moves\.txt:1:1: /);
    expect(syntaxError('😀x').message).toContain("'😀'");
  });

  it('counts lines from the line the text starts on in its file', () => {
    expect(() => parseMoves('lu\nrx', { file: 'set.sok', line: 40 })).toThrow(/^set\.sok:41:2: 'x'/);
  });

  it('calls the file <input> when none is named', () => {
    expect(() => parseMoves('q')).toThrow(/^<input>:1:1: 'q'/);
  });

  it('rejects an unclosed group at its opening parenthesis', () => {
    expect(syntaxError('l2(ur').message).toBe("moves.txt:1:3: '(' is never closed");
  });

  it('rejects a closing parenthesis without an opening one', () => {
    expect(syntaxError('lu)').message).toBe("moves.txt:1:3: ')' has no matching '('");
  });

  it('rejects a count with nothing to repeat', () => {
    expect(syntaxError('lu12').message).toBe('moves.txt:1:3: the count 12 is not followed by a move or a group');
  });

  it('rejects a count of zero', () => {
    expect(syntaxError('0l').message).toBe('moves.txt:1:1: a count of 0 repeats nothing');
  });

  it('rejects an empty group', () => {
    expect(syntaxError('3()').message).toBe("moves.txt:1:2: '()' is an empty group");
  });

  it('caps the expanded length of nested counts', () => {
    expect(syntaxError('1000(1000(2l))').message).toContain(`more than ${MAX_MOVES} steps`);
  });

  it('caps an absurdly long count without overflowing', () => {
    expect(syntaxError('99999999999999999999999999r').message).toContain(`more than ${MAX_MOVES} steps`);
  });

  it('caps the total length of many runs that are each within the cap', () => {
    expect(syntaxError(`${MAX_MOVES}l r`).message).toContain(`more than ${MAX_MOVES} steps`);
  });

  it('reports every error as a single line', () => {
    for (const text of ['x', 'n', '[', '{', '(', ')', '3', '0l']) {
      expect(syntaxError(text).message).not.toContain('\n');
    }
  });
});

describe('formatMoves', () => {
  it('writes walks in lower case and pushes in upper case', () => {
    expect(
      formatMoves([
        { direction: 'up', push: false },
        { direction: 'left', push: true },
        { direction: 'down', push: true },
        { direction: 'right', push: false },
      ]),
    ).toBe('uLDr');
  });

  it('round-trips a parsed string in canonical form', () => {
    const parsed = parseMoves('2(uL)\nd');
    expect(formatMoves(parsed.moves.map((move) => ({ direction: move.direction, push: move.push === true })))).toBe('uLuLd');
  });
});
