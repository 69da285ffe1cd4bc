// Thread and project ids: validation (before any file access), slugs from titles, collision suffixes.
import { nodeCrypto } from "./builtin-at-use.js";
import { errors } from "./errors.js";
import { LIMITS } from "./limits.js";

import { ID_PATTERN, isValidId } from "./id-pattern.js";

export { ID_PATTERN, isValidId };
export const MAIN_THREAD_ID = "main";

/** Throws unless `id` is lowercase a-z, 0-9 and '-', 1 to 64 characters. */
export function assertId(id: unknown, what = "id"): string {
  if (!isValidId(id)) {
    const shown = typeof id === "string" ? JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}…` : id) : String(id);
    throw errors.invalid(
      `Invalid ${what} ${shown}: use lowercase letters a-z, digits and "-", at most ${LIMITS.idLength} characters.`,
    );
  }
  return id;
}

const SPECIAL_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "ae",
  ø: "o",
  Ø: "o",
  œ: "oe",
  Œ: "oe",
  ł: "l",
  Ł: "l",
  đ: "d",
  Đ: "d",
  þ: "th",
  Þ: "th",
  ð: "d",
  Ð: "d",
  ı: "i",
  ħ: "h",
  ŋ: "n",
};

/** "Thème été" → "theme-ete"; no Latin letters or digits → a stable "t-<hash>" id. */
export function slugify(title: string, maxLength: number = LIMITS.idLength): string {
  const latin = title
    .replace(/[ßæÆøØœŒłŁđĐþÞðÐıħŋ]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
  const slug = latin
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength)
    .replace(/-+$/g, "");
  if (slug !== "") return slug;
  const hash = nodeCrypto().createHash("sha256").update(title.normalize("NFC")).digest("hex").slice(0, 8);
  return `t-${hash}`;
}

/** The slug of `title`, suffixed -2, -3… until `taken` says it is free; always within the length limit. */
export function uniqueId(title: string, taken: (id: string) => boolean, reserved: readonly string[] = []): string {
  const base = slugify(title);
  const isFree = (id: string) => !reserved.includes(id) && !taken(id);
  if (isFree(base)) return base;
  for (let n = 2; n < 100_000; n++) {
    const suffix = `-${n}`;
    const head = base.slice(0, LIMITS.idLength - suffix.length).replace(/-+$/g, "");
    const candidate = `${head}${suffix}`;
    if (isFree(candidate)) return candidate;
  }
  throw errors.invalid(`Could not find a free id for "${title}"`);
}

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/**
 * The slug of `title` with a random 4-character suffix ("caching-k3f9"), for team projects: two branches that create a
 * thread with the same title get two ids, so both threads survive their merge (never an add/add conflict).
 */
export function suffixedId(title: string, taken: (id: string) => boolean, reserved: readonly string[] = []): string {
  const base = slugify(title, LIMITS.idLength - 5);
  for (let attempt = 0; attempt < 1000; attempt++) {
    let suffix = "";
    for (const b of nodeCrypto().randomBytes(4)) suffix += BASE36[b % 36];
    const candidate = `${base}-${suffix}`;
    if (!reserved.includes(candidate) && !taken(candidate)) return candidate;
  }
  throw errors.invalid(`Could not find a free id for "${title}"`);
}
