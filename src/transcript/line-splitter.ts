// Line splitters: cut a forward stream of byte chunks into lines at "\n" (safe for UTF-8), without holding more than one line.

export type LineSink = (text: string, terminated: boolean) => void;

/** Gets each line's bytes (without the newline); returning true stops the splitter: later bytes are ignored. */
export type ByteLineSink = (bytes: Buffer, terminated: boolean) => boolean;

/**
 * Gets each line as `buffer[start, end)` (without the newline: `buffer[end]` is the newline or past the buffer's end),
 * no view made; returning true stops the splitter.
 */
export type ByteRangeSink = (buffer: Buffer, start: number, end: number, terminated: boolean) => boolean;

const NEWLINE = 0x0a;

export class ByteRangeSplitter {
  /** Bytes of the current line not yet ended by a newline. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private takenBytes = 0;
  private stoppedBySink = false;

  /**
   * `ownsChunks`: the caller will write into a chunk again once push() returns, so the start of a line that goes on in
   * the next chunk is copied rather than kept as a view.
   */
  constructor(
    private readonly sink: ByteRangeSink,
    private readonly ownsChunks = false,
  ) {}

  /** Bytes held for a line that has not ended yet. */
  get bytesPending(): number {
    return this.pendingBytes;
  }

  /** Bytes of the lines given to the sink so far, their newlines included. */
  get bytesTaken(): number {
    return this.takenBytes;
  }

  /** The sink asked to stop. */
  get stopped(): boolean {
    return this.stoppedBySink;
  }

  push(chunk: Buffer): void {
    if (this.stoppedBySink) return;
    let start = 0;
    let newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      let stop: boolean;
      if (this.pending.length === 0) {
        this.takenBytes += newline - start + 1;
        stop = this.sink(chunk, start, newline, true);
      } else {
        const line = Buffer.concat([...this.pending, chunk.subarray(start, newline)]);
        this.pending = [];
        this.pendingBytes = 0;
        this.takenBytes += line.length + 1;
        stop = this.sink(line, 0, line.length, true);
      }
      if (stop) {
        this.stoppedBySink = true;
        return;
      }
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) {
      this.pending.push(this.ownsChunks ? Buffer.from(chunk.subarray(start)) : chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
    }
  }

  /** End of input: a line without a final newline goes to the sink as unterminated. */
  end(): void {
    if (this.stoppedBySink || this.pending.length === 0) return;
    const line = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.takenBytes += line.length;
    this.stoppedBySink = this.sink(line, 0, line.length, false);
  }
}

/** A ByteRangeSplitter whose sink gets each line as its own Buffer (a view of the chunk, or a copy across chunks). */
export class ByteLineSplitter extends ByteRangeSplitter {
  constructor(sink: ByteLineSink) {
    super((buffer, start, end, terminated) =>
      sink(start === 0 && end === buffer.length ? buffer : buffer.subarray(start, end), terminated),
    );
  }
}

/** A ByteRangeSplitter whose sink gets each line decoded as UTF-8 text. */
export class LineSplitter {
  private readonly bytes: ByteRangeSplitter;

  constructor(sink: LineSink) {
    this.bytes = new ByteRangeSplitter((buffer, start, end, terminated) => {
      sink(buffer.toString("utf8", start, end), terminated);
      return false;
    });
  }

  push(chunk: Buffer): void {
    this.bytes.push(chunk);
  }

  end(): void {
    this.bytes.end();
  }
}
