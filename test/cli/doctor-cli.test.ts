// Guards `thread-mind-mcp doctor` (the built CLI in temp workspaces): every check passes when all is well, and each one
// warns or fails, with its fix, when its subject is broken; the exit code is non-zero exactly when a check fails.
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  symlinkSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkNode } from "../../src/core/doctor/doctor-runtime-checks.js";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";
import type { Measurements } from "../../src/core/measure/measurements.js";
import { servicesFor } from "../support/core-services.js";
import { assistant, hookInjection, jsonl, user } from "../transcript/transcript-builders.js";
import { contentHash } from "../../src/core/content-hash.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { BUILT_CLI, installPluginIn, makeHome, REPO_ROOT, runCli } from "../support/run-cli.js";

const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
const ALL_IDS = [
  "node",
  "workspace",
  "threads",
  "format-1",
  "local-state",
  "git",
  "branch",
  "author",
  "merge-driver",
  "conflicts",
  "committed",
  "versions",
  "plugin",
  "hooks",
  "receipts",
  "recall-hooks",
  "context-size",
];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function repo(options: { user?: boolean } = {}): TempRepo {
  const r = makeTempRepo(options.user === false ? { user: { name: "", email: "" } } : {});
  if (options.user === false) {
    r.git("config", "--unset", "user.name");
    r.git("config", "--unset", "user.email");
  }
  cleanups.push(r.cleanup);
  return r;
}

function home(): string {
  const h = makeHome();
  cleanups.push(() => rmSync(h, { recursive: true, force: true }));
  return h;
}

const healthyMeasurements: Partial<Measurements> = {
  hooksSeen: [
    { at: "2026-11-30T05:41:41.150Z", event: "SessionStart:startup", sessionId: "s1" },
    { at: "2026-11-30T05:41:45.453Z", event: "SessionEnd:clear", sessionId: "s1" },
  ],
  injections: [
    {
      at: "2026-11-30T05:41:41.149Z",
      sessionId: "s1",
      source: "startup",
      projectId: "shop",
      threadId: "main",
      chars: 241,
      tokens: 16,
      omitted: 0,
      receipt: "delivered",
      contentHash: "x",
    },
  ],
};

async function project(dir: string, measurements: Partial<Measurements> = healthyMeasurements) {
  const services = servicesFor(dir);
  await services.projectCreate({ title: "Shop" });
  await services.summaryUpdate({ content: "We sell socks. Decided: Postgres for orders." });
  await services.store.locked(() =>
    services.updateState((state) => {
      Object.assign(state.measurements, measurements);
    }),
  );
  return services;
}

function doctor(
  cwd: string,
  h: string,
  env: Record<string, string> = {},
  cli?: string,
): { code: number | null; checks: Map<string, DoctorCheck>; text: string } {
  const run = runCli(["doctor", "--json"], { cwd, home: h, env, ...(cli ? { cli } : {}) });
  const parsed = JSON.parse(run.stdout) as { checks: DoctorCheck[] };
  return { code: run.code, checks: new Map(parsed.checks.map((c) => [c.id, c])), text: run.stdout };
}

function status(d: ReturnType<typeof doctor>, id: string): string {
  const c = d.checks.get(id);
  if (c === undefined) throw new Error(`no check ${id} in ${d.text}`);
  if (c.status !== "ok") expect(c.fix, `${id} has a fix`).toBeTruthy();
  return c.status;
}

describe("thread-mind-mcp doctor", () => {
  it("passes every check in a healthy workspace with the plugin installed, and exits 0", async () => {
    const r = repo();
    r.commit("init");
    await project(r.dir);
    const h = home();
    installPluginIn(h, { version: VERSION });
    expect(runCli(["git-setup"], { cwd: r.dir, home: h }).code).toBe(0);
    r.git("add", ".threadmind");
    r.git("commit", "-qm", "ThreadMind summaries");
    const d = doctor(r.dir, h);
    expect([...d.checks.keys()]).toEqual(ALL_IDS);
    expect(Object.fromEntries([...d.checks.values()].map((c) => [c.id, c.status]))).toEqual(
      Object.fromEntries(ALL_IDS.map((id) => [id, "ok"])),
    );
    expect(d.code).toBe(0);
    const text = runCli(["doctor"], { cwd: r.dir, home: h });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`ThreadMind doctor (thread-mind-mcp ${VERSION})`);
    expect(text.stdout).toContain(`${ALL_IDS.length} ok, 0 warnings, 0 failures.`);
  });

  it("thread files: never committed warns with the git add/commit fix; uncommitted for over a day warns; fresh changes pass", async () => {
    const r = repo();
    r.commit("init");
    await project(r.dir);
    const h = home();
    const never = doctor(r.dir, h).checks.get("committed");
    expect(never).toMatchObject({
      status: "warn",
      fix: 'Commit them with the code: `git add .threadmind && git commit -m "ThreadMind summaries"`.',
    });
    expect(never?.detail[0]).toMatch(/^the thread files have never been committed \(\d+ untracked: .*\.threadmind\//);
    expect(never?.detail[0]).toContain("git clean -fdx");
    r.git("add", ".threadmind");
    r.git("commit", "-qm", "ThreadMind summaries");
    expect(status(doctor(r.dir, h), "committed")).toBe("ok");
    // A change made now passes; the same change two days old warns, naming the file.
    const file = join(r.dir, ".threadmind", "threads", "shop", "main", "thread.md");
    writeFileSync(file, `${readFileSync(file, "utf8")}\n- Decided: refunds through the ledger.\n`);
    expect(status(doctor(r.dir, h), "committed")).toBe("ok");
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    utimesSync(file, twoDaysAgo, twoDaysAgo);
    const old = doctor(r.dir, h).checks.get("committed");
    expect(old?.status).toBe("warn");
    expect(old?.detail[0]).toBe(
      "1 thread file change(s) left uncommitted for more than a day: .threadmind/threads/shop/main/thread.md",
    );
  });

  it("Node: an old version fails with the fix (a pure check: an old node cannot be spawned here)", () => {
    expect(checkNode("v16.20.2")).toMatchObject({ status: "fail", fix: expect.stringContaining("18.3.0") });
    // util.parseArgs (the CLI's option parsing) is new in 18.3: 18.0 to 18.2 fail.
    expect(checkNode("v18.2.0")).toMatchObject({ status: "fail", fix: expect.stringContaining("18.3.0") });
    expect(checkNode("v18.3.0").status).toBe("ok");
    expect(checkNode("v20.0.0").status).toBe("ok");
    expect(checkNode(process.version).status).toBe("ok");
  });

  it("workspace: no .threadmind/ warns (with how to create one) and skips the store checks", () => {
    const r = repo();
    const d = doctor(r.dir, home());
    expect(status(d, "workspace")).toBe("warn");
    expect(d.checks.get("workspace")!.fix).toContain("/thread-mind:project");
    expect(d.checks.has("threads")).toBe(false);
    expect(d.code).toBe(0);
  });

  it("workspace: a .threadmind that is not a directory fails, and the store checks are skipped", () => {
    const r = repo();
    writeFileSync(join(r.dir, ".threadmind"), "not a directory");
    const d = doctor(r.dir, home());
    expect(status(d, "workspace")).toBe("fail");
    expect(d.checks.has("threads")).toBe(false);
    expect(d.code).toBe(1);
  });

  it("workspace: a .threadmind that is a symbolic link (to another project's store) fails, says so, and the store checks are skipped", async () => {
    const other = repo();
    await project(other.dir);
    const r = repo();
    symlinkSync(join(other.dir, ".threadmind"), join(r.dir, ".threadmind"));
    const d = doctor(r.dir, home());
    expect(status(d, "workspace")).toBe("fail");
    expect(d.checks.get("workspace")!.detail.join("\n")).toContain(
      `${join(r.dir, ".threadmind")} is a symbolic link: ThreadMind keeps its threads only in a real .threadmind directory`,
    );
    expect(d.checks.has("threads")).toBe(false);
    expect(d.code).toBe(1);
  });

  // Root reads and writes whatever the mode bits say: this case can only be seen as another user.
  it("workspace: a .threadmind/ the user cannot write fails", async (ctx) => {
    ctx.skip(process.getuid?.() === 0, "runs as root, who may write whatever the mode bits say");
    const r = repo();
    await project(r.dir);
    const { chmodSync } = await import("node:fs");
    chmodSync(join(r.dir, ".threadmind"), 0o500);
    cleanups.unshift(() => chmodSync(join(r.dir, ".threadmind"), 0o700));
    const d = doctor(r.dir, home());
    expect(status(d, "workspace")).toBe("fail");
    expect(d.code).toBe(1);
  });

  it("a FIFO at measurements.jsonl, measurements.1.jsonl or .lock: doctor never blocks, and names the FIFO", async () => {
    const r = repo();
    await project(r.dir);
    for (const name of ["measurements.jsonl", "measurements.1.jsonl", ".lock"]) {
      rmSync(join(r.dir, ".threadmind", name), { force: true });
      execFileSync("mkfifo", [join(r.dir, ".threadmind", name)]);
    }
    const d = doctor(r.dir, home());
    expect(d.text).toContain("is a FIFO (named pipe), not a regular file; ThreadMind opens only regular files");
    // The current log is opened first (forEachLogFile): it is the FIFO named.
    expect(d.text).toContain(join(r.dir, ".threadmind", "measurements.jsonl"));
  });

  it("thread files: an unparsable file, an orphan and a parentId cycle fail, each named, and the exit code is 1", async () => {
    const r = repo();
    const services = await project(r.dir);
    const { thread: child } = await services.threadCreate({ title: "Child" });
    const dir = services.store.threadsDir("shop");
    writeFileSync(join(dir, "broken.md"), "---\nid: [unclosed\n---\n");
    await services.store.writeThread("shop", { ...child, id: "lost", parentId: "ghost" });
    const main = services.store.readThread("shop", "main");
    await services.store.writeThread("shop", { ...main, parentId: child.id });
    const d = doctor(r.dir, home());
    expect(status(d, "threads")).toBe("fail");
    const detail = d.checks.get("threads")!.detail.join("\n");
    expect(detail).toContain("broken.md");
    expect(detail).toContain('parent "ghost" does not exist');
    expect(detail).toContain("cycle");
    expect(d.code).toBe(1);
  });

  it("local state: an unusable config.json warns (it will be set aside)", async () => {
    const r = repo();
    await project(r.dir);
    writeFileSync(join(r.dir, ".threadmind", "config.json"), "{ not json");
    const d = doctor(r.dir, home());
    expect(status(d, "local-state")).toBe("warn");
  });

  it("local state: a measurements.jsonl that cannot be read (a directory) warns, and every other check still runs", async () => {
    const r = repo();
    r.commit("init");
    await project(r.dir);
    const log = join(r.dir, ".threadmind", "measurements.jsonl");
    rmSync(log, { force: true });
    mkdirSync(log);
    const d = doctor(r.dir, home());
    expect([...d.checks.keys()]).toEqual(ALL_IDS);
    expect(status(d, "local-state")).toBe("warn");
    expect(d.checks.get("local-state")!.detail[0]).toContain(`${log} cannot be read`);
  });

  it("git: missing from PATH warns; outside a repository and on a detached HEAD the branch warns", async () => {
    const r = repo();
    r.commit("init");
    await project(r.dir);
    const noGit = doctor(r.dir, home(), { PATH: tempDir("tm-empty-path-") });
    expect(status(noGit, "git")).toBe("warn");
    expect(noGit.checks.has("branch")).toBe(false);

    r.git("checkout", "-q", "--detach");
    expect(status(doctor(r.dir, home()), "branch")).toBe("warn");

    const plain = tempDir("tm-no-git-");
    await project(plain);
    const outside = doctor(plain, home());
    expect(status(outside, "git")).toBe("ok");
    expect(status(outside, "branch")).toBe("warn");
  });

  it("author: an invalid THREADMIND_AUTHOR fails; a repository without user.name warns", async () => {
    const bad = repo();
    await project(bad.dir);
    expect(status(doctor(bad.dir, home(), { THREADMIND_AUTHOR: "Not An Id!" }), "author")).toBe("fail");
    const anonymous = repo({ user: false });
    await project(anonymous.dir);
    expect(status(doctor(anonymous.dir, home()), "author")).toBe("warn");
  });

  it("versions: a bundle that differs from package.json, manifests that disagree, or a missing bundle fail", async () => {
    const r = repo();
    await project(r.dir);
    const copy = (pkgVersion: string, manifestVersion: string, bundles: string[]) => {
      const root = tempDir("tm-plugin-root-");
      mkdirSync(join(root, "plugin", "dist"), { recursive: true });
      mkdirSync(join(root, ".claude-plugin"));
      for (const b of bundles) copyFileSync(join(REPO_ROOT, "plugin", "dist", b), join(root, "plugin", "dist", b));
      for (const config of ["hooks.json", "mcp.json"])
        copyFileSync(join(REPO_ROOT, "plugin", config), join(root, "plugin", config));
      writeFileSync(join(root, "package.json"), JSON.stringify({ name: "thread-mind-mcp", version: pkgVersion }));
      writeFileSync(
        join(root, ".claude-plugin", "plugin.json"),
        JSON.stringify({ name: "thread-mind", version: manifestVersion }),
      );
      return join(root, "plugin", "dist", "cli.mjs");
    };
    const cli = [
      "cli.cjs",
      "cli.mjs",
      "cli-main.mjs",
      "cli-report.cjs",
      "cli-merge.cjs",
      "cli-statusline.cjs",
      "cli-statusline-store.cjs",
    ];
    const workers = ["scan-worker.cjs", "tokenizer-worker.cjs", "yaml.cjs"];
    const all = [
      ...cli,
      ...workers,
      "hook.cjs",
      "hook-start.cjs",
      "hook-main.cjs",
      "hook-recall.cjs",
      "hook-core.cjs",
      "server.mjs",
    ];
    expect(status(doctor(r.dir, home(), {}, copy(VERSION, VERSION, all)), "versions")).toBe("ok");
    const newer = doctor(r.dir, home(), {}, copy("9.9.9", "9.9.9", all));
    expect(status(newer, "versions")).toBe("fail");
    expect(newer.checks.get("versions")!.detail[0]).toContain(
      `the bundle is ${VERSION} but package.json and plugin.json say 9.9.9`,
    );
    expect(status(doctor(r.dir, home(), {}, copy(VERSION, "0.0.1", all)), "versions")).toBe("fail");
    const allBut = (bundle: string) => all.filter((b) => b !== bundle);
    const without = (bundle: string) => doctor(r.dir, home(), {}, copy(VERSION, VERSION, allBut(bundle)));
    // A bundle the configs name, and those loaded at run time by another: hook.cjs loads hook-start.cjs (SessionStart),
    // hook-recall.cjs (PreToolUse, SubagentStart) or hook-main.cjs, which load hook-core.cjs; cli.mjs runs cli.cjs, which loads cli-main.mjs (every command but the
    // report) or cli-report.cjs, or cli-merge.cjs (git's merge driver), or cli-statusline.cjs (the user's status line), which loads cli-statusline-store.cjs;
    // those that read front matter load yaml.cjs when it is not in the store's own shapes (this doctor runs from the
    // copy's cli-main.mjs). A plugin without one of them fails.
    const missing = without("server.mjs");
    for (const bundle of [
      "server.mjs",
      "hook-start.cjs",
      "hook-main.cjs",
      "hook-recall.cjs",
      "hook-core.cjs",
      "cli-report.cjs",
      "cli-merge.cjs",
      "cli-statusline.cjs",
      "cli-statusline-store.cjs",
      "yaml.cjs",
    ]) {
      const run = bundle === "server.mjs" ? missing : without(bundle);
      expect(status(run, "versions"), bundle).toBe("fail");
      expect(run.checks.get("versions")!.detail[0]).toContain(`plugin/dist/${bundle}`);
    }
    expect(missing.code).toBe(1);
    expect(BUILT_CLI.endsWith(join("plugin", "dist", "cli.mjs"))).toBe(true);
  });

  it("plugin: not installed and never run here warns; disabled, or another version installed, warns; a project install elsewhere does not count", async () => {
    const r = repo();
    await project(r.dir, {});
    const none = doctor(r.dir, home());
    expect(status(none, "plugin")).toBe("warn");
    expect(none.checks.get("plugin")!.fix).toContain("/plugin install thread-mind@thread-mind");

    const disabled = home();
    installPluginIn(disabled, { version: VERSION, enabled: false });
    expect(status(doctor(r.dir, disabled), "plugin")).toBe("warn");

    const older = home();
    installPluginIn(older, { version: "0.0.1" });
    expect(doctor(r.dir, older).checks.get("plugin")!.detail[0]).toContain("but this CLI is");

    const elsewhere = home();
    installPluginIn(elsewhere, { version: VERSION, scope: "project", projectPath: tempDir("tm-other-project-") });
    expect(status(doctor(r.dir, elsewhere), "plugin")).toBe("warn");
    const here = home();
    installPluginIn(here, { version: VERSION, scope: "project", projectPath: r.dir });
    expect(status(doctor(r.dir, here), "plugin")).toBe("ok");
  });

  it("plugin: hooks that ran here (e.g. --plugin-dir) count as registered without an install", async () => {
    const r = repo();
    await project(r.dir);
    expect(status(doctor(r.dir, home()), "plugin")).toBe("ok");
  });

  it("recall-hooks: the plugin declares PreToolUse on the file-changing tools and SubagentStart, runs it here, and builds the path index", async () => {
    const r = repo();
    await project(r.dir);
    const d = doctor(r.dir, home());
    expect(status(d, "recall-hooks")).toBe("ok");
    expect(d.checks.get("recall-hooks")!.detail.join("\n")).toMatch(
      /PreToolUse \(Edit, Write, MultiEdit, NotebookEdit\) and SubagentStart declared; a PreToolUse run here took \d+ ms and exited 0\npath index: 1 thread\(s\), 0 with paths/,
    );
  });

  it("hooks: never seen warns; a SessionStart without any SessionEnd warns (sizes are measured at SessionEnd)", async () => {
    const never = repo();
    await project(never.dir, {});
    expect(status(doctor(never.dir, home()), "hooks")).toBe("warn");
    const startOnly = repo();
    await project(startOnly.dir, {
      hooksSeen: [{ at: "2026-11-30T05:41:41.150Z", event: "SessionStart:startup", sessionId: "s1" }],
    });
    const d = doctor(startOnly.dir, home());
    expect(status(d, "hooks")).toBe("warn");
    expect(d.checks.get("hooks")!.detail.join("\n")).toContain(
      "last SessionStart: SessionStart:startup at 2026-11-30T05:41:41.150Z",
    );
  });

  it("receipts: a missing or previewed injection among the last ones fails; none recorded warns; pending is fine", async () => {
    const inj = (receipt: string, at: string) => ({
      at,
      sessionId: "s",
      source: "clear",
      projectId: "shop",
      threadId: "main",
      chars: 10,
      tokens: 3,
      omitted: 0,
      receipt,
      contentHash: "h",
    });
    for (const [receipt, expected] of [
      ["missing", "fail"],
      ["preview", "fail"],
      ["pending", "ok"],
    ] as const) {
      const r = repo();
      await project(r.dir, {
        ...healthyMeasurements,
        injections: [inj("delivered", "2026-11-30T05:00:00.000Z") as never, inj(receipt, "2026-11-30T06:00:00.000Z") as never],
      });
      const d = doctor(r.dir, home());
      expect(status(d, "receipts"), receipt).toBe(expected);
      expect(d.code).toBe(expected === "fail" ? 1 : 0);
    }
    const none = repo();
    await project(none.dir, { hooksSeen: healthyMeasurements.hooksSeen! });
    expect(status(doctor(none.dir, home()), "receipts")).toBe("warn");
  });

  it("receipts: a pending one whose transcript already shows the context is delivered, as the report says (doctor and report agree)", async () => {
    const r = repo();
    const context = '## ThreadMind\nThe context of thread "Shop" (main): Postgres for orders.';
    const transcriptPath = join(r.dir, "session.jsonl");
    writeFileSync(
      transcriptPath,
      jsonl([...hookInjection(context, "startup"), user("hello"), assistant({ id: "m1", input: 20_000, output: 5 })]),
    );
    const pending = {
      at: "2026-11-30T06:00:00.000Z",
      sessionId: "s",
      source: "startup",
      projectId: "shop",
      threadId: "main",
      chars: context.length,
      tokens: 20,
      omitted: 0,
      receipt: "pending",
      contentHash: contentHash(context),
      transcriptPath,
    };
    await project(r.dir, { ...healthyMeasurements, injections: [pending as never] });
    const d = doctor(r.dir, home());
    expect(status(d, "receipts")).toBe("ok");
    expect(d.checks.get("receipts")!.detail[0]).toBe(
      "last 1 injection: 1 delivered, 0 not checked yet, 0 replaced by a preview, 0 missing",
    );
    // No response after it yet: still pending, as the hooks would leave it.
    writeFileSync(transcriptPath, jsonl([...hookInjection(context, "startup"), user("hello")]));
    expect(doctor(r.dir, home()).checks.get("receipts")!.detail[0]).toContain("0 delivered, 1 not checked yet");
  });

  it("context size: ancestors over the 10,000-character cap warn (left out); the active summary alone over it fails", async () => {
    const words = (n: number) => "Decided to keep orders in Postgres and carts in memory. ".repeat(Math.ceil(n / 56)).slice(0, n);
    const r = repo();
    const services = await project(r.dir);
    await services.summaryUpdate({ content: words(9_500) });
    await services.threadCreate({ title: "Checkout" });
    await services.summaryUpdate({ content: words(800) });
    const d = doctor(r.dir, home());
    expect(status(d, "context-size")).toBe("warn");
    expect(d.checks.get("context-size")!.detail[0]).toContain("without 1 ancestor");

    await services.summaryUpdate({ content: words(12_000) });
    const over = doctor(r.dir, home());
    expect(status(over, "context-size")).toBe("fail");
    expect(over.code).toBe(1);
  });
});
