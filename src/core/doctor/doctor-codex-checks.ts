// Doctor check against Codex: is ThreadMind's plugin enabled in this Codex install, and are its hooks trusted (Codex
// runs an untrusted plugin hook not at all, silently, and asks again after every plugin update).
import { CODEX_HOOK_EVENTS, codexConfigPath, codexPluginState } from "../../agents/codex/install-layout.js";
import { readRegularFileText } from "./json-file.js";
import { ok, warn, type DoctorCheck } from "./doctor-types.js";

const ID = "codex-hooks";
const TITLE = "Codex plugin and hook trust";
const TRUST_FIX =
  "Start `codex` in the repository and trust ThreadMind's hooks when it lists them for review (Codex asks again after every plugin update); until then it skips them without a word.";

/** null when Codex is not installed here (no config.toml): nothing to say. */
export function checkCodexHooks(codexHome: string): DoctorCheck | null {
  const path = codexConfigPath(codexHome);
  const read = readRegularFileText(path);
  if (read === null) return null;
  if ("problem" in read) return warn(ID, TITLE, `Check ${path}.`, read.problem);
  const state = codexPluginState(read.text);
  if (state.enabledFrom.length === 0) {
    return warn(
      ID,
      TITLE,
      "In Codex: `codex plugin marketplace add <this repository's URL or path>`, then `codex plugin add thread-mind@thread-mind`.",
      `the ThreadMind plugin is not enabled in ${path}`,
    );
  }
  const lines = state.enabledFrom.map((m) => {
    const trusted = state.trustedEvents[m] ?? [];
    return `thread-mind@${m}: ${trusted.length} of ${CODEX_HOOK_EVENTS.length} hooks trusted${trusted.length < CODEX_HOOK_EVENTS.length ? ` (untrusted: ${CODEX_HOOK_EVENTS.filter((e) => !trusted.includes(e)).join(", ")})` : ""}`;
  });
  const allTrusted = state.enabledFrom.every((m) => (state.trustedEvents[m] ?? []).length === CODEX_HOOK_EVENTS.length);
  // A trusted hash is recorded; whether it is still the current plugin's only Codex can tell (after an update it is not).
  return allTrusted
    ? ok(ID, TITLE, ...lines, "a hash is recorded for each hook; after a plugin update Codex asks to trust them again")
    : warn(ID, TITLE, TRUST_FIX, ...lines);
}
