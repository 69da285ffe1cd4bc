// Guards the merge driver's start (#31): git runs `merge-file` once per conflicted thread file, and the entry loads the merge's own bundle (cli-merge.cjs), never the ~1 MB cli-main.mjs of every other command nor Node's ESM loader through the bin.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILT_CLI, makeHome, runCli } from "../support/run-cli.js";

const BIN = join(dirname(BUILT_CLI), "cli.cjs");
const dir = realpathSync(mkdtempSync(join(tmpdir(), "tm-merge-loads-")));
const home = makeHome();
const preload = join(dir, "record-loaded.cjs");
writeFileSync(
  preload,
  [
    "process.on('exit', () => require('node:fs').writeFileSync(process.env.TM_LOADED_OUT, JSON.stringify({",
    "  builtins: process.moduleLoadList,",
    "  files: Object.keys(require.cache).map((f) => require('node:path').basename(f)),",
    "})));",
  ].join("\n"),
);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const thread = (decisions: string[], updatedAt: string) =>
  `---\nid: main\ntitle: Main\nparentId: null\ncreatedAt: 2026-01-01T00:00:00.000Z\nupdatedAt: ${updatedAt}\n---\n## Decisions\n${decisions.map((d) => `- ${d}`).join("\n")}\n`;

describe("what git's merge driver loads", () => {
  it("merge-file through the bin requires cli-merge.cjs alone, starts no ESM loader, and merges both sides", () => {
    const [base, ours, theirs] = ["base.md", "ours.md", "theirs.md"].map((f) => join(dir, f)) as [string, string, string];
    writeFileSync(base, thread(["Prices in cents"], "2026-01-02T00:00:00.000Z"));
    writeFileSync(ours, thread(["Prices in cents", "Refunds go through the ledger"], "2026-01-03T00:00:00.000Z"));
    writeFileSync(theirs, thread(["Prices in cents", "Webhooks are retried for 3 days"], "2026-01-04T00:00:00.000Z"));
    const out = join(dir, "loaded.json");
    const run = runCli(["merge-file", base, ours, theirs, ".threadmind/threads/shop/main.md"], {
      cwd: dir,
      home,
      cli: BIN,
      nodeArgs: ["--require", preload],
      env: { TM_LOADED_OUT: out },
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const merged = readFileSync(ours, "utf8");
    expect(merged).toContain("- Refunds go through the ledger");
    expect(merged).toContain("- Webhooks are retried for 3 days");
    expect(merged).toContain("updatedAt: 2026-01-04T00:00:00.000Z");
    const loaded = JSON.parse(readFileSync(out, "utf8")) as { builtins: string[]; files: string[] };
    expect(loaded.files.filter((f) => f !== "record-loaded.cjs").sort()).toEqual(["cli-merge.cjs", "cli.cjs"]);
    expect(loaded.builtins).not.toContain("NativeModule internal/modules/esm/loader");
  });

  it("frontmatter outside the store's own shapes loads the yaml package's bundle (yaml.cjs) beside it, and merges the same", () => {
    // A title in flow style with a comment: YAML the quick reader leaves to the package.
    const odd = (decisions: string[], updatedAt: string) =>
      thread(decisions, updatedAt).replace("title: Main\n", 'title: "Main: {payments}" # set by hand\n');
    const [base, ours, theirs] = ["odd-base.md", "odd-ours.md", "odd-theirs.md"].map((f) => join(dir, f)) as [
      string,
      string,
      string,
    ];
    writeFileSync(base, odd(["Prices in cents"], "2026-01-02T00:00:00.000Z"));
    writeFileSync(ours, odd(["Prices in cents", "Refunds go through the ledger"], "2026-01-03T00:00:00.000Z"));
    writeFileSync(theirs, odd(["Prices in cents", "Webhooks are retried for 3 days"], "2026-01-04T00:00:00.000Z"));
    const out = join(dir, "loaded-odd.json");
    const run = runCli(["merge-file", base, ours, theirs, ".threadmind/threads/shop/main.md"], {
      cwd: dir,
      home,
      cli: BIN,
      nodeArgs: ["--require", preload],
      env: { TM_LOADED_OUT: out },
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const merged = readFileSync(ours, "utf8");
    expect(merged).toContain('title: "Main: {payments}"');
    expect(merged).toContain("- Refunds go through the ledger");
    expect(merged).toContain("- Webhooks are retried for 3 days");
    const loaded = JSON.parse(readFileSync(out, "utf8")) as { files: string[] };
    expect(loaded.files.filter((f) => f !== "record-loaded.cjs").sort()).toEqual(["cli-merge.cjs", "cli.cjs", "yaml.cjs"]);
  });

  it("merge-file --help is the command's own usage, from the same bundle", () => {
    const run = runCli(["merge-file", "--help"], { cwd: dir, home, cli: BIN });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usage: thread-mind-mcp merge-file <base> <ours> <theirs> [<path>]");
  });

  it("a usage error names the command and its usage, exit 2", () => {
    const run = runCli(["merge-file", join(dir, "only-one.md")], { cwd: dir, home, cli: BIN });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("thread-mind-mcp merge-file: give the base, ours and theirs files (and the file's path)");
  });
});
