// Benchmark transcripts generated once into .cache/bench/ and reused: keyed by seed, size and a hash of the generator's source.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seededRandom } from "./rng.mjs";
import { writeSession } from "./transcript-session.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));

/** Changes whenever the generator changes, so a stale cache is never reused. */
export function generatorHash() {
  const h = createHash("sha1");
  for (const file of ["transcript-session.mjs", "rng.mjs", "line-file-writer.mjs", "fixture-cache.mjs"])
    h.update(readFileSync(join(HERE, file)));
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

/** Claude Code's folder name for a launch directory (src/core/savings/transcript-locations.ts encodeProjectPath). */
export function encodeProjectPath(path) {
  return path.replace(/[^a-zA-Z0-9]/g, "-");
}

/** One session transcript of about `targetBytes` (cwd recorded as `cwd`); generated on first use. */
export function cachedTranscript(cacheDir, { name, seed, targetBytes, cwd, log }) {
  const key = `${name}-s${seed}-${targetBytes}-g${generatorHash()}-${createHash("sha1").update(cwd).digest("hex").slice(0, 8)}`;
  const dir = join(cacheDir, "transcripts");
  const path = join(dir, `${key}.jsonl`);
  const manifestPath = join(dir, `${key}.json`);
  const manifest = readManifest(manifestPath);
  if (manifest && existsSync(path) && statSync(path).size === manifest.bytes) return manifest;
  mkdirSync(dir, { recursive: true });
  log?.(`generating ${name} transcript (${(targetBytes / 1e6).toFixed(1)} MB) into ${dir}`);
  const sessionId = seededRandom(seed ^ 0x5eed).uuid();
  const result = writeSession(path, {
    seed,
    targetBytes,
    sessionId,
    cwd,
    subagentsDir: null,
    threadId: "spine-20",
    threadTitle: "Spine 20",
  });
  writeFileSync(manifestPath, JSON.stringify(result));
  return result;
}

/**
 * A Claude configuration folder holding about `totalBytes` of transcripts of one workspace: many sessions of varied sizes,
 * most in the 2.1.x layout (subagent files beside), some 1.0.x (inline sidechains). Generated on first use.
 */
export function cachedScanCorpus(cacheDir, { seed, totalBytes, log }) {
  const key = `scan-s${seed}-${totalBytes}-g${generatorHash()}`;
  const root = join(cacheDir, key);
  const workspace = join(root, "workspace");
  const configDir = join(root, "claude");
  const folder = join(configDir, "projects", encodeProjectPath(workspace));
  const manifestPath = join(root, "manifest.json");
  const manifest = readManifest(manifestPath);
  if (manifest && manifest.workspace === workspace) return manifest;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(workspace, { recursive: true });
  mkdirSync(folder, { recursive: true });
  log?.(`generating the scan corpus (${(totalBytes / 1e6).toFixed(0)} MB of transcripts) into ${root}`);
  const rng = seededRandom(seed);
  const sessions = [];
  let bytes = 0;
  let mainBytes = 0;
  while (bytes < totalBytes) {
    // Mostly small and medium sessions, a few large ones (long days with many compactions).
    const size = Math.min(
      totalBytes - bytes + 10_000,
      Math.round(totalBytes / 8),
      Math.round(Math.exp(rng.next() * Math.log(400)) * 60_000),
    );
    const sessionId = rng.uuid();
    const style = rng.chance(0.15) ? "1.0" : "2.1";
    const r = writeSession(join(folder, `${sessionId}.jsonl`), {
      seed: rng.int(1, 2 ** 31),
      targetBytes: size,
      sessionId,
      cwd: workspace,
      style,
      subagentsDir: style === "2.1" ? join(folder, sessionId, "subagents") : null,
      startSource: rng.pick(["startup", "startup", "clear"]),
      threadId: "main",
      threadTitle: "Bench project",
    });
    sessions.push({
      sessionId,
      bytes: r.bytes,
      subagentBytes: r.subagentBytes,
      compactions: r.compactions,
      finalContextTokens: r.finalContextTokens,
      style,
    });
    bytes += r.bytes + r.subagentBytes;
    mainBytes += r.bytes;
  }
  const result = { workspace, configDir, folder, bytes, mainBytes, sessions };
  writeFileSync(manifestPath, JSON.stringify(result));
  return result;
}
