import { describe, expect, it } from 'vitest';
import { labelWidthOf } from '../../src/cli/reporters/check-text.js';

describe("check's level column", () => {
  it('is as wide as the longest label, at least 5 and at most 48 characters', () => {
    expect(labelWidthOf(['a.xsb#1', 'a.xsb#10'])).toBe(8);
    expect(labelWidthOf(['a#1'])).toBe(5);
    expect(labelWidthOf(['x'.repeat(60)])).toBe(48);
  });

  it('measures half a million labels (spread into Math.max they overflowed the stack at 200,000 levels)', () => {
    const labels = Array.from({ length: 500_000 }, (_, n) => `big.xsb#${n + 1}`);
    expect(labelWidthOf(labels)).toBe('big.xsb#500000'.length);
  });

  it('stops reading labels at the first one that fills the column', () => {
    function* labels(): Generator<string> {
      yield 'x'.repeat(48);
      throw new Error('read past a label as wide as the column');
    }
    expect(labelWidthOf(labels())).toBe(48);
  });
});
