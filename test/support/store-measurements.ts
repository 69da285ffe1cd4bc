// Every measurement of a store as the tests read it: the log, after what an older config.json still holds.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readMeasurementLog, type MeasurementLogRead } from "../../src/core/measure/measurement-log-read.js";
import { readLocalState } from "../../src/core/store/local-state.js";

export function storeMeasurements(storeDir: string): MeasurementLogRead {
  return readMeasurementLog(storeDir, readLocalState(storeDir).state.measurements);
}

/** measurements.jsonl of the repository, each line parsed (independently of the product's reader). */
export function logLines(repoDir: string): Array<Record<string, unknown>> {
  return readFileSync(join(repoDir, ".threadmind", "measurements.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
