// The store as every hook's fast path sees it (in plugin/dist/hook-start.cjs, hook-recall.cjs and hook-main.cjs): local state, the project
// ids, the conversation's logged events, and appends that leave the log's upkeep to the hooks proper. No YAML, no services.
import { existsSync, lstatSync } from "node:fs";
import { join } from "node:path";
import { readLocalState, type LocalState } from "../core/store/local-state.js";
import { storeDirState } from "../core/store/store-dir.js";
import { hookWorkspace } from "./hook-workspace.js";
import { hookSessionOr } from "../core/session-key.js";
import type { SessionKey } from "../core/types.js";
import { projectIdsIn } from "../core/store/project-ids.js";
import {
  appendMeasurementEvents,
  LOG_ROTATE_BYTES,
  measurementLogPath,
  type MeasurementEvent,
} from "../core/measure/measurement-log.js";
import { sessionEvents } from "../core/measure/measurement-log-read.js";
import { resumedConversationToAdopt } from "../core/conversation-threads.js";
import type { HookInput } from "./hook-input.js";

/** The store as the fast path sees it: usable local state, an existing measurement log, no 0.4 layout to migrate. */
export interface FastStore {
  storeDir: string;
  gitTop: string | null;
  state: LocalState;
  /** The workspace root (thread paths are relative to it). */
  root: string;
}

export function fastStore(input: HookInput, env: NodeJS.ProcessEnv): FastStore | null {
  const workspace = hookWorkspace(env, input.cwd);
  const storeDir = workspace.storeDir;
  // A .threadmind that is not a real directory (a link to another store, say) is refused by the full path, in its words.
  if (storeDirState(storeDir) !== "directory") return null;
  // A 0.4 layout to migrate, or a first measurement (the log and its .gitignore entry are created): the full path.
  if (existsSync(join(storeDir, "trees")) || !existsSync(measurementLogPath(storeDir))) return null;
  const { state, problem } = readLocalState(storeDir);
  // An unusable config.json is reported (and set aside later) by the full path, in its words.
  if (problem !== undefined) return null;
  return { storeDir, gitTop: workspace.gitTop, state, root: workspace.root };
}

/** Project ids as the store lists them; null when projects/ is a symbolic link or cannot be listed (the full path says why). */
export function projectIds(storeDir: string): string[] | null {
  const dir = join(storeDir, "projects");
  try {
    if (lstatSync(dir).isSymbolicLink()) return null;
    return projectIdsIn(dir);
  } catch {
    return null;
  }
}

/** The log's upkeep by the hooks proper (hook-core.cjs, loaded for it): its index rewritten, the log rotated when full. */
export type Rotate = () => Promise<void>;

/** Appends; past the log's size the hooks proper rotate it (rare: about once per thousand sessions). */
export async function record(storeDir: string, events: readonly MeasurementEvent[], rotate: Rotate): Promise<void> {
  if (appendMeasurementEvents(storeDir, events) > LOG_ROTATE_BYTES) await rotate();
}

/** The store, this instance's session and the conversation's logged events, for a hook that does not change threads. */
export interface FastConversation {
  store: FastStore;
  session: SessionKey;
  logged: readonly MeasurementEvent[];
  /** The instance's events (instanceEvents), when the lookup read them with the conversation's; null: not read. */
  instanceLogged: readonly MeasurementEvent[] | null;
}

/** How a hook reads the conversation's events from the log, and the instance's too when it needs both (else null). */
export type ConversationLookup = (
  storeDir: string,
  sessionId: string,
  session: SessionKey,
) => { logged: readonly MeasurementEvent[]; instanceLogged: readonly MeasurementEvent[] | null };

const sessionOnly: ConversationLookup = (storeDir, sessionId) => ({
  logged: sessionEvents(storeDir, sessionId),
  instanceLogged: null,
});

/**
 * Null when the fast path cannot answer: no fast store, or a resumed conversation whose thread this window is to take
 * over (that writes config.json under the lock: the full path does it).
 */
export function fastConversation(
  input: HookInput,
  env: NodeJS.ProcessEnv,
  lookup: ConversationLookup = sessionOnly,
): FastConversation | null {
  const store = fastStore(input, env);
  if (store === null) return null;
  const session = hookSessionOr(env, input);
  const { logged, instanceLogged } = lookup(store.storeDir, input.sessionId, session);
  if (resumedConversationToAdopt(store.state, session, logged, input.sessionId) !== null) return null;
  return { store, session, logged, instanceLogged };
}
