// config.json: this machine's state (sessions, per-branch start threads, last project); gitignored. Measurements: measurements.jsonl.
import { join } from "node:path";
import { readTextStrict } from "./read-strict.js";
import { UnreadableFileError } from "../errors.js";
import { LIMITS } from "../limits.js";
import { isValidId } from "../id-pattern.js";
import type { Measurements } from "../measure/measurements.js";
import { emptyMeasurements } from "../measure/measurements.js";
import { isRecord } from "../json-record.js";

export interface SessionState {
  projectId?: string;
  threadId?: string;
  /** Process whose death ends this session (its entry is pruned then). */
  pid?: number;
  updatedAt: string;
}

export interface LocalState {
  version: 1;
  lastProjectId?: string;
  /** branch → project id → thread last chosen on that branch. */
  branches: Record<string, Record<string, string>>;
  sessions: Record<string, SessionState>;
  /** Read from an older config.json only: moved to measurements.jsonl by the next write (see measurement-log-legacy.ts). */
  conversations: Record<string, ConversationThread>;
  /** Read from an older config.json only: moved to measurements.jsonl by the next write. */
  measurements: Measurements;
  /** Author ids this user had before (0.4 kept a random one in config.json as "author"): their threads are this user's. */
  legacyAuthorIds: string[];
  /** 0.4's activeProjectId/activeThreadId, until the migration turns it into the branch's start thread. */
  legacyActiveThread?: { projectId: string; threadId: string };
}

export interface ConversationThread {
  projectId: string;
  threadId: string;
  at: string;
}

export interface LocalStateRead {
  state: LocalState;
  /** Set when config.json existed but could not be used (it is set aside by the next write, never overwritten). */
  problem?: string;
}

export function emptyLocalState(): LocalState {
  return { version: 1, branches: {}, sessions: {}, conversations: {}, measurements: emptyMeasurements(), legacyAuthorIds: [] };
}

export function localStatePath(storeDir: string): string {
  return join(storeDir, "config.json");
}

export function readLocalState(storeDir: string): LocalStateRead {
  const path = localStatePath(storeDir);
  let text: string | null;
  try {
    text = readTextStrict(path, LIMITS.localStateBytes);
  } catch (e) {
    return { state: emptyLocalState(), problem: e instanceof UnreadableFileError ? e.reason : String(e) };
  }
  if (text === null) return { state: emptyLocalState() };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { state: emptyLocalState(), problem: `invalid JSON (${(e as Error).message})` };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { state: emptyLocalState(), problem: "is not a JSON object" };
  }
  return { state: normalize(data as Record<string, unknown>) };
}

function normalize(d: Record<string, unknown>): LocalState {
  const state = emptyLocalState();
  if (typeof d.lastProjectId === "string") state.lastProjectId = d.lastProjectId;
  // 0.4 layout kept activeProjectId; it means the same as lastProjectId.
  else if (typeof d.activeProjectId === "string") state.lastProjectId = d.activeProjectId;
  // 0.4's activeThreadId becomes the thread the checked-out branch starts on (see ThreadMindServices.migrateIfNeeded).
  if (typeof d.activeProjectId === "string" && typeof d.activeThreadId === "string" && isValidId(d.activeThreadId)) {
    state.legacyActiveThread = { projectId: d.activeProjectId, threadId: d.activeThreadId };
  }
  const legacy = [...(Array.isArray(d.legacyAuthorIds) ? d.legacyAuthorIds : []), d.author].filter(isValidId);
  state.legacyAuthorIds = [...new Set(legacy)];
  if (isRecord(d.branches)) {
    for (const [branch, perProject] of Object.entries(d.branches)) {
      if (!isRecord(perProject)) continue;
      // Ids only: a thread named otherwise (a hand edit, a committed config.json) can never be chosen.
      const entries = Object.entries(perProject).filter(
        (e): e is [string, string] => isValidId(e[0]) && typeof e[1] === "string" && isValidId(e[1]),
      );
      state.branches[branch] = Object.fromEntries(entries);
    }
  }
  if (isRecord(d.sessions)) {
    for (const [key, s] of Object.entries(d.sessions)) {
      if (!isRecord(s)) continue;
      const session: SessionState = { updatedAt: typeof s.updatedAt === "string" ? s.updatedAt : "" };
      if (isValidId(s.projectId)) session.projectId = s.projectId;
      if (isValidId(s.threadId)) session.threadId = s.threadId;
      if (typeof s.pid === "number") session.pid = s.pid;
      state.sessions[key] = session;
    }
  }
  if (isRecord(d.conversations)) {
    for (const [sessionId, c] of Object.entries(d.conversations)) {
      if (!isRecord(c) || !isValidId(c.projectId) || !isValidId(c.threadId)) continue;
      state.conversations[sessionId] = { projectId: c.projectId, threadId: c.threadId, at: typeof c.at === "string" ? c.at : "" };
    }
  }
  if (isRecord(d.measurements)) {
    const m = d.measurements;
    for (const key of Object.keys(state.measurements) as (keyof Measurements)[]) {
      const list = m[key];
      if (Array.isArray(list)) (state.measurements[key] as unknown[]) = list.filter(isRecord);
    }
  }
  return state;
}
