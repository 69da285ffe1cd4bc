// Which build of the hooks is running: the stamp of plugin/dist/hook-core.cjs (context cache entries are per build).
import { join } from "node:path";
import { fileStamp } from "../core/store/file-stamp.js";

/** Null when not running from the bundles (no __dirname, or no hook-core.cjs beside): then nothing is cached. */
export function hooksBuild(): string | null {
  try {
    return fileStamp(join(__dirname, "hook-core.cjs"));
  } catch {
    return null;
  }
}
