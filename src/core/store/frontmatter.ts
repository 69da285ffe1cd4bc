// Thread files: YAML frontmatter (via the yaml package) + Markdown body, parsed strictly and written canonically.
import { yamlPackage } from "./yaml-package.js";
import { quickFrontmatter, quickFrontmatterYaml } from "./frontmatter-quick.js";
import type { ClosedStatus, Thread, ThreadMeta } from "../types.js";
import { isValidId } from "../ids.js";
import { hasConflictMarkers } from "./conflict-markers.js";
import { messageOf } from "../error-details.js";

export { hasConflictMarkers };

const FENCE = "---";
export const KEY_ORDER = [
  "id",
  "title",
  "parentId",
  "author",
  "createdAt",
  "updatedAt",
  "status",
  "branch",
  "commit",
  "paths",
  "mergedInto",
  "related",
] as const satisfies readonly (keyof ThreadMeta)[];

export class FrontmatterError extends Error {}

/**
 * Bounds on a frontmatter block, checked in one linear pass before the YAML parser sees it: the parser's time grows
 * faster than the number of keys (a 30,000-key block takes tens of seconds), so a block past these is reported as
 * damaged, never parsed. A thread ThreadMind writes has a few dozen lines (100 paths and 50 related at most).
 */
export const FRONTMATTER_LIMITS = {
  chars: 256 * 1024,
  /** Lines, plus items of flow collections (`[a, b]`, `{a: 1}`): about the number of keys and list items. */
  entries: 1_000,
  /** Open flow brackets at once, or the characters of a line's leading indentation and `- ` indicators. */
  depth: 64,
} as const;

/** Why this frontmatter block is past FRONTMATTER_LIMITS, or null when it is within them (one pass, no parsing). */
export function frontmatterPastLimits(yamlText: string): string | null {
  const fmt = (n: number) => n.toLocaleString("en-US");
  if (yamlText.length > FRONTMATTER_LIMITS.chars)
    return `frontmatter too large to parse: ${fmt(yamlText.length)} characters (limit ${fmt(FRONTMATTER_LIMITS.chars)})`;
  let entries = 1;
  let brackets = 0;
  let lineStart = true;
  let indent = 0;
  for (let i = 0; i < yamlText.length; i++) {
    const c = yamlText.charCodeAt(i);
    if (c === 10) {
      entries++;
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && (c === 32 || c === 45 || c === 9)) {
      if (++indent > FRONTMATTER_LIMITS.depth)
        return `frontmatter nested too deeply to parse (a line indented past ${FRONTMATTER_LIMITS.depth} characters)`;
      continue;
    }
    lineStart = false;
    if (c === 91 || c === 123) {
      if (++brackets > FRONTMATTER_LIMITS.depth)
        return `frontmatter nested too deeply to parse (more than ${FRONTMATTER_LIMITS.depth} open brackets)`;
    } else if ((c === 93 || c === 125) && brackets > 0) brackets--;
    else if (c === 44 && brackets > 0) entries++;
    if (entries > FRONTMATTER_LIMITS.entries) break;
  }
  if (entries > FRONTMATTER_LIMITS.entries)
    return `frontmatter too large to parse: more than ${fmt(FRONTMATTER_LIMITS.entries)} lines and list items (keys)`;
  return null;
}

/** Serialises a thread: frontmatter with keys in a fixed order (optional ones only when set), then the summary. */
export function serializeThread(thread: Thread): string {
  const ordered: Record<string, unknown> = {};
  for (const key of KEY_ORDER) {
    const value = thread[key];
    if (value === undefined) continue;
    ordered[key] = value;
  }
  const body = thread.summary === "" ? "" : `\n${thread.summary.endsWith("\n") ? thread.summary : `${thread.summary}\n`}`;
  return `${FENCE}\n${frontmatterYaml(ordered)}${FENCE}\n${body}`;
}

const YAML_OPTIONS = { lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN" } as const;

/**
 * The frontmatter lines of these fields as the store writes them (none for no fields). The yaml package writes a few
 * strings inexactly in block style (" \n" loses its space): then every string is written double-quoted, which is exact.
 */
export function frontmatterYaml(fields: Record<string, unknown>): string {
  if (Object.keys(fields).length === 0) return "";
  const quick = quickFrontmatterYaml(fields);
  if (quick !== null) return quick;
  const { stringify } = yamlPackage();
  const yamlText = stringify(fields, YAML_OPTIONS);
  return readsBack(yamlText, fields)
    ? yamlText
    : stringify(fields, { ...YAML_OPTIONS, defaultStringType: "QUOTE_DOUBLE", blockQuote: false });
}

function readsBack(yamlText: string, data: Record<string, unknown>): boolean {
  const { parseDocument } = yamlPackage();
  try {
    const doc = parseDocument(yamlText, { uniqueKeys: true });
    return doc.errors.length === 0 && JSON.stringify(doc.toJS()) === JSON.stringify(data);
  } catch {
    return false; // the yaml package throws on some inputs (an unresolved alias): not exact, so quote everything
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The file text of a thread, after checking that reading it back gives exactly this thread: a thread that could
 * not be stored exactly (a lone UTF-16 surrogate, lines that read as git conflict markers) is refused, never written.
 */
export function serializeThreadExactly(thread: Thread): string {
  for (const key of [...KEY_ORDER, "summary"] as const) {
    const value = thread[key];
    const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
    if (texts.some((t) => LONE_SURROGATE.test(t)))
      throw new FrontmatterError(`the ${key} contains a lone UTF-16 surrogate, which a UTF-8 file cannot hold`);
  }
  const text = serializeThread(thread);
  if (hasConflictMarkers(text)) {
    throw new FrontmatterError(
      "it would contain lines that read as git conflict markers (<<<<<<< and >>>>>>> at the start of a line): indent them or put them in other words",
    );
  }
  const back = parseThread(text);
  for (const key of [...KEY_ORDER, "summary"] as const) {
    if (JSON.stringify(back[key]) !== JSON.stringify(thread[key])) {
      throw new FrontmatterError(`its ${key} would not read back exactly as given`);
    }
  }
  return text;
}

/**
 * Parses a thread file's text; throws FrontmatterError with the reason when it is not a valid thread file. Any other
 * exception on the way (the yaml package throws ReferenceError for `title: **Refunds**`, an alias to no anchor) is
 * turned into a FrontmatterError too: a damaged file is reported, never a crash.
 */
export function parseThread(text: string): Thread {
  try {
    return parseThreadUnchecked(text);
  } catch (e) {
    if (e instanceof FrontmatterError) throw e;
    throw new FrontmatterError(`invalid YAML frontmatter: ${messageOf(e).split("\n")[0]}`);
  }
}

function parseThreadUnchecked(text: string): Thread {
  const { data, body } = boundedFrontmatter(text);
  return { ...validateMeta(data), summary: body };
}

/**
 * The frontmatter data of a thread file (format 1) or of a thread folder's file (format 2), and the text after it, past
 * every check a reader makes first: no conflict markers, both fences, and the block within FRONTMATTER_LIMITS before
 * any parser sees it (a hostile block is refused, never parsed: #30). Throws FrontmatterError with the reason.
 */
export function boundedFrontmatter(text: string): { data: unknown; body: string } {
  if (hasConflictMarkers(text)) {
    throw new FrontmatterError(
      "contains git conflict markers (<<<<<<< / ======= / >>>>>>>): run /thread-mind:resolve (`thread-mind-mcp resolve` in a terminal) while git reports the conflict, or edit the marked part by hand",
    );
  }
  const split = splitFrontmatter(text);
  if (split === "no-opening-fence") throw new FrontmatterError("does not start with a '---' frontmatter block");
  if (split === "no-closing-fence") throw new FrontmatterError("has no closing '---' after the frontmatter");
  const pastLimits = frontmatterPastLimits(split.yamlText);
  if (pastLimits !== null) throw new FrontmatterError(pastLimits);
  return { data: frontmatterData(split.yamlText), body: split.summary };
}

/** Frontmatter data as a mapping of keys to values (an empty block is an empty one), or null when it is not one. */
export function frontmatterMapping(data: unknown): Record<string, unknown> | null {
  const value = data ?? {};
  return typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * What a frontmatter block (within FRONTMATTER_LIMITS) holds: read without the YAML parser in the shapes the store
 * writes (frontmatter-quick.ts), else by it. Throws FrontmatterError with the parser's first error, or with any
 * exception it raised on the way (an alias to no anchor).
 */
export function frontmatterData(yamlText: string): unknown {
  const quick = quickFrontmatter(yamlText);
  if (quick !== null) return quick;
  // Loaded outside the try: a plugin without its yaml.cjs is a broken install (doctor names it), not invalid YAML.
  const { parseDocument } = yamlPackage();
  try {
    const doc = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true });
    if (doc.errors.length > 0) {
      throw new FrontmatterError(`invalid YAML frontmatter: ${doc.errors[0]!.message.split("\n")[0]}`);
    }
    return doc.toJS();
  } catch (e) {
    if (e instanceof FrontmatterError) throw e;
    throw new FrontmatterError(`invalid YAML frontmatter: ${messageOf(e).split("\n")[0]}`);
  }
}

/** A file's frontmatter YAML and its summary, split at the fences (a BOM dropped); else which fence is missing. */
export function splitFrontmatter(text: string): { yamlText: string; summary: string } | "no-opening-fence" | "no-closing-fence" {
  const normalized = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (!normalized.startsWith(`${FENCE}\n`) && !normalized.startsWith(`${FENCE}\r\n`)) return "no-opening-fence";
  const rest = normalized.slice(normalized.indexOf("\n") + 1);
  const end = findClosingFence(rest);
  if (end === -1) return "no-closing-fence";
  const afterFence = rest.slice(end + FENCE.length).replace(/^\r?\n/, "");
  return { yamlText: rest.slice(0, end), summary: afterFence.replace(/^\r?\n/, "").replace(/\r?\n$/, "") };
}

function findClosingFence(rest: string): number {
  if (rest.startsWith(`${FENCE}\n`) || rest.startsWith(`${FENCE}\r\n`) || rest === FENCE) return 0;
  const match = /\r?\n---(\r?\n|$)/.exec(rest);
  if (!match) return -1;
  return match.index + (match[0].startsWith("\r") ? 2 : 1);
}

function validateMeta(data: unknown): ThreadMeta {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new FrontmatterError("frontmatter is not a mapping of keys to values");
  }
  const d = data as Record<string, unknown>;
  const str = (key: string, required: boolean): string | undefined => {
    const v = d[key];
    if (v === undefined || v === null) {
      if (required) throw new FrontmatterError(`frontmatter has no "${key}"`);
      return undefined;
    }
    if (typeof v !== "string") throw new FrontmatterError(`frontmatter "${key}" must be a string, found ${describe(v)}`);
    return v;
  };
  const id = str("id", true)!;
  if (!isValidId(id)) throw new FrontmatterError(`frontmatter id ${JSON.stringify(id)} is not a valid id`);
  const parentRaw = d.parentId;
  if (parentRaw !== null && parentRaw !== undefined && (typeof parentRaw !== "string" || !isValidId(parentRaw))) {
    throw new FrontmatterError(`frontmatter parentId ${JSON.stringify(parentRaw)} is not a valid id`);
  }
  if (parentRaw === undefined) throw new FrontmatterError('frontmatter has no "parentId" (use null for main)');
  const meta: ThreadMeta = {
    id,
    title: str("title", true)!,
    parentId: (parentRaw as string | null) ?? null,
    author: str("author", false) ?? "unknown",
    createdAt: str("createdAt", true)!,
    updatedAt: str("updatedAt", true)!,
  };
  const status = str("status", false);
  if (status !== undefined) {
    if (!isClosedStatus(status)) throw new FrontmatterError(`frontmatter status "${status}" must be done or abandoned`);
    meta.status = status;
  }
  const branch = str("branch", false);
  if (branch !== undefined) meta.branch = branch;
  const commit = str("commit", false);
  if (commit !== undefined) meta.commit = commit;
  const mergedInto = str("mergedInto", false);
  if (mergedInto !== undefined) meta.mergedInto = mergedInto;
  const paths = stringList(d, "paths");
  if (paths !== undefined) meta.paths = paths;
  const related = stringList(d, "related");
  if (related !== undefined) meta.related = related;
  return meta;
}

function stringList(d: Record<string, unknown>, key: string): string[] | undefined {
  const v = d[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
    throw new FrontmatterError(`frontmatter "${key}" must be a list of strings`);
  }
  return v as string[];
}

function isClosedStatus(s: string): s is ClosedStatus {
  return s === "done" || s === "abandoned";
}

function describe(v: unknown): string {
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a date (quote it)";
  return typeof v;
}
