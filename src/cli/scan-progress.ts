// Progress of a long transcript scan on stderr: silent for the first second, then throttled (one line per update off a TTY).
import type { ScanProgress } from "../core/savings/savings-report.js";

export interface ProgressReporter {
  update: (progress: ScanProgress) => void;
  /** Ends the progress line (if one was shown). */
  done: () => void;
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

export function stderrProgress(
  options: { delayMs?: number; intervalMs?: number; stream?: NodeJS.WriteStream } = {},
): ProgressReporter {
  const delayMs = options.delayMs ?? 1000;
  const started = Date.now();
  // process.stderr is made at the first update past the delay: making it (a pipe's socket) costs a short report ~0.7 ms.
  let stream: NodeJS.WriteStream | null = null;
  let intervalMs = 0;
  let lastShown = 0;
  let shown = false;
  return {
    update(p) {
      const now = Date.now();
      if (now - started < delayMs) return;
      if (stream === null) {
        stream = options.stream ?? process.stderr;
        intervalMs = options.intervalMs ?? (stream.isTTY ? 200 : 2000);
      }
      if (now - lastShown < intervalMs) return;
      lastShown = now;
      shown = true;
      const text = `Scanning Claude Code transcripts: ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB`;
      stream.write(stream.isTTY ? `\r${text}\u001b[K` : `${text}\n`);
    },
    done() {
      if (shown && stream?.isTTY === true) stream.write("\n");
    },
  };
}
