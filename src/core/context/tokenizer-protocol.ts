// What the MCP server's thread and its tokenizer worker share: the slots of the shared memory a count is answered in, and the worker's messages.
import type { MessagePort } from "node:worker_threads";

/** Int32 slots of the shared buffer: the request's state and its count (one request at a time). */
export const SLOT = { state: 0, count: 1 } as const;
export const SLOTS = 2;

export const COUNT_WAITING = 0;
export const COUNT_DONE = 1;
/** The worker's encoder threw: its message follows on the replies port. */
export const COUNT_FAILED = 2;

export interface TokenizerWorkerData {
  /** Where tiktoken's wasm and ranks lie (plugin/dist/assets), or null for the tiktoken package's. */
  assetsDir: string | null;
  shared: SharedArrayBuffer;
  /** Error messages of failed counts, read synchronously (receiveMessageOnPort) by the waiting thread. */
  replies: MessagePort;
}

/** ready: the encoder is loaded and was warmed up by `warmUpCounts` counts (tokenizer-warm-up.ts). */
export type TokenizerWorkerStatus = { kind: "ready"; warmUpCounts: number } | { kind: "failed"; message: string };
