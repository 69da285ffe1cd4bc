// Rollout line pre-filter: a byte test on one raw Codex rollout line telling, without decoding or JSON.parse, whether it
// can be a line the backward tail walk still needs (a token count, a compaction, a developer message, a turn context).
import { hasMember, member } from "../line-prefilter.js";
import type { Marker } from "../line-prefilter.js";

/** The rollout lines the tail walk looks for; every other line is of no use to it. */
export type RolloutNeed = "token-count" | "compaction" | "developer-message" | "turn-context";

/**
 * The member every line of a kind holds for RolloutClassifier to read it as that kind:
 * - token-count (a response): the event's `"type":"token_count"`
 * - compaction: the line's `"type":"compacted"`
 * - developer-message (a hook context): the message's `"role":"developer"`
 * - turn-context (the model of the responses after it): the line's `"type":"turn_context"`
 * Codex writes rollouts with serde_json (no spaces, no escapes in ASCII names); the test also accepts whitespace around
 * the colon. It may accept a line that is not the kind (the member nested deeper): classification then decides. It
 * never rejects one that is, unless a writer escaped these ASCII names, which serde_json never does.
 */
const MARKERS = {
  "token-count": member("type", "token_count"),
  compaction: member("type", "compacted"),
  "developer-message": member("role", "developer"),
  "turn-context": member("type", "turn_context"),
} satisfies Record<RolloutNeed, Marker>;

/** Whether a raw rollout line (without its newline) can be one of `needed`. False means: not one of them, for sure. */
export function mayBeNeededRolloutLine(line: Buffer, needed: readonly RolloutNeed[]): boolean {
  return needed.some((kind) => hasMember(line, MARKERS[kind]));
}
