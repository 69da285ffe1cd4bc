// The secret gate: scans text that is about to be committed (summaries, merges, system context) and refuses credentials.
import { ThreadMindError } from "../errors.js";
import { SECRET_RULES } from "./secret-patterns.js";
import type { SecretCandidate } from "./secret-patterns.js";

/** One credential found in a text. `line`/`column` are 1-based (column in UTF-16 code units); `masked` never holds the secret. */
export interface SecretFinding {
  kind: string;
  line: number;
  column: number;
  masked: string;
}

/** How many findings the error message names before summarising the rest as "and N more". */
const FINDINGS_NAMED_IN_MESSAGE = 3;

/** All credentials in `text`, ordered by position. Overlapping matches are reported once, as the most specific kind. */
export function scanForSecrets(text: string): SecretFinding[] {
  const candidates: Array<{ candidate: SecretCandidate; priority: number }> = [];
  SECRET_RULES.forEach((rule, priority) => {
    for (const match of text.matchAll(rule.pattern)) {
      const candidate = rule.detect(match, text);
      if (candidate !== null) candidates.push({ candidate, priority });
    }
  });
  // A key quoted in Markdown (`> `), listed (`- `), in a table (`| … |`) or a comment (`// `, `# `) has a prefix on every
  // line: multi-line rules also run on the text with those prefixes blanked out (same length, so offsets still hold).
  const masked = maskLinePrefixes(text);
  if (masked !== text) {
    SECRET_RULES.forEach((rule, priority) => {
      if (rule.multiLine !== true) return;
      for (const match of masked.matchAll(rule.pattern)) {
        const candidate = rule.detect(match, masked);
        if (candidate !== null) candidates.push({ candidate, priority });
      }
    });
  }
  if (candidates.length === 0) return [];

  const kept = keepMostSpecific(candidates);
  const lineStarts = lineStartOffsets(text);
  return kept.map((c) => {
    const line = lineOf(lineStarts, c.start);
    const lineStart = lineStarts[line - 1] ?? 0;
    return { kind: c.kind, line, column: c.start - lineStart + 1, masked: mask(c) };
  });
}

/** Common line prefixes (quote, list, table, comment markers, repeated and nested) and a table row's closing bar. */
const LINE_PREFIX = /^(?:[ \t]*(?:>[ \t]?|(?:[|*+#-]|\/\/|;)[ \t]+))+/gm;
const TABLE_ROW_END = /[ \t]*\|[ \t]*(?=\r?$)/gm;

/** `text` with each line's common prefixes (and a table row's closing bar) replaced by as many spaces. */
export function maskLinePrefixes(text: string): string {
  const blank = (m: string) => " ".repeat(m.length);
  return text.replace(LINE_PREFIX, blank).replace(TABLE_ROW_END, blank);
}

/** Thrown by assertNoSecrets; its message is written for the model that tried to write the text. */
export class SecretDetectedError extends ThreadMindError {
  readonly findings: SecretFinding[];
  readonly what: string;

  constructor(what: string, findings: SecretFinding[]) {
    super("secret", refusalMessage(what, findings));
    this.name = "SecretDetectedError";
    this.what = what;
    this.findings = findings;
  }
}

/** Throws SecretDetectedError when `text` contains a credential. `what` describes the text, e.g. `the summary of thread "auth"`. */
export function assertNoSecrets(text: string, what: string): void {
  if (what.trim() === "") throw new TypeError("assertNoSecrets: `what` must describe the text being written");
  const findings = scanForSecrets(text);
  if (findings.length > 0) throw new SecretDetectedError(what, findings);
}

function refusalMessage(what: string, findings: SecretFinding[]): string {
  const first = findings[0];
  if (first === undefined) throw new Error("SecretDetectedError needs at least one finding");
  const named = findings.slice(0, FINDINGS_NAMED_IN_MESSAGE).map((f) => `${f.kind} on line ${f.line}`);
  const rest = findings.length - named.length;
  const list = rest > 0 ? `${named.join(", ")} and ${rest} more` : joinWithAnd(named);
  const plural = findings.length > 1;
  const example = maskExample(first.masked);
  return (
    `Refused to write ${what}: it contains what looks like ${plural ? "credentials" : "a credential"} (${list}). ` +
    `Nothing was written. Remove or mask the ${plural ? "secrets" : "secret"} (e.g. ${example}) and try again.`
  );
}

function joinWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "ghp_…(36 chars)" → "ghp_****"; long public prefixes (a PEM header) and no prefix → "****". */
function maskExample(masked: string): string {
  const prefix = masked.slice(0, masked.indexOf("…"));
  return prefix.length > 0 && prefix.length <= 16 ? `${prefix}****` : "****";
}

function mask(c: SecretCandidate): string {
  return `${c.publicPrefix}…(${c.end - c.start - c.publicPrefix.length} chars)`;
}

/**
 * Among overlapping candidates, keep the one from the earliest (most specific) rule: a `GITHUB_TOKEN=ghp_…` line is one
 * GitHub token, not also a token assignment. Sweeps clusters of overlapping spans in position order.
 */
function keepMostSpecific(all: Array<{ candidate: SecretCandidate; priority: number }>): SecretCandidate[] {
  const byPosition = [...all].sort((a, b) => a.candidate.start - b.candidate.start || a.priority - b.priority);
  const kept: SecretCandidate[] = [];
  let cluster: typeof byPosition = [];
  let clusterEnd = -1;
  const flush = (): void => {
    const chosen: SecretCandidate[] = [];
    for (const { candidate } of [...cluster].sort((a, b) => a.priority - b.priority)) {
      if (chosen.every((c) => candidate.end <= c.start || candidate.start >= c.end)) chosen.push(candidate);
    }
    kept.push(...chosen.sort((a, b) => a.start - b.start));
    cluster = [];
  };
  for (const entry of byPosition) {
    if (entry.candidate.start >= clusterEnd && cluster.length > 0) flush();
    cluster.push(entry);
    clusterEnd = Math.max(clusterEnd, entry.candidate.end);
  }
  flush();
  return kept;
}

function lineStartOffsets(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line holding `offset` (binary search over line starts). */
function lineOf(lineStarts: number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
