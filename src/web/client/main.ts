/**
 * The page of `sokoban serve`. Rules, level formats and replay come from the library itself
 * (bundled in), so playing and verifying here agree with the CLI move for move; only solving
 * goes to the server, where the search runs in a worker thread.
 */
import { SokobanError } from '../../errors.js';
import { DIRECTION_DELTA, type Direction, directionOfLetter } from '../../game/direction.js';
import type { GoalRule } from '../../game/goal-rule.js';
import { replay } from '../../game/replay.js';
import type { Level, LevelFormat } from '../../level/level.js';
import { formatBoard } from '../../level/write.js';
import type { CollectionAnswer, CollectionsAnswer, ConfigAnswer, LevelAnswer, SolveRequest } from '../protocol.js';
import { getJson, postJson } from './api.js';
import { fitBoardToWindow, renderBoard } from './board-view.js';
import { BuilderPanel } from './builder.js';
import { movesForClick } from './click-move.js';
import { byId, isTypingTarget, say } from './dom.js';
import { GameSession } from './game-session.js';
import { pushesIn, throughFirstPush } from './hint-step.js';
import { readLevels, ruleFor } from './level-check.js';
import { LossWatch } from './loss-view.js';
import { type LevelRef, ProgressStore } from './progress-store.js';
import { SolutionPlayer } from './solution-player.js';
import { describeSolveAnswer } from './solve-text.js';

/** A collection on the page: one the server offers, or levels pasted into this page. */
interface PageCollection {
  readonly id: string;
  readonly name: string;
  count: number;
  titles: (string | null)[] | null;
  /** Pasted levels live here; server levels are fetched when picked. */
  readonly local: readonly Level[] | null;
}

const ui = {
  collection: byId('collection', HTMLSelectElement),
  level: byId('level', HTMLSelectElement),
  prev: byId('prev-level', HTMLButtonElement),
  next: byId('next-level', HTMLButtonElement),
  title: byId('level-title', HTMLHeadingElement),
  board: byId('board', HTMLDivElement),
  moves: byId('moves', HTMLOutputElement),
  pushes: byId('pushes', HTMLOutputElement),
  rule: byId('rule', HTMLSelectElement),
  status: byId('status', HTMLParagraphElement),
  lost: byId('lost', HTMLParagraphElement),
  undo: byId('undo', HTMLButtonElement),
  redo: byId('redo', HTMLButtonElement),
  restart: byId('restart', HTMLButtonElement),
  hint: byId('hint', HTMLButtonElement),
  hintText: byId('hint-text', HTMLParagraphElement),
  forget: byId('forget-progress', HTMLButtonElement),
  progressNote: byId('progress-note', HTMLParagraphElement),
  optimal: byId('optimal', HTMLSelectElement),
  timeLimit: byId('time-limit', HTMLInputElement),
  solve: byId('solve', HTMLButtonElement),
  solveCancel: byId('solve-cancel', HTMLButtonElement),
  solveProgress: byId('solve-progress', HTMLDivElement),
  solveElapsed: byId('solve-elapsed', HTMLProgressElement),
  solveElapsedText: byId('solve-elapsed-text', HTMLSpanElement),
  solveResult: byId('solve-result', HTMLParagraphElement),
  playerControls: byId('player-controls', HTMLDivElement),
  animStart: byId('anim-start', HTMLButtonElement),
  animBack: byId('anim-back', HTMLButtonElement),
  animPlay: byId('anim-play', HTMLButtonElement),
  animForward: byId('anim-forward', HTMLButtonElement),
  animSpeed: byId('anim-speed', HTMLInputElement),
  solutionText: byId('solution-text', HTMLParagraphElement),
  verifyMoves: byId('verify-moves', HTMLTextAreaElement),
  verify: byId('verify', HTMLButtonElement),
  verifyResult: byId('verify-result', HTMLParagraphElement),
  verifyView: byId('verify-view', HTMLParagraphElement),
  verifyBoard: byId('verify-board', HTMLDivElement),
  verifyBoardCaption: byId('verify-board-caption', HTMLParagraphElement),
  pasteText: byId('paste-text', HTMLTextAreaElement),
  pasteFormat: byId('paste-format', HTMLSelectElement),
  pasteLoad: byId('paste-load', HTMLButtonElement),
  pasteMessage: byId('paste-message', HTMLParagraphElement),
  exportFormat: byId('export-format', HTMLSelectElement),
  export: byId('export', HTMLButtonElement),
  exportCopy: byId('export-copy', HTMLButtonElement),
  exportText: byId('export-text', HTMLTextAreaElement),
};

const KEY_DIRECTIONS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  s: 'down',
  a: 'left',
  d: 'right',
};

const collections: PageCollection[] = [];
let config: ConfigAnswer = { defaultTimeLimit: 10, maxTimeLimit: 60 };
let level: Level | null = null;
let session: GameSession | null = null;
/** The solver's deadlock proofs for the level and rule being played. */
let lossWatch: LossWatch | null = null;
let player: SolutionPlayer | null = null;
let highlight: number | null = null;
let solveAbort: AbortController | null = null;
let pastedCount = 0;
/** Where the level being played keeps its progress in local storage. */
let levelRef: LevelRef | null = null;
const progress = new ProgressStore(localStorageOrNull());
/** The rest of the solution a hint came from, valid while the game stands where the hint left it. */
let hintPlan: { readonly session: GameSession; readonly at: string; readonly rest: string } | null = null;
/** A hint being fetched or played; the Hint button waits for it. */
let hintBusy = false;

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // A page whose storage is blocked plays without saving.
    return null;
  }
}

function render(): void {
  if (session === null) return;
  const loss = lossWatch?.viewOf(session.board) ?? null;
  renderBoard(ui.board, session.board, { highlight, deadBoxes: loss?.deadBoxes });
  const lostBecause = loss?.reason ?? null;
  ui.lost.hidden = lostBecause === null;
  ui.lost.textContent = lostBecause === null ? '' : `This position is lost: ${lostBecause}. Undo to go back.`;
  if (levelRef !== null) {
    progress.save(levelRef, session.lurd, session.won);
    markSolvedOption();
  }
  ui.moves.value = String(session.moves);
  ui.pushes.value = String(session.pushes);
  ui.undo.disabled = !session.canUndo;
  ui.redo.disabled = !session.canRedo;
  ui.hint.disabled = hintBusy;
  const won = session.won;
  ui.status.classList.toggle('won', won);
  if (won) {
    say(ui.status, `Solved! ${counted(session.moves, 'move', 'moves')}, ${counted(session.pushes, 'push', 'pushes')}.`, 'ok');
  } else if (ui.status.classList.contains('ok') || ui.status.textContent === '') {
    say(ui.status, '');
  }
  renderPlayer();
}

function renderPlayer(): void {
  const position = player?.position ?? null;
  if (player === null || position === null) {
    ui.playerControls.hidden = true;
    if (player !== null) {
      player.pause();
      player = null;
      ui.solutionText.textContent = '';
    }
    return;
  }
  ui.playerControls.hidden = false;
  ui.animBack.disabled = position === 0;
  ui.animStart.disabled = position === 0;
  ui.animForward.disabled = position === player.length;
  ui.animPlay.textContent = player.playing ? 'Pause' : '\u25B6 Play';
  ui.animPlay.setAttribute('aria-pressed', String(player.playing));
  const done = document.createElement('span');
  done.className = 'done';
  done.textContent = player.solution.slice(0, position);
  const rest = player.solution.slice(position);
  const parts: (string | Node)[] = [done];
  if (rest !== '') {
    const mark = document.createElement('mark');
    mark.textContent = rest[0];
    parts.push(mark, rest.slice(1));
  }
  ui.solutionText.replaceChildren(...parts);
  ui.solutionText.setAttribute('aria-label', `solution, ${position} of ${player.length} moves played`);
}

function clearPanels(): void {
  player?.pause();
  player = null;
  highlight = null;
  hintPlan = null;
  say(ui.hintText, '');
  say(ui.solveResult, '');
  clearVerify();
  ui.solutionText.textContent = '';
  ui.playerControls.hidden = true;
}

/**
 * Starts playing a level under the rule chosen on the page (or the format's own), from the moves
 * saved for it in this browser when there are any.
 */
function startLevel(next: Level, heading: string, ref: LevelRef): void {
  level = next;
  clearPanels();
  const choice = ruleFor(next, ui.rule.value);
  // A level whose format has no rule for its counts still plays; the message says which rule is used.
  const rule: GoalRule = choice.rule ?? 'all-goals';
  session = new GameSession(next.board, rule);
  lossWatch = new LossWatch(next.board, rule);
  levelRef = ref;
  const saved = progress.load(ref);
  let restored = 0;
  for (const letter of saved?.moves ?? '') {
    const direction = directionOfLetter(letter);
    if (direction === undefined || !session.move(direction)) break;
    restored++;
  }
  const solvedBefore = saved?.solved === true ? 'Solved before in this browser. ' : '';
  ui.progressNote.textContent = saved === null ? '' : `${solvedBefore}${restored === 0 ? '' : `Restored ${restored} moves saved in this browser.`}`.trim();
  ui.title.textContent = heading;
  say(ui.status, choice.message === null ? '' : `${choice.message} (playing with all-goals)`, choice.message === null ? 'neutral' : 'error');
  ui.status.classList.remove('won');
  render();
}

/** Where a level's progress is kept: a server level by its collection and number, a pasted one by its board. */
function refOf(collection: PageCollection, index: number, board: string): LevelRef {
  return { key: collection.local === null ? `${collection.id}:${index}` : `board:${board}`, board };
}

const SOLVED_MARK = '\u2713 ';

/** Adds the solved mark to the level picker's entry for the level being played, once it is solved. */
function markSolvedOption(): void {
  if (levelRef === null || !progress.isSolved(levelRef.key)) return;
  const option = ui.level.selectedOptions[0];
  if (option !== undefined && !option.textContent?.startsWith(SOLVED_MARK)) option.textContent = `${SOLVED_MARK}${option.textContent ?? ''}`;
}

function collectionById(id: string): PageCollection | undefined {
  return collections.find((collection) => collection.id === id);
}

function fillLevelSelect(collection: PageCollection, selected: number): void {
  const options = Array.from({ length: collection.count }, (_, i) => {
    const option = document.createElement('option');
    option.value = String(i + 1);
    const title = collection.titles?.[i] ?? null;
    const name = title !== null && title !== String(i + 1) ? `${i + 1}. ${title}` : String(i + 1);
    const local = collection.local?.[i];
    const key = local === undefined ? `${collection.id}:${i + 1}` : `board:${formatBoard(local.board, 'xsb')}`;
    option.textContent = progress.isSolved(key) ? `${SOLVED_MARK}${name}` : name;
    return option;
  });
  ui.level.replaceChildren(...options);
  ui.level.value = String(selected);
}

/** The collection's name with its count, unless the name says the count already ("Microban (155 puzzles, ...)"). */
function collectionLabel(collection: PageCollection): string {
  const saysCount = new RegExp(`(^|\\D)${collection.count}(\\D|$)`).test(collection.name);
  return saysCount ? collection.name : `${collection.name} (${collection.count})`;
}

function fillCollectionSelect(selectedId: string): void {
  ui.collection.replaceChildren(
    ...collections.map((collection) => {
      const option = document.createElement('option');
      option.value = collection.id;
      option.textContent = collectionLabel(collection);
      return option;
    }),
  );
  ui.collection.value = selectedId;
}

async function openLevel(collectionId: string, index: number): Promise<void> {
  const collection = collectionById(collectionId);
  if (collection === undefined) return;
  if (collection.titles === null && collection.local === null) {
    const detail = await getJson<CollectionAnswer>(`/api/collections/${encodeURIComponent(collection.id)}`);
    collection.titles = detail.levels.map((entry) => entry.title);
    collection.count = detail.levels.length;
  }
  fillLevelSelect(collection, index);
  ui.prev.disabled = index <= 1;
  ui.next.disabled = index >= collection.count;
  let next: Level;
  if (collection.local !== null) {
    next = collection.local[index - 1];
  } else {
    const view = await getJson<LevelAnswer>(`/api/collections/${encodeURIComponent(collection.id)}/levels/${index}`);
    const read = readLevels(view.text, collection.name, view.format);
    if (read.levels.length !== 1) {
      say(ui.status, read.messages[0]?.text ?? 'the level could not be read', 'error');
      return;
    }
    next = read.levels[0];
  }
  const title = next.title !== null && next.title !== String(index) ? ` \u2014 ${next.title}` : '';
  startLevel(next, `${collection.name}, level ${index}${title}`, refOf(collection, index, formatBoard(next.board, 'xsb')));
  if (collection.local === null) progress.lastOpened = { collection: collection.id, index };
}

function showError(element: HTMLElement, error: unknown): void {
  say(element, error instanceof Error ? error.message : String(error), 'error');
}

function makeMove(direction: Direction): void {
  if (session === null) return;
  highlight = null;
  session.move(direction);
  render();
}

/** Makes the moves of a LURD string one by one, each an undoable step of the game as a key press would be. */
function makeMoves(moves: string): void {
  if (session === null) return;
  highlight = null;
  for (const letter of moves) {
    if (!session.move(directionOfLetter(letter) as Direction)) break;
  }
  render();
}

/** Time between the steps of a hint, so the walk can be followed by eye. */
const HINT_STEP_MS = 70;

/**
 * Plays moves into the game one step at a time. Resolves true once all are made, or false as soon
 * as the game changes under it (another level, a key press, Undo), leaving the player's moves alone.
 */
function playMoves(game: GameSession, moves: string): Promise<boolean> {
  return new Promise((resolve) => {
    let made = 0;
    let expected = game.lurd;
    const stepOnce = (): void => {
      if (session !== game || game.lurd !== expected || !game.move(directionOfLetter(moves[made]) as Direction)) {
        resolve(false);
        return;
      }
      made++;
      expected = game.lurd;
      highlight = null;
      render();
      if (made === moves.length) resolve(true);
      else setTimeout(stepOnce, HINT_STEP_MS);
    };
    if (moves === '') resolve(true);
    else stepOnce();
  });
}

/** A click on a square: walk there by a shortest way, or push the box beside the player that was clicked. */
function onBoardClick(event: MouseEvent): void {
  ui.board.focus();
  if (session === null || !(event.target instanceof HTMLElement)) return;
  const square = Number(event.target.closest<HTMLElement>('.cell')?.dataset.square);
  if (!Number.isInteger(square)) return;
  const moves = movesForClick(session.board, square);
  if (moves !== null && moves !== '') makeMoves(moves);
}

/**
 * One push of help: solves from the position on the board (on the server, as Solve does) and
 * plays the walk to the next box and its push. The rest of that solution is kept, so the next
 * hint from where this one ended needs no new search.
 */
async function giveHint(): Promise<void> {
  if (session === null || hintBusy) return;
  const current = session;
  if (current.won) {
    say(ui.hintText, 'The level is solved already.', 'ok');
    return;
  }
  // A loss the page has proved already needs no search to say so.
  const lostBecause = lossWatch?.viewOf(current.board).reason ?? null;
  if (lostBecause !== null) {
    say(ui.hintText, `No hint: this position is lost (${lostBecause}). Undo some moves.`, 'error');
    return;
  }
  const at = current.lurd;
  hintBusy = true;
  render();
  try {
    let rest = hintPlan !== null && hintPlan.session === current && hintPlan.at === at ? hintPlan.rest : null;
    if (rest === null) {
      say(ui.hintText, 'Looking for a solution from here\u2026');
      const limit = timeLimitSeconds();
      const answer = await postJson('/api/solve', { level: formatBoard(current.board, 'xsb'), format: 'xsb', goal: current.rule, optimal: 'none', timeLimit: limit });
      // The player moved on (or opened another level) while the server searched: this hint is stale.
      if (session !== current || current.lurd !== at) {
        say(ui.hintText, '');
        return;
      }
      if (answer.status === 'unsolvable') {
        say(ui.hintText, 'No hint: this position is lost (no solution exists from here). Undo some moves.', 'error');
        return;
      }
      if (answer.status !== 'solved' || answer.solution === null) {
        say(ui.hintText, `No hint: ${describeSolveAnswer(answer)}`, 'error');
        return;
      }
      rest = answer.solution;
    }
    const next = throughFirstPush(rest);
    if (!(await playMoves(current, next))) {
      say(ui.hintText, '');
      return;
    }
    const left = rest.slice(next.length);
    hintPlan = { session: current, at: current.lurd, rest: left };
    const walk = next.length - pushesIn(next);
    const pushesLeft = pushesIn(left);
    say(
      ui.hintText,
      `Hint: ${walk} ${walk === 1 ? 'step' : 'steps'} and a push. ${pushesLeft === 0 ? 'That solves it.' : `${pushesLeft} more ${pushesLeft === 1 ? 'push' : 'pushes'} to go.`}`,
      'ok',
    );
  } catch (error) {
    showError(ui.hintText, error);
  } finally {
    hintBusy = false;
    render();
  }
}

/** Clears the progress saved for the level being played, and starts it over. */
function forgetProgress(): void {
  if (session === null || levelRef === null) return;
  progress.forget(levelRef);
  session.restart();
  highlight = null;
  hintPlan = null;
  const option = ui.level.selectedOptions[0];
  if (option?.textContent?.startsWith(SOLVED_MARK) === true) option.textContent = option.textContent.slice(SOLVED_MARK.length);
  ui.progressNote.textContent = 'Saved progress forgotten.';
  render();
}

function onKeyDown(event: KeyboardEvent): void {
  if (session === null || event.altKey || event.metaKey || isTypingTarget(event.target)) return;
  // The builder's grid uses arrow keys to move between its squares.
  if (event.target instanceof HTMLElement && event.target.closest('#build-grid') !== null) return;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const direction = event.ctrlKey ? undefined : KEY_DIRECTIONS[key];
  if (direction !== undefined) {
    event.preventDefault();
    makeMove(direction);
    return;
  }
  const undo = (event.ctrlKey && key === 'z' && !event.shiftKey) || (!event.ctrlKey && (key === 'u' || key === 'Backspace'));
  const redo = (event.ctrlKey && (key === 'y' || (key === 'z' && event.shiftKey))) || (!event.ctrlKey && key === 'y');
  if (undo || redo || key === 'Escape') {
    event.preventDefault();
    highlight = null;
    if (undo) session.undo();
    else if (redo) session.redo();
    else session.restart();
    render();
  }
}

function timeLimitSeconds(): number {
  const value = Number(ui.timeLimit.value);
  const seconds = Number.isFinite(value) && value > 0 ? value : config.defaultTimeLimit;
  return Math.min(seconds, config.maxTimeLimit);
}

/** Asks the server to solve the position on the board, showing elapsed time against the limit meanwhile. */
async function solveCurrent(): Promise<void> {
  if (session === null) return;
  const current = session;
  const limit = timeLimitSeconds();
  player?.pause();
  player = null;
  renderPlayer();
  solveAbort = new AbortController();
  ui.solve.disabled = true;
  ui.solveCancel.hidden = false;
  ui.solveProgress.hidden = false;
  ui.solveElapsed.max = limit;
  say(ui.solveResult, 'Searching\u2026');
  const started = performance.now();
  const tick = setInterval(() => {
    const elapsed = (performance.now() - started) / 1000;
    ui.solveElapsed.value = Math.min(elapsed, limit);
    ui.solveElapsedText.textContent = `${elapsed.toFixed(1)} s of ${limit} s`;
  }, 100);
  try {
    const answer = await postJson(
      '/api/solve',
      { level: formatBoard(current.board, 'xsb'), format: 'xsb', goal: current.rule, optimal: ui.optimal.value as SolveRequest['optimal'], timeLimit: limit },
      solveAbort.signal,
    );
    if (session !== current) return;
    const from = current.moves === 0 ? '' : ' from this position';
    say(ui.solveResult, `${answer.status === 'solved' ? `Solution${from}: ` : ''}${describeSolveAnswer(answer)}`, answer.status === 'solved' ? 'ok' : 'error');
    if (answer.status === 'solved' && answer.solution !== null) {
      player = new SolutionPlayer(current, answer.solution, render);
      player.speed = Number(ui.animSpeed.value);
      renderPlayer();
      ui.animPlay.focus();
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') say(ui.solveResult, 'Cancelled.');
    else showError(ui.solveResult, error);
  } finally {
    clearInterval(tick);
    solveAbort = null;
    ui.solve.disabled = false;
    ui.solveCancel.hidden = true;
    ui.solveProgress.hidden = true;
  }
}

/** "1 move", "2 pushes": a count with its noun, singular for one. */
function counted(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * Replays a pasted move string from the level's start with the library's replay, as `sokoban
 * verify` does, and draws the position it reaches on a board of its own in the Verify panel.
 * The game being played, and the progress saved for it, are left exactly as they were.
 */
function verifyMoves(): void {
  if (level === null || session === null) return;
  const text = ui.verifyMoves.value;
  clearVerify();
  let result;
  try {
    result = replay(level.board, text, { rule: session.rule, file: 'moves' });
  } catch (error) {
    if (!(error instanceof SokobanError)) throw error;
    say(ui.verifyResult, error.message, 'error');
    return;
  }
  const done = document.createElement('span');
  done.className = 'done';
  done.textContent = result.solution;
  let failAt: number | null = null;
  if (result.error !== null) {
    const failure = result.error;
    const [dr, dc] = DIRECTION_DELTA[directionOfLetter(failure.move) as Direction];
    const row = failure.row + dr;
    const col = failure.col + dc;
    failAt = row >= 0 && col >= 0 && row < level.board.height && col < level.board.width ? row * level.board.width + col : null;
    const mark = document.createElement('mark');
    mark.className = 'fail';
    mark.textContent = failure.move;
    ui.verifyView.replaceChildren(done, mark);
    say(ui.verifyResult, `Invalid: ${failure.message}.`, 'error');
  } else {
    ui.verifyView.replaceChildren(done);
    const counts = `${counted(result.moves, 'move', 'moves')}, ${counted(result.pushes, 'push', 'pushes')}`;
    say(ui.verifyResult, result.solved ? `Valid and solved: ${counts}.` : `Valid, but the level is not solved after ${counts}.`, result.solved ? 'ok' : 'error');
  }
  // The position the moves reach: the end, or just before the failing move.
  ui.verifyBoard.hidden = false;
  ui.verifyBoardCaption.textContent = result.error === null ? 'Where these moves end:' : `Before move ${result.error.index}:`;
  ui.verifyBoardCaption.hidden = false;
  renderBoard(ui.verifyBoard, result.board, { highlight: failAt, fitToWindow: false });
}

function clearVerify(): void {
  say(ui.verifyResult, '');
  ui.verifyView.textContent = '';
  ui.verifyBoard.hidden = true;
  ui.verifyBoard.replaceChildren();
  ui.verifyBoardCaption.hidden = true;
}

function loadPasted(): void {
  const read = readLevels(ui.pasteText.value, '<pasted>', ui.pasteFormat.value as LevelFormat | 'auto');
  if (read.levels.length === 0) {
    say(ui.pasteMessage, read.messages[0]?.text ?? 'no level found', 'error');
    return;
  }
  pastedCount++;
  const first = read.levels[0];
  const formatName = { xsb: 'XSB', json: '6.101 JSON', grid: 'CS161 grid' }[first.format];
  const collection: PageCollection = {
    id: `pasted-${pastedCount}`,
    name: `Pasted ${pastedCount}`,
    count: read.levels.length,
    titles: read.levels.map((entry) => entry.title),
    local: read.levels,
  };
  collections.push(collection);
  fillCollectionSelect(collection.id);
  const warnings = read.messages.map((message) => message.text).join(' ');
  say(ui.pasteMessage, `Loaded ${read.levels.length === 1 ? 'a level' : `${read.levels.length} levels`} (${formatName}).${warnings === '' ? '' : ` ${warnings}`}`, 'ok');
  void openLevel(collection.id, 1).catch((error: unknown) => showError(ui.status, error));
}

function exportBoard(): void {
  if (session === null) return;
  ui.exportText.value = `${formatBoard(session.board, ui.exportFormat.value as LevelFormat)}\n`;
}

function playBuilt(built: Level, rule: GoalRule, solution?: string): void {
  pastedCount++;
  const collection: PageCollection = { id: `built-${pastedCount}`, name: `Built ${pastedCount}`, count: 1, titles: [null], local: [built] };
  collections.push(collection);
  fillCollectionSelect(collection.id);
  fillLevelSelect(collection, 1);
  ui.rule.value = rule;
  const board = formatBoard(built.board, 'xsb');
  startLevel(built, `${collection.name} (from the builder)`, refOf(collection, 1, board));
  if (solution !== undefined && session !== null) {
    player = new SolutionPlayer(session, solution, render);
    player.speed = Number(ui.animSpeed.value);
    renderPlayer();
  }
  document.getElementById('play')?.scrollIntoView();
  ui.board.focus();
}

function wire(): void {
  document.addEventListener('keydown', onKeyDown);
  ui.collection.addEventListener('change', () => void openLevel(ui.collection.value, 1).catch((error: unknown) => showError(ui.status, error)));
  ui.level.addEventListener('change', () => void openLevel(ui.collection.value, Number(ui.level.value)).catch((error: unknown) => showError(ui.status, error)));
  ui.prev.addEventListener('click', () => void openLevel(ui.collection.value, Number(ui.level.value) - 1));
  ui.next.addEventListener('click', () => void openLevel(ui.collection.value, Number(ui.level.value) + 1));
  ui.undo.addEventListener('click', () => {
    session?.undo();
    highlight = null;
    render();
  });
  ui.redo.addEventListener('click', () => {
    session?.redo();
    render();
  });
  ui.restart.addEventListener('click', () => {
    session?.restart();
    highlight = null;
    render();
  });
  ui.rule.addEventListener('change', () => {
    if (level === null || session === null) return;
    const choice = ruleFor(level, ui.rule.value);
    if (choice.rule !== null) {
      session.rule = choice.rule;
      lossWatch = new LossWatch(level.board, choice.rule);
    }
    say(ui.status, choice.message ?? '', choice.message === null ? 'neutral' : 'error');
    render();
  });
  ui.board.addEventListener('click', onBoardClick);
  ui.hint.addEventListener('click', () => void giveHint());
  ui.forget.addEventListener('click', forgetProgress);
  window.addEventListener('resize', () => fitBoardToWindow(ui.board));
  // On-screen arrows: phones have no arrow keys.
  for (const button of document.querySelectorAll<HTMLButtonElement>('.dpad button')) {
    button.addEventListener('click', () => makeMove(button.dataset.direction as Direction));
  }
  ui.solve.addEventListener('click', () => void solveCurrent());
  ui.solveCancel.addEventListener('click', () => solveAbort?.abort());
  ui.animStart.addEventListener('click', () => player?.toStart());
  ui.animBack.addEventListener('click', () => player?.back());
  ui.animForward.addEventListener('click', () => player?.forward());
  ui.animPlay.addEventListener('click', () => {
    if (player === null) return;
    if (player.playing) player.pause();
    else player.play();
  });
  ui.animSpeed.addEventListener('input', () => {
    ui.animSpeed.setAttribute('aria-valuetext', `${ui.animSpeed.value} moves a second`);
    if (player !== null) player.speed = Number(ui.animSpeed.value);
  });
  ui.verify.addEventListener('click', verifyMoves);
  ui.pasteLoad.addEventListener('click', loadPasted);
  ui.export.addEventListener('click', exportBoard);
  ui.exportCopy.addEventListener('click', () => {
    exportBoard();
    void navigator.clipboard?.writeText(ui.exportText.value).catch(() => ui.exportText.select());
  });
  new BuilderPanel({ currentBoard: () => session?.board ?? null, play: playBuilt, timeLimit: timeLimitSeconds });
}

async function start(): Promise<void> {
  wire();
  config = await getJson<ConfigAnswer>('/api/config');
  ui.timeLimit.max = String(config.maxTimeLimit);
  ui.timeLimit.value = String(config.defaultTimeLimit);
  const list = await getJson<CollectionsAnswer>('/api/collections');
  for (const entry of list.collections) collections.push({ id: entry.id, name: entry.name, count: entry.levels, titles: null, local: null });
  if (collections.length === 0) return;
  // Back to the level open last in this browser, if its collection is still served.
  const last = progress.lastOpened;
  const reopen = last !== null ? collections.find((collection) => collection.id === last.collection && last.index <= collection.count) : undefined;
  const first = reopen ?? collections[0];
  fillCollectionSelect(first.id);
  await openLevel(first.id, reopen !== undefined && last !== null ? last.index : 1);
  document.body.dataset.ready = 'true';
}

start().catch((error: unknown) => showError(ui.status, error));
