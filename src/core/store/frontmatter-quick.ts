// Frontmatter in the simple shapes the store writes (`key: value` lines, lists of `  - item`), read and written without the YAML parser; null whenever the text or the fields are anything else, and the yaml package decides.
//
// The yaml package is the format's definition: what is read or written here is exactly what it reads or writes (the
// tests compare both on generated and hostile inputs), for a narrow subset chosen so that this is easy to see. A cold
// process (the merge driver, a fresh server's first call) spent ~20-30 ms in the package: its modules' start, and its
// parser and writer run before V8 optimised them, for a few lines.

/** A key as the store writes them. */
const KEY = /^[A-Za-z][A-Za-z0-9]*$/;

/**
 * A plain scalar that reads as the same string under YAML 1.2's core schema, and that the yaml package writes plain:
 * a first character that is no indicator, then a conservative character set (no `#`, so no ` #`; no tab), and neither
 * `: ` nor a `:` or space at the end (a timestamp's colons are plain).
 */
const PLAIN = /^[A-Za-z0-9_/(][A-Za-z0-9_/().:@+=<>,;!?~$%^*&' -]*$/;

/** Plain scalars the core schema reads as something other than a string (null, booleans, numbers): left to the parser. */
const NOT_A_STRING = [
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/,
  /^0o[0-7]+$/,
  /^0x[0-9a-fA-F]+$/,
];

/** The string a plain scalar reads as, or null when this module leaves it to the parser. */
function plainString(text: string): string | null {
  if (!PLAIN.test(text) || text.endsWith(" ") || text.endsWith(":") || text.includes(": ")) return null;
  return NOT_A_STRING.some((pattern) => pattern.test(text)) ? null : text;
}

/** A double-quoted scalar of printable ASCII without escapes: its text; null otherwise. */
function quotedString(text: string): string | null {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return null;
  const inner = text.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const c = inner.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c > 0x7e) return null;
  }
  return inner;
}

/** A key as the store writes them, that YAML reads as that string (not `null`, `true`...). */
function isKey(text: string): boolean {
  return KEY.test(text) && !NOT_A_STRING[0]!.test(text);
}

function scalarString(text: string): string | null {
  return text.startsWith('"') ? quotedString(text) : plainString(text);
}

/**
 * The mapping a frontmatter block holds, when every line is `key: value` (a plain or simply quoted string, `null`,
 * `[]`) or `key:` followed by `  - item` lines, with no key twice; null for any other text (the YAML parser reads it,
 * and reports what is wrong).
 */
export function quickFrontmatter(yamlText: string): Record<string, unknown> | null {
  if (yamlText === "" || !yamlText.endsWith("\n") || yamlText.includes("\r")) return null;
  const lines = yamlText.slice(0, -1).split("\n");
  const data: Record<string, unknown> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(":");
    if (colon <= 0) return null;
    const key = line.slice(0, colon);
    if (!isKey(key) || Object.hasOwn(data, key)) return null;
    const rest = line.slice(colon + 1);
    if (rest === "") {
      const items: string[] = [];
      while (i + 1 < lines.length && lines[i + 1]!.startsWith("  - ")) {
        const item = scalarString(lines[++i]!.slice(4));
        if (item === null) return null;
        items.push(item);
      }
      if (items.length === 0) return null; // `key:` alone is null to YAML: left to it
      data[key] = items;
      continue;
    }
    if (!rest.startsWith(" ")) return null;
    const value = rest.slice(1);
    if (value === "null") data[key] = null;
    else if (value === "[]") data[key] = [];
    else {
      const text = scalarString(value);
      if (text === null) return null;
      data[key] = text;
    }
  }
  return data;
}

/**
 * A string as the yaml package writes it under the store's options, when that is plain (plainString) or, for a string
 * that would be plain but for a `: ` in it (a title such as `Auth: sessions`), double-quoted: its characters need no
 * escape there. Null for anything else.
 */
function writtenString(value: string): string | null {
  if (plainString(value) === value) return value;
  if (!value.includes(": ") || !PLAIN.test(value) || value.endsWith(" ") || value.endsWith(":")) return null;
  return `"${value}"`;
}

/**
 * The frontmatter lines the yaml package writes for these fields (the store's options: no line width, plain style
 * first), when every value is null, a string it writes plain or double-quoted for its `: ` (writtenString), or a list
 * of such strings; null otherwise.
 */
export function quickFrontmatterYaml(fields: Record<string, unknown>): string | null {
  let text = "";
  for (const [key, value] of Object.entries(fields)) {
    if (!isKey(key)) return null;
    if (value === null) text += `${key}: null\n`;
    else if (typeof value === "string") {
      const written = writtenString(value);
      if (written === null) return null;
      text += `${key}: ${written}\n`;
    } else if (Array.isArray(value)) {
      if (value.length === 0) {
        text += `${key}: []\n`;
        continue;
      }
      text += `${key}:\n`;
      for (const item of value) {
        const written = typeof item === "string" ? writtenString(item) : null;
        if (written === null) return null;
        text += `  - ${written}\n`;
      }
    } else return null;
  }
  return text === "" ? null : text;
}
