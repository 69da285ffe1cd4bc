// The author id used for ownership: slug of git user.name + short hash of user.email, or THREADMIND_AUTHOR.
import { nodeCrypto } from "./builtin-at-use.js";
import { userInfo } from "node:os";
import { gitUser } from "./git/git.js";
import { assertId, slugify } from "./ids.js";

export async function resolveAuthorId(env: Record<string, string | undefined>, gitTop: string | null): Promise<string> {
  if (env.THREADMIND_AUTHOR) return assertId(env.THREADMIND_AUTHOR, "THREADMIND_AUTHOR");
  const { name, email } = await gitUser(gitTop);
  return authorIdFrom(name, email);
}

export function authorIdFrom(name: string | null, email: string | null): string {
  const base = slugify(name ?? safeUsername() ?? "unknown", 40);
  if (!email) return base;
  const hash = nodeCrypto().createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 6);
  return `${base}-${hash}`;
}

function safeUsername(): string | null {
  try {
    return userInfo().username || null;
  } catch {
    return null;
  }
}
