// Every measurement of a store as the tests read it: the log, after what an older config.json still holds.
import { readMeasurementLog, type MeasurementLogRead } from "../../src/core/measure/measurement-log-read.js";
import { readLocalState } from "../../src/core/store/local-state.js";

export function storeMeasurements(storeDir: string): MeasurementLogRead {
  return readMeasurementLog(storeDir, readLocalState(storeDir).state.measurements);
}
