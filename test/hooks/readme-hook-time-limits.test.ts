// README's time limits of the hooks (give-up deadline, lock wait, Claude Code's own timeout) match the plans and hooks.json.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PLANS } from "../../src/hooks/hook-plans.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const readme = readFileSync(join(ROOT, "README.md"), "utf8").replace(/\s+/g, " ");
const hooksJson = JSON.parse(readFileSync(join(ROOT, "plugin", "hooks.json"), "utf8")) as {
  hooks: Record<string, { hooks: { timeout: number }[] }[]>;
};

const seconds = (ms: number) => `${ms / 1000} s`;

describe("README's hook time limits", () => {
  it("names every hook's give-up deadline and lock wait, UserPromptSubmit included", () => {
    const sentence = /SessionStart and PreCompact give up after ([^;]+);/.exec(readme)?.[0] ?? "";
    const start = PLANS["session-start"];
    const compact = PLANS["pre-compact"];
    expect(compact).toEqual({ ...start, event: "PreCompact" });
    expect(sentence).toContain(`give up after ${seconds(start.deadlineMs)} (${seconds(start.lockTimeoutMs)} of it waiting`);
    const end = PLANS["session-end"];
    expect(sentence).toContain(`SessionEnd after ${seconds(end.deadlineMs)} (${seconds(end.lockTimeoutMs)})`);
    const prompt = PLANS["user-prompt-submit"];
    expect(sentence).toContain(`UserPromptSubmit after ${seconds(prompt.deadlineMs)} (${seconds(prompt.lockTimeoutMs)})`);
  });

  it("gives Claude Code's own timeout of each hook as plugin/hooks.json sets it", () => {
    const timeout = (event: string) => hooksJson.hooks[event]?.[0]?.hooks[0]?.timeout;
    expect(timeout("SessionStart")).toBe(10);
    expect(timeout("PreCompact")).toBe(10);
    expect(timeout("SessionEnd")).toBe(5);
    expect(timeout("UserPromptSubmit")).toBe(5);
    expect(readme).toContain("Claude Code's own hook timeout (10 s, 5 s for SessionEnd and UserPromptSubmit)");
  });
});
