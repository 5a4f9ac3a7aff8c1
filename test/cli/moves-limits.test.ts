import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MoveSyntaxError } from '../../src/errors.js';
import { parseMoves } from '../../src/game/moves.js';
import { cli } from '../helpers/fake-io.js';
import { tempFolder } from './temp-folder.js';

const DEEP = `${'('.repeat(5000)}r${')'.repeat(5000)}`;
const CORRIDOR = '#######\n#@ $ .#\n#######\n';

describe('move strings a careless or hostile user may write (issue 13)', () => {
  it('refuses groups nested 5,000 deep with the line and column of the group too deep', () => {
    expect(() => parseMoves(DEEP)).toThrow(MoveSyntaxError);
    expect(() => parseMoves(`rr\n${DEEP}`)).toThrow(/:2:101: groups nested more than 100 deep/);
  });

  it('still reads groups nested 100 deep', () => {
    expect(parseMoves(`${'('.repeat(100)}r${')'.repeat(100)}`).moves).toHaveLength(1);
  });

  it('refuses a move text far longer than any move string accepted, before reading its moves', () => {
    expect(() => parseMoves('r'.repeat(5_000_000))).toThrow(/the move text has 5000000 characters; more than 4000000 are refused/);
  });

  it('makes one bad Solution line of a SOK collection one error row and verifies the others', async () => {
    const sok = `; 1\n${CORRIDOR}Solution: rRR\n\n; 2\n${CORRIDOR}Solution: ${DEEP}\n\n; 3\n${CORRIDOR}Solution: rRR\n`;
    const { code, stdout, stderr } = await cli('verify', 'c.sok', { files: { 'c.sok': sok } });
    expect(stdout).toMatch(/c\.sok#1: solved in 3 moves/);
    expect(stdout).toMatch(/c\.sok#3: solved in 3 moves/);
    expect(stderr).toMatch(/c\.sok: level 2: its Solution line, column 101: groups nested more than 100 deep/);
    expect(code).toBe(2);
  });

  it('refuses a 10 MB move file by its size, exit 2', async () => {
    const folder = tempFolder({ 'c.xsb': CORRIDOR });
    writeFileSync(join(folder, 'big.lurd'), 'r'.repeat(10_000_000));
    const { code, stderr } = await cli('verify', join(folder, 'c.xsb'), join(folder, 'big.lurd'));
    expect(stderr).toBe(`sokoban: ${join(folder, 'big.lurd')}: 10000000 bytes; at most 4000000 are accepted here\n`);
    expect(code).toBe(2);
  });
});
