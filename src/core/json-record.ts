// A parsed JSON value that is an object with named fields (not null, not an array), and its own entries. No imports: the hooks bundle it.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `record[key]` when it is the record's own (a key such as "constructor" is never taken from Object's prototype). */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
