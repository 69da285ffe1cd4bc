// plugin/dist/cli-merge.cjs: `merge-file` alone, git's merge driver (run once per conflicted file): the merge and its YAML parser, without the other commands' ~1 MB bundle.
import { mergeFileCommand } from "./commands/merge-file.js";
import { runCommand } from "./run-command.js";

/** `thread-mind-mcp merge-file …rest`: its exit code (0 merged, 1 a conflict, 2 a usage error). */
export function runMergeFile(rest: string[]): Promise<number> {
  return runCommand(mergeFileCommand, rest);
}
