// Benchmark Codex rollouts generated once into .cache/bench/rollouts/ and reused: keyed by seed, size and a hash of the
// generator's source (apart from fixture-cache.mjs, so that a rollout change does not regenerate Claude Code's files).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seededRandom } from "./rng.mjs";
import { writeRollout } from "./rollout-session.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const SOURCES = ["rollout-session.mjs", "transcript-session.mjs", "rng.mjs", "line-file-writer.mjs", "rollout-cache.mjs"];

function rolloutGeneratorHash() {
  const h = createHash("sha1");
  for (const file of SOURCES) h.update(readFileSync(join(HERE, file)));
  return h.digest("hex").slice(0, 10);
}

function readManifest(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/**
 * One Codex rollout of about `targetBytes` (cwd recorded as `cwd`), named rollout-….jsonl as Codex names them (how a
 * hook tells it runs under Codex); generated on first use. Returns writeRollout's result.
 */
export function cachedRollout(cacheDir, { name, seed, targetBytes, cwd, log }) {
  const key = `${name}-s${seed}-${targetBytes}-g${rolloutGeneratorHash()}-${createHash("sha1").update(cwd).digest("hex").slice(0, 8)}`;
  const dir = join(cacheDir, "rollouts", key);
  const sessionId = seededRandom(seed ^ 0x5eed).uuid();
  const path = join(dir, `rollout-2026-01-05T09-00-00-${sessionId}.jsonl`);
  const manifestPath = join(dir, "manifest.json");
  const manifest = readManifest(manifestPath);
  if (manifest && existsSync(path) && statSync(path).size === manifest.bytes) return manifest;
  mkdirSync(dir, { recursive: true });
  log?.(`generating ${name} Codex rollout (${(targetBytes / 1e6).toFixed(1)} MB) into ${dir}`);
  const result = writeRollout(path, { seed, targetBytes, sessionId, cwd, threadId: "spine-20", threadTitle: "Spine 20" });
  writeFileSync(manifestPath, JSON.stringify(result));
  return result;
}
