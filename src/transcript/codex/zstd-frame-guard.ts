// ZstdFrameGuard: follows a zstd stream's frame and block headers as its bytes arrive (linear, a few bytes held), so that
// what the decoder would spend is checked before it sees the bytes: each frame's window (allocated whole), and the window
// bytes fzstd moves for every block (its whole window, whatever the block's size: a stream of tiny blocks under a large
// window costs far more than its size). The format: RFC 8878 §3.1 (frames, skippable frames, block headers).

const ZSTD_MAGIC = 0xfd2fb528;
const SKIPPABLE_MAGIC = 0x184d2a50;
const SKIPPABLE_MASK = 0xfffffff0;
/** A block holds at most this much, compressed or not (RFC 8878 §3.1.1.2.3, Block_Maximum_Size). */
export const ZSTD_MAX_BLOCK_BYTES = 128 * 1024;

/** The frame's or block's field being read: its bytes are gathered into `held`. */
type Field = "magic" | "skippable-size" | "descriptor" | "header" | "block-header";
/** What follows the bytes being skipped (a skippable frame's body, a block's content, a frame's checksum). */
type AfterSkip = "magic" | "block-header" | "checksum";

/** A damaged stream, or a window over the bound: the message says which. */
export class ZstdFrameError extends Error {
  override readonly name = "ZstdFrameError";
}

function le(bytes: Uint8Array, from: number, length: number): number {
  let value = 0;
  for (let i = length - 1; i >= 0; i -= 1) value = value * 256 + bytes[from + i]!;
  return value;
}

export class ZstdFrameGuard {
  private field: Field = "magic";
  private readonly held = new Uint8Array(14);
  private heldLength = 0;
  private need = 4;
  private skip = 0;
  private afterSkip: AfterSkip = "magic";
  private descriptor = 0;
  private checksum = false;
  private window = 0;
  private windowMoves = 0;

  constructor(private readonly bounds: { maxWindowBytes: number; maxWindowMoveBytes: number }) {}

  /**
   * Follows `chunk`; throws ZstdFrameError at a frame whose window is over the bound, at the block that takes the window
   * bytes moved over theirs, or at headers no decoder takes.
   */
  push(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        if (this.skip === 0) this.skipped();
        continue;
      }
      this.held[this.heldLength] = chunk[i]!;
      this.heldLength += 1;
      i += 1;
      if (this.heldLength === this.need) {
        this.heldLength = 0;
        this.read();
      }
    }
  }

  private expect(field: Field, bytes: number): void {
    this.field = field;
    this.need = bytes;
  }

  private skipThen(bytes: number, then: AfterSkip): void {
    this.afterSkip = then;
    this.skip = bytes;
    if (bytes === 0) this.skipped();
  }

  private skipped(): void {
    switch (this.afterSkip) {
      case "magic":
        this.expect("magic", 4);
        return;
      case "block-header":
        this.expect("block-header", 3);
        return;
      case "checksum":
        this.skipThen(4, "magic");
        return;
      default: {
        const unreachable: never = this.afterSkip;
        throw new Error(`unknown zstd step ${String(unreachable)}`);
      }
    }
  }

  private read(): void {
    const held = this.held;
    switch (this.field) {
      case "magic": {
        const magic = le(held, 0, 4);
        if (magic === ZSTD_MAGIC) this.expect("descriptor", 1);
        else if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) this.expect("skippable-size", 4);
        else throw new ZstdFrameError("no zstd frame starts here");
        return;
      }
      case "skippable-size":
        this.skipThen(le(held, 0, 4), "magic");
        return;
      case "descriptor": {
        const d = held[0]!;
        if ((d & 0x08) !== 0) throw new ZstdFrameError("a frame header's reserved bit is set");
        this.descriptor = d;
        this.checksum = (d & 0x04) !== 0;
        const singleSegment = (d & 0x20) !== 0;
        const sizeFlag = d >> 6;
        const sizeBytes = sizeFlag === 0 ? (singleSegment ? 1 : 0) : 1 << sizeFlag;
        this.expect("header", (singleSegment ? 0 : 1) + [0, 1, 2, 4][d & 3]! + sizeBytes);
        return;
      }
      case "header": {
        const d = this.descriptor;
        let window: number;
        if ((d & 0x20) === 0) {
          // Window_Descriptor: 2^(10 + exponent), plus eighths of it.
          const base = 2 ** (10 + (held[0]! >> 3));
          window = base + (base / 8) * (held[0]! & 7);
        } else {
          // A single segment: the window is the content size, the header's last field.
          const sizeFlag = d >> 6;
          const sizeBytes = sizeFlag === 0 ? 1 : 1 << sizeFlag;
          window = le(held, this.need - sizeBytes, sizeBytes) + (sizeBytes === 2 ? 256 : 0);
        }
        if (window > this.bounds.maxWindowBytes)
          throw new ZstdFrameError(`a frame asks for a ${window}-byte window, over the ${this.bounds.maxWindowBytes}-byte bound`);
        this.window = window;
        this.expect("block-header", 3);
        return;
      }
      case "block-header": {
        const header = le(held, 0, 3);
        const last = (header & 1) === 1;
        const type = (header >> 1) & 3;
        const size = header >>> 3;
        if (type === 3) throw new ZstdFrameError("a block of the reserved type");
        if (size > ZSTD_MAX_BLOCK_BYTES) throw new ZstdFrameError(`a ${size}-byte block, over ${ZSTD_MAX_BLOCK_BYTES} bytes`);
        this.windowMoves += this.window;
        if (this.windowMoves > this.bounds.maxWindowMoveBytes)
          throw new ZstdFrameError(
            `its blocks would have the decoder move over ${this.bounds.maxWindowMoveBytes} bytes of window (too many blocks for its window)`,
          );
        // An RLE block holds one byte, repeated `size` times.
        this.skipThen(type === 1 ? 1 : size, last ? (this.checksum ? "checksum" : "magic") : "block-header");
        return;
      }
      default: {
        const unreachable: never = this.field;
        throw new Error(`unknown zstd field ${String(unreachable)}`);
      }
    }
  }
}
