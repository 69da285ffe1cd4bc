// Worker thread of the report's scan (plugin/dist/scan-worker.mjs): scans the session files it is sent, one at a time, and posts each result back.
import { parentPort } from "node:worker_threads";
import { scanSession } from "./savings-scan.js";
import type { ScanReply, ScanRequest } from "./scan-pool.js";

const port = parentPort;
if (port === null) throw new Error("scan-worker.mjs runs as a worker thread of the report");
port.on("message", (request: ScanRequest) => {
  const post = (reply: ScanReply) => port.postMessage(reply);
  scanSession(request.file, (bytes) => post({ kind: "progress", index: request.index, bytes })).then(
    (session) => post({ kind: "done", index: request.index, session }),
    (error: unknown) =>
      post({ kind: "failed", index: request.index, message: error instanceof Error ? error.message : String(error) }),
  );
});
