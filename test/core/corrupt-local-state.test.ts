// Guards against a damaged config.json (local state): it is reported, set aside (never overwritten), rebuilt,
// thread files are untouched and every operation keeps working.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { snapshotDir } from "../support/dir-snapshot.js";

let repo: TempRepo;
let store: string;
let config: string;

beforeEach(async () => {
  repo = makeTempRepo({ git: false });
  store = join(repo.dir, ".threadmind");
  config = join(store, "config.json");
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "P" });
  await s.summaryUpdate({ content: "## Decisions\n- keep me" });
  await s.threadCreate({ title: "Child" });
  await s.summaryUpdate({ content: "child summary" });
});
afterEach(() => repo.cleanup());

const threadFiles = () => ({ threads: snapshotDir(join(store, "threads")), projects: snapshotDir(join(store, "projects")) });
const setAside = () => readdirSync(store).filter((n) => n.startsWith("config.json.corrupt-"));

const DAMAGE: [string, () => void, RegExp][] = [
  ["invalid JSON", () => writeFileSync(config, '{"sessions": {"x": '), /invalid JSON/],
  ["a JSON array", () => writeFileSync(config, "[1, 2, 3]"), /is not a JSON object/],
  ["JSON null", () => writeFileSync(config, "null"), /is not a JSON object/],
  ["binary garbage", () => writeFileSync(config, Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x7b])), /is not valid UTF-8/],
  // Sparse: the size is what matters (it is refused before being read), and the suite stays fast.
  [
    "a 25 MB file",
    () => {
      writeFileSync(config, '{"sessions": {}');
      truncateSync(config, 25 * 1024 * 1024);
    },
    /26,214,400 bytes, over the 4,000,000-byte limit/,
  ],
  ["a directory", () => mkdirSync(config), /is a directory, not a regular file/],
  ["a symbolic link", () => symlinkSync("/etc/hostname", config), /is a symbolic link/],
];

describe("damaged config.json", () => {
  test.each(DAMAGE)(
    "%s: reported, set aside, rebuilt; thread files untouched; operations keep working",
    async (_name, damage, reason) => {
      rmSync(config, { force: true });
      damage();
      const before = threadFiles();
      const s = servicesFor(repo.dir, "new-session");
      // Reads work and say what is wrong.
      const ctx = await s.contextGet();
      expect(ctx.thread.id).toBe("main");
      expect(ctx.text).toContain("- keep me");
      expect(s.notices.length).toBeGreaterThan(0);
      expect(s.notices[0]).toContain(`${config} could not be used (`);
      expect(s.notices[0]).toMatch(reason);
      expect(s.notices[0]).toContain("Thread files are not affected.");
      expect(threadFiles()).toEqual(before);
      // The first write sets the damaged file aside (never overwrites it) and rebuilds the state.
      await s.threadSwitch("child");
      const aside = setAside();
      expect(aside).toHaveLength(1);
      expect(s.notices).toContain(`The unusable config.json was moved to ${join(store, aside[0]!)}.`);
      expect(JSON.parse(readFileSync(config, "utf8")).sessions["new-session"].threadId).toBe("child");
      // Writes keep working, and the thread files hold exactly what they held.
      expect(threadFiles()).toEqual(before);
      await s.summaryUpdate({ section: "decisions", content: "- after recovery" });
      const fresh = servicesFor(repo.dir, "new-session");
      expect((await fresh.contextGet()).text).toContain("- after recovery");
      expect(fresh.notices).toEqual([]);
    },
  );

  test("the set-aside file keeps the damaged bytes", async () => {
    writeFileSync(config, "{ not json at all");
    const s = servicesFor(repo.dir, "x");
    await s.threadSwitch("main");
    expect(readFileSync(join(store, setAside()[0]!), "utf8")).toBe("{ not json at all");
  });

  test("fields of the wrong type are ignored without losing the valid ones", async () => {
    const s0 = servicesFor(repo.dir, "keep");
    await s0.threadSwitch("child");
    const state = JSON.parse(readFileSync(config, "utf8"));
    state.branches = { main: { p: 42 }, other: "nonsense" };
    state.sessions.bad = "not an object";
    state.sessions.alsoBad = { projectId: 7, threadId: ["x"] };
    state.measurements = { injections: "x", sessionEnds: [1, null, { at: "t" }] };
    state.lastProjectId = 123;
    writeFileSync(config, JSON.stringify(state));
    const s = servicesFor(repo.dir, "keep");
    expect((await s.contextGet()).thread.id).toBe("child");
    expect(s.notices).toEqual([]);
    await s.threadSwitch("main");
    expect(setAside()).toEqual([]);
  });

  test("a damaged token-count cache does not break context assembly", async () => {
    const cacheFile = join(store, "cache", "token-counts.jsonl");
    mkdirSync(join(store, "cache"), { recursive: true });
    writeFileSync(cacheFile, "{{{{ garbage");
    const s = servicesFor(repo.dir, "t");
    const ctx = await s.contextGet();
    expect(ctx.tokens).toBeGreaterThan(0);
    expect(ctx.text).toContain(`~${ctx.tokens} tokens`);
  });
});
