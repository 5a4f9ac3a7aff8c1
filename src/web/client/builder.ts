import type { Board } from '../../level/board.js';
import type { Level, LevelFormat } from '../../level/level.js';
import { formatBoard } from '../../level/write.js';
import type { GoalRule } from '../../game/goal-rule.js';
import { postJson } from './api.js';
import { BuilderGrid, PLAYER, type Tool } from './builder-model.js';
import { BOX, GOAL, WALL } from '../../level/board.js';
import { byId, say } from './dom.js';
import { readLevels, ruleFor } from './level-check.js';
import { describeSolveAnswer } from './solve-text.js';

export interface BuilderHooks {
  /** The board being played, for "Edit the level being played". */
  currentBoard(): Board | null;
  /** Plays a built level, optionally animating a solution from its start. */
  play(level: Level, rule: GoalRule, solution?: string): void;
  timeLimit(): number;
}

const TOOLS: readonly Tool[] = ['wall', 'floor', 'goal', 'box', 'player'];
const MIN_SIZE = 3;
const MAX_SIZE = 40;

function cellLabel(flags: number): string {
  if ((flags & WALL) !== 0) return 'wall';
  const parts: string[] = [];
  if ((flags & PLAYER) !== 0) parts.push('player');
  if ((flags & BOX) !== 0) parts.push('box');
  if ((flags & GOAL) !== 0) parts.push('goal');
  return parts.length === 0 ? 'floor' : parts.join(' on ');
}

/**
 * The level builder: a grid of buttons (one per square, with a roving tab stop so the keyboard moves
 * between squares with the arrow keys), live validation by the library's reader, a solvability
 * check through the server's solver, and export in every format.
 */
export class BuilderPanel {
  private grid = BuilderGrid.room(7, 6);
  private focusSquare = 0;
  private painting = false;
  private level: Level | null = null;
  private rule: GoalRule | null = null;
  private readonly gridElement = byId('build-grid', HTMLDivElement);
  private readonly messages = byId('build-messages', HTMLUListElement);
  private readonly result = byId('build-result', HTMLParagraphElement);
  private readonly exportText = byId('build-export', HTMLTextAreaElement);
  private readonly exportFormat = byId('build-export-format', HTMLSelectElement);
  private readonly ruleSelect = byId('build-rule', HTMLSelectElement);
  private readonly widthInput = byId('build-width', HTMLInputElement);
  private readonly heightInput = byId('build-height', HTMLInputElement);
  private readonly solveButton = byId('build-solve', HTMLButtonElement);
  private readonly playButton = byId('build-play', HTMLButtonElement);

  constructor(private readonly hooks: BuilderHooks) {
    this.gridElement.addEventListener('keydown', (event) => this.onKey(event));
    this.gridElement.addEventListener('pointerup', () => {
      this.painting = false;
    });
    document.addEventListener('pointerup', () => {
      this.painting = false;
    });
    const resize = (): void => this.resize();
    this.widthInput.addEventListener('change', resize);
    this.heightInput.addEventListener('change', resize);
    byId('build-clear', HTMLButtonElement).addEventListener('click', () => {
      this.grid = BuilderGrid.room(this.grid.width, this.grid.height);
      this.refresh(true);
    });
    byId('build-from-play', HTMLButtonElement).addEventListener('click', () => {
      const board = this.hooks.currentBoard();
      if (board === null) return;
      this.grid = BuilderGrid.fromBoard(board);
      this.widthInput.value = String(board.width);
      this.heightInput.value = String(board.height);
      this.refresh(true);
    });
    this.ruleSelect.addEventListener('change', () => this.refresh(false));
    this.exportFormat.addEventListener('change', () => this.showExport());
    this.solveButton.addEventListener('click', () => void this.checkSolvable());
    this.playButton.addEventListener('click', () => {
      if (this.level !== null && this.rule !== null) this.hooks.play(this.level, this.rule);
    });
    document.addEventListener('keydown', (event) => {
      // Number keys pick a tool while the grid has focus.
      if (!this.gridElement.contains(document.activeElement)) return;
      const index = Number(event.key) - 1;
      if (Number.isInteger(index) && index >= 0 && index < TOOLS.length) {
        const radio = document.querySelector<HTMLInputElement>(`input[name="tool"][value="${TOOLS[index]}"]`);
        if (radio !== null) radio.checked = true;
        event.preventDefault();
      }
    });
    this.refresh(true);
  }

  private tool(): Tool {
    const checked = document.querySelector<HTMLInputElement>('input[name="tool"]:checked');
    return (checked?.value as Tool | undefined) ?? 'wall';
  }

  private resize(): void {
    const clamp = (input: HTMLInputElement, fallback: number): number => {
      const value = Math.round(Number(input.value));
      const size = Number.isFinite(value) ? Math.min(MAX_SIZE, Math.max(MIN_SIZE, value)) : fallback;
      input.value = String(size);
      return size;
    };
    this.grid.resize(clamp(this.widthInput, this.grid.width), clamp(this.heightInput, this.grid.height));
    this.focusSquare = Math.min(this.focusSquare, this.grid.cells.length - 1);
    this.refresh(true);
  }

  private paint(square: number): void {
    this.grid.apply(square, this.tool());
    this.focusSquare = square;
    this.refresh(false);
  }

  /** Redraws the grid (rebuilding its buttons when the size changed) and re-validates. */
  private refresh(rebuild: boolean): void {
    const { width, height, cells } = this.grid;
    if (rebuild || this.gridElement.children.length !== cells.length) {
      this.gridElement.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
      const buttons = cells.map((_, square) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.square = String(square);
        button.addEventListener('pointerdown', (event) => {
          event.preventDefault();
          button.focus();
          this.painting = this.tool() === 'wall' || this.tool() === 'floor';
          this.paint(square);
        });
        button.addEventListener('pointerenter', () => {
          if (this.painting) this.paint(square);
        });
        // Enter and Space click a focused button; pointer clicks were handled on pointerdown.
        button.addEventListener('click', (event) => {
          if (event.detail === 0) this.paint(square);
        });
        return button;
      });
      this.gridElement.replaceChildren(...buttons);
    }
    cells.forEach((flags, square) => {
      const button = this.gridElement.children[square] as HTMLButtonElement;
      const row = Math.floor(square / width);
      const col = square % width;
      const names = ['cell'];
      if ((flags & WALL) !== 0) names.push('wall');
      if ((flags & GOAL) !== 0) names.push('goal');
      if ((flags & BOX) !== 0) names.push('box');
      if ((flags & PLAYER) !== 0) names.push('player');
      button.className = names.join(' ');
      button.tabIndex = square === this.focusSquare ? 0 : -1;
      button.setAttribute('aria-label', `row ${row + 1}, column ${col + 1}: ${cellLabel(flags)}`);
    });
    this.validate();
  }

  private onKey(event: KeyboardEvent): void {
    const { width, height } = this.grid;
    const row = Math.floor(this.focusSquare / width);
    const col = this.focusSquare % width;
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const delta = moves[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    const nextRow = Math.min(height - 1, Math.max(0, row + delta[0]));
    const nextCol = Math.min(width - 1, Math.max(0, col + delta[1]));
    this.focusSquare = nextRow * width + nextCol;
    for (const [square, child] of [...this.gridElement.children].entries()) {
      (child as HTMLButtonElement).tabIndex = square === this.focusSquare ? 0 : -1;
    }
    (this.gridElement.children[this.focusSquare] as HTMLButtonElement).focus();
  }

  /** Runs the library's reader and rule choice on the grid, and lists what they say. */
  private validate(): void {
    const checked = readLevels(this.grid.toXsb(), 'builder', 'xsb');
    const hasPlayer = this.grid.cells.some((flags) => (flags & PLAYER) !== 0);
    // Without a player the reader can only say "no player" or, for an empty room, "no level found
    // (no board rows in the file)": right, but unhelpful while building, so the hint replaces them.
    const items = checked.messages.filter((message) => hasPlayer || message.tone !== 'error').map((message) => ({ ...message }));
    this.level = checked.levels.length === 1 ? checked.levels[0] : null;
    this.rule = null;
    if (checked.levels.length > 1) items.push({ text: 'the grid reads as several levels', tone: 'error' });
    if (!hasPlayer) items.unshift({ text: 'no player yet: place one with the Player tool', tone: 'warning' });
    if (this.level !== null) {
      const choice = ruleFor(this.level, this.ruleSelect.value);
      this.rule = choice.rule;
      if (choice.message !== null) items.push({ text: choice.message, tone: 'error' });
    }
    const valid = this.level !== null && this.rule !== null;
    this.messages.replaceChildren(
      ...(items.length > 0 ? items : [{ text: 'valid level', tone: 'ok' as const }]).map((item) => {
        const li = document.createElement('li');
        li.textContent = item.text;
        li.className = item.tone;
        return li;
      }),
    );
    this.solveButton.disabled = !valid;
    this.playButton.disabled = !valid;
    say(this.result, '');
    this.showExport();
  }

  private showExport(): void {
    this.exportText.value = this.level === null ? '' : formatBoard(this.level.board, this.exportFormat.value as LevelFormat);
  }

  private async checkSolvable(): Promise<void> {
    const level = this.level;
    const rule = this.rule;
    if (level === null || rule === null) return;
    this.solveButton.disabled = true;
    say(this.result, 'Searching…');
    try {
      const answer = await postJson('/api/solve', {
        level: formatBoard(level.board, 'xsb'),
        format: 'xsb',
        goal: rule,
        timeLimit: this.hooks.timeLimit(),
      });
      const tone = answer.status === 'solved' ? 'ok' : answer.status === 'unsolvable' ? 'error' : 'neutral';
      const text =
        answer.status === 'solved'
          ? `Solvable: ${describeSolveAnswer(answer)}`
          : answer.status === 'unsolvable'
            ? 'Not solvable: the solver searched every reachable position.'
            : describeSolveAnswer(answer);
      say(this.result, text, tone);
      if (answer.status === 'solved' && answer.solution !== null) {
        const show = document.createElement('button');
        show.type = 'button';
        show.textContent = 'Watch the solution';
        const solution = answer.solution;
        show.addEventListener('click', () => this.hooks.play(level, rule, solution));
        this.result.append(' ', show);
      }
    } catch (error) {
      say(this.result, error instanceof Error ? error.message : String(error), 'error');
    } finally {
      this.solveButton.disabled = this.level === null || this.rule === null;
    }
  }
}
