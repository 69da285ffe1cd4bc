// The one rule for thread and project ids (lowercase a-z, 0-9 and '-', 1 to 64 characters), checked before any file access.
export const ID_PATTERN = /^[a-z0-9-]{1,64}$/;

export function isValidId(id: unknown): id is string {
  return typeof id === "string" && ID_PATTERN.test(id);
}
