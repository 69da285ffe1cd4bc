// Merges a project file (.threadmind/projects/<id>.json) field by field; a conflict is marked around that field's line.
import { conflictLines, mergeLines, type Merged } from "./merge-text.js";
import { mergeFields, type FieldRules } from "./merge-fields.js";
import { isRecord } from "../json-record.js";

/** The store's key order (see Store.writeProject); the same project created on two branches keeps the earlier createdAt. */
const PROJECT_RULES: FieldRules = {
  order: ["id", "title", "mode", "createdAt", "systemContext"],
  stamps: [],
  sets: [],
  earliest: ["createdAt"],
};

function parseObject(text: string): Record<string, unknown> | null {
  if (text.trim() === "") return {};
  try {
    const data: unknown = JSON.parse(text);
    return isRecord(data) ? data : null;
  } catch {
    return null;
  }
}

const entryLine = (k: string, v: unknown) => `  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, "\n  ")}`;

export function mergeProjectFile(base: string, ours: string, theirs: string): Merged {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const [b, o, t] = [parseObject(base), parseObject(ours), parseObject(theirs)];
  if (b === null || o === null || t === null) return mergeLines(base, ours, theirs, "the file (it is not JSON on every side)");
  const { parts, conflicts } = mergeFields(b, o, t, PROJECT_RULES);
  if (conflicts.length === 0) {
    const merged = Object.assign({}, ...parts.map((p) => (p.kind === "clean" ? p.fields : {}))) as Record<string, unknown>;
    return { text: `${JSON.stringify(merged, null, 2)}\n`, conflicts: [] };
  }
  // Every entry gets a comma (the file is invalid JSON until resolved anyway, and the markers say where).
  const lines: string[] = ["{"];
  for (const p of parts) {
    if (p.kind === "clean") for (const [k, v] of Object.entries(p.fields)) lines.push(`${entryLine(k, v)},`);
    else
      lines.push(
        ...conflictLines(
          Object.entries(p.ours).map(([k, v]) => `${entryLine(k, v)},`),
          Object.entries(p.theirs).map(([k, v]) => `${entryLine(k, v)},`),
        ),
      );
  }
  lines.push("}");
  return { text: `${lines.join("\n")}\n`, conflicts: conflicts.map((k) => `field "${k}"`) };
}
