// The checks of the services' inputs that the limits alone do not cover: enumerated values, paths, related thread ids.
import { errors } from "./errors.js";
import { assertId } from "./ids.js";
import { checkLength, LIMITS } from "./limits.js";
import { assertNoSecrets } from "./secrets/secret-scan.js";
import type { Store } from "./store/store.js";

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
