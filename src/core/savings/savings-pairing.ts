// Restarts found in scanned sessions: each /clear paired with the session it ended, each compaction with its sizes.
import type { HookSeenRecord, InjectionRecord, Measurements, SizeRecord } from "../measure/measurements.js";
import { isHookSeenRecord, isInjectionRecord, isSizeRecord } from "../measure/measurement-log-read.js";
import type { PlanCallSeen, ScannedSession } from "./savings-scan.js";
import type { AgentId } from "../../agents/profiles.js";
import { charsEstimate } from "../context/token-estimate.js";
import { CLEAR_PAIR_MAX_GAP_MS } from "./stats-restarts.js";
import { compactionTriggersFromRecords, preCompactsBySession } from "./compaction-trigger.js";

/**
 * How a /clear was tied to the session it ended:
 * - hooks: ThreadMind's hooks recorded SessionEnd(clear) for the old session and SessionStart(clear) for the new one
 *   (measurements.jsonl); the latest unused SessionEnd(clear) at or before the SessionStart(clear) is taken;
 * - clear-command / clear-hook: the new session's transcript opens with the `/clear` command record (or a SessionStart
 *   hook of any plugin reporting source "clear"); the old session is the one in the same project folder (a Codex
 *   session: among the workspace's rollouts, see ScannedSession.pairingScope) whose last record is the latest at or
 *   before the /clear (within CLEAR_TOLERANCE_MS), not already paired (a clear-hook session that opens with an
 *   accepted plan and no typed /clear is paired as plan-record is);
 * - plan-record: the new session opens with an accepted plan (Claude Code's planContent field, written when a plan is
 *   accepted with "clear context"); the old session is the one that holds the ExitPlanMode call with the same plan text
 *   (and the same slug, when both record one), never found by time order (see planSessionOf);
 * - boundary: a compaction, read from the compact_boundary record in the session's own transcript.
 */
export type PairingMethod = "hooks" | "clear-command" | "clear-hook" | "plan-record" | "boundary";

/**
 * How sure the report is that the size before belongs to this restart:
 * - hooks: ThreadMind's hooks recorded both sessions of the /clear;
 * - clear-record: the new transcript records the /clear (command record, SessionStart:clear hook, or accepted plan) and
 *   the ended session's last record is at most MAX_CONFIDENT_GAP_MS before it, or, for a plan, the ended session holds
 *   the plan's ExitPlanMode call (whatever the gap); or no ended session was found at all: nothing is paired then, and
 *   notAveraged says so;
 * - boundary: a compaction (before and after in the same transcript);
 * - inferred: the /clear is recorded but the ended session was found by time order alone, over MAX_CONFIDENT_GAP_MS
 *   before it (it may have been closed, not cleared). Listed with its gap, never averaged.
 */
export type PairConfidence = "hooks" | "clear-record" | "boundary" | "inferred";

/** Why a restart is not in the headline averages. */
export type NotAveragedReason =
  | "no-ended-session"
  | "plan-session-not-found"
  | "ended-session-without-requests"
  | "no-size-before"
  | "no-request-after"
  | "gap-over-limit";

/** Records of the old session may carry timestamps a moment after the /clear command record of the new one. */
export const CLEAR_TOLERANCE_MS = 5_000;

/** A /clear paired by time order is confident only when the ended session's last record is at most this long before it. */
export const MAX_CONFIDENT_GAP_MS = 30 * 60_000;

export type ReceiptSeen = "delivered" | "preview" | "missing";

export interface RestartInjection {
  threadId: string | null;
  /** Characters of the injected text (exact, from the transcript or the hook's record). */
  chars: number;
  /** Token estimate (~): the hook's own count when its record matches, else characters / 3.5. */
  tokens: number;
  /** delivered: the text reached the model whole; preview: only a 2 KB preview did; missing: the hook loaded it but the transcript has no trace. */
  receipt: ReceiptSeen;
}

/**
 * What a restart's pairing used, for a reader to check it (null parts were not used):
 * - hookRecords: when ThreadMind's SessionEnd(clear) and SessionStart(clear) hooks ran (measurements.jsonl);
 * - clearRecord: the new transcript's own record of the restart (the /clear command, a SessionStart:clear hook record,
 *   the accepted plan's planContent field or prompt text) and its time;
 * - plan: the accepted plan's text (its content hash), the ended session's ExitPlanMode call of that text, and the slugs;
 * - timeOrder: the ended session found by time order: its last record and the gap to the /clear;
 * - boundary: a compaction's compact_boundary record (its line in the session's transcript); when the transcript records
 *   no trigger (Codex's rollouts), the time of ThreadMind's PreCompact record the trigger came from (see
 *   compaction-trigger.ts), else null.
 */
export interface PairingEvidence {
  hookRecords: { sessionEndAt: string; sessionStartAt: string | null } | null;
  clearRecord: { record: "clear-command" | "clear-hook" | "planContent" | "plan-prompt"; at: string | null } | null;
  plan: {
    textHash: string;
    /** The ExitPlanMode call in the ended session (null: no scanned session holds one). */
    callAt: string | null;
    /** plan-text: the call holds the same plan text; slug: the call holds none (older versions) and the slug is shared; null: not found. */
    matchedBy: "plan-text" | "slug" | null;
    newSlug: string | null;
    endedSlug: string | null;
  } | null;
  timeOrder: { endedSessionLastRecordAt: string | null; gapMs: number | null } | null;
  boundary: { lineNumber: number; preCompactRecordAt: string | null } | null;
}

export interface Restart {
  /** The agent of the session the work continued in (a /clear pairs only sessions of one scope, so of one agent). */
  agent: AgentId;
  /** clear: the user's /clear; plan-clear: a plan accepted with "clear context" (the user typed no /clear); compaction. */
  kind: "clear" | "plan-clear" | "compaction";
  at: string | null;
  folder: string;
  /** The session the work continued in (the new one after /clear; the same one after compaction). */
  sessionId: string;
  /** /clear: the session it ended (null when it could not be found). */
  previousSessionId: string | null;
  /**
   * compaction: "auto" / "manual" as its transcript records it, or (a Codex rollout records none) as ThreadMind's
   * PreCompact record of the same session does; null when neither tells.
   */
  trigger: string | null;
  /** compaction: its position among the session's compactions (0-based); null for /clear. */
  compactionIndex: number | null;
  pairedBy: PairingMethod;
  confidence: PairConfidence;
  /** /clear: milliseconds from the ended session's last record to the /clear (0 when within the tolerance); else null. */
  gapMs: number | null;
  /** Why the restart is left out of the headline averages; null when it is in them. */
  notAveraged: NotAveragedReason | null;
  /** What the pairing used (see PairingEvidence). */
  evidence: PairingEvidence;
  /** Conversation size before the restart, measured (tokens). */
  before: number | null;
  /**
   * final-context: the ended session's last request; session-end-record: the size ThreadMind's SessionEnd hook read
   * from the ended session's transcript at the /clear (used when that session went on after it: resumed later);
   * plan-call: the ended session's request that called ExitPlanMode with the accepted plan (the size when it was accepted).
   */
  beforeFrom: "final-context" | "session-end-record" | "plan-call" | "preTokens" | "context-before-boundary" | null;
  /** Size of the first request after the restart, measured (tokens). */
  after: number | null;
  afterFrom: "first-context" | "context-after-boundary" | "postTokens" | null;
  /** before − after (null unless both are known). */
  saving: number | null;
  /** saving / before × 100. */
  savingPercent: number | null;
  /** What ThreadMind loaded at this restart; null when it loaded nothing. */
  threadMind: RestartInjection | null;
}

function ms(at: string | null): number | null {
  if (at === null) return null;
  const t = Date.parse(at);
  return Number.isNaN(t) ? null : t;
}

function sizes(before: number | null, after: number | null): Pick<Restart, "saving" | "savingPercent"> {
  if (before === null || after === null) return { saving: null, savingPercent: null };
  return { saving: before - after, savingPercent: before > 0 ? ((before - after) / before) * 100 : null };
}

/** When a /clear happened, as the new session records it: its /clear command record, else its first record. */
function clearTime(fresh: ScannedSession): string | null {
  return fresh.clearCommandAt ?? fresh.startedAt;
}

/** Tokens of `chars` characters by the core's fallback rule (charsEstimate: characters / 3.5, rounded up). */
function tokensOfChars(chars: number): number {
  return charsEstimate("x".repeat(chars));
}

/**
 * What ThreadMind loaded in one segment of a session (0 = its start, k = after its k-th compaction). The transcript's
 * record is the evidence of what reached the model; the hooks' record (same text) gives the token estimate. A preview
 * is sized as what reached the model (the preview block). No transcript record but a hooks' record: missing.
 */
function loadedAt(
  session: ScannedSession,
  segment: number,
  expected: InjectionRecord | null,
  injections: InjectionIndex,
): RestartInjection | null {
  const seen = session.threadMindInjections.find((i) => i.segment === segment);
  if (seen !== undefined) {
    const record = injections.byHash.get(seen.contentHash) ?? null;
    return {
      threadId: seen.threadId ?? record?.threadId ?? expected?.threadId ?? null,
      chars: seen.chars,
      tokens: record !== null ? record.tokens : tokensOfChars(seen.chars),
      receipt: seen.preview ? "preview" : "delivered",
    };
  }
  if (expected === null) return null;
  return { threadId: expected.threadId, chars: expected.chars, tokens: expected.tokens, receipt: "missing" };
}

/** The hooks' injection records that pass the check, indexed once per report: by session, and by content hash. */
export interface InjectionIndex {
  /** Each session's injections in time order. */
  bySession: Map<string, InjectionRecord[]>;
  /** The first injection (in log order) of each content hash. */
  byHash: Map<string, InjectionRecord>;
}

export function injectionIndex(measurements: Measurements): InjectionIndex {
  const bySession = new Map<string, InjectionRecord[]>();
  const byHash = new Map<string, InjectionRecord>();
  for (const i of measurements.injections) {
    if (!isInjectionRecord(i)) continue;
    if (!byHash.has(i.contentHash)) byHash.set(i.contentHash, i);
    const list = bySession.get(i.sessionId);
    if (list === undefined) bySession.set(i.sessionId, [i]);
    else list.push(i);
  }
  for (const list of bySession.values()) list.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { bySession, byHash };
}

/**
 * What ThreadMind loaded in each segment of a session: index 0 = its start, k = after its k-th compaction. The hooks'
 * record expected for a segment: for the start, the session's startup/clear injection; after a compaction, the first
 * compact injection of the session from the boundary's time on (and before the next boundary).
 */
function segmentLoads(session: ScannedSession, injections: InjectionIndex): (RestartInjection | null)[] {
  const mine = injections.bySession.get(session.sessionId) ?? [];
  const loads: (RestartInjection | null)[] = [
    loadedAt(session, 0, mine.find((i) => i.source === "startup" || i.source === "clear") ?? null, injections),
  ];
  session.compactions.forEach((c, k) => {
    const boundaryAt = ms(c.timestamp);
    const nextAt = ms(session.compactions[k + 1]?.timestamp ?? null);
    const expected =
      mine.find((i) => {
        const t = ms(i.at);
        return (
          i.source === "compact" &&
          t !== null &&
          boundaryAt !== null &&
          t >= boundaryAt - CLEAR_TOLERANCE_MS &&
          (nextAt === null || t < nextAt)
        );
      }) ?? null;
    loads.push(loadedAt(session, k + 1, expected, injections));
  });
  return loads;
}

/** Each session's segmentLoads, computed once for the restarts and the report's sessions. */
export type SessionLoads = ReadonlyMap<ScannedSession, readonly (RestartInjection | null)[]>;

export function sessionLoads(sessions: readonly ScannedSession[], injections: InjectionIndex): SessionLoads {
  return new Map(sessions.map((s) => [s, segmentLoads(s, injections)]));
}

/**
 * The ended session's size at a /clear: its last request, unless ThreadMind's hooks paired it (`endAt`, when its
 * SessionEnd(clear) ran) and its last request came after that (the session was resumed later: its last request is
 * later work). Then the size that SessionEnd hook read from the transcript at the /clear, when it recorded one.
 */
function sizeBeforeClear(
  old: ScannedSession | null,
  endAt: string | null,
  sessionEnds: readonly SizeRecord[],
): { tokens: number | null; from: "final-context" | "session-end-record" } {
  const final = { tokens: old?.finalContextTokens ?? null, from: "final-context" as const };
  const end = ms(endAt);
  // The last request's time (the series always keeps the last point): later records without a request change no size.
  const lastRequest = ms(old?.points.at(-1)?.at ?? null);
  if (old === null || end === null || lastRequest === null || lastRequest <= end + CLEAR_TOLERANCE_MS) return final;
  // The hook writes its SessionEnd record just before its hookSeen record.
  let record: SizeRecord | null = null;
  for (const r of sessionEnds) {
    const at = ms(r.at);
    if (!isSizeRecord(r) || r.sessionId !== old.sessionId || r.reason !== "clear" || at === null) continue;
    if (Math.abs(at - end) > CLEAR_TOLERANCE_MS) continue;
    if (record === null || Math.abs(at - end) < Math.abs((ms(record.at) ?? 0) - end)) record = r;
  }
  const tokens =
    record !== null && typeof record.contextTokens === "number" && record.contextTokens > 0 ? record.contextTokens : null;
  return { tokens, from: "session-end-record" };
}

/** /clear pairs from the hooks' records: new session id → the old session id and when its SessionEnd(clear) and the new one's SessionStart(clear) ran. */
function pairsFromHooks(hooksSeen: readonly HookSeenRecord[]): Map<string, { oldId: string; endAt: string; startAt: string }> {
  const records = hooksSeen.filter(isHookSeenRecord).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const used = new Set<HookSeenRecord>();
  const newToOld = new Map<string, { oldId: string; endAt: string; startAt: string }>();
  for (const start of records) {
    if (start.event !== "SessionStart:clear" || newToOld.has(start.sessionId)) continue;
    let end: HookSeenRecord | null = null;
    for (const r of records) {
      if (r.at > start.at) break;
      if (r.event === "SessionEnd:clear" && !used.has(r) && r.sessionId !== start.sessionId) end = r;
    }
    // The two hooks of one /clear run seconds apart: an older end is another /clear's whose start left no record, and
    // this /clear's own end left none (its hook killed): the transcripts' evidence pairs it then.
    if (end === null || Date.parse(start.at) - Date.parse(end.at) > CLEAR_PAIR_MAX_GAP_MS) continue;
    used.add(end);
    newToOld.set(start.sessionId, { oldId: end.sessionId, endAt: end.at, startAt: start.at });
  }
  return newToOld;
}

/** A /clear the new session opens with an accepted plan, and no typed /clear: a plan accepted with "clear context". */
function isPlanClear(fresh: ScannedSession): fresh is ScannedSession & { planStart: NonNullable<ScannedSession["planStart"]> } {
  return fresh.clearCommandAt === null && fresh.planStart !== null;
}

/**
 * The session a plan accepted with "clear context" ended: the one holding an ExitPlanMode call with the accepted plan's
 * text, made at or before the new session's start (CLEAR_TOLERANCE_MS), not already paired, and not of another slug
 * (when both record one); or, for versions whose ExitPlanMode call holds no plan text (2.1.38 read it from the plan
 * file), a session sharing the new one's slug with such a call. The plan text with the slug shared ranks first, then
 * the plan text, then the slug alone; then the latest call. Null: no scanned session holds the plan (deleted, in
 * another folder, resumed elsewhere); time order is never asked then.
 */
function planSessionOf(
  fresh: ScannedSession & { planStart: NonNullable<ScannedSession["planStart"]> },
  sessions: readonly ScannedSession[],
  usedOld: ReadonlySet<string>,
): { old: ScannedSession; call: PlanCallSeen; matchedBy: "plan-text" | "slug" } | null {
  const clearAt = ms(clearTime(fresh));
  const inTime = (c: PlanCallSeen) => clearAt === null || (ms(c.at) ?? 0) <= clearAt + CLEAR_TOLERANCE_MS;
  let best: { old: ScannedSession; call: PlanCallSeen; rank: number; at: number } | null = null;
  for (const candidate of sessions) {
    if (candidate === fresh || usedOld.has(candidate.sessionId)) continue;
    if (fresh.slug !== null && candidate.slug !== null && fresh.slug !== candidate.slug) continue;
    const shared = fresh.slug !== null && fresh.slug === candidate.slug;
    const byText = candidate.planCalls.find((c) => c.textHash === fresh.planStart.textHash && inTime(c));
    const bySlug = shared ? candidate.planCalls.find((c) => c.textHash === null && inTime(c)) : undefined;
    const call = byText ?? bySlug;
    if (call === undefined) continue;
    const rank = (byText !== undefined ? 2 : 0) + (shared ? 1 : 0);
    const at = ms(call.at) ?? 0;
    if (best === null || rank > best.rank || (rank === best.rank && at > best.at)) best = { old: candidate, call, rank, at };
  }
  if (best === null) return null;
  return { old: best.old, call: best.call, matchedBy: best.call.textHash === null ? "slug" : "plan-text" };
}

/** The new transcript's own record of a /clear (null when it has none: a pair from the hooks' records alone). */
function clearRecordOf(fresh: ScannedSession): PairingEvidence["clearRecord"] {
  if (fresh.clearCommandAt !== null) return { record: "clear-command", at: fresh.clearCommandAt };
  if (fresh.planStart !== null)
    return { record: fresh.planStart.evidence === "planContent" ? "planContent" : "plan-prompt", at: fresh.planStart.at };
  if (fresh.clearHookSeen) return { record: "clear-hook", at: fresh.startedAt };
  return null;
}

interface Predecessor {
  old: ScannedSession | null;
  by: PairingMethod;
  /** hooks pairs: when the SessionEnd(clear) and SessionStart(clear) hooks ran. */
  hooks?: { endAt: string; startAt: string };
  /** plan pairs: the ended session's ExitPlanMode call of the accepted plan (null: none found), and how it matched. */
  planCall?: PlanCallSeen | null;
  planMatchedBy?: "plan-text" | "slug" | null;
}

/** The sessions a /clear pairs within (see ScannedSession.pairingScope). */
function scopeOf(session: ScannedSession): string {
  return session.pairingScope ?? session.folder;
}

/** Every restart in the scanned sessions, in time order. */
export function findRestarts(
  sessions: readonly ScannedSession[],
  measurements: Measurements,
  injections: InjectionIndex = injectionIndex(measurements),
  loads: SessionLoads = sessionLoads(sessions, injections),
): Restart[] {
  const byId = new Map<string, ScannedSession>();
  for (const s of sessions) if (!byId.has(s.sessionId)) byId.set(s.sessionId, s);
  const restarts: Restart[] = [];

  // /clear: hooks' records first, then the plans' own evidence, then the transcripts' /clear records by time order.
  const predecessors = new Map<string, Predecessor>();
  const usedOld = new Set<string>();
  for (const [newId, { oldId, endAt, startAt }] of pairsFromHooks(measurements.hooksSeen)) {
    const fresh = byId.get(newId);
    const old = byId.get(oldId);
    if (fresh === undefined || old === undefined || scopeOf(old) !== scopeOf(fresh)) continue;
    predecessors.set(newId, { old, by: "hooks", hooks: { endAt, startAt } });
    usedOld.add(oldId);
  }
  const byStart = [...sessions].sort((a, b) => (ms(clearTime(a)) ?? 0) - (ms(clearTime(b)) ?? 0));
  // Plans accepted with "clear context": by the plan's own evidence, before any pair by time order can take the session.
  for (const fresh of byStart) {
    if (predecessors.has(fresh.sessionId) || !isPlanClear(fresh)) continue;
    const by: PairingMethod | null = fresh.clearHookSeen
      ? "clear-hook"
      : fresh.planStart.evidence === "planContent"
        ? "plan-record"
        : null;
    if (by === null) continue;
    const found = planSessionOf(fresh, sessions, usedOld);
    if (found !== null) usedOld.add(found.old.sessionId);
    predecessors.set(fresh.sessionId, {
      old: found?.old ?? null,
      by,
      planCall: found?.call ?? null,
      planMatchedBy: found?.matchedBy ?? null,
    });
  }
  for (const fresh of byStart) {
    if (predecessors.has(fresh.sessionId)) continue;
    const by: PairingMethod | null =
      fresh.clearCommandAt !== null
        ? "clear-command"
        : fresh.clearHookSeen
          ? "clear-hook"
          : fresh.planStart?.evidence === "planContent"
            ? "plan-record"
            : null;
    if (by === null) continue;
    const clearAt = ms(clearTime(fresh));
    let best: ScannedSession | null = null;
    if (clearAt !== null) {
      for (const candidate of sessions) {
        if (candidate === fresh || scopeOf(candidate) !== scopeOf(fresh) || usedOld.has(candidate.sessionId)) continue;
        const started = ms(candidate.startedAt);
        const ended = ms(candidate.endedAt);
        if (started === null || ended === null || started > clearAt || ended > clearAt + CLEAR_TOLERANCE_MS) continue;
        if (best === null || ended > (ms(best.endedAt) ?? 0)) best = candidate;
      }
    }
    if (best !== null) usedOld.add(best.sessionId);
    predecessors.set(fresh.sessionId, { old: best, by });
  }

  for (const [newId, { old, by, hooks, planCall, planMatchedBy }] of predecessors) {
    const fresh = byId.get(newId)!;
    const byPlan = planCall !== undefined;
    const call = planCall ?? null;
    const sizeBefore: { tokens: number | null; from: "final-context" | "session-end-record" | "plan-call" } =
      call !== null
        ? { tokens: call.contextTokens, from: "plan-call" }
        : sizeBeforeClear(old, hooks?.endAt ?? null, measurements.sessionEnds);
    const before = sizeBefore.tokens;
    const after = fresh.firstContextTokens;
    const clearAt = ms(clearTime(fresh));
    // A plan pair's gap runs from the ExitPlanMode call; any other from the ended session's last record.
    const ended = ms((call !== null ? call.at : old?.endedAt) ?? null);
    const gapMs = clearAt === null || ended === null ? null : Math.max(0, clearAt - ended);
    // Without an ended session there is no pair to doubt: the confidence is that of the /clear's own record. A plan
    // pair rests on the plan's text, not on time: its gap does not make it inferred.
    const confidence: PairConfidence =
      by === "hooks"
        ? "hooks"
        : old === null || byPlan || (gapMs !== null && gapMs <= MAX_CONFIDENT_GAP_MS)
          ? "clear-record"
          : "inferred";
    const evidence: PairingEvidence = {
      hookRecords: hooks === undefined ? null : { sessionEndAt: hooks.endAt, sessionStartAt: hooks.startAt },
      clearRecord: clearRecordOf(fresh),
      plan:
        byPlan && fresh.planStart !== null
          ? {
              textHash: fresh.planStart.textHash,
              callAt: call?.at ?? null,
              matchedBy: planMatchedBy ?? null,
              newSlug: fresh.slug,
              endedSlug: old?.slug ?? null,
            }
          : null,
      timeOrder: by === "hooks" || byPlan ? null : { endedSessionLastRecordAt: old?.endedAt ?? null, gapMs },
      boundary: null,
    };
    restarts.push({
      agent: fresh.agent ?? "claude-code",
      kind: fresh.clearCommandAt === null && fresh.planStart !== null ? "plan-clear" : "clear",
      at: clearTime(fresh),
      folder: fresh.folder,
      sessionId: newId,
      previousSessionId: old?.sessionId ?? null,
      trigger: null,
      compactionIndex: null,
      pairedBy: by,
      confidence,
      gapMs,
      notAveraged:
        old === null
          ? byPlan
            ? "plan-session-not-found"
            : "no-ended-session"
          : before === null
            ? sizeBefore.from === "session-end-record"
              ? "no-size-before"
              : "ended-session-without-requests"
            : after === null
              ? "no-request-after"
              : confidence === "inferred"
                ? "gap-over-limit"
                : null,
      evidence,
      before,
      beforeFrom: before === null ? null : sizeBefore.from,
      after,
      afterFrom: after === null ? null : "first-context",
      ...sizes(before, after),
      threadMind: loads.get(fresh)![0]!,
    });
  }

  // Compactions: the boundary records of each session.
  const preCompacts = preCompactsBySession(measurements.preCompacts.filter(isSizeRecord));
  for (const session of sessions) {
    const loaded = loads.get(session)!;
    const recorded = session.compactions.some((c) => c.trigger === null)
      ? compactionTriggersFromRecords(session, preCompacts)
      : [];
    session.compactions.forEach((c, k) => {
      const fromRecord = c.trigger === null ? (recorded[k] ?? null) : null;
      const before = c.preTokens ?? c.contextTokensBefore;
      const after = c.contextTokensAfter ?? c.postTokens;
      restarts.push({
        agent: session.agent ?? "claude-code",
        kind: "compaction",
        at: c.timestamp,
        folder: session.folder,
        sessionId: session.sessionId,
        previousSessionId: null,
        trigger: c.trigger ?? fromRecord?.trigger ?? null,
        compactionIndex: k,
        pairedBy: "boundary",
        confidence: "boundary",
        gapMs: null,
        notAveraged: before === null ? "no-size-before" : after === null ? "no-request-after" : null,
        evidence: {
          hookRecords: null,
          clearRecord: null,
          plan: null,
          timeOrder: null,
          boundary: { lineNumber: c.lineNumber, preCompactRecordAt: fromRecord?.recordAt ?? null },
        },
        before,
        beforeFrom: c.preTokens !== null ? "preTokens" : c.contextTokensBefore !== null ? "context-before-boundary" : null,
        after,
        afterFrom: c.contextTokensAfter !== null ? "context-after-boundary" : c.postTokens !== null ? "postTokens" : null,
        ...sizes(before, after),
        threadMind: loaded[k + 1]!,
      });
    });
  }
  return restarts.sort((a, b) => (ms(a.at) ?? 0) - (ms(b.at) ?? 0));
}
