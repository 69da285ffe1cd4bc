// The frontmatter ThreadMind itself writes (one `key: plain value` per line), read without the YAML parser; else null.
//
// Only lines whose YAML meaning is certain are accepted: a known scalar key, one space, then a plain scalar of safe
// characters that YAML 1.2's core schema reads as exactly that string (or `null`). Anything else (quotes, lists,
// comments, non-ASCII, tabs, CRLF, values YAML reads as numbers, booleans or other nulls, duplicate keys) answers null,
// and the caller uses the YAML parser, which decides (and reports errors) as always.

const SCALAR_KEYS = new Set(["id", "title", "parentId", "author", "createdAt", "updatedAt", "status", "branch", "commit", "mergedInto"]);
const LINE = /^([A-Za-z]+): ([A-Za-z0-9_./][A-Za-z0-9 _./:()@,+-]*)$/;
/** Plain scalars the core schema resolves to something other than a string (numbers, booleans, nulls, .inf/.nan). */
const NOT_A_STRING = [
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/,
  /^0x[0-9a-fA-F]+$/,
  /^0o[0-7]+$/,
  /^[-+]?\.(?:inf|Inf|INF)$/,
  /^\.(?:nan|NaN|NAN)$/,
  /^(?:~|Null|NULL|true|True|TRUE|false|False|FALSE)$/,
];

export function parseCanonicalFrontmatter(yamlText: string): Record<string, string | null> | null {
  if (!yamlText.endsWith("\n") || yamlText.includes("\r")) return null;
  const data: Record<string, string | null> = {};
  const lines = yamlText.slice(0, -1).split("\n");
  for (const line of lines) {
    const match = LINE.exec(line);
    if (!match) return null;
    const key = match[1]!;
    const value = match[2]!;
    if (!SCALAR_KEYS.has(key) || Object.hasOwn(data, key)) return null;
    // Inside a plain scalar, ": " would start a mapping; a trailing space or colon changes the meaning too.
    if (value.endsWith(" ") || value.endsWith(":") || value.includes(": ")) return null;
    if (value === "null") {
      data[key] = null;
      continue;
    }
    if (NOT_A_STRING.some((re) => re.test(value))) return null;
    data[key] = value;
  }
  return lines.length > 0 ? data : null;
}
