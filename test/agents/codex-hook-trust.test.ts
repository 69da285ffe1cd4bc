// Guards doctor's Codex check: whether ThreadMind is enabled in the Codex install and which of its hooks are trusted,
// read from $CODEX_HOME/config.toml as Codex writes it (codex-cli 0.171.0 keys).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codexPluginState } from "../../src/agents/codex/install-layout.js";
import { checkCodexHooks } from "../../src/core/doctor/doctor-codex-checks.js";

const ENABLED = '[plugins."thread-mind@thread-mind"]\nenabled = true\n';
const trusted = (event: string) =>
  `[hooks.state."thread-mind@thread-mind:plugin/hooks.json:${event}:0:0"]\ntrusted_hash = "sha256:aa/sha256:bb"\n`;

const dirs: string[] = [];
function codexHomeWith(config: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), "tm-codex-home-"));
  dirs.push(dir);
  if (config !== null) writeFileSync(join(dir, "config.toml"), config);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the Codex hook trust check", () => {
  it("names the untrusted hooks of an enabled plugin and says how to trust them", () => {
    const home = codexHomeWith(`model = "m"\n${ENABLED}${trusted("session_start")}${trusted("session_end")}`);
    const check = checkCodexHooks(home);
    expect(check?.status).toBe("warn");
    expect(check?.detail[0]).toBe(
      "thread-mind@thread-mind: 2 of 6 hooks trusted (untrusted: user_prompt_submit, pre_compact, pre_tool_use, subagent_start)",
    );
    expect(check?.fix).toContain("trust ThreadMind's hooks");
  });

  it("is ok once every hook has a trusted hash", () => {
    const config = `${ENABLED}${["session_start", "user_prompt_submit", "pre_compact", "session_end", "pre_tool_use", "subagent_start"].map(trusted).join("")}`;
    expect(checkCodexHooks(codexHomeWith(config))?.status).toBe("ok");
  });

  it("says how to install when the plugin is not enabled, and nothing without a Codex install", () => {
    const disabled = checkCodexHooks(codexHomeWith('[plugins."thread-mind@thread-mind"]\nenabled = false\n'));
    expect(disabled?.status).toBe("warn");
    expect(disabled?.fix).toContain("codex plugin add thread-mind@thread-mind");
    expect(checkCodexHooks(codexHomeWith(null))).toBeNull();
  });

  it("does not take another plugin's trusted hooks for ThreadMind's", () => {
    const state = codexPluginState(
      `${ENABLED}[hooks.state."other@x:plugin/hooks.json:session_start:0:0"]\ntrusted_hash = "sha256:a"\n`,
    );
    expect(state).toEqual({ enabledFrom: ["thread-mind"], trustedEvents: { "thread-mind": [] } });
  });
});
