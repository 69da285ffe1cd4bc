// A session's earliest and latest record timestamps, and the lines the report's scan skipped unparsed that could still move them.
import { timeOfText } from "../../transcript/iso-time.js";

interface Instant {
  ms: number;
  at: string;
  lineNumber: number;
}

/**
 * The earliest and latest record timestamps (by Date.parse; on a tie the earlier line wins, as a fold in file order
 * keeps the first): the same whatever order the lines are folded in, so lines held back can be folded late.
 */
export class TimeSpan {
  first: Instant | null = null;
  last: Instant | null = null;

  /** Folds one record's timestamp; returns whether either end moved. */
  fold(at: string, lineNumber: number): boolean {
    const ms = timeOfText(at);
    if (Number.isNaN(ms)) return false;
    const before = this.movesFirst(ms, lineNumber);
    const after = this.movesLast(ms, lineNumber);
    if (before) this.first = { ms, at, lineNumber };
    if (after) this.last = { ms, at, lineNumber };
    return before || after;
  }

  /** Whether a record of this line with a timestamp among `times` (Date.parse values) could move either end. */
  couldMove(times: readonly number[], lineNumber: number): boolean {
    return times.some((ms) => this.movesFirst(ms, lineNumber) || this.movesLast(ms, lineNumber));
  }

  private movesFirst(ms: number, lineNumber: number): boolean {
    const first = this.first;
    return first === null || ms < first.ms || (ms === first.ms && lineNumber < first.lineNumber);
  }

  private movesLast(ms: number, lineNumber: number): boolean {
    const last = this.last;
    return last === null || ms > last.ms || (ms === last.ms && lineNumber < last.lineNumber);
  }
}

/** A line skipped unparsed whose timestamp could still move the session's start or end. */
export interface HeldLine {
  bytes: Buffer;
  lineNumber: number;
  /** Date.parse of each string its top-level timestamp can be (valid ones only). */
  times: number[];
}

/** Past this many held lines, or this many bytes of read chunks kept alive by them, the held lines are settled. */
const MAX_HELD_LINES = 256;
const MAX_HELD_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Lines skipped unparsed whose timestamp could still move the session's start or end: kept as views of the read chunk
 * until the reader reuses that chunk (then the ones that still matter are copied) and parsed at the end of the file
 * unless a later timestamp settled them. Bounded: past MAX_HELD_LINES lines or MAX_HELD_CHUNK_BYTES of memory, those
 * that no longer matter are dropped and the newest of the rest parsed until half the bound is left.
 */
export class HeldLines {
  private lines: HeldLine[] = [];
  /** Each read chunk a held line is a view of, with how many held lines point into it. */
  private readonly chunks = new Map<ArrayBufferLike, number>();
  private chunkBytes = 0;

  constructor(
    private readonly span: TimeSpan,
    private readonly parse: (line: HeldLine) => void,
  ) {}

  /**
   * Holds the skipped line `buffer[start, end)` if its timestamp (one of `times`) could move the span now (else it never
   * can: the span only widens).
   */
  offer(buffer: Buffer, start: number, end: number, lineNumber: number, times: number[]): void {
    if (times.length === 0 || !this.span.couldMove(times, lineNumber)) return;
    const bytes = start === 0 && end === buffer.length ? buffer : buffer.subarray(start, end);
    const line: HeldLine = { bytes, lineNumber, times };
    this.lines.push(line);
    this.keep(line);
    if (this.lines.length > MAX_HELD_LINES || this.chunkBytes > MAX_HELD_CHUNK_BYTES)
      this.settle(MAX_HELD_LINES / 2, MAX_HELD_CHUNK_BYTES / 2);
  }

  /** The reader is about to read into `chunk` again: drops the lines that no longer matter, copies the others in it. */
  beforeChunkReuse(chunk: Buffer): void {
    this.dropSettled();
    for (const line of this.lines) {
      if (line.bytes.buffer !== chunk.buffer) continue;
      this.release(line);
      line.bytes = Buffer.from(line.bytes);
      this.keep(line);
    }
  }

  /** At the end of the file: parses every held line that still matters. */
  finish(): void {
    this.settle(0, 0);
  }

  /** Drops the lines that no longer matter, then parses the newest (most likely to settle the others) down to the bounds. */
  private settle(maxLines: number, maxChunkBytes: number): void {
    this.dropSettled();
    while (this.lines.length > maxLines || (this.lines.length > 0 && this.chunkBytes > maxChunkBytes)) {
      const line = this.lines.pop()!;
      this.release(line);
      const first = this.span.first;
      const last = this.span.last;
      this.parse(line);
      if (this.span.first !== first || this.span.last !== last) this.dropSettled();
    }
  }

  private dropSettled(): void {
    const kept: HeldLine[] = [];
    for (const line of this.lines) {
      if (this.span.couldMove(line.times, line.lineNumber)) kept.push(line);
      else this.release(line);
    }
    this.lines = kept;
  }

  private keep(line: HeldLine): void {
    const count = this.chunks.get(line.bytes.buffer) ?? 0;
    if (count === 0) this.chunkBytes += line.bytes.buffer.byteLength;
    this.chunks.set(line.bytes.buffer, count + 1);
  }

  private release(line: HeldLine): void {
    const count = this.chunks.get(line.bytes.buffer)!;
    if (count > 1) this.chunks.set(line.bytes.buffer, count - 1);
    else {
      this.chunks.delete(line.bytes.buffer);
      this.chunkBytes -= line.bytes.buffer.byteLength;
    }
  }
}
