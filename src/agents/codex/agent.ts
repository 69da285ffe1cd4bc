// OpenAI Codex as an agent: rollouts under $CODEX_HOME/sessions/YYYY/MM/DD/, a 10,000-byte cap on hook context.
import { readRollout } from "../../transcript/codex/read-rollout.js";
import { readRolloutHead } from "../../transcript/codex/read-rollout-head.js";
import { readRolloutTail } from "../../transcript/codex/read-rollout-tail.js";
import type { Agent } from "../agent.js";
import { PROFILES } from "../profiles.js";
import { isRolloutPath } from "./rollout-paths.js";

export const codex: Agent = {
  ...PROFILES.codex,
  ownsTranscript: isRolloutPath,
  readTail: (path, options) => readRolloutTail(path, options),
  readHeadFrom: (path, from) => readRolloutHead(path, { from }),
  readSession: (path) => readRollout(path),
};
