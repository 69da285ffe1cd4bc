// Finds the real Codex binary for e2e tests (via scripts/ensure-codex.mjs); fails loudly in CI when it is missing.
import { fileURLToPath, pathToFileURL } from "node:url";
import { resolve } from "node:path";

export type CodexBinary = { path: string; version: string; source: "env" | "cache" };

/** Found binary, or the reason the e2e tests skip. */
export type CodexAvailability = { available: true; binary: CodexBinary } | { available: false; reason: string };

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const ensureScript = resolve(repoRoot, "scripts", "ensure-codex.mjs");

function isBinary(value: unknown): value is CodexBinary {
  if (typeof value !== "object" || value === null) return false;
  return "path" in value && typeof value.path === "string" && "version" in value && typeof value.version === "string";
}

/**
 * Locates the binary (THREADMIND_CODEX_BIN, or the cache filled by `node scripts/ensure-codex.mjs`). Installs nothing.
 * Missing binary: a skip reason locally; an Error in CI (process.env.CI set), where the runner must have installed it.
 */
export async function codexAvailability(): Promise<CodexAvailability> {
  const script: unknown = await import(pathToFileURL(ensureScript).href);
  if (typeof script !== "object" || script === null || !("locateCodex" in script) || typeof script.locateCodex !== "function") {
    throw new Error(`${ensureScript} does not export locateCodex()`);
  }
  const found: unknown = script.locateCodex(repoRoot);
  if (found === null) {
    const reason = `Codex binary not installed: run \`node scripts/ensure-codex.mjs\` (or set THREADMIND_CODEX_BIN)`;
    if (process.env.CI) throw new Error(`CI: ${reason}. The test runner must install it before the e2e tests.`);
    return { available: false, reason };
  }
  if (!isBinary(found)) throw new Error(`locateCodex() returned ${JSON.stringify(found)}`);
  return { available: true, binary: found };
}
