import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCollection } from '../src/level/parse.js';
import { dataDir } from './suites.js';

/** Known solutions by level number: the TOML's LevelNNNN lines, or the levels' Solution lines in order. */
export function knownSolutions(file: string): Map<number, string> {
  const text = readFileSync(path.join(dataDir, 'solutions', file), 'utf8');
  const known = new Map<number, string>();
  if (file.endsWith('.toml')) {
    for (const line of text.split('\n')) {
      const match = /^Level(\d+)\s*=\s*"([^"]*)"/.exec(line.trim());
      if (match !== null) known.set(Number(match[1]), match[2]);
    }
    return known;
  }
  parseCollection(text, { file }).levels.forEach((level, i) => {
    if (level.solutions.length > 0) known.set(i + 1, level.solutions[0]);
  });
  return known;
}
