/**
 * The page in a real browser: Debian's chromium driven by playwright-core, against a server
 * started here on 127.0.0.1. Skipped, saying why, where chromium is not installed (.ci/run installs it).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebServer } from '../../src/web/server.js';
import { buildWebAssets } from '../../scripts/build-web.js';
import { shortestWalk } from '../../src/game/walk.js';
import type { Board } from '../../src/level/board.js';
import { parseLevel } from '../../src/level/parse.js';
import { startTestServer } from './test-server.js';

const CHROMIUM = '/usr/bin/chromium';
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  console.warn(`browser tests SKIPPED: ${CHROMIUM} is missing (apt-get install -y chromium; .ci/run does this in CI)`);
}

/** A search starts a worker thread first; animation takes its steps at the chosen speed. */
const SLOW = { timeout: 10_000, interval: 50 };

const KEYS: Readonly<Record<string, string>> = { l: 'ArrowLeft', r: 'ArrowRight', u: 'ArrowUp', d: 'ArrowDown' };

describe.skipIf(!haveChromium)('the page in chromium', () => {
  let assets: string;
  let server: WebServer;
  let browser: Browser;
  let page: Page;
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    assets = mkdtempSync(join(tmpdir(), 'sokoban-web-'));
    await buildWebAssets(assets);
    server = await startTestServer({ assetsFolder: assets, maxSeconds: 10 });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (assets !== undefined) rmSync(assets, { recursive: true, force: true });
  });

  beforeEach(async () => {
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    page.on('request', (request) => {
      if (!request.url().startsWith(server.url)) foreignRequests.push(request.url());
    });
    await page.goto(server.url);
    await page.waitForSelector('body[data-ready="true"]');
  });

  afterEach(async () => {
    await page.close();
    // Everything the page loads comes from our own server.
    expect(foreignRequests).toEqual([]);
  });

  it("has an icon the browser can load from this server, under the page's policy", async () => {
    const href = await page.getAttribute('link[rel="icon"]', 'href');
    expect(href).toBe('/favicon.svg');
    // Fetched from inside the page, so the page's Content-Security-Policy applies.
    const icon = await page.evaluate(async (path) => {
      const response = await fetch(path);
      return [response.status, response.headers.get('content-type')];
    }, href as string);
    expect(icon).toEqual([200, 'image/svg+xml']);
  });

  it('plays a level to the win message with key presses (arrow keys and WASD)', async () => {
    await page.selectOption('#collection', 'first-xsb');
    await expect.poll(() => page.textContent('#level-title'), SLOW).toContain('First steps');
    await page.focus('#board');
    const solution = readFileSync('levels/examples/first.lurd', 'utf8').trim();
    // The first half by arrow keys, the rest by WASD.
    const wasd: Record<string, string> = { l: 'a', r: 'd', u: 'w', d: 's' };
    for (const [i, letter] of [...solution].entries()) {
      const key = letter.toLowerCase();
      await page.keyboard.press(i < 5 ? KEYS[key] : wasd[key]);
    }
    await expect.poll(() => page.textContent('#status')).toContain('Solved!');
    expect(await page.textContent('#moves')).toBe('11');
    expect(await page.textContent('#pushes')).toBe('4');
    await page.keyboard.press('u');
    expect(await page.textContent('#moves')).toBe('10');
    expect(await page.textContent('#status')).not.toContain('Solved!');
  });

  it('loads a pasted 6.101 JSON level and plays it under the 6.101 rule', async () => {
    await page.fill('#paste-text', readFileSync('levels/examples/first.json', 'utf8'));
    await page.click('#paste-load');
    await expect.poll(() => page.textContent('#paste-message')).toContain('6.101 JSON');
    expect(await page.textContent('#level-title')).toContain('Pasted 1');
    expect(await page.$$eval('#board .cell.box', (cells) => cells.length)).toBe(2);
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    expect(await page.textContent('#moves')).toBe('1');
  });

  it('verifies a pasted move string and marks the failing move', async () => {
    await page.selectOption('#collection', 'first-xsb');
    await expect.poll(() => page.textContent('#level-title'), SLOW).toContain('First');
    await page.fill('#verify-moves', readFileSync('levels/examples/first-blocked.lurd', 'utf8'));
    await page.click('#verify');
    expect(await page.textContent('#verify-result')).toContain("move 7 'D'");
    expect(await page.textContent('#verify-view mark.fail')).toBe('D');
    // The failing square is marked on the Verify panel's own board, not on the game's.
    expect(await page.$$eval('#verify-board .cell.highlight', (cells) => cells.length)).toBe(1);
    expect(await page.$$eval('#board .cell.highlight', (cells) => cells.length)).toBe(0);
  });

  it('verifies a move string without touching the game being played or its saved progress', async () => {
    await page.selectOption('#collection', 'three');
    await page.selectOption('#level', '3');
    await expect.poll(() => page.textContent('#level-title'), SLOW).toContain('First steps');
    await page.focus('#board');
    for (const letter of 'ruu') await page.keyboard.press(KEYS[letter]);
    expect(await page.textContent('#moves')).toBe('3');
    const player = await page.getAttribute('#board', 'data-player');
    // An invalid string, then a valid one that solves the level: neither is played into the game.
    await page.fill('#verify-moves', 'lUU');
    await page.click('#verify');
    expect(await page.textContent('#verify-result')).toContain('Invalid');
    await page.fill('#verify-moves', 'ruulDDuLulD');
    await page.click('#verify');
    expect(await page.textContent('#verify-result')).toBe('Valid and solved: 11 moves, 4 pushes.');
    expect(await page.$$eval('#verify-board .cell.box.goal', (cells) => cells.length)).toBe(2);
    expect(await page.textContent('#moves')).toBe('3');
    expect(await page.getAttribute('#board', 'data-player')).toBe(player);
    expect(await page.isDisabled('#undo')).toBe(false);
    expect(await page.textContent('#status')).not.toContain('Solved');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.textContent('#level-title')).toContain('First steps');
    expect(await page.textContent('#moves')).toBe('3');
    expect(await page.textContent('#level option:checked')).not.toMatch(/^\u2713/);
  });

  it('labels the board with the coordinates the loss messages use, and names each collection with its count once', async () => {
    await page.selectOption('#collection', 'three');
    await page.selectOption('#level', '3');
    await expect.poll(() => page.textContent('#level-title'), SLOW).toContain('First steps');
    // Seven columns A..G above, six rows a..f on the left.
    expect(await page.$$eval('#board .coord', (labels) => labels.map((label) => label.textContent).join(' '))).toBe(' A B C D E F G a b c d e f');
    expect(await page.textContent('#collection option[value="three"]')).toBe('Three small examples (3)');
  });

  it('keeps the hint text on the screen with the whole board at 1200 by 900, on a board tall enough to fill it', async () => {
    await page.setViewportSize({ width: 1200, height: 900 });
    const tall = ['#####', '#@  #', '# $ #', ...Array.from({ length: 6 }, () => '#   #'), '# . #', '#####'];
    await page.fill('#paste-text', tall.join('\n'));
    await page.click('#paste-load');
    await expect.poll(() => page.textContent('#level-title')).toContain('Pasted 1');
    // Clicked from the script, so the browser does not scroll the button into view first.
    await page.$eval('#hint', (button) => (button as unknown as { click(): void }).click());
    await expect.poll(() => page.textContent('#hint-text'), SLOW).toContain('Hint:');
    // Where they are on the page, however it is scrolled.
    const scrolled = Number(await page.evaluate('window.scrollY'));
    const hintBottom = await page.$eval('#hint-text', (element) => element.getBoundingClientRect().bottom);
    expect(hintBottom + scrolled).toBeLessThanOrEqual(900);
    // Still a board worth looking at: its squares are not shrunk to nothing to make room.
    expect(await page.$eval('#board .cell', (cell) => cell.getBoundingClientRect().height)).toBeGreaterThan(30);
  });

  it('solves a level on the server and animates the solution to the win', async () => {
    await page.selectOption('#collection', 'first-xsb');
    await expect.poll(() => page.textContent('#level-title'), SLOW).toContain('First');
    await page.click('#solve');
    await expect.poll(() => page.textContent('#solve-result'), SLOW).toContain('Solution');
    await page.fill('#anim-speed', '30');
    await page.click('#anim-play');
    await expect.poll(() => page.textContent('#status'), SLOW).toContain('Solved!');
    await page.click('#anim-back');
    expect(await page.textContent('#status')).not.toContain('Solved!');
  });

  it('builds a small level in the builder, validates it live and solves it', async () => {
    await page.fill('#build-height', '4');
    await page.dispatchEvent('#build-height', 'change');
    await page.click('#build-clear');
    // An empty room gets the builder's hint alone, not also the reader's "no board rows in the file".
    await expect.poll(() => page.$$eval('#build-messages li', (items) => items.map((item) => item.textContent))).toEqual(['no player yet: place one with the Player tool']);
    // A 7 x 4 room: squares 8..12 and 15..19 are the inside rows.
    const square = (n: number): string => `#build-grid button[data-square="${n}"]`;
    await page.check('input[name="tool"][value="player"]');
    await page.click(square(8));
    await page.click(square(16));
    await expect.poll(() => page.textContent('#build-messages')).toContain('more than one player');
    await page.click(square(16));
    await page.check('input[name="tool"][value="box"]');
    await page.click(square(10));
    await page.check('input[name="tool"][value="goal"]');
    await page.click(square(12));
    await expect.poll(() => page.textContent('#build-messages')).toBe('valid level');
    await page.click('#build-solve');
    await expect.poll(() => page.textContent('#build-result'), SLOW).toContain('Solvable');
    expect(await page.inputValue('#build-export')).toBe('#######\n#@ $ .#\n#     #\n#######');
  });

  /** The "First steps" level: 7 squares wide, player at row 3 column 4, boxes at row 2 columns 3 and 4. */
  const FIRST_WIDTH = 7;
  const at = (row: number, col: number): number => row * FIRST_WIDTH + col;
  const cell = (square: number): string => `#board .cell[data-square="${square}"]`;

  async function openFirstSteps(): Promise<void> {
    await page.selectOption('#collection', 'first-xsb');
    await expect.poll(() => page.textContent('#level-title'), SLOW).toContain('First steps');
  }

  it('walks to a clicked square by a shortest path, one undoable move per step, and pushes a clicked box beside the player', async () => {
    await openFirstSteps();
    const start = firstStepsBoard();
    const walk = shortestWalk(start, at(1, 2)) as string;
    await page.click(cell(at(1, 2)));
    expect(await page.getAttribute('#board', 'data-player')).toBe(String(at(1, 2)));
    expect(await page.textContent('#moves')).toBe(String(walk.length));
    expect(await page.textContent('#pushes')).toBe('0');
    // Each step of the walk is a move of its own in the history.
    await page.click('#undo');
    expect(await page.textContent('#moves')).toBe(String(walk.length - 1));
    // A box that is not beside the player stays where it is.
    await page.click(cell(at(2, 4)));
    expect(await page.textContent('#pushes')).toBe('0');
    // From below the box at row 2 column 3, a click on it pushes it up.
    await page.click(cell(at(3, 3)));
    await page.click(cell(at(2, 3)));
    expect(await page.textContent('#pushes')).toBe('1');
    expect(await page.getAttribute(cell(at(1, 3)), 'class')).toContain('box');
    expect(await page.getAttribute('#board', 'data-player')).toBe(String(at(2, 3)));
    // A click on a wall does nothing.
    const moves = await page.textContent('#moves');
    await page.click(cell(at(0, 1)));
    expect(await page.textContent('#moves')).toBe(moves);
  });

  it('keeps the moves of a level across a reload, marks a solved level, and forgets on request', async () => {
    await openFirstSteps();
    await page.focus('#board');
    for (const letter of 'ruul') await page.keyboard.press(KEYS[letter]);
    expect(await page.textContent('#moves')).toBe('4');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    // The page comes back to the level open last, at the position left.
    expect(await page.textContent('#level-title')).toContain('First steps');
    expect(await page.textContent('#moves')).toBe('4');
    expect(await page.textContent('#progress-note')).toContain('Restored 4 moves');
    const solution = readFileSync('levels/examples/first.lurd', 'utf8').trim();
    await page.focus('#board');
    for (const letter of solution.slice(4)) await page.keyboard.press(KEYS[letter.toLowerCase()]);
    await expect.poll(() => page.textContent('#status')).toContain('Solved!');
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.textContent('#status')).toContain('Solved!');
    expect(await page.textContent('#level option:checked')).toMatch(/^\u2713/);
    // The same board in another collection is another level, with progress of its own: none yet.
    await page.selectOption('#collection', 'three');
    await page.selectOption('#level', '3');
    await expect.poll(() => page.textContent('#level-title')).toContain('level 3');
    expect(await page.textContent('#moves')).toBe('0');
    await page.selectOption('#collection', 'first-xsb');
    await expect.poll(() => page.textContent('#moves')).toBe(String(solution.length));
    await page.click('#forget-progress');
    expect(await page.textContent('#moves')).toBe('0');
    expect(await page.textContent('#level option:checked')).not.toMatch(/^\u2713/);
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    expect(await page.textContent('#moves')).toBe('0');
    expect(await page.textContent('#level option:checked')).not.toMatch(/^\u2713/);
  });

  it('scales the board to the window: bigger squares on a big window, the whole board inside a narrow one', async () => {
    await openFirstSteps();
    const squareWidth = async (): Promise<number> => (await page.locator(cell(0)).boundingBox())?.width ?? 0;
    await page.setViewportSize({ width: 1400, height: 1000 });
    await expect.poll(squareWidth).toBeGreaterThan(36);
    const big = await squareWidth();
    await page.setViewportSize({ width: 360, height: 640 });
    await expect.poll(squareWidth).toBeLessThan(big);
    const board = await page.locator('#board').boundingBox();
    const column = await page.locator('#play').boundingBox();
    expect(board).not.toBeNull();
    expect(column).not.toBeNull();
    expect((board?.x ?? 0) + (board?.width ?? 0)).toBeLessThanOrEqual((column?.x ?? 0) + (column?.width ?? 0));
  });

  it('gives hints one push at a time, each the walk to a box and its push, until the level is solved', async () => {
    await openFirstSteps();
    await page.click('#hint');
    await expect.poll(() => page.textContent('#pushes'), SLOW).toBe('1');
    expect(await page.textContent('#hint-text')).toMatch(/^Hint: \d+ steps? and a push/);
    let pushes = 1;
    while (!((await page.textContent('#status')) ?? '').includes('Solved!')) {
      await page.click('#hint');
      pushes++;
      await expect.poll(() => page.textContent('#pushes'), SLOW).toBe(String(pushes));
      expect(pushes).toBeLessThan(20);
    }
    expect(await page.textContent('#hint-text')).toContain('That solves it.');
  });

  it('marks a box the moment it stands on a dead square, says why the position is lost, and unmarks it on undo', async () => {
    await openFirstSteps();
    expect(await page.$$eval('#board .cell.dead', (cells) => cells.length)).toBe(0);
    expect(await page.isHidden('#lost')).toBe(true);
    await page.focus('#board');
    // Up against the top wall, where no goal is, the box can never reach one.
    await page.keyboard.press('ArrowUp');
    expect(await page.$$eval('#board .cell.box.dead', (cells) => cells.map((cell) => cell.getAttribute('data-square')))).toEqual([String(at(1, 4))]);
    expect(await page.textContent('#lost')).toContain('stands on a dead square');
    expect(await page.getAttribute('#board', 'aria-label')).toContain('1 box can never reach a goal');
    await page.keyboard.press('u');
    expect(await page.$$eval('#board .cell.dead', (cells) => cells.length)).toBe(0);
    expect(await page.isHidden('#lost')).toBe(true);
  });

  it('marks boxes frozen off goals as soon as a push freezes them, though none stands on a dead square', async () => {
    // Pushing the right-hand box left closes a square of four boxes in the open: none can ever move again.
    const level = ['########', '#      #', '# $$   #', '# $ $@ #', '#   ...#', '#     .#', '########'].join('\n');
    await page.fill('#paste-text', level);
    await page.click('#paste-load');
    await expect.poll(() => page.textContent('#level-title')).toContain('Pasted');
    expect(await page.$$eval('#board .cell.dead', (cells) => cells.length)).toBe(0);
    await page.focus('#board');
    await page.keyboard.press('ArrowLeft');
    expect(await page.textContent('#pushes')).toBe('1');
    const width = 8;
    const square = (row: number, col: number): string => String(row * width + col);
    expect(await page.$$eval('#board .cell.box.dead', (cells) => cells.map((cell) => cell.getAttribute('data-square')))).toEqual([
      square(2, 2),
      square(2, 3),
      square(3, 2),
      square(3, 3),
    ]);
    expect(await page.textContent('#lost')).toContain('frozen off goals');
  });

  it('gives no hint from a lost position, and says why it is lost', async () => {
    await openFirstSteps();
    // Up against the top wall, where no goal is, the box can never reach one.
    await page.focus('#board');
    await page.keyboard.press('ArrowUp');
    expect(await page.textContent('#pushes')).toBe('1');
    await page.click('#hint');
    await expect.poll(() => page.textContent('#hint-text'), SLOW).toContain('this position is lost');
    expect(await page.textContent('#hint-text')).toContain('dead square');
    expect(await page.textContent('#pushes')).toBe('1');
  });
});

/** The "First steps" level as the library reads it, for the moves a test expects. */
function firstStepsBoard(): Board {
  return parseLevel(readFileSync('levels/examples/first.xsb', 'utf8'), { file: 'first.xsb' }).board;
}
