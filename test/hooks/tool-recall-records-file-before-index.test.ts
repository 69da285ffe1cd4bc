// PreToolUse records the changed file before it asks for the path index: building the index may take the rest of the
// hook's time (a large or cold store, a loaded machine), and a hook past its deadline records nothing more; the first
// edit of a conversation was lost that way, so its file never joined the thread's paths (seen in a clean-clone CI run).
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { MeasurementEvent } from "../../src/core/measure/measurement-log.js";
import { toolRecall, type RecallStore } from "../../src/hooks/tool-recall.js";
import type { HookInput } from "../../src/hooks/hook-input.js";
import { emptyLocalState } from "../../src/core/store/local-state.js";

const root = realpathSync(mkdtempSync(join(tmpdir(), "tm-recall-order-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function storeWith(log: MeasurementEvent[], order: string[], index: RecallStore["index"]): RecallStore {
  return {
    storeDir: join(root, ".threadmind"),
    root,
    gitTop: null,
    session: { key: "claude-1", pid: 1 },
    state: emptyLocalState(),
    projectIds: () => [],
    threadExists: () => false,
    branch: () => null,
    sessionEvents: () => log,
    index: () => {
      order.push("index");
      return index();
    },
    recordEvents: async (events) => {
      order.push(...events.map((e) => `record:${e.kind}`));
      log.push(...events);
    },
  };
}

const input = (file: string): HookInput => ({
  sessionId: "s-1",
  transcriptPath: null,
  cwd: root,
  event: "PreToolUse",
  source: null,
  reason: null,
  trigger: null,
  prompt: null,
  toolName: "Edit",
  toolFilePath: join(root, file),
});

describe("PreToolUse's record of the changed file", () => {
  it("is written before the index is asked for, and not again when the caller runs a second time after a null answer", async () => {
    const log: MeasurementEvent[] = [];
    const order: string[] = [];
    // The fast path: no current index (null), so the hooks proper run next with the same log.
    expect(
      await toolRecall(
        storeWith(log, order, async () => null),
        input("src/a.ts"),
      ),
    ).toBeNull();
    expect(order).toEqual(["record:fileEdit", "index"]);
    const second: string[] = [];
    expect(
      await toolRecall(
        storeWith(log, second, async () => null),
        input("src/a.ts"),
      ),
    ).toBeNull();
    expect(second).toEqual(["index"]);
    expect(log.filter((e) => e.kind === "fileEdit")).toHaveLength(1);
  });

  it("is written even when the index never comes (a hook that runs out of time while building it)", async () => {
    const log: MeasurementEvent[] = [];
    const order: string[] = [];
    const pending = toolRecall(
      storeWith(log, order, () => new Promise(() => {})),
      input("lib/b.ts"),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(["record:fileEdit", "index"]);
    expect(log).toMatchObject([{ kind: "fileEdit", file: "lib/b.ts" }]);
    void pending;
  });
});
