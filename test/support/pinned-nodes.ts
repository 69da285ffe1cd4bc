// The pinned Node binaries (oldest claimed by `engines`, newest LTS) via scripts/ensure-node.mjs; fails loudly in CI when missing.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { REPO_ROOT } from "./run-cli.js";

export interface PinnedNode {
  role: "oldest" | "newestLts";
  version: string;
  path: string;
}

export type PinnedNodes =
  | { available: true; nodes: PinnedNode[]; pins: { role: string; version: string }[] }
  | { available: false; reason: string; pins: { role: string; version: string }[] };

function isPinned(value: unknown): value is PinnedNode {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.role === "oldest" || v.role === "newestLts") && typeof v.version === "string" && typeof v.path === "string";
}

/** Locates the pinned binaries (installed by `node scripts/ensure-node.mjs`, which `npm test` runs). Installs nothing. */
export async function pinnedNodes(): Promise<PinnedNodes> {
  // A computed specifier: the script is plain JS without declarations, and tsc must not look for them.
  const script = (await import(pathToFileURL(resolve(REPO_ROOT, "scripts", "ensure-node.mjs")).href)) as Record<string, unknown>;
  const { locateNodes, PINNED_NODES } = script;
  if (typeof locateNodes !== "function" || !Array.isArray(PINNED_NODES))
    throw new Error("scripts/ensure-node.mjs does not export locateNodes() and PINNED_NODES");
  const pins = PINNED_NODES as { role: string; version: string }[];
  const located: unknown = locateNodes(REPO_ROOT);
  const { found, missing } = located as { found: unknown[]; missing: string[] };
  if (missing.length > 0) {
    const reason = `pinned Node ${missing.join(", ")} not installed: run \`node scripts/ensure-node.mjs\``;
    if (process.env.CI) throw new Error(`CI: ${reason}. npm test installs them before the suite.`);
    return { available: false, reason, pins };
  }
  if (!found.every(isPinned)) throw new Error(`locateNodes() returned ${JSON.stringify(found)}`);
  return { available: true, nodes: found, pins };
}
