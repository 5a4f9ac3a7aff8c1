import { describe, expect, it } from 'vitest';
import { expandRunLength } from '../../src/level/rle.js';

const expanded = (text: string): string => {
  const result = expandRunLength(text);
  if (!result.ok) throw new Error(result.reason);
  return result.text;
};

describe('run-length expansion', () => {
  it('repeats the character after a count', () => {
    expect(expanded('3#2-$')).toBe('###--$');
  });

  it('reads counts of several digits', () => {
    expect(expanded('12#')).toBe('#'.repeat(12));
  });

  it('repeats nested groups', () => {
    expect(expanded('2(3(#-)#)')).toBe('#-#-#-##-#-#-#');
    expect(expanded('2(3(dr)R)')).toBe('drdrdrRdrdrdrR');
  });

  it('maps each expanded character back to its source column', () => {
    const result = expandRunLength('2#x');
    expect(result.ok && result.columns).toEqual([1, 1, 2]);
  });

  it('leaves text without counts unchanged', () => {
    expect(expanded('#@ $.#')).toBe('#@ $.#');
  });

  it('calls a trailing count not run-length text, without treating it as too large', () => {
    const result = expandRunLength('12');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.tooLarge).toBe(false);
  });

  it('rejects unbalanced parentheses', () => {
    expect(expandRunLength('2(#').ok).toBe(false);
    expect(expandRunLength('#)').ok).toBe(false);
  });

  it('rejects a count of zero', () => {
    expect(expandRunLength('0#').ok).toBe(false);
  });

  it('caps a single count', () => {
    const result = expandRunLength('10001#', { maxCount: 10_000, maxLength: 1_000_000 });
    expect(!result.ok && result.tooLarge).toBe(true);
  });

  it('caps the expanded length of nested groups before building them', () => {
    const result = expandRunLength('9999(9999(9999#))');
    expect(!result.ok && result.tooLarge).toBe(true);
  });
});
