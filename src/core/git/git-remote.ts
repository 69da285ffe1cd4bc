// Whether a work tree's repository has a remote (a `[remote "…"]` section in its config), read from the file: where
// branches can be pushed, they can be merged on a server, with no merge driver.
import { join } from "node:path";
import { readRegularFile } from "../store/regular-file.js";
import { gitDir } from "./git.js";
import { commonDir } from "./git-refs.js";

/** git's config is small; a larger file is read no further (a remote section is near its top in practice). */
const CONFIG_MAX_BYTES = 1024 * 1024;

/** True when the repository of the work tree `top` has at least one remote; false outside git or when unreadable. */
export function hasGitRemote(top: string): boolean {
  try {
    const config = readRegularFile(join(commonDir(gitDir(top)), "config"), CONFIG_MAX_BYTES, true);
    return config !== null && /^\s*\[remote\s+"[^"]*"\s*\]/m.test(config.toString("utf8"));
  } catch {
    return false;
  }
}
