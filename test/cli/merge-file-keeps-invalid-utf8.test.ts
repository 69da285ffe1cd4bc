// git's merge driver never rewrites a thread file that is not valid UTF-8 on some side: decoding would replace its bytes and the merge would write the loss.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "tm-merge-utf8-"));
const home = makeHome();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const thread = (summary: string) =>
  `---\nid: main\ntitle: Main\nparentId: null\ncreatedAt: 2026-01-01T00:00:00.000Z\nupdatedAt: 2026-01-02T00:00:00.000Z\n---\n${summary}\n`;

describe("merge-file and bytes that are not UTF-8", () => {
  it("leaves ours byte for byte, exits 1 (a conflict for git) and says why", () => {
    const base = join(dir, "base.md");
    const ours = join(dir, "ours.md");
    const theirs = join(dir, "theirs.md");
    writeFileSync(base, thread("## Decisions\n- Prices in cents"));
    const oursBytes = Buffer.concat([
      Buffer.from(thread("## Decisions\n- Prices in cents\n- Caf").slice(0, -1)),
      Buffer.from([0xe9]), // Latin-1 "é": not UTF-8
      Buffer.from(" menu\n"),
    ]);
    writeFileSync(ours, oursBytes);
    writeFileSync(theirs, thread("## Decisions\n- Prices in cents\n- Refunds within 30 days"));
    const run = runCli(["merge-file", base, ours, theirs, ".threadmind/threads/shop/main.md"], { cwd: dir, home });
    expect(run.code).toBe(1);
    expect(readFileSync(ours).equals(oursBytes)).toBe(true);
    expect(run.stderr).toContain("ThreadMind: .threadmind/threads/shop/main.md is not valid UTF-8 on one side of the merge");
  });

  it("merges the same change when every side is UTF-8", () => {
    const base = join(dir, "base2.md");
    const ours = join(dir, "ours2.md");
    const theirs = join(dir, "theirs2.md");
    writeFileSync(base, thread("## Decisions\n- Prices in cents"));
    writeFileSync(ours, thread("## Decisions\n- Prices in cents\n- Café menu"));
    writeFileSync(theirs, thread("## Decisions\n- Prices in cents\n- Refunds within 30 days"));
    const run = runCli(["merge-file", base, ours, theirs, ".threadmind/threads/shop/main.md"], { cwd: dir, home });
    expect(run).toMatchObject({ code: 0 });
    const merged = readFileSync(ours, "utf8");
    expect(merged).toContain("- Café menu");
    expect(merged).toContain("- Refunds within 30 days");
  });

  it("names a side that does not exist in one line (exit 2), without a stack trace", () => {
    const run = runCli(["merge-file", join(dir, "missing.md"), join(dir, "missing.md"), join(dir, "missing.md")], {
      cwd: dir,
      home,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${join(dir, "missing.md")} does not exist`);
    expect(run.stderr).not.toContain("    at ");
  });
});
