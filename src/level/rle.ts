/**
 * Run-length encoding as used in XSB rows and LURD strings: a decimal count repeats the next
 * character or parenthesised group (`3#`, `2(3(#-)#)`); everything else is literal.
 * The caller decides which literal characters are legal (and what `|` means).
 */

export interface RunLengthLimits {
  /** Largest single count accepted. */
  readonly maxCount: number;
  /** Largest expanded length accepted. */
  readonly maxLength: number;
}

/** Generous for any real board or solution, small enough that a hostile line cannot exhaust memory. */
export const DEFAULT_RUN_LENGTH_LIMITS: RunLengthLimits = { maxCount: 10_000, maxLength: 1_000_000 };

export type RunLengthResult =
  | {
      readonly ok: true;
      readonly text: string;
      /** For each expanded character, the 0-based index in the source it was copied from. */
      readonly columns: readonly number[];
    }
  | {
      readonly ok: false;
      readonly reason: string;
      /** 0-based index in the source where the problem was seen. */
      readonly column: number;
      /** True when the text is well-formed but exceeds a limit (a real error, not just "not RLE"). */
      readonly tooLarge: boolean;
    };

interface Group {
  chars: string[];
  columns: number[];
  repeat: number;
  openedAt: number;
}

export function expandRunLength(source: string, limits: RunLengthLimits = DEFAULT_RUN_LENGTH_LIMITS): RunLengthResult {
  const stack: Group[] = [{ chars: [], columns: [], repeat: 1, openedAt: -1 }];
  let pending = 0;
  let pendingAt = -1;
  const fail = (reason: string, column: number, tooLarge = false): RunLengthResult => ({ ok: false, reason, column, tooLarge });

  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char >= '0' && char <= '9') {
      const start = i;
      let count = 0;
      while (i < source.length && source[i] >= '0' && source[i] <= '9') {
        count = count * 10 + (source.charCodeAt(i) - 48);
        if (count > limits.maxCount) return fail(`run-length count is larger than ${limits.maxCount}`, start, true);
        i++;
      }
      i--;
      if (count === 0) return fail('run-length count of 0', start);
      pending = count;
      pendingAt = start;
      continue;
    }
    const top = stack[stack.length - 1];
    const repeat = pending === 0 ? 1 : pending;
    if (char === '(') {
      stack.push({ chars: [], columns: [], repeat, openedAt: i });
      pending = 0;
      continue;
    }
    if (char === ')') {
      if (stack.length === 1) return fail("')' without '('", i);
      if (pending !== 0) return fail('run-length count with nothing to repeat', pendingAt);
      const group = stack.pop() as (typeof stack)[number];
      const parent = stack[stack.length - 1];
      if (parent.chars.length + group.chars.length * group.repeat > limits.maxLength) {
        return fail(`run-length expansion is longer than ${limits.maxLength}`, group.openedAt, true);
      }
      for (let r = 0; r < group.repeat; r++) {
        for (let k = 0; k < group.chars.length; k++) {
          parent.chars.push(group.chars[k]);
          parent.columns.push(group.columns[k]);
        }
      }
      continue;
    }
    if (top.chars.length + repeat > limits.maxLength) {
      return fail(`run-length expansion is longer than ${limits.maxLength}`, i, true);
    }
    for (let r = 0; r < repeat; r++) {
      top.chars.push(char);
      top.columns.push(i);
    }
    pending = 0;
  }
  if (pending !== 0) return fail('run-length count with nothing to repeat', pendingAt);
  if (stack.length > 1) return fail("'(' without ')'", stack[stack.length - 1].openedAt);
  return { ok: true, text: stack[0].chars.join(''), columns: stack[0].columns };
}

/** True when the text uses run-length syntax at all (a count or a group). */
export function hasRunLengthSyntax(text: string): boolean {
  return /[0-9()]/.test(text);
}
