// `thread-mind-mcp recall-index`: builds point-of-action recall's path index (.threadmind/cache/recall/) now; the PreToolUse hook starts it in the background when a large store's index is stale.
import { openCliServices, printNotices } from "../cli-services.js";
import { currentPathIndex } from "../../core/recall/path-index-build.js";
import { finishBackgroundBuild } from "../../core/recall/index-build-marker.js";
import type { CliCommand } from "./command.js";

export const recallIndexCommand: CliCommand = {
  name: "recall-index",
  summary: "build the path index of point-of-action recall now (the hooks start it in the background when needed)",
  usage: "thread-mind-mcp recall-index",
  options: {},
  run: async () => {
    const s = openCliServices({ exactTokens: false });
    try {
      const { size } = await currentPathIndex(s.store, { settleMs: 3_500 });
      console.log(`path index: ${size.threads} thread(s), ${size.withPaths} with paths (.threadmind/cache/recall/)`);
    } finally {
      finishBackgroundBuild(s.store.dir);
    }
    printNotices(s);
    return 0;
  },
};
