// `thread-mind-mcp merge-file`: git's merge driver for thread and project files (run per conflicted file: keep its imports light).
import { writeFileSync } from "node:fs";
import { readRegularFile } from "../../core/store/regular-file.js";
import { strictUtf8 } from "../../core/store/read-strict.js";
import { messageOf } from "../../core/error-details.js";
import { UsageError } from "../cli-options.js";
import { mergeStoreFile } from "../../core/merge/merge-file.js";
import { LIMITS } from "../../core/limits.js";
import type { CliCommand } from "./command.js";

/** A side's text; null when it is not valid UTF-8 (decoding would replace bytes, and the merge would write the loss). */
function readSide(path: string): string | null {
  const max = 4 * LIMITS.threadFileBytes;
  let bytes: Buffer | null;
  try {
    // A regular file only (git's temp files; never a FIFO that would block), read within its bound.
    bytes = readRegularFile(path, max, true);
  } catch (e) {
    throw new UsageError(messageOf(e));
  }
  if (bytes === null) throw new UsageError(`${path} does not exist`);
  // Beyond what the store reads, a file is merged line by line only (bounded work either way).
  if (bytes.length > max) throw new UsageError(`${path} is larger than ${max} bytes`);
  return strictUtf8(bytes);
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
    const sides = [readSide(base), readSide(ours), readSide(theirs)] as const;
    if (sides[0] === null || sides[1] === null || sides[2] === null) {
      // <ours> is left byte for byte: git keeps it in the work tree and marks the file conflicted.
      console.error(
        `ThreadMind: ${path ?? ours} is not valid UTF-8 on one side of the merge: not merged, your version kept and marked as a conflict (fix: \`git checkout --ours\` or \`--theirs\` ${path ?? "<path>"}, or edit it)`,
      );
      return 1;
    }
    const merged = mergeStoreFile(path ?? ours, sides[0], sides[1], sides[2]);
    writeFileSync(ours, merged.text);
    if (merged.conflicts.length === 0) return 0;
    console.error(
      `ThreadMind: conflict in ${path ?? ours}: ${merged.conflicts.join(", ")} (fix: edit between the markers, or run \`thread-mind-mcp resolve\`)`,
    );
    return 1;
  },
};
