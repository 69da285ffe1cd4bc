// Date.parse of ISO timestamps as Claude Code writes them, read from their bytes without the general date parser (texts through the same parser); anything else goes to Date.parse.

const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const DASH = 0x2d;
const T = 0x54;
const COLON = 0x3a;
const DOT = 0x2e;
const Z = 0x5a;

/** Whether the fields (from `YYYY-MM-DDTHH:MM:SS.sssZ`) are in the ranges where Date.UTC gives what Date.parse does. */
function inRange(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): boolean {
  return (
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 31 &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59 &&
    ms >= 0
  );
}

/** The number the `length` ASCII digits at `start` spell; -1 if any is not a digit. */
function bytesDigits(line: Buffer, start: number, length: number): number {
  let n = 0;
  for (let i = start; i < start + length; i += 1) {
    const code = line[i]!;
    if (code < DIGIT_0 || code > DIGIT_9) return -1;
    n = n * 10 + (code - DIGIT_0);
  }
  return n;
}

/** Date.UTC of the fields when they are in range, else NaN. */
function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
  return inRange(year, month, day, hour, minute, second, ms)
    ? Date.UTC(year, month - 1, day, hour, minute, second, ms)
    : Number.NaN;
}

/**
 * Date.parse of the string between `start` and `end` of `line` (no escapes in it). The form Claude Code writes,
 * `YYYY-MM-DDTHH:MM:SS.sssZ` with fields in their usual ranges, is read from the bytes (Date.UTC gives what Date.parse
 * does for it); any other text is decoded and given to Date.parse.
 */
export function timeOfBytes(line: Buffer, start: number, end: number): number {
  if (
    end - start === 24 &&
    line[start + 4] === DASH &&
    line[start + 7] === DASH &&
    line[start + 10] === T &&
    line[start + 13] === COLON &&
    line[start + 16] === COLON &&
    line[start + 19] === DOT &&
    line[start + 23] === Z
  ) {
    const time = utc(
      bytesDigits(line, start, 4),
      bytesDigits(line, start + 5, 2),
      bytesDigits(line, start + 8, 2),
      bytesDigits(line, start + 11, 2),
      bytesDigits(line, start + 14, 2),
      bytesDigits(line, start + 17, 2),
      bytesDigits(line, start + 20, 3),
    );
    if (!Number.isNaN(time)) return time;
  }
  return Date.parse(line.toString("utf8", start, end));
}

/** Bytes a 24-character text can take in UTF-8 (4 per character at most), for timeOfText. */
const SCRATCH = Buffer.alloc(24 * 4);

/**
 * Date.parse of `text`: timeOfBytes of its UTF-8 bytes when it is 24 ASCII characters (written into a scratch buffer,
 * no allocation: one parser for the bytes and the text), else Date.parse.
 */
export function timeOfText(text: string): number {
  if (text.length === 24 && SCRATCH.write(text, 0, "utf8") === 24) return timeOfBytes(SCRATCH, 0, 24);
  return Date.parse(text);
}
