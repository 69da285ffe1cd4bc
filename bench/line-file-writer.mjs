// Buffered synchronous writer of JSONL lines (benchmark fixtures are hundreds of MB: few large writes, not many small ones).
import { closeSync, openSync, writeSync } from "node:fs";

export class LineFileWriter {
  constructor(path) {
    this.fd = openSync(path, "w");
    this.parts = [];
    this.pending = 0;
    /** Bytes written so far (UTF-8), buffered ones included. */
    this.bytes = 0;
  }

  line(text) {
    const size = Buffer.byteLength(text) + 1;
    this.parts.push(text, "\n");
    this.pending += size;
    this.bytes += size;
    if (this.pending >= 4 * 1024 * 1024) this.flush();
  }

  flush() {
    if (this.parts.length === 0) return;
    writeSync(this.fd, this.parts.join(""));
    this.parts = [];
    this.pending = 0;
  }

  close() {
    this.flush();
    closeSync(this.fd);
  }
}
