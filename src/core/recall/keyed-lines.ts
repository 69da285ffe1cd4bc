// Files of keyed lines (the path index's shards): a header line (a JSON object with the byte size of the lines after
// it), then one line per key, `[key, value]` as JSON, sorted by key. A lookup finds its key's line with one byte search
// and parses that line alone; JSON escapes a newline inside a string, so "\n[" only ever begins a line.

/** The file's text: the header (its `size` added), then a line per entry sorted by key (the same entries, the same bytes). */
export function encodeKeyedLines(header: Record<string, unknown>, entries: Iterable<readonly [string, unknown]>): string {
  const sorted = [...entries].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const body = sorted.map(([key, value]) => `${JSON.stringify([key, value])}\n`).join("");
  return `${JSON.stringify({ ...header, size: Buffer.byteLength(body) })}\n${body}`;
}

const NEWLINE = 0x0a;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The header, or null: not a JSON object, or the lines after it not of the size it names (cut short, or added to). */
export function keyedLinesHeader(bytes: Buffer): Record<string, unknown> | null {
  const end = bytes.indexOf(NEWLINE);
  if (end === -1) return null;
  const header = parsed(bytes.toString("utf8", 0, end));
  if (!isRecord(header) || header.size !== bytes.length - end - 1) return null;
  return header;
}

/** The key and value of one line, or null when it is not `[string, value]`. */
function lineEntry(text: string): [string, unknown] | null {
  const line = parsed(text);
  return Array.isArray(line) && line.length === 2 && typeof line[0] === "string" ? [line[0], line[1]] : null;
}

/**
 * The value on the line of `key` in a file whose header was checked: undefined when there is no such line, null when the
 * line found is damaged (not JSON, not `[key, value]`).
 */
export function keyedLineValue(bytes: Buffer, key: string): { value: unknown } | null | undefined {
  // "\n[", the key as JSON, ",": the start of this key's line only (a key that begins another, "src" of "src/a", is already
  // told apart by its closing quote; the comma asks for the value after it).
  const at = bytes.indexOf(`\n[${JSON.stringify(key)},`, 0, "utf8");
  if (at === -1) return undefined;
  const end = bytes.indexOf(NEWLINE, at + 1);
  const entry = lineEntry(bytes.toString("utf8", at + 1, end === -1 ? bytes.length : end));
  return entry !== null && entry[0] === key ? { value: entry[1] } : null;
}

/**
 * Every line after the header as [key, value], or null when one is damaged, begins otherwise than a lookup of its key
 * searches for (then it could not be found), or the keys are not strictly in order (then one could hide another).
 */
export function allKeyedLines(bytes: Buffer): [string, unknown][] | null {
  const out: [string, unknown][] = [];
  let start = bytes.indexOf(NEWLINE) + 1;
  if (start === 0) return null;
  while (start < bytes.length) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end === -1) return null; // the last line without its newline
    const text = bytes.toString("utf8", start, end);
    const entry = lineEntry(text);
    const previous = out.at(-1);
    if (entry === null || !text.startsWith(`[${JSON.stringify(entry[0])},`)) return null;
    if (previous !== undefined && !(previous[0] < entry[0])) return null;
    out.push(entry);
    start = end + 1;
  }
  return out;
}
