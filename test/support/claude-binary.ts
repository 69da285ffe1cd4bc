// Finds the real Claude Code binary for e2e tests (via scripts/ensure-claude.mjs); fails loudly in CI when it is missing.
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolve } from "node:path";

export type ClaudeBinary = { path: string; version: string; source: "env" | "cache" };

/** Found binary, or the reason the e2e tests skip. */
export type ClaudeAvailability = { available: true; binary: ClaudeBinary } | { available: false; reason: string };

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const ensureScript = resolve(repoRoot, "scripts", "ensure-claude.mjs");

function isBinary(value: unknown): value is ClaudeBinary {
  if (typeof value !== "object" || value === null) return false;
  return "path" in value && typeof value.path === "string" && "version" in value && typeof value.version === "string";
}

/**
 * Locates the binary (THREADMIND_CLAUDE_BIN, or the cache filled by `node scripts/ensure-claude.mjs`). Installs nothing.
 * Missing binary: a skip reason locally; an Error in CI (process.env.CI set), where the runner must have installed it.
 */
export async function claudeAvailability(): Promise<ClaudeAvailability> {
  const script: unknown = await import(pathToFileURL(ensureScript).href);
  if (typeof script !== "object" || script === null || !("locateClaude" in script) || typeof script.locateClaude !== "function") {
    throw new Error(`${ensureScript} does not export locateClaude()`);
  }
  const found: unknown = script.locateClaude(repoRoot);
  if (found === null) {
    const reason = `Claude Code binary not installed: run \`node scripts/ensure-claude.mjs\` (or set THREADMIND_CLAUDE_BIN)`;
    if (process.env.CI) throw new Error(`CI: ${reason}. The test runner must install it before the e2e tests.`);
    return { available: false, reason };
  }
  if (!isBinary(found)) throw new Error(`locateClaude() returned ${JSON.stringify(found)}`);
  return { available: true, binary: found };
}
