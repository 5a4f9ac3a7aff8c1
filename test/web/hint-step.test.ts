import { describe, expect, it } from 'vitest';
import { pushesIn, throughFirstPush } from '../../src/web/client/hint-step.js';

describe('one hint from a solution', () => {
  it('is the walk to the first push and that push', () => {
    expect(throughFirstPush('llURRdr')).toBe('llU');
  });

  it('is just the push when the solution starts with one', () => {
    expect(throughFirstPush('RRdL')).toBe('R');
  });

  it('is the whole rest when no push is left', () => {
    expect(throughFirstPush('ldr')).toBe('ldr');
    expect(throughFirstPush('')).toBe('');
  });

  it('counts the pushes still to come', () => {
    expect(pushesIn('llURRdr')).toBe(3);
    expect(pushesIn('lurd')).toBe(0);
  });
});
