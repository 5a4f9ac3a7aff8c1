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
    expect(await page.$$eval('#board .cell.highlight', (cells) => cells.length)).toBe(1);
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
});
