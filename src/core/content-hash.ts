// Content hash of a text (sha1, 20 base64url characters): keys the token-count cache and matches injections to receipts.
import type { createHash as CreateHash } from "node:crypto";
import { nodeCrypto } from "./builtin-at-use.js";

/** node:crypto's createHash, required at the first hash: a report or a hook that hashes nothing does not load it. */
let createHash: typeof CreateHash | null = null;

export function contentHash(text: string): string {
  createHash ??= nodeCrypto().createHash;
  return createHash("sha1").update(text).digest("base64url").slice(0, 20);
}
