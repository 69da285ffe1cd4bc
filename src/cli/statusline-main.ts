// The status line's bundle (plugin/dist/cli-statusline.cjs, required by the entry): `thread-mind-mcp statusline` without
// the rest of the CLI; the Store's full read of a title is a bundle of its own (cli-statusline-store.cjs), required
// only when the quick read cannot tell.
import { join } from "node:path";
import { runStatusline } from "./statusline.js";

export function main(): Promise<number> {
  return runStatusline(process.env, process.cwd(), (workspace, thread) => {
    // This entry only ever runs bundled, as CommonJS, beside the other bundles.
    const full = require(join(__dirname, "cli-statusline-store.cjs")) as typeof import("./statusline-store.js");
    return full.storeTitle(workspace, thread);
  });
}
