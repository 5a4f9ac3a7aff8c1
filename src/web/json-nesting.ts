/**
 * The deepest nesting of arrays and objects a request body may have. A level sent as a board is
 * an object holding rows of cells of strings (depth 4); nothing the API takes goes deeper. A body
 * nested thousands deep parses, but copying it to a worker thread recurses once per level and
 * overflows the stack, so it is refused before it is parsed.
 */
export const MAX_JSON_NESTING = 32;

/** The deepest nesting of `[` and `{` in JSON text, outside strings; stops counting past `limit`. */
export function jsonNesting(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x5d || char === 0x7d) depth--;
  }
  return deepest;
}
