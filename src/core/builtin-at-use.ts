// Node builtins required where they are first used, not imported: a bundle loads every static import before it runs, and most runs never use these (node:crypto ~1.4 ms, node:worker_threads ~0.6 ms).
import type * as NodeCrypto from "node:crypto";
import type * as NodeWorkerThreads from "node:worker_threads";

/**
 * A builtin by its name: process.getBuiltinModule (Node ≥ 20.16 and 22.3), else the bundle's own require (CommonJS's, or
 * in an ES module bundle the one its banner makes, tsup.config.ts). Not node:module's createRequire: loading node:module
 * costs a CommonJS hook ~0.3 ms.
 */
function builtin(name: "node:crypto" | "node:worker_threads"): unknown {
  if (typeof process.getBuiltinModule === "function") return process.getBuiltinModule(name);
  return require(name);
}

export function nodeCrypto(): typeof NodeCrypto {
  return builtin("node:crypto") as typeof NodeCrypto;
}

export function nodeWorkerThreads(): typeof NodeWorkerThreads {
  return builtin("node:worker_threads") as typeof NodeWorkerThreads;
}
