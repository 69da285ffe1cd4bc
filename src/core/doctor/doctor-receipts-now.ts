// doctor's view of a receipt the hooks have not settled yet ("pending": settled when that session next ends or compacts):
// the transcript is read now, by the same rule as the hooks and the report, so doctor and report agree on delivery.
import type { Measurements } from "../measure/measurements.js";
import { readHead } from "../../transcript/read-head.js";
import { receiptFor } from "../savings/savings-receipts.js";
import { RECENT_INJECTIONS } from "./doctor-claude-checks.js";

/**
 * The measurements with each recent pending receipt replaced by what its transcript shows now (in memory only: doctor
 * writes nothing). A transcript that cannot be read, or holds no record after the injection yet, leaves it pending.
 */
export async function withReceiptsCheckedNow(measurements: Measurements): Promise<Measurements> {
  const recent = new Set(
    [...measurements.injections]
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .slice(-RECENT_INJECTIONS)
      .filter((i) => i.receipt === "pending" && i.transcriptPath !== undefined),
  );
  if (recent.size === 0) return measurements;
  const injections = await Promise.all(
    measurements.injections.map(async (injection) => {
      if (!recent.has(injection) || injection.transcriptPath === undefined) return injection;
      try {
        const head = await readHead(injection.transcriptPath, { from: injection.transcriptOffset ?? 0 });
        // Nothing recorded after the injection yet (no response): too early to tell, as the hooks would say.
        if (!head.stoppedAtFirstResponse) return injection;
        return { ...injection, receipt: receiptFor(injection, head.hookContexts) };
      } catch {
        return injection; // no transcript (yet), or unreadable: still pending, as recorded
      }
    }),
  );
  return { ...measurements, injections };
}
