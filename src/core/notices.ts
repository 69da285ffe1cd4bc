// Notices: lines the adapters report once per session (a problem that did not fail the operation).

/** Adds `line` to `notices` unless it is there already. */
export function addNotice(notices: string[], line: string): void {
  if (!notices.includes(line)) notices.push(line);
}
