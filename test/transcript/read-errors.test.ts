// Guards fs failures: a missing file or a directory throws TranscriptReadError naming the path; an empty file is no error.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { readHead, readTail, readTranscript, TranscriptReadError } from "../../src/transcript/index.js";
import { tempDirPerTest } from "./transcript-builders.js";

const dir = tempDirPerTest();

const readers = {
  readTranscript: (path: string) => readTranscript(path),
  readTail: (path: string) => readTail(path),
  readHead: (path: string) => readHead(path),
} as const;

describe.each(Object.entries(readers))("%s on a bad path", (_name, read) => {
  it("throws TranscriptReadError with the path and ENOENT for a missing file", async () => {
    const path = join(dir.path, "does-not-exist.jsonl");
    const error = await read(path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TranscriptReadError);
    expect(error).toMatchObject({ path, code: "ENOENT" });
    expect((error as Error).message).toContain(path);
  });

  it("throws TranscriptReadError with the path and EISDIR for a directory", async () => {
    const error = await read(dir.path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TranscriptReadError);
    expect(error).toMatchObject({ path: dir.path, code: "EISDIR" });
    expect((error as Error).message).toContain(dir.path);
  });

  it("refuses a FIFO without opening it (opening one blocks until a writer appears)", async () => {
    const path = join(dir.path, "pipe.jsonl");
    execFileSync("mkfifo", [path]);
    const error = await read(path).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TranscriptReadError);
    expect((error as Error).message).toBe(`cannot read transcript ${path}: is not a regular file`);
  });
});

describe("an empty file", () => {
  it("reads as a session with no records and no figures", async () => {
    const path = await dir.file("empty.jsonl", "");
    const reading = await readTranscript(path);
    expect(reading).toMatchObject({
      lines: 0,
      bytesRead: 0,
      apiResponses: 0,
      finalContextTokens: null,
      malformedLines: 0,
      truncatedLastLine: false,
    });
    const tail = await readTail(path);
    expect(tail).toMatchObject({ fileSize: 0, bytesRead: 0, lines: 0, lastAssistant: null, reachedStartOfFile: true });
    const head = await readHead(path);
    expect(head).toMatchObject({ fileSize: 0, bytesRead: 0, records: [], reachedEndOfFile: true, cutAtByteBound: false });
  });
});

describe("invalid options", () => {
  it("are rejected, not guessed", async () => {
    const path = await dir.file("a.jsonl", "");
    await expect(readTail(path, { chunkSize: 0 })).rejects.toThrow(RangeError);
    await expect(readHead(path, { maxBytes: -5 })).rejects.toThrow(RangeError);
    await expect(readTranscript(path, { chunkSize: 1.5 })).rejects.toThrow(RangeError);
  });
});
