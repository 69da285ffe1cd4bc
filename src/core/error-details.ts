// What a thrown value says: its errno code (ENOENT, EAGAIN…) and its message. No imports: the hook entry bundles it.

/** The errno code of a thrown value (a Node system error's `code`), when it has one. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return undefined;
}

/** A thrown value's message (an Error's), or the value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
