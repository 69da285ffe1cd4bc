// Reads the JSONL log written by the probe plugin (test/fixtures/probe-plugin) and picks out hook and MCP entries.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";

/** Root of the throwaway probe plugin (plugin name "probe", MCP server key "srv", tool "echo"). */
export const PROBE_PLUGIN_DIR = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "fixtures", "probe-plugin");

/** The probe MCP tool as Claude Code names it. */
export const PROBE_TOOL_NAME = "mcp__plugin_probe_srv__echo";

/** Environment variables the probe scripts record (null when unset). */
export type ProbeEnv = {
  CLAUDE_PID: string | null;
  CLAUDE_PROJECT_DIR: string | null;
  CLAUDE_PLUGIN_ROOT: string | null;
  CLAUDE_PLUGIN_DATA: string | null;
  CLAUDE_CODE_SESSION_ID: string | null;
  CLAUDE_ENV_FILE: string | null;
  PROBE_LOG: string | null;
};

type ProcessFacts = {
  at: number;
  pid: number;
  ppid: number;
  /** Parent of ppid (from /proc); null off Linux. */
  grandParentPid: number | null;
  cwd: string;
  env: ProbeEnv;
  claudeEnvKeys: string[];
};

/** Hook stdin JSON: the common fields plus event-specific ones. */
export type HookInput = {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: string;
  source?: string;
  reason?: string;
  trigger?: string;
  custom_instructions?: string | null;
  [key: string]: unknown;
};

export type ProbeHookEntry = ProcessFacts & {
  kind: "hook";
  event: string;
  input: HookInput;
  /** Whether input.transcript_path existed when the hook ran. */
  transcriptExists: boolean | null;
  /** SessionStart only: the additionalContext printed, and its length in characters. */
  additionalContext?: string;
  contextChars?: number;
};
export type ProbeMcpStartEntry = ProcessFacts & { kind: "mcp-start" };
export type ProbeMcpMessageEntry = {
  at: number;
  kind: "mcp-message";
  pid: number;
  method: string | null;
  id: unknown;
  params: unknown;
};
export type ProbeMcpToolCallEntry = { at: number; kind: "mcp-tool-call"; pid: number; name: string; arguments: unknown };
export type ProbeMcpExitEntry = { at: number; kind: "mcp-exit"; pid: number };
export type ProbeEntry = ProbeHookEntry | ProbeMcpStartEntry | ProbeMcpMessageEntry | ProbeMcpToolCallEntry | ProbeMcpExitEntry;

const KINDS = new Set(["hook", "mcp-start", "mcp-message", "mcp-tool-call", "mcp-exit"]);

function isEntry(value: unknown): value is ProbeEntry {
  return (
    typeof value === "object" && value !== null && "kind" in value && typeof value.kind === "string" && KINDS.has(value.kind)
  );
}

/** All entries of a probe log; [] when no probe script ran. Throws on a malformed line. */
export function readProbeLog(file: string): ProbeEntry[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const parsed: unknown = JSON.parse(line);
      if (!isEntry(parsed)) throw new Error(`${file}: not a probe entry: ${line.slice(0, 200)}`);
      return parsed;
    });
}

/** Hook entries, optionally of one event, in order. */
export function hookEntries(entries: ProbeEntry[], event?: string): ProbeHookEntry[] {
  return entries.filter((e): e is ProbeHookEntry => e.kind === "hook" && (event === undefined || e.event === event));
}

export function mcpStarts(entries: ProbeEntry[]): ProbeMcpStartEntry[] {
  return entries.filter((e): e is ProbeMcpStartEntry => e.kind === "mcp-start");
}

export function mcpMessages(entries: ProbeEntry[]): ProbeMcpMessageEntry[] {
  return entries.filter((e): e is ProbeMcpMessageEntry => e.kind === "mcp-message");
}

export function mcpToolCalls(entries: ProbeEntry[]): ProbeMcpToolCallEntry[] {
  return entries.filter((e): e is ProbeMcpToolCallEntry => e.kind === "mcp-tool-call");
}
