// `thread-mind-mcp merge-file`: git's merge driver for thread and project files (run per conflicted file: keep its imports light).
import { readFileSync, writeFileSync } from "node:fs";
import { UsageError } from "../cli-options.js";
import { mergeStoreFile } from "../../core/merge/merge-file.js";
import { LIMITS } from "../../core/limits.js";
import type { CliCommand } from "./command.js";

function readSide(path: string): string {
  const bytes = readFileSync(path);
  // Beyond what the store reads, a file is merged line by line only (bounded work either way).
  if (bytes.length > 4 * LIMITS.threadFileBytes)
    throw new UsageError(`${path} is larger than ${4 * LIMITS.threadFileBytes} bytes`);
  return bytes.toString("utf8");
}

export const mergeFileCommand: CliCommand = {
  name: "merge-file",
  summary: "git's merge driver for thread and project files (set up by git-setup): merges by meaning",
  usage: [
    "thread-mind-mcp merge-file <base> <ours> <theirs> [<path>]",
    "",
    "git runs it as `merge-file %O %A %B %P`: the result is written to <ours>; exit 0 when clean, 1 with a conflict",
    "(marked with <<<<<<< / ======= / >>>>>>> around the conflicting field or section only).",
  ].join("\n"),
  options: {},
  run: async (args) => {
    const [base, ours, theirs, path] = args.positionals;
    if (base === undefined || ours === undefined || theirs === undefined || args.positionals.length > 4) {
      throw new UsageError("give the base, ours and theirs files (and the file's path)");
    }
    const merged = mergeStoreFile(path ?? ours, readSide(base), readSide(ours), readSide(theirs));
    writeFileSync(ours, merged.text);
    if (merged.conflicts.length === 0) return 0;
    console.error(
      `ThreadMind: conflict in ${path ?? ours}: ${merged.conflicts.join(", ")} (fix: edit between the markers, or run \`thread-mind-mcp resolve\`)`,
    );
    return 1;
  },
};
