// Loads the MCP server's tokenizer on a worker thread (plugin/dist/tokenizer-worker.cjs): its ~0.3 s load never holds the server's thread, and each count is then answered synchronously through shared memory.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { nodeWorkerThreads } from "../builtin-at-use.js";
import { messageOf } from "../error-details.js";
import type { Encoder } from "./token-estimate.js";
import {
  COUNT_FAILED,
  COUNT_WAITING,
  SLOT,
  SLOTS,
  type TokenizerWorkerData,
  type TokenizerWorkerStatus,
} from "./tokenizer-protocol.js";

/** A count takes a few milliseconds even for a whole context; a worker that has not answered in this long is stuck. */
export const COUNT_TIMEOUT_MS = 2_000;

export const TOKENIZER_WORKER = "tokenizer-worker.cjs";

/** tokenizer-worker.cjs in `bundleDir` (plugin/dist), or null when it is not there (the sources run, not the bundles). */
export function tokenizerWorkerScript(bundleDir: string): string | null {
  const script = join(bundleDir, TOKENIZER_WORKER);
  return existsSync(script) ? script : null;
}

/**
 * Starts the worker; resolves with an encoder once it has loaded tiktoken and warmed it up (tokenizer-warm-up.ts), rejects
 * if it could not. The encoder's countTokens blocks this thread until the worker answers (about a millisecond for a
 * summary). Once the worker has ended (it failed to load or to count, exited, or did not answer within COUNT_TIMEOUT_MS;
 * it is stopped), every count throws and `ended` is called once, so that the caller loads a new one. The worker never
 * keeps the process alive.
 */
export function loadTokenizerOnWorker(script: string, assetsDir: string | null, ended: () => void): Promise<Encoder> {
  const { Worker, MessageChannel, receiveMessageOnPort } = nodeWorkerThreads();
  const shared = new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT);
  const slots = new Int32Array(shared);
  const { port1: replies, port2 } = new MessageChannel();
  const data: TokenizerWorkerData = { assetsDir, shared, replies: port2 };
  const worker = new Worker(script, { workerData: data, transferList: [port2] });
  let endedWith: string | null = null;
  const end = (reason: string) => {
    if (endedWith !== null) return;
    endedWith = reason;
    void worker.terminate();
    ended();
  };
  const encoder: Encoder = {
    countTokens(text: string): number {
      if (endedWith !== null) throw new Error(`The tokenizer's worker thread has ended (${endedWith}).`);
      Atomics.store(slots, SLOT.state, COUNT_WAITING);
      worker.postMessage(text);
      if (Atomics.wait(slots, SLOT.state, COUNT_WAITING, COUNT_TIMEOUT_MS) === "timed-out") {
        end(`no answer within ${COUNT_TIMEOUT_MS} ms`);
        throw new Error(`The tokenizer's worker thread did not answer within ${COUNT_TIMEOUT_MS} ms; it was stopped.`);
      }
      if (Atomics.load(slots, SLOT.state) === COUNT_FAILED) {
        const reply = receiveMessageOnPort(replies);
        const reason = reply === undefined ? "no reason given" : String(reply.message);
        // The caller loads a new encoder after any failure: this worker is not left running beside it.
        end(`a count failed: ${reason}`);
        throw new Error(`The tokenizer could not count: ${reason}`);
      }
      return slots[SLOT.count]!;
    },
  };
  const loaded = new Promise<Encoder>((resolve, reject) => {
    worker.on("message", (status: TokenizerWorkerStatus) => {
      switch (status.kind) {
        case "ready":
          resolve(encoder);
          return;
        case "failed":
          end(status.message);
          reject(new Error(`The tokenizer could not be loaded: ${status.message}`));
          return;
        default: {
          const never: never = status;
          throw new Error(`unknown tokenizer worker status ${JSON.stringify(never)}`);
        }
      }
    });
    worker.on("error", (error: unknown) => {
      end(messageOf(error));
      reject(new Error(`The tokenizer's worker thread failed: ${messageOf(error)}`));
    });
    worker.on("exit", (code: number) => {
      end(`it exited with code ${code}`);
      reject(new Error(`The tokenizer's worker thread exited with code ${code} before it was ready.`));
    });
  });
  // After the listeners: adding a "message" listener refs the worker again, and a referenced worker keeps the server up
  // after its client is gone.
  worker.unref();
  replies.unref();
  return loaded;
}
