import { describe, expect, it } from 'vitest';
import { chalkFor, colorLevel } from '../../src/cli/color.js';

const tty = { write: () => {}, isTTY: true };
const pipe = { write: () => {}, isTTY: false };

describe('colour choice', () => {
  it('colours a terminal', () => {
    expect(colorLevel({ color: true, env: {}, stream: tty })).toBeGreaterThan(0);
  });

  it('does not colour a pipe or a file', () => {
    expect(colorLevel({ color: true, env: {}, stream: pipe })).toBe(0);
  });

  it('honours NO_COLOR on a terminal, which chalk alone would not', () => {
    expect(colorLevel({ color: true, env: { NO_COLOR: '1' }, stream: tty })).toBe(0);
  });

  it('ignores an empty NO_COLOR, as the convention says', () => {
    expect(colorLevel({ color: true, env: { NO_COLOR: '' }, stream: tty })).toBeGreaterThan(0);
  });

  it('lets FORCE_COLOR colour a pipe', () => {
    expect(colorLevel({ color: true, env: { FORCE_COLOR: '1' }, stream: pipe })).toBe(1);
  });

  it('lets FORCE_COLOR=0 turn colour off on a terminal', () => {
    expect(colorLevel({ color: true, env: { FORCE_COLOR: '0' }, stream: tty })).toBe(0);
  });

  it('lets FORCE_COLOR win over NO_COLOR, as Node does', () => {
    expect(colorLevel({ color: true, env: { FORCE_COLOR: '2', NO_COLOR: '1' }, stream: pipe })).toBe(2);
  });

  it('lets --no-color win over FORCE_COLOR', () => {
    expect(colorLevel({ color: false, env: { FORCE_COLOR: '3' }, stream: tty })).toBe(0);
  });

  it('does not colour TERM=dumb', () => {
    expect(colorLevel({ color: true, env: { TERM: 'dumb' }, stream: tty })).toBe(0);
  });

  it('gives a chalk instance that writes no escape codes at level 0', () => {
    expect(chalkFor({ color: true, env: {}, stream: pipe }).red('x')).toBe('x');
  });
});
