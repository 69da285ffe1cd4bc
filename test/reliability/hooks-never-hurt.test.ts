// Guards the session against a damaged workspace: with each kind of damage (thread files, config.json, a live lock, a
// stuck stdin, damaged transcripts) every hook exits 0, prints nothing or one JSON object whose one-line systemMessage
// says what is wrong, measures what can be measured, overwrites no thread file, and its own deadlines end every wait.
// Elapsed times are printed, not asserted (speed targets live in the benchmark).
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  cpSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import type { LockHolderInput } from "../fixtures/workers/lock-holder.js";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";
import { readTranscriptIndependently } from "../support/independent-transcript-reading.js";
import { parseHookStdout, runHookProcess, type HookName, type HookOutputJson, type HookRun } from "./hook-process.js";
import { stormServices } from "./storm-run.js";
import { appendMeasurementEvents } from "../../src/core/measure/measurement-log.js";
import { readMeasurementLog } from "../../src/core/measure/measurement-log-read.js";
import type { Measurements } from "../../src/core/measure/measurements.js";

const WORKERS = join(import.meta.dirname, "../fixtures/workers");
const TRANSCRIPT = join(import.meta.dirname, "../fixtures/transcripts/cc-2.1.332/startup.jsonl");
const HOOKS: HookName[] = ["session-start", "session-end", "pre-compact"];
const PROJECT = "damage";
let base: string;
let template: string;
let holderScript: string;
let bigThreadFile: string;
/** The conversation size the undamaged transcript ends with, read independently of src/transcript. */
let finalContext: number;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), "tm-hooks-damage-"));
  holderScript = buildWorker(join(WORKERS, "lock-holder.ts"), join(base, "bin"));
  template = join(base, "template");
  mkdirSync(template);
  const services = stormServices(template, "damage-setup");
  await services.projectCreate({ title: "Damage" });
  await services.summaryUpdate({ threadId: "main", content: "## Decisions\n- The main decision." });
  for (const title of ["Child", "Other"]) {
    await services.threadCreate({ title, parentId: "main" });
    await services.summaryUpdate({ threadId: title.toLowerCase(), content: `## Decisions\n- A decision of ${title}.` });
  }
  // New sessions start on main (outside git too, the folder's start thread is the last one chosen).
  await services.threadSwitch("main");
  // One real 50 MB thread file, hard-linked into the workspaces that need it.
  bigThreadFile = join(base, "big-thread.md");
  writeFileSync(
    bigThreadFile,
    readFileSync(threadPath(template, "other"), "utf8").padEnd(50 * 1024 * 1024, "- a runaway summary line\n"),
  );
  const reading = readTranscriptIndependently(TRANSCRIPT);
  if (reading.finalContext === null) throw new Error("the transcript fixture has no assistant record");
  finalContext = reading.finalContext;
});
afterEach(killWorkers);
afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

/** The thread's head (format 2: `<id>/thread.md`), which holds its frontmatter: what most damage here goes to. */
function threadPath(root: string, id: string): string {
  return join(root, ".threadmind", "threads", PROJECT, id, "thread.md");
}
/** The item file of the thread's `section` that holds `text` (format 2: `<id>/<section>/<key>.md`). */
function itemPath(root: string, id: string, section: string, text: string): string {
  const dir = join(root, ".threadmind", "threads", PROJECT, id, section);
  const name = readdirSync(dir).find((n) => readFileSync(join(dir, n), "utf8").includes(text));
  if (name === undefined) throw new Error(`no item of ${id}/${section} holds ${JSON.stringify(text)}`);
  return join(dir, name);
}
function configPath(root: string): string {
  return join(root, ".threadmind", "config.json");
}

/** Puts this Claude Code instance's session (CLAUDE_PID = the test process) on `threadId`. */
function sessionOn(root: string, threadId: string): void {
  const config = JSON.parse(readFileSync(configPath(root), "utf8"));
  config.sessions[`claude-${process.pid}`] = {
    projectId: PROJECT,
    threadId,
    updatedAt: new Date().toISOString(),
    pid: process.pid,
  };
  writeFileSync(configPath(root), JSON.stringify(config));
}

/** Content hashes (or link targets) of every thread and project file: hooks must never change one. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) out[path] = `link → ${readlinkSync(path)}`;
      else if (stat.isDirectory()) walk(path);
      else out[path] = createHash("sha1").update(readFileSync(path)).digest("hex");
    }
  };
  walk(join(root, ".threadmind", "threads"));
  walk(join(root, ".threadmind", "projects"));
  return out;
}

interface Workspace {
  root: string;
  transcriptPath: string;
  /** Hook stdin left open (a caller that never finishes writing). */
  keepStdinOpen?: boolean;
}

interface Outcome {
  ws: Workspace;
  run: HookRun;
  out: HookOutputJson | null;
  message: string | undefined;
  context: string | undefined;
  /** What the measurement log holds after the hook (null when it cannot be read). */
  measurements: Measurements | null;
}

interface Scenario {
  name: string;
  prepare(ws: Workspace): void | Promise<void>;
  /** What this damage must produce, per hook (the common contract is checked for every run). */
  expect: Record<HookName, (o: Outcome, hook: HookName) => void>;
}

function recordedSize(o: Outcome, hook: HookName): { contextTokens: number | null } | undefined {
  const list = o.measurements?.[hook === "session-end" ? "sessionEnds" : "preCompacts"];
  return list?.find((r) => r.sessionId === "damaged-session");
}

// ---- expectations shared by several scenarios

const contextIntact = (o: Outcome) => {
  expect(o.context).toContain("## Thread: Damage (current)");
  expect(o.context).toContain("The main decision.");
};
const measuredWhole = (o: Outcome, hook: HookName) => {
  expect(o.message).toBeUndefined();
  expect(recordedSize(o, hook)?.contextTokens).toBe(finalContext);
};
const activeThreadRefused = (reason: RegExp, damaged: (root: string) => string = (root) => threadPath(root, "main")) => ({
  "session-start": (o: Outcome) => {
    expect(o.context).toBeUndefined();
    expect(o.message).toContain(damaged(o.ws.root));
    expect(o.message).toMatch(reason);
  },
  "session-end": measuredWhole,
  "pre-compact": measuredWhole,
});
/** Hooks do not write config.json (their records go to measurements.jsonl): they say it is unusable and leave it be. */
const configReported = (reason: RegExp) => (o: Outcome, hook: HookName) => {
  if (hook === "session-start") contextIntact(o);
  else expect(recordedSize(o, hook)?.contextTokens).toBe(finalContext);
  expect(o.message).toMatch(/config\.json could not be used/);
  expect(o.message).toMatch(reason);
  expect(readdirSync(join(o.ws.root, ".threadmind")).some((n) => n.startsWith("config.json.corrupt-"))).toBe(false);
};
const LOCK_BUSY = /Timed out after \d+ ms waiting for the ThreadMind lock .*held by pid \d+/;
const transcriptUnreadable = (reason: RegExp) => ({
  "session-start": (o: Outcome) => {
    contextIntact(o);
    expect(o.message).toBeUndefined();
  },
  "session-end": (o: Outcome, hook: HookName) => {
    expect(o.message).toContain(o.ws.transcriptPath);
    expect(o.message).toMatch(reason);
    expect(recordedSize(o, hook)).toEqual(expect.objectContaining({ contextTokens: null }));
  },
  "pre-compact": (o: Outcome, hook: HookName) => {
    expect(o.message).toContain(o.ws.transcriptPath);
    expect(o.message).toMatch(reason);
    expect(recordedSize(o, hook)).toEqual(expect.objectContaining({ contextTokens: null }));
  },
});
const transcriptDamagedButMeasured = {
  "session-start": (o: Outcome) => {
    contextIntact(o);
    expect(o.message).toBeUndefined();
  },
  "session-end": measuredWhole,
  "pre-compact": measuredWhole,
};

/** A linked .threadmind is neither read (no context from the other store) nor written (no measurement lands there). */
const storeLinkRefused = (o: Outcome) => {
  expect(o.context).toBeUndefined();
  expect(o.message).toContain(
    `${join(o.ws.root, ".threadmind")} is a symbolic link: ThreadMind keeps its threads only in a real .threadmind directory`,
  );
  expect(readdirSync(readlinkSync(join(o.ws.root, ".threadmind"))).sort()).toEqual(
    readdirSync(join(template, ".threadmind")).sort(),
  );
};

/** A FIFO in .threadmind never blocks a hook: whatever needs that file says it is not a regular file, the rest works. */
const FIFO_REFUSED = /is a FIFO \(named pipe\), not a regular file; ThreadMind opens only regular files/;
const fifoRefused = (name: string) => (o: Outcome, hook: HookName) => {
  // The hooks never take the lock unless they write threads; the previous log is read only by the measuring hooks.
  const needsIt =
    name === "measurements.jsonl" || name === "config.json" || (name === "measurements.1.jsonl" && hook !== "session-start");
  if (needsIt) {
    expect(o.message).toContain(join(o.ws.root, ".threadmind", name));
    expect(o.message).toMatch(FIFO_REFUSED);
  } else {
    expect(o.message).toBeUndefined();
  }
  if (hook === "session-start") contextIntact(o);
};

const SCENARIOS: Scenario[] = [
  {
    name: "invalid YAML in the active thread",
    prepare: ({ root }) =>
      writeFileSync(threadPath(root, "main"), "---\nid: main\ntitle: [unclosed\nparentId: null\n---\nbody\n"),
    expect: activeThreadRefused(/YAML|frontmatter|flow/i),
  },
  {
    // `**Damage**` is a YAML alias to no anchor: the yaml package throws ReferenceError, which is a damaged file too.
    name: "a YAML alias title (title: **Damage**) in the active thread",
    prepare: ({ root }) => {
      const text = readFileSync(threadPath(root, "main"), "utf8");
      writeFileSync(threadPath(root, "main"), text.replace(/^title: .*$/m, "title: **Damage**"));
    },
    expect: activeThreadRefused(/invalid YAML frontmatter: .*alias/i),
  },
  {
    // Format 2: the decision is in its item file (main/decisions/<key>.md), which git would mark.
    name: "git conflict markers in the active thread",
    prepare: ({ root }) => {
      const file = itemPath(root, "main", "decisions", "- The main decision.");
      writeFileSync(
        file,
        readFileSync(file, "utf8").replace(
          "- The main decision.",
          "<<<<<<< HEAD\n- The main decision.\n=======\n- Theirs.\n>>>>>>> theirs",
        ),
      );
    },
    expect: activeThreadRefused(/conflict/i, (root) => itemPath(root, "main", "decisions", "- The main decision.")),
  },
  {
    name: "a non-UTF-8 byte in the active thread",
    prepare: ({ root }) => appendFileSync(threadPath(root, "main"), Buffer.from([0x2d, 0x20, 0xff, 0xfe, 0x0a])),
    expect: activeThreadRefused(/UTF-8/),
  },
  {
    name: "a 50 MB active thread file",
    prepare: ({ root }) => {
      rmSync(threadPath(root, "main"));
      linkSync(bigThreadFile, threadPath(root, "main"));
    },
    expect: activeThreadRefused(/52,428,800 bytes, over the 1,000,000-byte limit/),
  },
  {
    name: "the active thread is a symbolic link out of .threadmind",
    prepare: ({ root }) => {
      const outside = join(root, "outside.md");
      writeFileSync(outside, readFileSync(threadPath(root, "main")));
      rmSync(threadPath(root, "main"));
      symlinkSync(outside, threadPath(root, "main"));
    },
    expect: activeThreadRefused(/symbolic link/),
  },
  {
    name: "a 50 MB file beside the active thread",
    prepare: ({ root }) => {
      rmSync(threadPath(root, "other"));
      linkSync(bigThreadFile, threadPath(root, "other"));
    },
    expect: transcriptDamagedButMeasured,
  },
  {
    name: "a cycle of parentIds above the active thread",
    prepare: ({ root }) => {
      for (const [id, parent] of [
        ["child", "other"],
        ["other", "child"],
      ] as const) {
        writeFileSync(
          threadPath(root, id),
          readFileSync(threadPath(root, id), "utf8").replace("parentId: main", `parentId: ${parent}`),
        );
      }
      sessionOn(root, "child");
    },
    expect: {
      "session-start": (o) => {
        expect(o.context).toContain("## Thread: Child (current)");
        expect(o.context).toContain("A decision of Other.");
        expect(o.context).toMatch(/form a cycle/);
        expect(o.message).toMatch(/form a cycle/);
      },
      "session-end": measuredWhole,
      "pre-compact": measuredWhole,
    },
  },
  {
    name: "the active thread's parent does not exist",
    prepare: ({ root }) => {
      writeFileSync(
        threadPath(root, "child"),
        readFileSync(threadPath(root, "child"), "utf8").replace("parentId: main", "parentId: ghost"),
      );
      sessionOn(root, "child");
    },
    expect: {
      "session-start": (o) => {
        expect(o.context).toContain("## Thread: Child (current)");
        expect(o.message).toMatch(/"ghost".*does not exist/);
      },
      "session-end": measuredWhole,
      "pre-compact": measuredWhole,
    },
  },
  {
    name: "config.json that is not JSON",
    prepare: ({ root }) => writeFileSync(configPath(root), '{"version": 1, "sessions": {'),
    expect: {
      "session-start": configReported(/invalid JSON/),
      "session-end": configReported(/invalid JSON/),
      "pre-compact": configReported(/invalid JSON/),
    },
  },
  {
    name: "config.json over its size limit (sparse, 25 MB)",
    prepare: ({ root }) => {
      const fd = openSync(configPath(root), "w");
      ftruncateSync(fd, 25 * 1024 * 1024);
      closeSync(fd);
    },
    expect: {
      "session-start": configReported(/over the/),
      "session-end": configReported(/over the/),
      "pre-compact": configReported(/over the/),
    },
  },
  {
    name: "config.json is a directory",
    prepare: ({ root }) => {
      rmSync(configPath(root));
      mkdirSync(configPath(root));
    },
    expect: {
      "session-start": configReported(/not a regular file/),
      "session-end": configReported(/not a regular file/),
      "pre-compact": configReported(/not a regular file/),
    },
  },
  {
    name: "a large but valid config.json (2 MB of branch entries)",
    prepare: ({ root }) => {
      const config = JSON.parse(readFileSync(configPath(root), "utf8"));
      for (let i = 0; i < 30_000; i++) config.branches[`feature/branch-number-${i}-with-a-long-name`] = { [PROJECT]: "main" };
      writeFileSync(configPath(root), JSON.stringify(config));
    },
    // Within its limit, so it is used. Should the hook run out of time on it, it must say so (its deadline works).
    expect: {
      "session-start": (o) => {
        if (o.message === undefined) contextIntact(o);
        else expect(o.message).toMatch(/gave up after \d+ ms/);
      },
      "session-end": (o, hook) => {
        if (o.message === undefined) expect(recordedSize(o, hook)?.contextTokens).toBe(finalContext);
        else expect(o.message).toMatch(/gave up after \d+ ms/);
      },
      "pre-compact": (o, hook) => {
        if (o.message === undefined) expect(recordedSize(o, hook)?.contextTokens).toBe(finalContext);
        else expect(o.message).toMatch(/gave up after \d+ ms/);
      },
    },
  },
  {
    name: "the store lock held by a live process",
    prepare: async ({ root }) => {
      const holder = spawnWorker(holderScript, {
        lockPath: join(root, ".threadmind", ".lock"),
        mode: "async",
        holdMs: 60_000,
      } satisfies LockHolderInput);
      await holder.waitFor("acquired");
    },
    expect: {
      // Loading the context and appending to the measurement log need no lock: a busy lock costs the hooks nothing.
      "session-start": (o) => {
        contextIntact(o);
        expect(o.message).toBeUndefined();
        expect(o.measurements?.injections.some((i) => i.sessionId === "damaged-session")).toBe(true);
      },
      "session-end": measuredWhole,
      "pre-compact": measuredWhole,
    },
  },
  {
    name: "the store lock held while this window should take over a resumed conversation's thread",
    prepare: async ({ root }) => {
      // The conversation was on main in another process; this window has no thread yet: SessionEnd/PreCompact adopt it.
      appendMeasurementEvents(join(root, ".threadmind"), [
        {
          kind: "conversation",
          at: "2026-01-01T00:00:00.000Z",
          sessionId: "damaged-session",
          projectId: "damage",
          threadId: "main",
        },
      ]);
      const holder = spawnWorker(holderScript, {
        lockPath: join(root, ".threadmind", ".lock"),
        mode: "async",
        holdMs: 60_000,
      } satisfies LockHolderInput);
      await holder.waitFor("acquired");
    },
    expect: {
      "session-start": (o) => {
        contextIntact(o);
        expect(o.message).toBeUndefined();
      },
      // Measured and recorded first; only the takeover waits for the lock, gives up and says so.
      "session-end": (o, hook) => {
        expect(recordedSize(o, hook)?.contextTokens).toBe(finalContext);
        expect(o.message).toMatch(/measured, but this window could not take over the conversation's thread "main"/);
        expect(o.message).toMatch(LOCK_BUSY);
      },
      "pre-compact": (o, hook) => {
        expect(recordedSize(o, hook)?.contextTokens).toBe(finalContext);
        expect(o.message).toMatch(LOCK_BUSY);
      },
    },
  },
  {
    // The input is read up to the end of one complete JSON object: a caller that never closes stdin costs nothing.
    name: "a complete hook input, stdin left open",
    prepare: (ws) => {
      ws.keepStdinOpen = true;
    },
    expect: {
      "session-start": (o) => {
        contextIntact(o);
        expect(o.message).toBeUndefined();
      },
      "session-end": measuredWhole,
      "pre-compact": measuredWhole,
    },
  },
  {
    name: "a transcript whose last line is cut off",
    prepare: (ws) => appendFileSync(ws.transcriptPath, '{"type":"assistant","message":{"id":"msg_cut","usage":{"input_tok'),
    expect: transcriptDamagedButMeasured,
  },
  {
    name: "a transcript with garbage lines",
    prepare: (ws) => {
      const lines = readFileSync(TRANSCRIPT, "utf8").split("\n");
      const garbage = [
        "not json at all",
        "{",
        "[1,2,3]",
        "\u0000\u0001binary\u00ff",
        '{"type":"assistant","message":"not an object"}',
        "null",
      ];
      const mixed = lines.flatMap((line, i) => (i % 4 === 0 ? [garbage[i % garbage.length]!, line] : [line]));
      writeFileSync(ws.transcriptPath, `${mixed.join("\n")}\n${garbage.join("\n")}\n`);
    },
    expect: transcriptDamagedButMeasured,
  },
  {
    name: "a 2 GB transcript (sparse) ending with the conversation",
    prepare: (ws) => {
      const fd = openSync(ws.transcriptPath, "w");
      const tail = readFileSync(TRANSCRIPT);
      ftruncateSync(fd, 2 * 1024 ** 3);
      writeSync(fd, Buffer.concat([Buffer.from("\n"), tail]), 0, tail.length + 1, 2 * 1024 ** 3);
      closeSync(fd);
    },
    expect: transcriptDamagedButMeasured,
  },
  {
    name: "a 2 GB transcript (sparse) of zero bytes",
    prepare: (ws) => {
      const fd = openSync(ws.transcriptPath, "w");
      ftruncateSync(fd, 2 * 1024 ** 3);
      closeSync(fd);
    },
    // Nothing to measure in it: the size is recorded as unknown, and the hook stays within its bounded tail read.
    expect: {
      "session-start": transcriptDamagedButMeasured["session-start"],
      "session-end": (o, hook) => expect(recordedSize(o, hook)).toEqual(expect.objectContaining({ contextTokens: null })),
      "pre-compact": (o, hook) => expect(recordedSize(o, hook)).toEqual(expect.objectContaining({ contextTokens: null })),
    },
  },
  {
    name: "a missing transcript",
    prepare: (ws) => rmSync(ws.transcriptPath),
    expect: transcriptUnreadable(/ENOENT|no such file/),
  },
  {
    name: "a transcript path that is a directory",
    prepare: (ws) => {
      rmSync(ws.transcriptPath);
      mkdirSync(ws.transcriptPath);
    },
    expect: transcriptUnreadable(/is a directory/),
  },
  {
    name: "a transcript path that is a FIFO nobody writes to",
    prepare: (ws) => {
      rmSync(ws.transcriptPath);
      execFileSync("mkfifo", [ws.transcriptPath]);
    },
    expect: transcriptUnreadable(/not a regular file/),
  },
  {
    name: ".threadmind is a symbolic link to another project's store",
    prepare: ({ root }) => {
      const elsewhere = mkdtempSync(join(base, "elsewhere-"));
      cpSync(join(root, ".threadmind"), join(elsewhere, ".threadmind"), { recursive: true });
      rmSync(join(root, ".threadmind"), { recursive: true, force: true });
      symlinkSync(join(elsewhere, ".threadmind"), join(root, ".threadmind"));
    },
    expect: { "session-start": storeLinkRefused, "session-end": storeLinkRefused, "pre-compact": storeLinkRefused },
  },
  ...(["measurements.jsonl", "measurements.1.jsonl", ".lock", "config.json"] as const).map(
    (name): Scenario => ({
      name: `a FIFO at .threadmind/${name} (nobody writes to it)`,
      prepare: ({ root }) => {
        rmSync(join(root, ".threadmind", name), { force: true });
        execFileSync("mkfifo", [join(root, ".threadmind", name)]);
      },
      expect: { "session-start": fifoRefused(name), "session-end": fifoRefused(name), "pre-compact": fifoRefused(name) },
    }),
  ),
];

const timings: string[] = [];

sayWhySkipped(process.platform === "win32" ? "damages a workspace with POSIX modes, links and FIFOs: not on Windows" : null);
describe.skipIf(process.platform === "win32")("hooks with a damaged workspace", () => {
  afterAll(() => {
    console.info(`hook elapsed times (ms), session-start / session-end / pre-compact:\n${timings.join("\n")}`);
  });

  it.each(SCENARIOS.map((s) => [s.name, s] as const))(
    "%s: every hook exits 0 and says what is wrong in one line",
    { timeout: 120_000 },
    async (_name, scenario) => {
      // The three hooks run side by side, each on its own damaged copy of the workspace.
      const runs = await Promise.all(
        HOOKS.map(async (hook) => {
          const root = mkdtempSync(join(base, "ws-"));
          cpSync(template, root, { recursive: true });
          const ws: Workspace = { root, transcriptPath: join(root, "transcript.jsonl") };
          cpSync(TRANSCRIPT, ws.transcriptPath);
          await scenario.prepare(ws);
          const before = snapshot(root);
          const run = await runHookProcess(hook, {
            cwd: root,
            sessionId: "damaged-session",
            transcriptPath: ws.transcriptPath,
            claudePid: process.pid,
            ...(ws.keepStdinOpen ? { keepStdinOpen: true } : {}),
          });
          return { hook, ws, before, run };
        }),
      );
      await killWorkers();
      for (const { hook, ws, before, run } of runs) {
        expect(run, `${hook}: ${run.stderr}`).toMatchObject({ code: 0, signal: null, hung: false, stderr: "" });
        const out = parseHookStdout(run.stdout);
        if (out?.hookSpecificOutput !== undefined) {
          expect(hook).toBe("session-start");
          expect(out.hookSpecificOutput.hookEventName).toBe("SessionStart");
        }
        let measurements: Measurements | null = null;
        try {
          measurements = readMeasurementLog(join(ws.root, ".threadmind")).measurements;
        } catch {
          measurements = null;
        }
        const outcome: Outcome = {
          ws,
          run,
          out,
          message: out?.systemMessage,
          context: out?.hookSpecificOutput?.additionalContext,
          measurements,
        };
        try {
          scenario.expect[hook](outcome, hook);
        } catch (e) {
          throw new Error(`${hook}: ${(e as Error).message}\nstdout: ${run.stdout.slice(0, 2000)}`);
        }
        expect(snapshot(ws.root), `${hook} changed a thread or project file`).toEqual(before);
        rmSync(ws.root, { recursive: true, force: true });
      }
      const elapsed = runs.map((r) => r.run.elapsedMs);
      timings.push(`${elapsed.join(" / ")}  ${scenario.name}`);
    },
  );
});
