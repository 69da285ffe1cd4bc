// Guards the agents' context caps: Codex counts UTF-8 bytes, so a context with accents or CJK text under 10,000
// characters can be over its 10,000 bytes: it is cut at a line, never inside a character, and always fits.
import { describe, expect, it } from "vitest";
import { fitToCap, cutNote } from "../../src/agents/context-cap.js";
import { PROFILES, agentIdOfTranscript } from "../../src/agents/profiles.js";

const codexCap = PROFILES.codex.contextCap;
const claudeCap = PROFILES["claude-code"].contextCap;

describe("a context over Codex's byte cap", () => {
  it("with CJK text under 10,000 characters is cut at a whole line to at most 10,000 bytes", () => {
    const lines = Array.from({ length: 300 }, (_, i) => `- 決定 ${i}: 日本語の要約はバイト数で数えられる`);
    const text = `# ThreadMind context\n${lines.join("\n")}`;
    expect(text.length).toBeLessThan(10_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(10_000);
    const fitted = fitToCap(codexCap, text);
    expect(fitted.cut).toBe(true);
    expect(Buffer.byteLength(fitted.text)).toBeLessThanOrEqual(10_000);
    const kept = fitted.text.slice(0, fitted.text.lastIndexOf("\n"));
    expect(text.startsWith(`${kept}\n`)).toBe(true);
    expect(fitted.text.endsWith(cutNote(codexCap))).toBe(true);
  });

  it("with one long accented line is cut between characters, never inside one", () => {
    const text = "é".repeat(6000);
    const fitted = fitToCap(codexCap, text);
    expect(Buffer.byteLength(fitted.text)).toBeLessThanOrEqual(10_000);
    expect(fitted.text).not.toContain("\uFFFD");
    expect(Buffer.from(fitted.text, "utf8").toString("utf8")).toBe(fitted.text);
    expect(fitted.text.startsWith("é".repeat(4000))).toBe(true);
  });

  it("keeps a surrogate pair whole", () => {
    const text = "😀".repeat(3000);
    const fitted = fitToCap(codexCap, text);
    const body = fitted.text.slice(0, fitted.text.indexOf("\n"));
    expect(body.length % 2).toBe(0);
    expect(body).toBe("😀".repeat(body.length / 2));
  });

  it("is left as it is at exactly 10,000 bytes, and under Claude Code's character cap", () => {
    const exact = "a".repeat(10_000);
    expect(fitToCap(codexCap, exact)).toEqual({ text: exact, cut: false });
    const accented = "é".repeat(6000);
    expect(fitToCap(claudeCap, accented)).toEqual({ text: accented, cut: false });
  });
});

describe("the agent of a hook", () => {
  it("is Codex for a rollout path, Claude Code otherwise", () => {
    expect(agentIdOfTranscript("/h/.codex/sessions/2026/11/20/rollout-2026-11-20T10-00-00-abc.jsonl")).toBe("codex");
    expect(agentIdOfTranscript("/h/.codex/sessions/2026/11/20/rollout-2026-11-20T10-00-00-abc.jsonl.zst")).toBe("codex");
    expect(agentIdOfTranscript("/h/.claude/projects/-work-repo/0c1f.jsonl")).toBe("claude-code");
    expect(agentIdOfTranscript(null)).toBe("claude-code");
  });
});
