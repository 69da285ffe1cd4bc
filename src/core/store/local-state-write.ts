// Writing config.json (atomically; an unusable one is first set aside, never overwritten). Reading: local-state.ts.
import { existsSync, renameSync } from "node:fs";
import { join } from "node:path";
import { writeFenced } from "./fenced-write.js";
import { lockFence } from "./lock.js";
import { localStatePath, type LocalState } from "./local-state.js";

/**
 * Writes config.json. If the current file could not be used, it is first moved aside to
 * config.json.corrupt-<time> (never overwritten) and the caller is told where.
 */
export async function writeLocalState(storeDir: string, state: LocalState, hadProblem: boolean): Promise<string | null> {
  const path = localStatePath(storeDir);
  let setAside: string | null = null;
  if (hadProblem && existsSync(path)) {
    // Fenced like the write itself: a writer that lost the lock must not move aside the config.json another wrote since.
    lockFence(join(storeDir, ".lock"))?.check();
    setAside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(path, setAside);
  }
  const { measurements, conversations, ...kept } = state;
  if (Object.keys(conversations).length > 0 || Object.values(measurements).some((list) => list.length > 0)) {
    throw new Error("internal: measurements must be moved to measurements.jsonl before config.json is written");
  }
  // Synchronous, like the thread files: small, and written once per operation.
  writeFenced(join(storeDir, ".lock"), path, `${JSON.stringify(kept, null, 1)}\n`);
  return setAside;
}
