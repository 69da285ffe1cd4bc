// `thread-mind-mcp resolve [--delete] [file…]`: re-merges conflicted thread and project files from git's index with the
// driver's rules, and settles thread folders a merge left with items but no thread.md (restored, or deleted for good).
import { isAbsolute, relative, resolve as resolvePath } from "node:path";
import { describeOutcome, resolveFile, unmergedFiles, type ResolveOutcome } from "../../core/merge/resolve-conflicts.js";
import { deleteFolder, headlessFolders, restoreFolder } from "../../core/merge/headless-folders.js";
import { gitTopHere } from "../cli-services.js";
import { messageOf } from "../../core/error-details.js";
import type { CliCommand } from "./command.js";

export const resolveCommand: CliCommand = {
  name: "resolve",
  summary: "re-merge conflicted thread and project files from git's index (after a merge without the driver)",
  usage: [
    "thread-mind-mcp resolve [file…]",
    "thread-mind-mcp resolve --delete <folder>…",
    "",
    "Re-merges each conflicted file under .threadmind/ (or the files named) from git's stages :1 :2 :3 with the merge",
    "driver's rules, writes it, and stages it when clean. A thread folder holding items but no thread.md (its thread",
    "deleted on one branch while another added items to it) is restored with its items, thread.md from git history;",
    "--delete deletes the folders named for good instead. Exit 1 when a conflict is left to edit by hand.",
  ].join("\n"),
  options: { delete: "boolean" },
  run: async (args) => {
    const { top, store } = gitTopHere();
    const wanted = args.positionals.map((p) =>
      relative(top, isAbsolute(p) ? p : resolvePath(process.cwd(), p))
        .split("\\")
        .join("/")
        .replace(/\/+$/, ""),
    );
    const headless = headlessFolders(top, store.dir);
    const outcomes: ResolveOutcome[] = [];
    if (args.flags.has("delete")) {
      for (const w of wanted) {
        if (!headless.includes(w)) outcomes.push({ path: w, kind: "not-headless" });
        else {
          await deleteFolder(top, w);
          outcomes.push({ path: w, kind: "deleted-for-good" });
        }
      }
      if (outcomes.length === 0) console.log("Name the thread folders to delete: resolve --delete <folder>…");
      for (const o of outcomes) console.log(describeOutcome(o));
      return outcomes.length === 0 || outcomes.some((o) => o.kind !== "deleted-for-good") ? 1 : 0;
    }
    const all = await unmergedFiles(top, store.dir);
    let chosen = all;
    let restore = headless;
    if (wanted.length > 0) {
      chosen = all.filter((f) => wanted.includes(f.path));
      restore = headless.filter((h) => wanted.includes(h));
      for (const w of wanted)
        if (!all.some((f) => f.path === w) && !headless.includes(w)) outcomes.push({ path: w, kind: "not-unmerged" });
    }
    for (const file of chosen) outcomes.push(await resolveFile(top, file));
    for (const folder of restore) {
      try {
        outcomes.push({ path: folder, kind: "restored", ...(await restoreFolder(top, folder, new Date().toISOString())) });
      } catch (e) {
        outcomes.push({ path: folder, kind: "failed", reason: messageOf(e).split("\n")[0]! });
      }
    }
    if (outcomes.length === 0) {
      console.log("No conflicted ThreadMind file in git's index.");
      return 0;
    }
    for (const o of outcomes) console.log(describeOutcome(o));
    return outcomes.some((o) => o.kind !== "merged" && o.kind !== "split" && o.kind !== "restored") ? 1 : 0;
  },
};
