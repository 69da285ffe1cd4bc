// Whether a store holds more than a given number of threads, told from its directory listings alone (no thread read): what decides whether work on the whole store runs in the caller or in a process of its own.
import { readdirSync } from "node:fs";
import { join } from "node:path";

/** True when the store holds more than `limit` threads (files and folders of threads/<project>/, counted up to it). */
export function moreThreadsThan(storeDir: string, limit: number): boolean {
  const top = join(storeDir, "threads");
  let count = 0;
  let projects: string[];
  try {
    projects = readdirSync(top);
  } catch {
    return false;
  }
  for (const project of projects) {
    try {
      count += readdirSync(join(top, project)).filter((n) => !n.startsWith(".")).length;
    } catch {
      // not a directory: no threads
    }
    if (count > limit) return true;
  }
  return false;
}
