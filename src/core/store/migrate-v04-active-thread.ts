// After the 0.4 migration: 0.4's one active thread per store becomes the start thread of the checked-out branch.
import type { LocalState } from "./local-state.js";
import type { MigrationReport } from "./migrate-v04.js";
import type { Store } from "./store.js";

/** Moves legacyActiveThread (dropped from the state either way) to the branch's choice, and says so in the report. */
export async function carryOverActiveThread(
  store: Store,
  branch: string | null,
  updateState: (mutate: (state: LocalState) => void) => Promise<void>,
  report: MigrationReport,
): Promise<void> {
  await updateState((state) => {
    const legacy = state.legacyActiveThread;
    delete state.legacyActiveThread;
    if (!legacy || !branch || !store.threadExists(legacy.projectId, legacy.threadId)) return;
    state.branches[branch] = { ...(state.branches[branch] ?? {}), [legacy.projectId]: legacy.threadId };
    const line = `- the 0.4 active thread "${legacy.threadId}" is where new sessions on branch ${branch} start`;
    report.text += `\n${line}`;
  });
}
