// Git's conflict markers in a text (no YAML here: the hook entry uses it too).

const CONFLICT_START = /^<{7}( |$)/m;
const CONFLICT_END = /^>{7}( |$)/m;

/** True when `text` holds the lines of an unresolved git conflict (a lone "=======" is a Markdown heading underline). */
export function hasConflictMarkers(text: string): boolean {
  return CONFLICT_START.test(text) && CONFLICT_END.test(text);
}
