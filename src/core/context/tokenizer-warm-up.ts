// The counts the tokenizer's worker makes once tiktoken has loaded, before it says it is ready: its first counts run cold.
//
// Measured on the server's worker (a 3 KB summary): the first count after the load took 11–61 ms, the next ones 2–19 ms,
// and only after ~8 counts ~1 ms (the wasm functions and the JavaScript around them are compiled as they get hot). The
// server's thread waits for every count (Atomics.wait), so without these the first summary_update or context read after
// the load paid for them. Made on the worker, they hold the server's thread up for nothing; until they are done the server
// counts characters/3.5, as before the load.
import type { Encoder } from "./token-estimate.js";

/** How many texts are counted: the count after which a count on this machine took as long as any later one (~1 ms). */
export const WARM_UP_COUNTS = 12;

/** What ThreadMind counts: Markdown summaries and contexts, with code, paths, numbers and text beyond ASCII. */
const SAMPLE = [
  "## Decisions",
  "- Sessions are kept in an HttpOnly cookie (`SameSite=Lax`), not in localStorage: an XSS must not read them.",
  "- Refunds go through `PaymentService.refund(orderId, amountCents)`; partial refunds are allowed up to the captured amount.",
  "## Constraints",
  "- Node ≥ 18.3; no native modules. Every write takes the store's lock (`.threadmind/.lock`), 1.5 s at most.",
  "- Amounts are integers in cents — never floats (0.1 + 0.2 ≠ 0.3).",
  "## State",
  "- Done: src/payments/refund.ts, test/payments/refund.test.ts (12 cases); CI green on main@4f2a9c1.",
  "- In progress: the webhook handler → idempotency keys (Stripe's `Idempotency-Key` header), café/naïve names in UTF-8.",
  "## Open questions",
  "- Should a refund of a disputed charge be refused, or queued until the dispute closes? 東京 office asked.",
  "## Next steps",
  "1. Add `refund_requested` to the audit log; 2. expose GET /api/v2/orders/:id/refunds?limit=50&cursor=…",
  "```ts",
  "export async function refund(order: Order, cents: number): Promise<Refund> {",
  "  if (!Number.isInteger(cents) || cents <= 0) throw new RangeError(`bad amount: ${cents}`);",
  "  return db.transaction(async (tx) => tx.refunds.insert({ orderId: order.id, cents, at: new Date() }));",
  "}",
  "```",
].join("\n");

/** The `round`th text counted: the sample with a line of its own, so that no two are the same. */
export function warmUpText(round: number): string {
  return `${SAMPLE}\n- Warm-up ${round}: ${"ThreadMind memory, loaded for thread refunds. ".repeat(1 + (round % 4))}`;
}

/** Counts the WARM_UP_COUNTS texts with `encoder` (a count that throws ends it: the encoder is broken); their tokens in all. */
export function warmUpEncoder(encoder: Encoder, counts: number = WARM_UP_COUNTS): number {
  let tokens = 0;
  for (let round = 0; round < counts; round += 1) tokens += encoder.countTokens(warmUpText(round));
  return tokens;
}
