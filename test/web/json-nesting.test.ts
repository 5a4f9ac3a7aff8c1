import { describe, expect, it } from 'vitest';
import { jsonNesting } from '../../src/web/json-nesting.js';

describe('jsonNesting', () => {
  it('counts the deepest arrays and objects', () => {
    expect(jsonNesting('"text"')).toBe(0);
    expect(jsonNesting('{"level": [[1, 3], [2, 4]]}')).toBe(3);
    expect(jsonNesting('[[], {"a": [{}]}]')).toBe(4);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNesting('{"level": "[[[[ {{{ \\" [[["}')).toBe(1);
    expect(jsonNesting('["\\\\", ["x"]]')).toBe(2);
  });

  it('stops once past the limit', () => {
    expect(jsonNesting(`${'['.repeat(5000)}${']'.repeat(5000)}`, 32)).toBe(33);
  });
});
