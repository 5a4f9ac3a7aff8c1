import { describe, expect, it } from 'vitest';
import { COMMANDS, commandNamesFor, commandsFor } from '../../src/cli/run.js';
import { cli } from '../helpers/fake-io.js';

describe('sokoban (the program)', () => {
  it('prints help on stdout and exits 0 with --help', async () => {
    const { code, stdout, stderr } = await cli('--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: sokoban /);
    expect(stdout).toContain('verify');
    expect(stderr).toBe('');
  });

  it('lists the exit codes in the help', async () => {
    const { stdout } = await cli('--help');
    expect(stdout).toMatch(/Exit codes:\n\s+0 .*\n\s+1 .*\n\s+2 .*\n\s+3 .*\n\s+70 .*\n\s+74 .*\n\s+130 .*\n/);
    // Each code's line says what that code means; how several levels combine is a line of its own, 70 included.
    expect(stdout).toMatch(/\n {2}3 {3}stopped at a limit \(time, memory, nodes\) before an answer\n/);
    expect(stdout).toContain('With several levels, the first of 70, 74, 2, 1, 3 that applies to any of them.');
  });

  it('prints the package version with --version', async () => {
    const { code, stdout } = await cli('--version');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it.each(['-v', '-V'])('prints the same version with %s, as most tools accept both', async (flag) => {
    const { code, stdout } = await cli(flag);
    expect(code).toBe(0);
    expect(stdout).toBe((await cli('--version')).stdout);
  });

  it('keeps -v a version flag only in front of the command', async () => {
    const { code, stderr } = await cli('verify', '-v');
    expect(stderr).toMatch(/unknown option '-v'/);
    expect(code).toBe(2);
  });

  it('prints help on stderr and exits 2 without a command', async () => {
    const { code, stdout, stderr } = await cli();
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('Usage: sokoban');
  });

  it('rejects an unknown command with one line and exit 2', async () => {
    const { code, stderr } = await cli('frobnicate');
    expect(code).toBe(2);
    expect(stderr).toBe("sokoban: unknown command 'frobnicate' (see sokoban --help)\n");
  });

  it('rejects an unknown option with one line and exit 2', async () => {
    const { code, stderr } = await cli('verify', 'a.xsb', '--bogus');
    expect(code).toBe(2);
    expect(stderr).toBe("sokoban: unknown option '--bogus' (see sokoban --help)\n");
  });

  it('rejects a missing argument with one line and exit 2', async () => {
    const { code, stderr } = await cli('verify');
    expect(code).toBe(2);
    expect(stderr).toBe("sokoban: missing required argument 'level' (see sokoban --help)\n");
  });

  it('rejects an option value outside its choices, naming the choices', async () => {
    const { code, stderr } = await cli('verify', 'a.xsb', '--goal', 'most-goals');
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('all-goals, all-boxes, keeper-too');
  });

  it("prints a command's help with help <command>", async () => {
    const { code, stdout } = await cli('help', 'verify');
    expect(code).toBe(0);
    expect(stdout).toContain('--strict-case');
  });
});

describe('the commands a call loads (each is imported only when needed, issue 45)', () => {
  const loaded = (...words: string[]) => commandsFor(words).map((entry) => entry.name);
  const everyName = COMMANDS.map((entry) => entry.name);

  it('is only the command that runs, after the program options too', () => {
    expect(loaded('verify', 'a.xsb', '--moves', 'r')).toEqual(['verify']);
    expect(loaded('--no-color', 'solve', 'a.xsb', '--level', '1')).toEqual(['solve']);
    expect(loaded('merge-reports', 'a.json')).toEqual(['merge-reports']);
  });

  it('is the command whose help is asked for, either way', () => {
    expect(loaded('help', 'hint')).toEqual(['hint']);
    expect(loaded('optimize', '--help')).toEqual(['optimize']);
  });

  it('is none for the version', () => {
    expect(loaded('--version')).toEqual([]);
    expect(loaded('-V')).toEqual([]);
  });

  it('is named from the arguments as run gets them, where -v asks for the version (what bin/load-cli.cjs asks a bundle)', () => {
    expect(commandNamesFor(['-v'])).toEqual([]);
    expect(commandNamesFor(['-v', 'verify'])).toEqual(['verify']);
    expect(commandNamesFor(['--no-color', 'show', 'a.xsb'])).toEqual(['show']);
    expect(commandNamesFor(['--no-color'])).toEqual(everyName);
  });

  it("is every command for the program's help, for no command and for a word that is no command", () => {
    expect(loaded('--help')).toEqual(everyName);
    expect(loaded('help')).toEqual(everyName);
    expect(loaded()).toEqual(everyName);
    expect(loaded('--no-color')).toEqual(everyName);
    expect(loaded('--help', '--version')).toEqual(everyName);
    expect(loaded('slove', 'a.xsb')).toEqual(everyName);
    expect(loaded('help', 'slove')).toEqual(everyName);
  });

  it('still lists every command in the help', async () => {
    const { stdout } = await cli('--help');
    const commandsPart = stdout.slice(stdout.indexOf('\nCommands:\n'));
    const listed = [...commandsPart.matchAll(/^ {2}([a-z-]+) /gm)].map((match) => match[1]);
    expect(listed).toEqual([...everyName, 'help']);
  });

  it.each(everyName)('prints the help of %s with help <command>', async (name) => {
    const { code, stdout } = await cli('help', name);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: sokoban ${name} `));
  });

  it('still suggests the nearest command for a misspelt one', async () => {
    const { code, stderr } = await cli('slove', 'a.xsb');
    expect(code).toBe(2);
    expect(stderr).toBe("sokoban: unknown command 'slove' (Did you mean solve?) (see sokoban --help)\n");
  });
});
