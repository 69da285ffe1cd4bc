// The previous release's built bundles (plugin/dist at the commit before issue #25's thread layout), extracted from git
// history into a temp dir, so that tests can write a store exactly as that release did and then read it with this one.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "./run-cli.js";

/** main before issue #25: version 0.5.0, one file per thread (`threads/<project>/<id>.md`). */
export const PREVIOUS_RELEASE_COMMIT = "bd187d7";

export interface PreviousRelease {
  /** Its server bundle (run it with spawnServer's `bundle`). */
  server: string;
  cleanup(): void;
}

/** Extracts plugin/dist of PREVIOUS_RELEASE_COMMIT; throws (with git's words) when this clone's history lacks it. */
export function extractPreviousRelease(): PreviousRelease {
  const dir = mkdtempSync(join(tmpdir(), "tm-previous-release-"));
  const archive = spawnSync("git", ["archive", "--format=tar", PREVIOUS_RELEASE_COMMIT, "plugin/dist"], {
    cwd: REPO_ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (archive.status !== 0)
    throw new Error(`cannot extract the previous release (${PREVIOUS_RELEASE_COMMIT}): ${archive.stderr.toString()}`);
  const untar = spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
  const server = join(dir, "plugin", "dist", "server.mjs");
  if (untar.status !== 0 || !existsSync(server)) throw new Error(`tar failed: ${untar.stderr.toString()}`);
  return { server, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
