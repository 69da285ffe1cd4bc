// A thread title as one bounded line, as the injected context and its header name it (a hand-written file may hold any title).

/** `title` on one line (a line break must not start a heading of its own), at most `max` characters, a cut marked "…". */
export function titleLine(title: string, max: number): string {
  const line = title.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
