// PreToolUse: point-of-action recall. Before Edit, Write, MultiEdit or NotebookEdit changes a file, the Decisions and
// Constraints of the threads whose paths cover it (not the conversation's own thread or its ancestors, which its
// context already holds; each thread once per conversation, again after /clear or a compaction) are handed to the model
// with the tool call; the file is recorded as changed by the conversation (fileEdit, joined to the thread's paths at its
// next summary write). Silent when nothing matches. No YAML, no services: the path index is read from the cache, and
// the caller builds it when it is missing or stale (hook-core.ts).
import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import { lastConversation } from "../core/measure/measurement-log-read.js";
import { sessionThreadRef } from "../core/thread-choice.js";
import type { LocalState } from "../core/store/local-state.js";
import type { SessionKey } from "../core/types.js";
import { GitError, commitsTouchingSince, headCommitFromWorkTree } from "../core/git/git.js";
import { repoRelative } from "../core/recall/path-match.js";
import { excerptKey, type ReadyIndex } from "../core/recall/path-index.js";
import { recallCandidates, recallText, RECALL_MAX_THREADS, type RecallBlock } from "../core/recall/recall-pick.js";
import { estimatedTokens, type FileEditEvent, type RecallEvent } from "../core/measure/recall-events.js";
import { readRecallConfig } from "../core/recall/recall-config.js";
import { textFingerprint } from "../core/text-fingerprint.js";
import { subagentTranscriptPath } from "../agents/claude-code/subagent-transcript.js";
import type { HookInput } from "./hook-input.js";
import { failureLine, type HookOutput } from "./hook-output.js";

/** The tools that change a file. Read is left out: reading changes nothing, and a recall on every read would cost the
 * most-called tool a hook and the model context it did not need; the decisions arrive when the file is about to change. */
export const CHANGING_TOOLS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);

export interface RecallStore {
  storeDir: string;
  /** The workspace root: thread paths are relative to it. */
  root: string;
  gitTop: string | null;
  session: SessionKey;
  state: LocalState;
  projectIds: () => readonly string[] | null;
  threadExists: (projectId: string, threadId: string) => boolean;
  branch: () => string | null;
  sessionEvents: () => readonly MeasurementEvent[];
  /** The index, current; null: the fast path cannot build it (the caller then runs the hooks proper). */
  index: () => Promise<ReadyIndex | null>;
  recordEvents: (events: readonly MeasurementEvent[]) => Promise<void>;
}

/**
 * The repository-relative path of the file a tool names, or null when it is not inside the repository: a relative
 * path is the hook's cwd's, and a path whose nearest existing part resolves (through links) outside the repository is
 * refused (a link out of the repository is not the repository's file).
 */
export function repoFileOf(filePath: string, cwd: string, root: string): string | null {
  const rel = repoRelative(filePath, cwd, root);
  if (rel === null) return null;
  let realRoot: string;
  try {
    realRoot = realpathSync.native(root);
  } catch {
    return null;
  }
  let probe = join(root, ...rel.split("/"));
  while (!existsSync(probe) && probe.length > root.length) probe = dirname(probe);
  let real: string;
  try {
    real = realpathSync.native(probe);
  } catch {
    return null;
  }
  return real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep) ? rel : null;
}

/**
 * Where the injection's receipt is read from (src/hooks/recall-receipts.ts): the size of the transcript Claude Code records
 * it in (the conversation's; inside a subagent, the subagent's own file), which it writes after the hook ends. Only when a
 * recall is handed over (one stat); null when there is no such file yet (it is written from its start) or no path.
 */
function recordingOffset(input: HookInput, agentId: string | null): number | null {
  if (input.transcriptPath == null) return null;
  const path = agentId === null ? input.transcriptPath : subagentTranscriptPath(input.transcriptPath, agentId);
  if (path === null) return null;
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat === undefined ? 0 : stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}

/** The thread keys this conversation (or this subagent) was already given since its last compaction. */
export function alreadyRecalled(events: readonly MeasurementEvent[], agentId: string | null): Set<string> {
  let from = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === "preCompact" || (e.kind === "injection" && e.source === "compact")) {
      from = i + 1;
      break;
    }
  }
  const keys = new Set<string>();
  for (let i = from; i < events.length; i++) {
    const e = events[i]!;
    if (e.kind === "recall" && (e.agentId ?? null) === agentId) for (const k of e.threads) keys.add(k);
  }
  return keys;
}

/**
 * The warning when commits changed `file` since the thread's summary was written (null: none, or nothing to check). A
 * summary written at HEAD has no commit since: answered from git's files, without starting git (two processes, most of
 * a hit's time). `root`: the workspace root, which `file` is relative to (git asked from there); null outside git.
 */
async function staleWarning(
  root: string | null,
  commit: string | null,
  file: string,
  head: string | null | undefined,
): Promise<string | null> {
  if (root === null || commit === null) return null;
  if (typeof head === "string" && /^[0-9a-f]{4,64}$/.test(commit) && head.startsWith(commit)) return null;
  try {
    const n = await commitsTouchingSince(root, commit, [file]);
    if (n === null || n === 0) return null;
    return `_⚠ ${n} commit${n === 1 ? "" : "s"} changed ${file} since this summary was written: check it is still accurate._`;
  } catch (e) {
    if (!(e instanceof GitError)) throw e;
    return `_⚠ Could not check whether ${file} changed since this summary was written (${e.message.split("\n")[0]})._`;
  }
}

/** The hook's answer for one tool call; null when the fast path cannot answer (no current index). */
export async function toolRecall(store: RecallStore, input: HookInput): Promise<HookOutput | null> {
  if (input.toolName == null || !CHANGING_TOOLS.has(input.toolName) || input.toolFilePath == null) return {};
  const file = repoFileOf(input.toolFilePath, input.cwd, store.root);
  if (file === null) return {};
  const agentId = input.agentId ?? null;
  const events = store.sessionEvents();
  const at = new Date().toISOString();
  const base = { at, sessionId: input.sessionId, instance: store.session.key, ...(agentId !== null ? { agentId } : {}) };
  const toRecord: MeasurementEvent[] = [];
  const edited = events.some((e) => e.kind === "fileEdit" && e.file === file && (e.agentId ?? null) === agentId);
  // The changed file is recorded before the index is asked for: building it may take the rest of the hook's time (a
  // hook past its deadline records nothing more), and the file must still join the thread's paths. A caller that runs
  // again after a null answer reads this record back and does not add it twice.
  if (!edited) {
    try {
      await store.recordEvents([{ kind: "fileEdit", ...base, file } satisfies FileEditEvent]);
    } catch (e) {
      return { userMessage: failureLine("PreToolUse could not record the changed file", e) };
    }
  }
  const ready = await store.index();
  if (ready === null) return null;

  // The threads whose paths cover the file (a few shards read); the chain and the settings only when there are some.
  const covering = ready.covering(file);
  if (covering === null) return null;
  let output: HookOutput = {};
  if (covering.length > 0) {
    const followed = () => lastConversation(events, store.session.key);
    const ref = sessionThreadRef(store.projectIds(), store.state, store.session.key, followed, store.branch, store.threadExists);
    const skip = alreadyRecalled(events, agentId);
    if (ref !== null) {
      const chain = ready.chainKeys(ref.projectId, ref.threadId);
      if (chain === null) return null;
      for (const k of chain) skip.add(k);
    }
    const on = ref === null || readRecallConfig(store.storeDir, ref.projectId).edits;
    const candidates = on ? recallCandidates(covering, file, skip) : [];
    const picked = candidates.slice(0, RECALL_MAX_THREADS);
    const text = picked.length === 0 ? {} : ready.excerpts(picked.map((c) => excerptKey(c.thread.projectId, c.thread.id)));
    if (text === null) return null;
    const head = picked.length === 0 ? null : headCommitFromWorkTree(store.gitTop);
    const blocks: RecallBlock[] = await Promise.all(
      picked.map(async (candidate) => ({
        candidate,
        excerpt: text[excerptKey(candidate.thread.projectId, candidate.thread.id)] ?? "",
        warning: await staleWarning(store.gitTop === null ? null : store.root, candidate.thread.commit, file, head),
      })),
    );
    const recall = recallText(file, blocks);
    if (recall !== null) {
      output = { additionalContext: recall.text };
      const toolUseId = input.toolUseId != null && input.toolUseId.length <= 200 ? input.toolUseId : null;
      const offset = recordingOffset(input, agentId);
      toRecord.push({
        kind: "recall",
        ...base,
        file,
        threads: recall.included,
        chars: recall.text.length,
        tokens: estimatedTokens(recall.text),
        fingerprint: textFingerprint(recall.text),
        ...(toolUseId !== null ? { toolUseId } : {}),
        ...(offset !== null ? { transcriptOffset: offset } : {}),
      } satisfies RecallEvent);
    }
  }
  if (toRecord.length > 0) {
    try {
      await store.recordEvents(toRecord);
    } catch (e) {
      // The decisions still reach the model; the user learns that this one is not counted.
      return { ...output, userMessage: failureLine("PreToolUse recall could not be recorded", e) };
    }
  }
  return output;
}
