// One rule for the thread a session is on before any thread file is read (sessionThreadRef): the SessionStart fast path and the freshness hooks both take it, as the services do.
import { describe, expect, test } from "vitest";
import { emptyLocalState, type LocalState } from "../../src/core/store/local-state.js";
import { sessionThreadRef } from "../../src/core/thread-choice.js";
import { freshnessThread } from "../../src/hooks/freshness-thread.js";
import type { MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { lastConversation } from "../../src/core/measure/measurement-log-read.js";

const KEY = "claude-4242";
const session = { key: KEY, pid: 4242 };

/** Every thread's file exists. */
const all = () => true;

function state(patch: Partial<LocalState>): LocalState {
  return { ...emptyLocalState(), ...patch };
}

const conversation = (projectId: string, threadId: string, instance = KEY): MeasurementEvent => ({
  kind: "conversation",
  at: "2026-02-01T00:00:00.000Z",
  sessionId: "conv-1",
  projectId,
  threadId,
  instance,
});

describe("the thread a session is on", () => {
  test("the session's own choice comes first, in the session's project", () => {
    const s = state({
      sessions: { [KEY]: { projectId: "p", threadId: "mine", updatedAt: "x" } },
      branches: { main: { p: "b" } },
    });
    expect(
      sessionThreadRef(
        ["p", "q"],
        s,
        KEY,
        () => ({ projectId: "p", threadId: "followed" }),
        () => "main",
        all,
      ),
    ).toEqual({
      projectId: "p",
      threadId: "mine",
      own: true,
      lost: null,
    });
  });

  test("then the thread its instance last followed, only in the chosen project", () => {
    const s = state({ lastProjectId: "p", branches: { main: { p: "b" } } });
    expect(
      sessionThreadRef(
        ["p", "q"],
        s,
        KEY,
        () => ({ projectId: "p", threadId: "followed" }),
        () => "main",
        all,
      ),
    ).toEqual({
      projectId: "p",
      threadId: "followed",
      own: true,
      lost: null,
    });
    // A session that never chose a project stays in the one it followed, whatever another window made the last one.
    expect(
      sessionThreadRef(
        ["p", "q"],
        s,
        KEY,
        () => ({ projectId: "q", threadId: "elsewhere" }),
        () => "main",
        all,
      ),
    ).toEqual({
      projectId: "q",
      threadId: "elsewhere",
      own: true,
      lost: null,
    });
    // Followed in another project than the session's own choice: the branch's choice in the session's project.
    const chose = state({ ...s, sessions: { [KEY]: { projectId: "p", updatedAt: "x" } } });
    expect(
      sessionThreadRef(
        ["p", "q"],
        chose,
        KEY,
        () => ({ projectId: "q", threadId: "elsewhere" }),
        () => "main",
        all,
      ),
    ).toEqual({
      projectId: "p",
      threadId: "b",
      own: false,
      lost: null,
    });
  });

  test("the branch is asked only when the session has no thread of its own", () => {
    const s = state({ sessions: { [KEY]: { projectId: "p", threadId: "mine", updatedAt: "x" } } });
    let asked = false;
    sessionThreadRef(
      ["p"],
      s,
      KEY,
      () => null,
      () => {
        asked = true;
        return "main";
      },
      all,
    );
    expect(asked).toBe(false);
  });

  test("no listed project, or a branch without a choice, names no thread", () => {
    const s = state({ lastProjectId: "p" });
    expect(
      sessionThreadRef(
        null,
        s,
        KEY,
        () => null,
        () => "main",
        all,
      ),
    ).toBeNull();
    expect(
      sessionThreadRef(
        ["p"],
        s,
        KEY,
        () => null,
        () => "main",
        all,
      ),
    ).toBeNull();
  });

  test("the freshness hooks judge the thread the same rule names", () => {
    const s = state({ lastProjectId: "p", branches: { main: { p: "b" } } });
    const events = [conversation("p", "old"), conversation("p", "other-window", "claude-1"), conversation("q", "elsewhere")];
    const followed = () => lastConversation(events, KEY);
    for (const ids of [["p"], ["p", "q"]]) {
      const ref = sessionThreadRef(ids, s, KEY, followed, () => "main", all);
      expect(
        freshnessThread({ state: s, session, events, projectIds: () => ids, branch: () => "main", threadExists: all }),
      ).toEqual(ref === null ? null : { projectId: ref.projectId, threadId: ref.threadId });
    }
    // The instance's last conversation was in q, and the session chose no project: q's thread, not the last project's.
    expect(
      freshnessThread({ state: s, session, events, projectIds: () => ["p", "q"], branch: () => "main", threadExists: all }),
    ).toEqual({
      projectId: "q",
      threadId: "elsewhere",
    });
  });

  test("a session's own thread whose file is gone is named as lost; reading goes on to the next own candidate, else the branch's, else none", () => {
    const s = state({
      sessions: { [KEY]: { projectId: "p", threadId: "mine", updatedAt: "x" } },
      branches: { main: { p: "b" } },
    });
    const followed = () => ({ projectId: "p", threadId: "followed" });
    const without =
      (...gone: string[]) =>
      (_projectId: string, threadId: string) =>
        !gone.includes(threadId);
    expect(sessionThreadRef(["p"], s, KEY, followed, () => "main", without("mine"))).toEqual({
      projectId: "p",
      threadId: "followed",
      own: true,
      lost: "mine",
    });
    expect(sessionThreadRef(["p"], s, KEY, followed, () => "main", without("mine", "followed"))).toEqual({
      projectId: "p",
      threadId: "b",
      own: false,
      lost: "mine",
    });
    expect(sessionThreadRef(["p"], s, KEY, followed, () => "main", without("mine", "followed", "b"))).toBeNull();
    // Only the first own candidate is the session's thread: a later one gone is no loss.
    expect(sessionThreadRef(["p"], s, KEY, followed, () => "main", without("followed"))).toMatchObject({
      threadId: "mine",
      lost: null,
    });
  });

  test("the freshness hooks judge no thread when the session's own is gone (a write naming no thread is refused then)", () => {
    const s = state({ sessions: { [KEY]: { projectId: "p", threadId: "mine", updatedAt: "x" } } });
    const events = [conversation("p", "followed")];
    const inputs = { state: s, session, events, projectIds: () => ["p"], branch: () => "main" };
    expect(freshnessThread({ ...inputs, threadExists: all })).toEqual({ projectId: "p", threadId: "mine" });
    expect(freshnessThread({ ...inputs, threadExists: (_p, t) => t !== "mine" })).toBeNull();
  });

  test("an instance's last conversation is its own, not another window's", () => {
    const events = [conversation("p", "mine"), conversation("p", "theirs", "claude-1")];
    expect(lastConversation(events, KEY)).toMatchObject({ projectId: "p", threadId: "mine" });
    expect(lastConversation(events)).toMatchObject({ threadId: "theirs" });
  });
});
