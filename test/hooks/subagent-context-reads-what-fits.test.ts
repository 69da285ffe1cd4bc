// The subagent's lean context asks the index only for the threads its 2,000 characters can hold, nearest first: a deep
// chain's farthest ancestors are never read (SubagentStart read every ancestor's head and text shards before, 1.32x node).
import { describe, expect, it } from "vitest";
import { SUBAGENT_MAX_CHARS, SUBAGENT_MORE_LINE, subagentText, type ChainThread } from "../../src/hooks/subagent-context.js";
import type { IndexedThreadHead } from "../../src/core/recall/path-index.js";

const head = (id: string, parentId: string | null): IndexedThreadHead => ({
  projectId: "shop",
  id,
  title: `Thread ${id}`,
  status: "active",
  parentId,
  commit: null,
});

/** A chain of `depth` threads (t-0 the thread, t-1 its parent...), each with `chars` of Decisions; the keys asked for. */
function chain(depth: number, chars: number, missing = new Set<string>()) {
  const keys = Array.from({ length: depth }, (_, i) => `shop/t-${i}`);
  const asked: string[] = [];
  const thread: ChainThread = (key) => {
    asked.push(key);
    if (missing.has(key)) return undefined;
    const i = Number(key.slice("shop/t-".length));
    const excerpt = `## Decisions\n- ${`D${i} `.repeat(chars / 3).slice(0, chars)}`;
    return { head: head(`t-${i}`, i + 1 < depth ? `t-${i + 1}` : null), excerpt };
  };
  return { keys, asked, thread };
}

describe("the subagent's lean context", () => {
  it("reads only the nearest threads its budget holds, and stays within it", () => {
    const c = chain(20, 600);
    const lean = subagentText(c.keys, c.thread);
    expect(lean?.text).toContain("### Thread t-0 (t-0)\n## Decisions\n- D0");
    expect(lean?.text).toContain("### Thread t-1 (t-1) · ancestor");
    expect(lean?.text?.endsWith(SUBAGENT_MORE_LINE)).toBe(true);
    expect(lean?.text?.length).toBeLessThanOrEqual(SUBAGENT_MAX_CHARS);
    // Three blocks of ~640 characters fill 2,000: the 17 farther ancestors are never asked for.
    expect(c.asked).toEqual(["shop/t-0", "shop/t-1", "shop/t-2"]);
  });

  it("cuts the last block that fits in part, and asks for nothing past it", () => {
    const c = chain(5, 1_500);
    const lean = subagentText(c.keys, c.thread);
    expect(lean?.text).toContain("### Thread t-1 (t-1) · ancestor");
    expect(lean?.text).toContain("…");
    expect(lean?.text?.length).toBeLessThanOrEqual(SUBAGENT_MAX_CHARS);
    expect(c.asked).toEqual(["shop/t-0", "shop/t-1"]);
  });

  it("ends the chain at a thread the index does not hold, and says the index cannot tell when an ask cannot", () => {
    const c = chain(5, 100, new Set(["shop/t-2"]));
    const lean = subagentText(c.keys, c.thread);
    expect(lean?.text).toContain("(t-1) · ancestor");
    expect(lean?.text).not.toContain("(t-3)");
    expect(subagentText(["shop/t-0", "shop/t-1"], (key) => (key === "shop/t-1" ? null : chain(1, 100).thread(key)))).toBeNull();
    expect(subagentText([], chain(1, 100).thread)).toEqual({ text: null });
  });
});
