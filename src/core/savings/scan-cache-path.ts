// Where a workspace's report scan cache lives: .threadmind/cache/report-scans.json (gitignored, beside the hooks' caches).
import { join } from "node:path";

export function scanCachePath(storeDir: string): string {
  return join(storeDir, "cache", "report-scans.json");
}
