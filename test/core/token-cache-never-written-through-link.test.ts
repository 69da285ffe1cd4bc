// Guards the token-count cache (.threadmind/cache/token-counts.jsonl, derived data): a link committed there (a hostile
// repository's, or a FIFO) never takes the MCP server's counts out of the repository, nor blocks it; the write is refused
// with a notice and the context is still given.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { loadTiktokenEncoder } from "../../src/core/context/tiktoken-encoder.js";
import type { Encoder } from "../../src/core/context/token-estimate.js";

let encoder: Encoder;
beforeAll(async () => {
  encoder = await loadTiktokenEncoder(null);
});
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function storeWithProject(): Promise<{ dir: string; cache: string }> {
  const repo: TempRepo = makeTempRepo({ prefix: "tm-token-link-" });
  cleanups.push(() => repo.cleanup());
  const setup = servicesFor(repo.dir, "setup");
  await setup.projectCreate({ title: "Refunds" });
  await setup.summaryUpdate({ content: "## Decisions\n- Refunds go through the ledger." });
  const cache = join(repo.dir, ".threadmind", "cache");
  mkdirSync(cache, { recursive: true });
  rmSync(join(cache, "token-counts.jsonl"), { force: true });
  return { dir: repo.dir, cache };
}

describe("the token-count cache file", () => {
  it("is never appended to through a symbolic link pointing out of the repository", async () => {
    const { dir, cache } = await storeWithProject();
    const outside = mkdtempSync(join(tmpdir(), "tm-token-outside-"));
    cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
    const target = join(outside, "victim.txt");
    writeFileSync(target, "precious\n");
    symlinkSync(target, join(cache, "token-counts.jsonl"));
    const s = servicesFor(dir, "s", { encoder: async () => encoder });
    const got = await s.contextGet();
    expect(got.text).toContain("Refunds go through the ledger.");
    expect(readFileSync(target, "utf8")).toBe("precious\n");
    expect(s.notices.join(" ")).toContain("token-count cache");
  });

  it("never blocks on a FIFO in its place", async () => {
    const { dir, cache } = await storeWithProject();
    execFileSync("mkfifo", [join(cache, "token-counts.jsonl")]);
    const s = servicesFor(dir, "s", { encoder: async () => encoder });
    const got = await s.contextGet();
    expect(got.text).toContain("Refunds go through the ledger.");
    expect(s.notices.join(" ")).toContain("token-count cache");
  });
});
