// Worker thread of the MCP server's tokenizer (plugin/dist/tokenizer-worker.cjs): loads tiktoken off the server's thread, warms it up, then answers counts through shared memory.
import { workerData, parentPort, type MessagePort } from "node:worker_threads";
import { loadTiktokenEncoder } from "./tiktoken-encoder.js";
import { WARM_UP_COUNTS, warmUpEncoder } from "./tokenizer-warm-up.js";
import { messageOf } from "../error-details.js";
import { COUNT_FAILED, COUNT_DONE, type TokenizerWorkerData, type TokenizerWorkerStatus, SLOT } from "./tokenizer-protocol.js";

const port = parentPort;
if (port === null) throw new Error("tokenizer-worker.cjs runs as a worker thread of the MCP server");
const data = workerData as TokenizerWorkerData;
const slots = new Int32Array(data.shared);
const replies: MessagePort = data.replies;
const status = (message: TokenizerWorkerStatus) => port.postMessage(message);

// At the server's priority, not a lower one: once loaded, each count holds the server's thread until the worker answers,
// and a niced worker on a busy machine made a call wait for the scheduler (a priority inversion).
loadTiktokenEncoder(data.assetsDir).then(
  (encoder) => {
    // Warmed up here, before the server is told: its thread would otherwise wait out the first, cold counts.
    try {
      warmUpEncoder(encoder);
    } catch (error) {
      status({ kind: "failed", message: messageOf(error) });
      return;
    }
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
    status({ kind: "ready", warmUpCounts: WARM_UP_COUNTS });
  },
  (error: unknown) => status({ kind: "failed", message: messageOf(error) }),
);
