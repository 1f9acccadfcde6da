/** Deepest nesting of arrays and objects any contract needs is far below this; deeper bodies are refused. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether UTF-8 JSON text nests arrays and objects deeper than `limit`, found in one pass over the
 * bytes with no allocation (so before anything parses or walks it): brackets count only outside
 * strings, and a backslash in a string hides the next byte. The structural characters are ASCII, and
 * UTF-8 never uses ASCII bytes inside a multi-byte character, so bytes are enough. Malformed text
 * gives some answer; the parser that follows refuses it anyway.
 */
export const jsonNestingExceeds = (bytes: Uint8Array, limit: number = MAX_JSON_DEPTH): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--;
  }
  return false;
};
