// A process's output written to stdout without process.stdout: that getter sets up a stream (node:stream, and node:net for a pipe), ~4-5 ms of a short process.
import { writeSync } from "node:fs";
import { errnoCode } from "./error-details.js";

/**
 * Writes `text` on fd 1 and resolves once it is written (the process may exit right after). A descriptor in
 * non-blocking mode that is full (EAGAIN) gets the rest through process.stdout; any other failure (stdout closed:
 * nobody to tell) ends the write.
 */
export function writeStdout(text: string): Promise<void> {
  const bytes = Buffer.from(text, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(1, bytes, written, bytes.length - written);
    return Promise.resolve();
  } catch (e) {
    if (errnoCode(e) !== "EAGAIN") return Promise.resolve();
  }
  return new Promise((resolve) => {
    process.stdout.write(bytes.subarray(written), () => resolve());
  });
}
