// The server's warm-up in the idle time after initialize: a summary update and a context read on a scratch store in a
// temporary directory, so that the first real write of a fresh server finds its code compiled (services, YAML, the
// lock, the fenced atomic write, the measurement log, context assembly: ~20–30 ms of a cold process). Neither the
// user's store nor the tokenizer is touched; the scratch store is written with plain writes (its project and thread
// files, no fsync) and removed after. It only saves time: a failure is ignored.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ThreadMindServices } from "../core/services.js";
import { serializeThreadExactly } from "../core/store/frontmatter.js";
import type { SessionKey } from "../core/types.js";
import { resolveWorkspace } from "../core/workspace.js";

const PROJECT = "warm-up";
const THREAD = "main";

/** Runs the warm-up; true when it went through (false: something failed, nothing else happened). */
export async function warmUp(session: SessionKey): Promise<boolean> {
  let dir: string | null = null;
  try {
    dir = mkdtempSync(join(tmpdir(), "threadmind-warm-up-"));
    const store = join(dir, ".threadmind");
    mkdirSync(join(store, "projects"), { recursive: true });
    mkdirSync(join(store, "threads", PROJECT), { recursive: true });
    const at = new Date().toISOString();
    writeFileSync(
      join(store, "projects", `${PROJECT}.json`),
      `${JSON.stringify({ id: PROJECT, title: "Warm-up", mode: "solo", createdAt: at }, null, 2)}\n`,
    );
    writeFileSync(
      join(store, "threads", PROJECT, `${THREAD}.md`),
      serializeThreadExactly({
        id: THREAD,
        title: "Warm-up",
        parentId: null,
        author: "warm-up",
        createdAt: at,
        updatedAt: at,
        summary: "## Decisions\n- warm-up",
      }),
    );
    // The scratch directory is the workspace (not a git repository); the author is fixed, so git is never asked.
    const env = { THREADMIND_ROOT: dir, THREADMIND_AUTHOR: "warm-up" };
    const services = new ThreadMindServices({ workspace: resolveWorkspace({ env, cwd: dir }), session, env, encoder: null });
    await services.summaryUpdate({ threadId: THREAD, section: "state", content: "- warm-up" });
    await services.contextGet();
    return true;
  } catch {
    return false;
  } finally {
    if (dir !== null) rmSync(dir, { recursive: true, force: true });
  }
}
