// Which build of the hooks is running: the stamp of plugin/dist/hook-core.cjs (context cache entries are per build).
import { hooksBuildIn } from "../core/context/context-cache.js";

/** Null when not running from the bundles (no __dirname, or no hook-core.cjs beside): then nothing is cached. */
export function hooksBuild(): string | null {
  try {
    return hooksBuildIn(__dirname);
  } catch {
    return null;
  }
}
