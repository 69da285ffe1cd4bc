// git's blob id of some bytes (sha1 of "blob <length>\0" + bytes), computed without git; node:crypto required at first use.
import { nodeCrypto } from "../builtin-at-use.js";

export function gitBlobId(bytes: Uint8Array): string {
  const hash = nodeCrypto().createHash("sha1");
  hash.update(`blob ${bytes.length}\0`);
  hash.update(bytes);
  return hash.digest("hex");
}
