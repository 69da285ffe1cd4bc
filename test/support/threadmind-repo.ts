// A temp git repository with a ThreadMind project built through the core, and a reader of what the plugin recorded there.
import { existsSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { servicesFor } from "./core-services.js";
import { makeTempRepo } from "./temp-repo.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import type { Measurements } from "../../src/core/measure/measurements.js";
import { readLocalState } from "../../src/core/store/local-state.js";
import { readMeasurementLog } from "../../src/core/measure/measurement-log-read.js";

/** The parts of `.threadmind/config.json` the end-to-end tests read (parsed independently of the product's reader). */
export type RecordedState = {
  branches: Record<string, Record<string, string>>;
  sessions: Record<string, { projectId?: string; threadId?: string; pid?: number }>;
  measurements: Measurements;
};

export type PlainRepo = {
  /** realpath of the repository (the path Claude Code records). */
  dir: string;
  /** git in the repository with the tests' identity and no system or global config (TempRepo's git); its trimmed stdout. */
  git(...args: string[]): string;
  cleanup(): void;
};

export type ThreadMindRepo = PlainRepo & {
  /** Services of a test-only session (key "test-session"): what it creates or switches to becomes the branch's start thread. */
  services: ThreadMindServices;
  projectId: string;
  threadFile(threadId: string): string;
  /** Creates a thread under `parentId` with `summary`; returns its id. */
  addThread(title: string, parentId: string, summary: string): Promise<string>;
  /** Makes `threadId` the thread new sessions on this branch start on. */
  startOn(threadId: string): Promise<void>;
  /** Overwrites a thread file with text whose frontmatter does not parse. */
  corrupt(threadId: string): void;
  /** `.threadmind/config.json`, parsed. */
  recorded(): RecordedState;
};

/** A git repository on branch main with one commit and nothing of ThreadMind in it. */
export function createPlainRepo(prefix = "tm-e2e-repo-"): PlainRepo {
  const repo = makeTempRepo({ prefix });
  repo.commit("initial commit", { "README.md": "# A project\n" });
  return { dir: realpathSync(repo.dir), git: repo.git, cleanup: repo.cleanup };
}

/** A git repository (its temp directory named from `prefix`) with a ThreadMind project `title` whose main thread has `mainSummary`. */
export async function createThreadMindRepo(title: string, mainSummary: string, prefix?: string): Promise<ThreadMindRepo> {
  const plain = createPlainRepo(prefix);
  const services = servicesFor(plain.dir);
  const { project } = await services.projectCreate({ title });
  await services.summaryUpdate({ content: mainSummary });
  const threadFile = (threadId: string) => services.store.threadPath(project.id, threadId);
  return {
    ...plain,
    services,
    projectId: project.id,
    threadFile,
    async addThread(threadTitle, parentId, summary) {
      const { thread } = await services.threadCreate({ title: threadTitle, parentId });
      await services.summaryUpdate({ threadId: thread.id, content: summary });
      return thread.id;
    },
    async startOn(threadId) {
      await services.threadSwitch(threadId);
    },
    corrupt(threadId) {
      const path = threadFile(threadId);
      if (!existsSync(path)) throw new Error(`no thread file ${path}`);
      writeFileSync(path, "---\ntitle: [this frontmatter never closes its list\n---\nDamaged by the test.\n");
    },
    recorded() {
      const storeDir = join(plain.dir, ".threadmind");
      const { state, problem } = readLocalState(storeDir);
      if (problem !== undefined) throw new Error(`config.json cannot be used: ${problem}`);
      const log = readMeasurementLog(storeDir, state.measurements);
      if (log.unreadableLines > 0) throw new Error(`${log.unreadableLines} unreadable line(s) in measurements.jsonl`);
      return { sessions: state.sessions, branches: state.branches, measurements: log.measurements } satisfies RecordedState;
    },
  };
}
