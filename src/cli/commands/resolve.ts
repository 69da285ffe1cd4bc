// `thread-mind-mcp resolve [file…]`: re-merges conflicted thread and project files from git's index with the driver's rules.
import { isAbsolute, relative, resolve as resolvePath } from "node:path";
import { describeOutcome, resolveFile, unmergedFiles, type ResolveOutcome } from "../../core/merge/resolve-conflicts.js";
import { gitTopHere } from "../cli-services.js";
import type { CliCommand } from "./command.js";

export const resolveCommand: CliCommand = {
  name: "resolve",
  summary: "re-merge conflicted thread and project files from git's index (after a merge without the driver)",
  usage: [
    "thread-mind-mcp resolve [file…]",
    "",
    "Re-merges each conflicted file under .threadmind/ (or the files named) from git's stages :1 :2 :3 with the merge",
    "driver's rules, writes it, and stages it when clean. Exit 1 when a conflict is left to edit by hand.",
  ].join("\n"),
  options: {},
  run: async (args) => {
    const { top, store } = gitTopHere();
    const all = await unmergedFiles(top, store.dir);
    let chosen = all;
    const outcomes: ResolveOutcome[] = [];
    if (args.positionals.length > 0) {
      const wanted = args.positionals.map((p) =>
        relative(top, isAbsolute(p) ? p : resolvePath(process.cwd(), p))
          .split("\\")
          .join("/"),
      );
      chosen = all.filter((f) => wanted.includes(f.path));
      for (const w of wanted) if (!all.some((f) => f.path === w)) outcomes.push({ path: w, kind: "not-unmerged" });
    }
    for (const file of chosen) outcomes.push(await resolveFile(top, file));
    if (outcomes.length === 0) {
      console.log("No conflicted ThreadMind file in git's index.");
      return 0;
    }
    for (const o of outcomes) console.log(describeOutcome(o));
    return outcomes.some((o) => o.kind !== "merged" && o.kind !== "split") ? 1 : 0;
  },
};
