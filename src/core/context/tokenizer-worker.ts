// Worker thread of the MCP server's tokenizer (plugin/dist/tokenizer-worker.cjs): loads tiktoken off the server's thread, then answers counts through shared memory.
import { getPriority, setPriority } from "node:os";
import { workerData, parentPort, type MessagePort } from "node:worker_threads";
import { BACKGROUND_NICENESS } from "../background/background-command.js";
import { loadTiktokenEncoder } from "./tiktoken-encoder.js";
import { messageOf } from "../error-details.js";
import { COUNT_FAILED, COUNT_DONE, type TokenizerWorkerData, type TokenizerWorkerStatus, SLOT } from "./tokenizer-protocol.js";

const port = parentPort;
if (port === null) throw new Error("tokenizer-worker.cjs runs as a worker thread of the MCP server");
const data = workerData as TokenizerWorkerData;
const slots = new Int32Array(data.shared);
const replies: MessagePort = data.replies;
const status = (message: TokenizerWorkerStatus) => port.postMessage(message);

// On Linux a thread has a priority of its own (setpriority of "this process" sets the calling thread's): the load's
// ~0.3 s of CPU yields the cores to the server's thread and the session's processes. Elsewhere it would lower the whole
// server, so the worker runs as it is.
if (process.platform === "linux") {
  try {
    setPriority(Math.min(19, getPriority() + BACKGROUND_NICENESS));
  } catch {
    // not allowed here: the worker runs at the server's priority (it only costs time)
  }
}

loadTiktokenEncoder(data.assetsDir).then(
  (encoder) => {
    // One count at a time: the server's thread waits for each (Atomics.wait) before it asks the next.
    port.on("message", (text: string) => {
      try {
        slots[SLOT.count] = encoder.countTokens(text);
        Atomics.store(slots, SLOT.state, COUNT_DONE);
      } catch (error) {
        replies.postMessage(messageOf(error));
        Atomics.store(slots, SLOT.state, COUNT_FAILED);
      }
      Atomics.notify(slots, SLOT.state);
    });
    status({ kind: "ready" });
  },
  (error: unknown) => status({ kind: "failed", message: messageOf(error) }),
);
