// Independent reading of a transcript for cross-checks: whole file, split, JSON.parse, a Map; shares no code with src/transcript.
import { readFileSync } from "node:fs";

export interface IndependentCompaction {
  trigger: unknown;
  preTokens: unknown;
  postTokens: unknown;
  contextBefore: number | null;
  contextAfter: number | null;
}

export interface IndependentReading {
  finalContext: number | null;
  peakContext: number | null;
  firstContext: number | null;
  outputTokensSum: number;
  apiResponses: number;
  mainAssistantRecords: number;
  sidechainRecords: number;
  progressRecords: number;
  compactions: IndependentCompaction[];
  hookContextCount: number;
  unparseableLines: number;
}

interface AnyRecord {
  type?: unknown;
  subtype?: unknown;
  isSidechain?: unknown;
  isApiErrorMessage?: unknown;
  requestId?: unknown;
  compactMetadata?: { trigger?: unknown; preTokens?: unknown; postTokens?: unknown };
  attachment?: { type?: unknown };
  message?: {
    id?: unknown;
    model?: unknown;
    usage?: {
      input_tokens?: number;
      cache_creation_input_tokens?: number | null;
      cache_read_input_tokens?: number | null;
      output_tokens?: number;
    };
  };
}

/** Reads the file the simple way. Main chain = not sidechain; a main assistant is not "<synthetic>" and not an API error. */
export function readTranscriptIndependently(path: string): IndependentReading {
  const lines = readFileSync(path, "utf8").split("\n");
  const records: AnyRecord[] = [];
  let unparseableLines = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    try {
      records.push(JSON.parse(line) as AnyRecord);
    } catch {
      unparseableLines++;
    }
  }

  const finalOutputByResponse = new Map<string, number>();
  const contexts: number[] = [];
  const compactions: IndependentCompaction[] = [];
  let sidechainRecords = 0;
  let progressRecords = 0;
  let hookContextCount = 0;

  for (const record of records) {
    if (record.isSidechain === true) {
      sidechainRecords++;
      continue;
    }
    if (record.type === "progress") {
      progressRecords++;
      continue;
    }
    if (record.type === "system" && record.subtype === "compact_boundary") {
      compactions.push({
        trigger: record.compactMetadata?.trigger,
        preTokens: record.compactMetadata?.preTokens,
        postTokens: record.compactMetadata?.postTokens,
        contextBefore: contexts.length > 0 ? contexts[contexts.length - 1]! : null,
        contextAfter: null,
      });
      continue;
    }
    if (record.type === "attachment" && record.attachment?.type === "hook_additional_context") {
      hookContextCount++;
      continue;
    }
    if (record.type !== "assistant") continue;
    if (record.isApiErrorMessage === true) continue;
    const message = record.message!;
    if (message.model === "<synthetic>") continue;
    const usage = message.usage!;
    const context = usage.input_tokens! + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
    for (const compaction of compactions) if (compaction.contextAfter === null) compaction.contextAfter = context;
    contexts.push(context);
    const key = `${String(message.id)}|${typeof record.requestId === "string" ? record.requestId : ""}`;
    const previous = finalOutputByResponse.get(key) ?? -1;
    finalOutputByResponse.set(key, Math.max(previous, usage.output_tokens!));
  }

  let outputTokensSum = 0;
  for (const output of finalOutputByResponse.values()) outputTokensSum += output;
  return {
    finalContext: contexts.length > 0 ? contexts[contexts.length - 1]! : null,
    peakContext: contexts.length > 0 ? Math.max(...contexts) : null,
    firstContext: contexts.length > 0 ? contexts[0]! : null,
    outputTokensSum,
    apiResponses: finalOutputByResponse.size,
    mainAssistantRecords: contexts.length,
    sidechainRecords,
    progressRecords,
    compactions,
    hookContextCount,
    unparseableLines,
  };
}
