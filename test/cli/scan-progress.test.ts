// Guards the scan's progress on stderr: nothing for a quick scan, then lines with files and megabytes for a long one.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { stderrProgress } from "../../src/cli/scan-progress.js";

function collect(): { stream: NodeJS.WriteStream; text: () => string } {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on("data", (c: Buffer) => chunks.push(c.toString("utf8")));
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => chunks.join("") };
}

const step = { filesDone: 1, filesTotal: 4, bytesDone: 3 * 1024 * 1024, bytesTotal: 12 * 1024 * 1024, currentPath: "/x.jsonl" };

describe("scan progress", () => {
  it("stays silent while the scan is within its first moment", () => {
    const out = collect();
    const progress = stderrProgress({ delayMs: 60_000, stream: out.stream });
    progress.update(step);
    progress.done();
    expect(out.text()).toBe("");
  });

  it("once past the delay, writes one line per update off a terminal, with files and megabytes", () => {
    const out = collect();
    const progress = stderrProgress({ delayMs: 0, intervalMs: 0, stream: out.stream });
    progress.update(step);
    progress.update({ ...step, filesDone: 4, bytesDone: step.bytesTotal });
    progress.done();
    expect(out.text()).toBe(
      "Scanning Claude Code transcripts: 1/4 files, 3.0/12.0 MB\nScanning Claude Code transcripts: 4/4 files, 12.0/12.0 MB\n",
    );
  });
});
