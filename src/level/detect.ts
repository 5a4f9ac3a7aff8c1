import { isGridJson, looksLikeGridText } from './cs161-grid.js';
import type { LevelFormat } from './level.js';

/**
 * The format a text is written in, judged from its content:
 * JSON holding lists of names -> 'json' (6.101); JSON holding numbers, or text made only of
 * numbers -> 'grid' (CS161); anything else -> 'xsb'. Text that starts like JSON but does not
 * parse is 'json' (so the user hears about the JSON syntax error rather than a missing board)
 * unless it holds a line drawn like an XSB wall row.
 */
export function detectFormat(text: string): LevelFormat {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return isGridJson(JSON.parse(trimmed)) ? 'grid' : 'json';
    } catch {
      if (looksLikeGridText(trimmed)) return 'grid';
      // "[Pack name]" above ordinary XSB boards is not broken JSON.
      return /^[ \t]*#[#@+$*. _-]*#[ \t]*$/m.test(trimmed) ? 'xsb' : 'json';
    }
  }
  return looksLikeGridText(trimmed) ? 'grid' : 'xsb';
}
