// A parsed JSON value that is an object with named fields (not null, not an array). No imports: the hooks bundle it.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
