// The fast paths' appends to the measurement log (hook-main.cjs and hook-recall.cjs): the log's index kept up first.
import type { MeasurementEvent } from "../core/measure/measurement-log.js";
import { indexBehind } from "../core/measure/measurement-log-read.js";
import { record, type Rotate } from "./hook-fast-store.js";

/**
 * After a fast path read the log, before it appends to it: when a lookup found its index far behind (every ~64 KiB of
 * log, i.e. every few dozen sessions), the hooks proper write it anew, over the log as read (its writing code is not in
 * the fast paths' bundles, which every hook compiles). Asked again after an append, it is a no-op.
 */
export async function indexUpkeep(storeDir: string, rotate: Rotate): Promise<void> {
  if (indexBehind(storeDir)) await rotate();
}

/** record for the fast paths: the index's upkeep first (see indexUpkeep). */
export async function recordAfterUpkeep(storeDir: string, events: readonly MeasurementEvent[], rotate: Rotate): Promise<void> {
  await indexUpkeep(storeDir, rotate);
  await record(storeDir, events, rotate);
}
