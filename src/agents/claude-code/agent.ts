// Claude Code as an agent: JSONL transcripts under <config dir>/projects/, a 10,000-character cap on hook context.
import { readHead } from "../../transcript/read-head.js";
import { readTail } from "../../transcript/read-tail.js";
import { readTranscript } from "../../transcript/read-transcript.js";
import type { Agent } from "../agent.js";
import { PROFILES } from "../profiles.js";
import { isRolloutPath } from "../codex/rollout-paths.js";

export const claudeCode: Agent = {
  ...PROFILES["claude-code"],
  ownsTranscript: (path) => path.endsWith(".jsonl") && !isRolloutPath(path),
  readTail: (path, options) => readTail(path, options),
  readHeadFrom: async (path, from) => {
    const read = await readHead(path, { from });
    const last = read.records.at(-1);
    const firstRequestTokens =
      read.stoppedAtFirstResponse && last !== undefined && last.kind === "assistant" ? last.record.contextTokens : null;
    return { fileSize: read.fileSize, hookContexts: read.hookContexts, firstRequestTokens };
  },
  readSession: (path) => readTranscript(path),
};
