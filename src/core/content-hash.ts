// Content hash of a text (sha1, 20 base64url characters): keys the token-count cache and matches injections to receipts.
import { createHash } from "node:crypto";

export function contentHash(text: string): string {
  return createHash("sha1").update(text).digest("base64url").slice(0, 20);
}
