// LineSplitter: cuts a forward stream of byte chunks into lines at "\n" (safe for UTF-8), without holding more than one line.

export type LineSink = (text: string, terminated: boolean) => void;

const NEWLINE = 0x0a;

export class LineSplitter {
  /** Bytes of the current line not yet ended by a newline. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly sink: LineSink) {}

  /** Bytes held for a line that has not ended yet. */
  get bytesPending(): number {
    return this.pendingBytes;
  }

  push(chunk: Buffer): void {
    let start = 0;
    let newline = chunk.indexOf(NEWLINE, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      const line = this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      this.pendingBytes = 0;
      this.sink(line.toString("utf8"), true);
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
    }
  }

  /** End of input: a line without a final newline goes to the sink as unterminated. */
  end(): void {
    if (this.pending.length === 0) return;
    const line = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.sink(line.toString("utf8"), false);
  }
}
