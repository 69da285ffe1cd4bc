// The status line's bundle (plugin/dist/cli-statusline.mjs): `thread-mind-mcp statusline` without the rest of the CLI.
import { runStatusline } from "./statusline.js";

export function main(): Promise<number> {
  return runStatusline(process.env, process.cwd());
}
