// A small tmpfs for full-disk tests (needs root, or a container that allows mounting): mounted at a fresh directory, unmounted and removed after.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A tmpfs of `size` (as mount takes it: "1m", "2m") at a fresh directory; null when it cannot be mounted here. */
export function mountSmallTmpfs(size: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), "tm-full-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

export function unmountSmallTmpfs(dir: string): void {
  execFileSync("umount", [dir]);
  rmSync(dir, { recursive: true, force: true });
}

/** Whether a tmpfs can be mounted here (tried once, then unmounted): the full-disk tests are skipped otherwise. */
/** What the full-disk tests say when they skip. */
export const CANNOT_MOUNT_TMPFS = "cannot mount a small tmpfs here (mount needs root, or a container that allows it)";

export function canMountTmpfs(): boolean {
  const probe = mountSmallTmpfs("1m");
  if (probe === null) return false;
  unmountSmallTmpfs(probe);
  return true;
}
