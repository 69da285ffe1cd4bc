// The starts of a context cache entry as stored: the texts of startup, clear and compact share the assembled context (their headers differ), so it is stored once.
/** One SessionStart output, as printed (header included). */
export interface CachedStart {
  text: string;
  contentHash: string;
  fingerprint: string;
  tokens: number;
  omitted: number;
  /** The line shown to the user, or null. */
  userMessage: string | null;
}

/** A start as stored: its whole text, or the part before the tail it shares with another start's text. */
type StoredStart = Omit<CachedStart, "text"> & ({ text: string } | { prefix: string; tailOf: string; tailChars: number });

function sharedTailChars(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let n = 0;
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n += 1;
  return n;
}

/** The starts to store: the first whole, each other one as its prefix plus the tail it shares with the first (linear). */
export function packStarts(starts: Readonly<Record<string, CachedStart>>): Record<string, StoredStart> {
  const entries = Object.entries(starts);
  const first = entries[0];
  if (first === undefined) return {};
  const [firstSource, firstStart] = first;
  const out: Record<string, StoredStart> = { [firstSource]: firstStart };
  for (const [source, start] of entries.slice(1)) {
    const tail = sharedTailChars(start.text, firstStart.text);
    // A tail of a few characters is not worth the indirection.
    if (tail < 64) {
      out[source] = start;
      continue;
    }
    const { text, ...rest } = start;
    out[source] = { ...rest, prefix: text.slice(0, text.length - tail), tailOf: firstSource, tailChars: tail };
  }
  return out;
}

/** The starts as CachedStarts again; null when a stored start is not one or names a tail it cannot have. */
export function unpackStarts(stored: unknown): Record<string, CachedStart> | null {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return null;
  const raw = stored as Record<string, unknown>;
  const out = Object.create(null) as Record<string, CachedStart>; // keys from a file: none may reach a prototype
  for (const [source, value] of Object.entries(raw)) {
    if (typeof value !== "object" || value === null) return null;
    const s = value as Record<string, unknown>;
    if (typeof s.text === "string") {
      out[source] = s as unknown as CachedStart;
      continue;
    }
    const whole = typeof s.tailOf === "string" && Object.hasOwn(raw, s.tailOf) ? raw[s.tailOf] : undefined;
    const wholeText = typeof whole === "object" && whole !== null ? (whole as Record<string, unknown>).text : undefined;
    if (
      typeof s.prefix !== "string" ||
      typeof wholeText !== "string" ||
      !Number.isSafeInteger(s.tailChars) ||
      (s.tailChars as number) < 0 ||
      (s.tailChars as number) > wholeText.length
    )
      return null;
    const { prefix, tailOf: _tailOf, tailChars, ...rest } = s;
    out[source] = {
      ...(rest as Omit<CachedStart, "text">),
      text: `${prefix}${wholeText.slice(wholeText.length - (tailChars as number))}`,
    };
  }
  return out;
}
