// Where a Codex install keeps ThreadMind: $CODEX_HOME/config.toml says whether the plugin is enabled
// ([plugins."thread-mind@<marketplace>"] enabled = true) and which of its hooks the user trusted
// ([hooks.state."thread-mind@<marketplace>:plugin/hooks.json:<event>:0:0"] trusted_hash = "…"); the installed copy is
// $CODEX_HOME/plugins/cache/<marketplace>/thread-mind/<version>/. Read line by line: only these tables are looked at.
import { join } from "node:path";

export const CODEX_PLUGIN_NAME = "thread-mind";

/** The hook events the plugin's hooks.json declares, as Codex names them in hook keys. */
export const CODEX_HOOK_EVENTS = [
  "session_start",
  "user_prompt_submit",
  "pre_compact",
  "session_end",
  "pre_tool_use",
  "subagent_start",
] as const;

export interface CodexPluginState {
  /** Marketplaces the plugin is enabled from (`thread-mind@<marketplace>` with enabled = true). */
  enabledFrom: string[];
  /** Per enabled marketplace, the hook events that have a recorded trusted hash. */
  trustedEvents: Record<string, string[]>;
}

export function codexConfigPath(codexHome: string): string {
  return join(codexHome, "config.toml");
}

export function codexPluginCacheDir(codexHome: string, marketplace: string): string {
  return join(codexHome, "plugins", "cache", marketplace, CODEX_PLUGIN_NAME);
}

/** The table name of a `[...]` header line, its quotes kept, or null. */
function tableOf(line: string): string | null {
  const m = /^\[([^\]]+)\]\s*(#.*)?$/.exec(line);
  return m ? m[1]!.trim() : null;
}

/** Reads the plugin's state from config.toml's text (linear in its length). */
export function codexPluginState(configText: string): CodexPluginState {
  const enabled = new Set<string>();
  const trusted = new Map<string, Set<string>>();
  const pluginTable = new RegExp(`^plugins\\."${CODEX_PLUGIN_NAME}@([^"]+)"$`);
  const hookTable = new RegExp(`^hooks\\.state\\."${CODEX_PLUGIN_NAME}@([^":]+):plugin/hooks\\.json:([a-z_]+):\\d+:\\d+"$`);
  let current: { kind: "plugin"; marketplace: string } | { kind: "hook"; marketplace: string; event: string } | null = null;
  for (const raw of configText.split("\n")) {
    const line = raw.trim();
    const table = tableOf(line);
    if (table !== null) {
      const plugin = pluginTable.exec(table);
      const hook = hookTable.exec(table);
      current = plugin
        ? { kind: "plugin", marketplace: plugin[1]! }
        : hook
          ? { kind: "hook", marketplace: hook[1]!, event: hook[2]! }
          : null;
      continue;
    }
    if (current === null) continue;
    if (current.kind === "plugin" && /^enabled\s*=\s*true\s*(#.*)?$/.test(line)) enabled.add(current.marketplace);
    if (current.kind === "hook" && /^trusted_hash\s*=\s*"sha256:[^"]+"/.test(line)) {
      const events = trusted.get(current.marketplace) ?? new Set<string>();
      events.add(current.event);
      trusted.set(current.marketplace, events);
    }
  }
  const enabledFrom = [...enabled].sort();
  return {
    enabledFrom,
    trustedEvents: Object.fromEntries(enabledFrom.map((m) => [m, [...(trusted.get(m) ?? [])].sort()])),
  };
}
