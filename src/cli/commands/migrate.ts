// `thread-mind-mcp migrate [--finish]`: every thread still in format 1 (<id>.md) written in format 2 (<id>/), or, once every branch has migrated, the frozen format-1 files deleted.
import { openCliServices, printNotices } from "../cli-services.js";
import type { CliCommand } from "./command.js";
import { formatCount } from "../../core/format-count.js";
import { sweepToCompletion } from "../../core/conflicts/conflict-marker-sweep.js";
import { FINE_RACY_MARGIN_MS } from "../../core/store/file-stamp.js";
import { setTimeout as sleep } from "node:timers/promises";

/** Enough sweeps for 2,000,000 thread files at 200 a sweep: the sweep's own bounds hold beyond that. */
const MAX_SWEEPS = 10_000;

/** At most this many migrated ids are named per project: a store of 1,000 threads gets one short line, not 1,000 ids. */
export const NAMED_IDS = 10;

/** "shop: 1,000 threads migrated (a, b, … j and 990 more)": the count exact, the first NAMED_IDS ids named. */
export function migratedLine(projectId: string, migrated: readonly string[]): string {
  const n = migrated.length;
  const more = n > NAMED_IDS ? ` and ${formatCount(n - NAMED_IDS)} more` : "";
  const ids = n > 0 ? ` (${migrated.slice(0, NAMED_IDS).join(", ")}${more})` : "";
  return `${projectId}: ${formatCount(n)} thread${n === 1 ? "" : "s"} migrated${ids}`;
}

export const migrateCommand: CliCommand = {
  name: "migrate",
  summary:
    "write every thread still in one file (<id>.md) as a folder of one file per item (<id>/), for merges without conflicts",
  usage:
    "thread-mind-mcp migrate [--finish]\n" +
    "  (no option)  writes <id>/ beside each <id>.md, which is left as it is (frozen): a branch that has not migrated still merges\n" +
    "  --finish     deletes the frozen <id>.md files: only once every branch has migrated (commit the change)",
  options: { finish: "boolean" },
  run: async (args) => {
    const s = openCliServices({ exactTokens: false });
    const finish = args.flags.has("finish");
    let problems = 0;
    await s.store.locked(async () => {
      for (const projectId of s.store.projectIds()) {
        if (finish) {
          const removed = s.store.finishMigration(projectId, true);
          console.log(`${projectId}: ${removed.length} frozen format-1 file${removed.length === 1 ? "" : "s"} deleted`);
          continue;
        }
        const { migrated, problems: unreadable } = await s.store.migrateProject(projectId);
        console.log(migratedLine(projectId, migrated));
        for (const p of unreadable) console.error(`${p.path}: ${p.reason} (not migrated)`);
        problems += unreadable.length;
      }
    });
    // Every migrated thread is new files: the conflict-marker sweep (200 files a session start) is completed here, once
    // they settled, so that the next session starts do not each pay a part of it.
    if (!finish) {
      await sleep(FINE_RACY_MARGIN_MS + 10);
      sweepToCompletion(s.store.dir, MAX_SWEEPS);
    }
    printNotices(s);
    return problems > 0 ? 1 : 0;
  },
};
