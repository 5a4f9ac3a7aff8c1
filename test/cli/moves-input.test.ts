import { describe, expect, it } from 'vitest';
import { parseMovesText } from '../../src/cli/moves-input.js';

function syntaxMessage(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a syntax error');
}

describe('move strings inside files', () => {
  it('points a stray character at its line and column in a moves file', () => {
    const message = syntaxMessage(() => parseMovesText({ text: 'rr\nuXd', file: 'm.lurd', line: 1, column: 1 }, false));
    expect(message).toBe("m.lurd:2:2: 'X' is not a move (expected l u r d, L U R D, digits or parentheses)");
  });

  it('points a stray character in a table entry at the file, not the string', () => {
    const message = syntaxMessage(() => parseMovesText({ text: 'rrX', file: 't.toml', line: 7, column: 12 }, false));
    expect(message).toMatch(/^t\.toml:7:14: 'X'/);
  });

  it('names the level and its Solution line when the line is not known', () => {
    const source = { text: 'rr?', file: 'set.sok', level: 3, context: 'its Solution line' };
    expect(syntaxMessage(() => parseMovesText(source, false))).toMatch(/^set\.sok: level 3: its Solution line, column 3: '\?'/);
  });

  it('keeps the case as written with strict case', () => {
    expect(parseMovesText({ text: 'rr', file: 'm', line: 1, column: 1 }, true).caseGiven).toBe(true);
  });
});
