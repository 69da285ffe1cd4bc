// The checks of the services' inputs that the limits alone do not cover: enumerated values, paths, related thread ids.
import { realpathSync } from "node:fs";
import { isAbsolute } from "node:path";
import { errors } from "./errors.js";
import { assertId } from "./ids.js";
import { checkLength, LIMITS } from "./limits.js";
import { assertNoSecrets } from "./secrets/secret-scan.js";
import type { Store } from "./store/store.js";
import { rootRelative } from "./recall/path-match.js";

/** Callers outside TypeScript (tools, hooks) may pass anything: an enumerated input must be one of its values. */
export function oneOf<T extends string>(what: string, value: T | undefined, allowed: readonly T[], optional: boolean): void {
  if (value === undefined && optional) return;
  if (!allowed.includes(value as T)) {
    throw errors.invalid(`Invalid ${what} ${JSON.stringify(value)}: use one of ${allowed.join(", ")}.`);
  }
}

/** A thread's paths, trimmed (blank ones dropped), within the limits and free of secrets. */
export function checkPaths(paths: string[]): string[] {
  if (paths.length > LIMITS.pathsCount) throw errors.invalid(`Too many paths: ${paths.length} (limit ${LIMITS.pathsCount}).`);
  const checked = paths
    .map((p) => {
      checkLength("A path", p, LIMITS.pathChars);
      if (p.includes("\0")) throw errors.invalid("A path must not contain NUL characters.");
      return p.trim();
    })
    .filter((p) => p !== "");
  // Written into the committed frontmatter like the summary: scanned together, so a key split over paths is seen whole.
  assertNoSecrets(checked.join("\n"), "the paths");
  return checked;
}

/**
 * The paths a caller gives (summary_update's `paths`) as recall and the change warnings compare them: relative to the
 * workspace root, with slashes, without "." segments or repeated slashes ("./src//a.ts" → "src/a.ts"), an absolute
 * path inside the workspace made relative, a trailing slash kept, the root itself ".", repeats dropped (the first
 * kept). A path outside the workspace (absolute elsewhere, or climbing above it with "..") could never cover one of
 * its files: refused.
 */
export function checkGivenPaths(paths: string[], root: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let realRoot: string | null | undefined;
  for (const path of checkPaths(paths)) {
    // An absolute path may name the workspace by its real path (a link above it: macOS's /tmp is /private/tmp).
    let rel = rootRelative(path, root, root);
    if (rel === null && isAbsolute(path)) {
      realRoot ??= realPathOrNull(root);
      if (realRoot !== null && realRoot !== root) rel = rootRelative(path, realRoot, realRoot);
    }
    if (rel === null) throw errors.pathOutsideWorkspace(path, root);
    // A trailing slash says "a directory" to whoever reads the thread: kept (recall compares without it).
    const kept = rel === "" ? "." : /[\\/]$/.test(path) ? `${rel}/` : rel;
    if (seen.has(rel)) continue; // the same path as recall compares it ("src/b" and "src/b/")
    seen.add(rel);
    out.push(kept);
  }
  return out;
}

/** The real path of `path`, or null when it cannot be resolved: a path then outside the root as given is refused. */
function realPathOrNull(path: string): string | null {
  try {
    return realpathSync.native(path);
  } catch {
    return null;
  }
}

/** A thread's related thread ids, valid and without repeats (none given: none). */
export function checkRelated(related: string[] | undefined): string[] {
  if (!related) return [];
  if (related.length > LIMITS.relatedCount)
    throw errors.invalid(`Too many related threads: ${related.length} (limit ${LIMITS.relatedCount}).`);
  const ids = [...new Set(related.map((r) => assertId(r, "related thread id")))];
  assertNoSecrets(ids.join("\n"), "the related thread ids");
  return ids;
}

/** A warning for each related thread that does not exist (it is kept as a reference). */
export function missingRelated(store: Store, projectId: string, related: string[]): string[] {
  return related
    .filter((r) => !store.threadExists(projectId, r))
    .map((r) => `Related thread "${r}" does not exist (kept as a reference).`);
}
