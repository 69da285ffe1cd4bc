// Locates and reads Claude Code's JSONL transcripts under an isolated HOME (~/.claude/projects/<encoded cwd>/).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One transcript line; only `type` is relied on, the rest is Claude Code's internal format. */
export type TranscriptRecord = { type: string; [key: string]: unknown };

/** The four usage counts the mock controls. */
export type TranscriptUsage = {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
};

/** Claude Code's folder name for a launch directory: every non-alphanumeric character becomes '-'. */
export function encodeProjectPath(cwd: string): string {
  return cwd.replace(/[^a-zA-Z0-9]/g, "-");
}

/** `<home>/.claude/projects/<encoded cwd>`. */
export function projectTranscriptDir(home: string, cwd: string): string {
  return join(home, ".claude", "projects", encodeProjectPath(cwd));
}

/** `<home>/.claude/projects/<encoded cwd>/<sessionId>.jsonl`. */
export function transcriptPath(home: string, cwd: string, sessionId: string): string {
  return join(projectTranscriptDir(home, cwd), `${sessionId}.jsonl`);
}

/** The main-session transcript files of a project folder (sorted); [] when the folder does not exist. */
export function listTranscripts(home: string, cwd: string): string[] {
  const dir = projectTranscriptDir(home, cwd);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()
    .map((name) => join(dir, name));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a JSONL transcript; throws on a line that is not a JSON object with a string `type`. */
export function readTranscript(path: string): TranscriptRecord[] {
  const out: TranscriptRecord[] = [];
  const lines = readFileSync(path, "utf8").split("\n");
  lines.forEach((line, index) => {
    if (line.trim() === "") return;
    const parsed: unknown = JSON.parse(line);
    if (!isRecord(parsed) || typeof parsed.type !== "string") {
      throw new Error(`${path}:${index + 1}: not a transcript record: ${line.slice(0, 200)}`);
    }
    out.push({ ...parsed, type: parsed.type });
  });
  return out;
}

/** The four controlled usage counts of every assistant record, in file order. */
export function assistantUsages(records: TranscriptRecord[]): TranscriptUsage[] {
  const out: TranscriptUsage[] = [];
  for (const record of records) {
    if (record.type !== "assistant" || !isRecord(record.message) || !isRecord(record.message.usage)) continue;
    const usage = record.message.usage;
    out.push({
      input_tokens: Number(usage.input_tokens),
      cache_creation_input_tokens: Number(usage.cache_creation_input_tokens),
      cache_read_input_tokens: Number(usage.cache_read_input_tokens),
      output_tokens: Number(usage.output_tokens),
    });
  }
  return out;
}

/** The `attachment` object of records with `type: "attachment"` and the given attachment type. */
export function attachmentsOfType(records: TranscriptRecord[], attachmentType: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const record of records) {
    if (record.type === "attachment" && isRecord(record.attachment) && record.attachment.type === attachmentType) {
      out.push(record.attachment);
    }
  }
  return out;
}
