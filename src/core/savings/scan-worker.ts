// Worker thread of the report's scan (plugin/dist/scan-worker.cjs): claims the session files one at a time through the shared counter, scans each and posts its result back.
import { parentPort } from "node:worker_threads";
import { scanSession } from "./savings-scan.js";
import { messageOf } from "../error-details.js";
import type { ScanReply, ScanRequest } from "./scan-pool.js";

const port = parentPort;
if (port === null) throw new Error("scan-worker.cjs runs as a worker thread of the report");
const post = (reply: ScanReply) => port.postMessage(reply);

/** Claims and scans files until none is left (or it is told to claim no more), then says so. */
async function work(request: ScanRequest): Promise<void> {
  const claim = new Int32Array(request.claim);
  for (;;) {
    if (request.stopFlag !== null && Atomics.load(claim, request.stopFlag) !== 0) break; // told to claim no more
    const at = Atomics.add(claim, 0, 1);
    if (at >= request.files.length) break;
    const file = request.files[at]!;
    post({ kind: "progress", index: file.index, bytes: 0 });
    try {
      const session = await scanSession(file, (bytes) => post({ kind: "progress", index: file.index, bytes }));
      post({ kind: "done", index: file.index, session });
    } catch (error) {
      post({ kind: "failed", index: file.index, message: messageOf(error) });
    }
  }
  post({ kind: "finished" });
}

port.once("message", (request: ScanRequest) => {
  void work(request);
});
