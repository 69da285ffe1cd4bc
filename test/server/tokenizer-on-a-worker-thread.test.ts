// Guards the MCP server's tokenizer on a worker thread (#31): its ~0.3 s load held every call that came during it when
// it ran on the server's thread. Counts through the worker are tiktoken's own; the server's thread keeps turning while it
// loads; it says it is ready only once it has warmed tiktoken up (the server's thread waited out its cold first counts);
// a worker that failed, ended or stopped answering is reported, and the estimator falls back and loads anew.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MessageChannel, Worker } from "node:worker_threads";
import { afterAll, describe, expect, test } from "vitest";
import { loadTiktokenEncoder, TIKTOKEN_ASSETS } from "../../src/core/context/tiktoken-encoder.js";
import { COUNT_TIMEOUT_MS, loadTokenizerOnWorker, tokenizerWorkerScript } from "../../src/core/context/tokenizer-thread.js";
import { charsEstimate, type Encoder, TokenEstimator } from "../../src/core/context/token-estimate.js";
import { WARM_UP_COUNTS, warmUpEncoder, warmUpText } from "../../src/core/context/tokenizer-warm-up.js";
import { REPO_ROOT } from "../support/run-cli.js";

const DIST = join(REPO_ROOT, "plugin", "dist");
const ASSETS = join(DIST, "assets");
const scratch = mkdtempSync(join(tmpdir(), "tm-tokenizer-worker-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A worker script of the test's own, speaking the protocol as `body` says. */
function fakeWorker(name: string, body: string): string {
  const path = join(scratch, name);
  writeFileSync(path, `const { parentPort } = require("node:worker_threads");\n${body}\n`);
  return path;
}

describe("the server's tokenizer on a worker thread", () => {
  test("is the bundle beside the server's, and counts as tiktoken counts in-process", async () => {
    const script = tokenizerWorkerScript(DIST);
    expect(script).toBe(join(DIST, "tokenizer-worker.cjs"));
    const ended: string[] = [];
    const worker = await loadTokenizerOnWorker(script!, ASSETS, () => ended.push("ended"));
    const local = await loadTiktokenEncoder(ASSETS);
    const texts = [
      "## Decisions\n- JWT in cookies",
      "naïve café — 東京 🚀 <|endoftext|>",
      "x".repeat(40_000),
      "- ".repeat(3_000) + "\n".repeat(500),
    ];
    for (const text of texts) expect(worker.countTokens(text)).toBe(local.countTokens(text));
    expect(ended).toEqual([]);
  });

  test("says it is ready only once it has warmed its encoder up (the server's thread waited out tiktoken's cold first counts: 11-61 ms for a summary)", async () => {
    const shared = new SharedArrayBuffer(8);
    const { port2 } = new MessageChannel();
    const worker = new Worker(tokenizerWorkerScript(DIST)!, {
      workerData: { assetsDir: ASSETS, shared, replies: port2 },
      transferList: [port2],
    });
    try {
      const first = await new Promise((resolve) => worker.once("message", resolve));
      expect(first).toEqual({ kind: "ready", warmUpCounts: WARM_UP_COUNTS });
    } finally {
      await worker.terminate();
    }
  });

  test("the warm-up counts each of its texts once, all different, and adds up what the encoder said", async () => {
    const seen: string[] = [];
    const recording: Encoder = {
      countTokens: (text) => {
        seen.push(text);
        return text.length;
      },
    };
    const total = warmUpEncoder(recording);
    expect(seen).toEqual(Array.from({ length: WARM_UP_COUNTS }, (_, i) => warmUpText(i)));
    expect(new Set(seen).size).toBe(WARM_UP_COUNTS);
    expect(total).toBe(seen.reduce((sum, t) => sum + t.length, 0));
    const local = await loadTiktokenEncoder(ASSETS);
    expect(warmUpEncoder(local, 3)).toBe([0, 1, 2].reduce((sum, i) => sum + local.countTokens(warmUpText(i)), 0));
    const broken: Encoder = {
      countTokens: () => {
        throw new Error("wasm trapped");
      },
    };
    expect(() => warmUpEncoder(broken)).toThrow("wasm trapped");
  });

  test("loads while the calling thread keeps turning (in-process, the load is one long synchronous turn)", async () => {
    let turns = 0;
    let loaded = false;
    const spin = () => {
      turns += 1;
      if (!loaded) setImmediate(spin);
    };
    setImmediate(spin);
    await loadTokenizerOnWorker(tokenizerWorkerScript(DIST)!, ASSETS, () => {});
    loaded = true;
    // A worker takes tens of milliseconds to start and load: hundreds of turns here. In-process, a handful.
    expect(turns).toBeGreaterThan(50);
  });

  test("a tokenizer that cannot be loaded rejects with the worker's reason", async () => {
    const bad = join(scratch, "bad-assets");
    mkdirSync(bad, { recursive: true });
    writeFileSync(join(bad, TIKTOKEN_ASSETS.wasm), "not wasm");
    writeFileSync(join(bad, TIKTOKEN_ASSETS.ranks), "{}");
    let ended = 0;
    await expect(loadTokenizerOnWorker(tokenizerWorkerScript(DIST)!, bad, () => (ended += 1))).rejects.toThrow(
      /^The tokenizer could not be loaded: /,
    );
    expect(ended).toBe(1);
  });

  test("once its worker has exited, a count throws and the caller was told to load anew", async () => {
    const script = fakeWorker("exits.cjs", 'parentPort.postMessage({ kind: "ready" }); setTimeout(() => process.exit(0), 10);');
    let ended = 0;
    let wasEnded = () => {};
    const endedOnce = new Promise<void>((resolve) => (wasEnded = resolve));
    const encoder = await loadTokenizerOnWorker(script, null, () => {
      ended += 1;
      wasEnded();
    });
    await endedOnce;
    expect(() => encoder.countTokens("a")).toThrow("The tokenizer's worker thread has ended (it exited with code 0).");
    expect(ended).toBe(1);
  });

  test("a count the worker's encoder refuses is reported with its reason, and the worker is stopped", async () => {
    const script = fakeWorker(
      "refuses.cjs",
      [
        'const { workerData } = require("node:worker_threads");',
        "const slots = new Int32Array(workerData.shared);",
        'parentPort.postMessage({ kind: "ready" });',
        'parentPort.on("message", () => { workerData.replies.postMessage("no encoder here"); Atomics.store(slots, 0, 2); Atomics.notify(slots, 0); });',
      ].join("\n"),
    );
    let ended = 0;
    const encoder = await loadTokenizerOnWorker(script, null, () => (ended += 1));
    expect(() => encoder.countTokens("a")).toThrow("The tokenizer could not count: no encoder here");
    expect(ended).toBe(1);
    expect(() => encoder.countTokens("b")).toThrow("The tokenizer's worker thread has ended (a count failed: no encoder here).");
  });

  test("a worker that does not answer is stopped after COUNT_TIMEOUT_MS, and reported", async () => {
    const script = fakeWorker("silent.cjs", 'parentPort.postMessage({ kind: "ready" }); parentPort.on("message", () => {});');
    let ended = 0;
    const encoder = await loadTokenizerOnWorker(script, null, () => (ended += 1));
    expect(() => encoder.countTokens("a")).toThrow(`did not answer within ${COUNT_TIMEOUT_MS} ms`);
    expect(ended).toBe(1);
    expect(() => encoder.countTokens("b")).toThrow(/has ended/);
  }, 20_000);
});

describe("the token estimator, when its encoder breaks", () => {
  test("counts as without an encoder (characters/3.5, a miss), and the next load starts anew", async () => {
    let loads = 0;
    const broken: Encoder = {
      countTokens: () => {
        throw new Error("The tokenizer's worker thread has ended (it exited with code 1).");
      },
    };
    const working: Encoder = { countTokens: (text) => text.length };
    const estimator = new TokenEstimator(null, async () => (++loads === 1 ? broken : working));
    expect(await estimator.ready()).toBe(true);
    const text = "a summary of forty-two characters, or so!!";
    expect(estimator.countSync(text)).toBe(charsEstimate(text));
    expect(estimator.misses).toBe(1);
    expect(estimator.exact).toBe(false);
    expect(await estimator.count(text)).toBe(text.length);
    expect(loads).toBe(2);
  });
});
