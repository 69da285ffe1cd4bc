// The directory a Codex instance was started in, for its plugin's MCP server: Codex starts that server in the installed
// plugin's folder (".mcp.json" "cwd": "." is the only way to reach the bundle, as ${PLUGIN_ROOT} is not expanded there),
// gives it only HOME, PATH and the configured env, and declares no MCP roots: its own cwd is the user's workspace.
import { execFileSync } from "node:child_process";
import { readlinkSync } from "node:fs";

/** The cwd of process `pid` (Linux: /proc; macOS: lsof), or null when it cannot be read. */
export function processCwd(pid: number, platform: NodeJS.Platform = process.platform): string | null {
  if (!Number.isInteger(pid) || pid <= 1) return null;
  try {
    if (platform === "linux") return readlinkSync(`/proc/${pid}/cwd`);
    if (platform === "darwin") {
      const out = execFileSync("lsof", ["-a", "-p", String(pid), "-d", "cwd", "-Fn"], { encoding: "utf8", timeout: 2000 });
      const line = out.split("\n").find((l) => l.startsWith("n"));
      return line === undefined ? null : line.slice(1);
    }
  } catch {
    return null; // gone, or not ours to read: the caller says what to set instead
  }
  return null;
}
