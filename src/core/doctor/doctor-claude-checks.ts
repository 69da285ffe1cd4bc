// Doctor checks against Claude Code: plugin installed and enabled for this workspace, hooks seen, injection receipts.
import { join } from "node:path";
import type { Measurements } from "../measure/measurements.js";
import { isInjectionRecord } from "../measure/measurement-log-read.js";
import { isInsideDir } from "../savings/transcript-locations.js";
import { ago, fail, ok, warn, type DoctorCheck } from "./doctor-types.js";
import { readJsonObject, type JsonObject } from "./json-file.js";

export const PLUGIN_NAME = "thread-mind";
/** How many of the newest injections the receipts check looks at. */
export const RECENT_INJECTIONS = 5;

interface Installation {
  key: string;
  scope: string;
  version: string | null;
  projectPath: string | null;
}

/** Entries of <config>/plugins/installed_plugins.json for this plugin that apply to the workspace. */
function installationsFor(configDir: string, workspaceRoot: string): { found: Installation[]; problems: string[] } {
  const read = readJsonObject(join(configDir, "plugins", "installed_plugins.json"));
  const problems = read.problem ? [read.problem] : [];
  const plugins = read.data?.plugins;
  if (typeof plugins !== "object" || plugins === null) return { found: [], problems };
  const found: Installation[] = [];
  for (const [key, entries] of Object.entries(plugins as JsonObject)) {
    if (!key.startsWith(`${PLUGIN_NAME}@`) || !Array.isArray(entries)) continue;
    for (const entry of entries) {
      if (typeof entry !== "object" || entry === null) continue;
      const e = entry as JsonObject;
      const scope = typeof e.scope === "string" ? e.scope : "user";
      const projectPath = typeof e.projectPath === "string" ? e.projectPath : null;
      // user scope applies everywhere; project and local scopes to the project folder they were installed in (and below).
      if (scope !== "user" && (projectPath === null || !isInsideDir(workspaceRoot, projectPath))) continue;
      found.push({ key, scope, version: typeof e.version === "string" ? e.version : null, projectPath });
    }
  }
  return { found, problems };
}

/** enabledPlugins[key] from the settings that apply here (local over project over user); undefined when none says. */
function enabledSetting(
  configDir: string,
  workspaceRoot: string,
  key: string,
): { value: boolean | undefined; from: string | null; problems: string[] } {
  const files = [
    join(workspaceRoot, ".claude", "settings.local.json"),
    join(workspaceRoot, ".claude", "settings.json"),
    join(configDir, "settings.json"),
  ];
  const problems: string[] = [];
  for (const file of files) {
    const read = readJsonObject(file);
    if (read.problem) problems.push(read.problem);
    const enabled = read.data?.enabledPlugins;
    if (typeof enabled === "object" && enabled !== null && key in enabled) {
      const value = (enabled as JsonObject)[key];
      if (typeof value === "boolean") return { value, from: file, problems };
    }
  }
  return { value: undefined, from: null, problems };
}

function lastOf(m: Measurements, prefix: string): { at: string; event: string } | null {
  let best: { at: string; event: string } | null = null;
  for (const h of m.hooksSeen) {
    if (typeof h.at !== "string" || typeof h.event !== "string" || !h.event.startsWith(prefix)) continue;
    if (best === null || h.at > best.at) best = { at: h.at, event: h.event };
  }
  return best;
}

export function checkPluginInstalled(options: {
  configDir: string;
  workspaceRoot: string;
  measurements: Measurements;
  bundleVersion: string;
  pluginRoot: string;
}): DoctorCheck {
  const title = "Plugin hooks";
  const { found, problems } = installationsFor(options.configDir, options.workspaceRoot);
  const seen = lastOf(options.measurements, "");
  const install = `In Claude Code: \`/plugin marketplace add ${options.pluginRoot}\` then \`/plugin install ${PLUGIN_NAME}@${PLUGIN_NAME}\` (or start \`claude --plugin-dir ${options.pluginRoot}\`).`;
  if (found.length === 0) {
    if (seen !== null) {
      return ok(
        "plugin",
        title,
        `not installed from a marketplace for this workspace, but its hooks have run here (last: ${seen.event}), e.g. with --plugin-dir`,
        ...problems,
      );
    }
    return warn(
      "plugin",
      title,
      install,
      `${PLUGIN_NAME} is not installed for ${options.workspaceRoot} (looked in ${join(options.configDir, "plugins", "installed_plugins.json")}) and no hook has run here`,
      ...problems,
    );
  }
  const chosen = found[0]!;
  const setting = enabledSetting(options.configDir, options.workspaceRoot, chosen.key);
  const where = `${chosen.key}, ${chosen.scope} scope${chosen.projectPath ? ` (${chosen.projectPath})` : ""}, version ${chosen.version ?? "unknown"}`;
  if (setting.value === false) {
    return warn(
      "plugin",
      title,
      `Enable it: \`/plugin enable ${chosen.key}\` in Claude Code (or set enabledPlugins["${chosen.key}"] to true in ${setting.from}).`,
      `installed (${where}) but disabled in ${setting.from}`,
      ...problems,
      ...setting.problems,
    );
  }
  if (options.bundleVersion !== "dev" && chosen.version !== null && chosen.version !== options.bundleVersion) {
    return warn(
      "plugin",
      title,
      `Update the installed copy: \`/plugin marketplace update ${chosen.key.split("@")[1]}\` then reinstall ${chosen.key}.`,
      `installed ${where}, but this CLI is ${options.bundleVersion}`,
      ...problems,
    );
  }
  return ok("plugin", title, `installed: ${where}`, ...problems, ...setting.problems);
}

export function checkHooksSeen(measurements: Measurements, now: Date): DoctorCheck {
  const title = "Hooks seen";
  const start = lastOf(measurements, "SessionStart:");
  const end = lastOf(measurements, "SessionEnd:");
  const line = (label: string, r: { at: string; event: string } | null) =>
    r === null ? `${label}: never` : `${label}: ${r.event} at ${r.at} (${ago(r.at, now)})`;
  const detail = [line("last SessionStart", start), line("last SessionEnd", end)];
  if (start === null && end === null) {
    return warn(
      "hooks",
      title,
      "Start Claude Code in this workspace with the plugin installed (see Plugin hooks); the hooks record themselves in .threadmind/measurements.jsonl.",
      "no ThreadMind hook has run in this workspace yet",
      ...detail,
    );
  }
  if (end === null) {
    return warn(
      "hooks",
      title,
      "End a session (/clear, /exit): conversation sizes are measured at SessionEnd. If sessions end and nothing appears, the SessionEnd hook is being killed (Claude Code allows it about 1.5 s): check that node starts quickly here.",
      "SessionStart ran, but no SessionEnd has been recorded",
      ...detail,
    );
  }
  return ok("hooks", title, ...detail);
}

export function checkReceipts(measurements: Measurements): DoctorCheck {
  const title = "Context delivery";
  const recent = measurements.injections
    .filter(isInjectionRecord)
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .slice(-RECENT_INJECTIONS);
  if (recent.length === 0) {
    return warn(
      "receipts",
      title,
      "Start a Claude Code session here with the plugin: its SessionStart hook loads the current thread's context and records it.",
      "no context injection recorded yet",
    );
  }
  const count = (s: string) => recent.filter((r) => r.receipt === s).length;
  const summary = `last ${recent.length} injection${recent.length === 1 ? "" : "s"}: ${count("delivered")} delivered, ${count("pending")} not checked yet, ${count("preview")} replaced by a preview, ${count("missing")} missing`;
  const lines = recent.map((r) => `${r.at} ${r.source} → ${r.threadId}: ${r.receipt}`);
  if (count("preview") > 0) {
    return fail(
      "receipts",
      title,
      "The context was over 10,000 characters and the model saw only a 2 KB preview: shorten the summaries (see Context size), and report it if the hook's budget let it happen.",
      summary,
      ...lines,
    );
  }
  if (count("missing") > 0) {
    return fail(
      "receipts",
      title,
      "The context never reached the model: check that the plugin's SessionStart hook runs (`claude --debug` shows hook output) and that no setting strips hook output; then start a new session.",
      summary,
      ...lines,
    );
  }
  return ok(
    "receipts",
    title,
    `${summary}${count("pending") > 0 ? " (checked when the session ends or compacts)" : ""}`,
    ...lines,
  );
}
