// Benchmark: thread_search latency, warm, over stdio against the built server (server.mjs of plugin/dist, or of the
// `distDir` given), at 1,000 and 10,000 threads: the usual query mix, and questions in other words (semantic tier).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { seededRandom } from "./rng.mjs";
import { percentile } from "./stats.mjs";

const REPO_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const DEFAULT_DIST = join(REPO_ROOT, "plugin", "dist");
const PROJECT = "bench";

/** Words of made-up engineering summaries; a deterministic generator picks from them with a skew (some words are common). */
const VOCABULARY = (
  "api gateway rate limiting token bucket retry backoff webhook queue worker cron schedule postgres mysql redis cache " +
  "invalidation ttl eviction replica replication shard partition index migration schema column constraint foreign key " +
  "transaction isolation deadlock lock timeout circuit breaker fallback feature flag rollout canary deploy kubernetes helm " +
  "docker image registry secret vault rotation certificate tls oauth jwt session cookie csrf cors login signup password " +
  "reset email template smtp notification push mobile ios android react vue svelte component state store reducer router " +
  "form validation error boundary logging tracing metrics dashboard alert pager incident postmortem latency throughput " +
  "benchmark profile memory leak garbage collection thread pool async stream buffer backpressure batch bulk import export " +
  "csv json parquet s3 bucket upload download cdn edge region failover dns load balancer proxy nginx envoy grpc rest " +
  "graphql pagination cursor offset search ranking bm25 embedding vector similarity billing invoice stripe payment refund " +
  "coupon tax currency checkout cart order inventory warehouse shipping tracking label audit compliance gdpr retention"
).split(" ");

function words(rand, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(VOCABULARY[Math.floor(rand() ** 1.6 * VOCABULARY.length)]);
  return out.join(" ");
}

function bullets(rand, n) {
  return Array.from({ length: n }, () => `- ${words(rand, 6 + Math.floor(rand() * 8))}`).join("\n");
}

/** Writes a store of `count` threads directly (projects/bench.json and threads/bench/*.md), like ThreadMind writes them. */
export function writeStore(root, count) {
  const store = join(root, ".threadmind");
  const threads = join(store, "threads", PROJECT);
  mkdirSync(join(store, "projects"), { recursive: true });
  mkdirSync(threads, { recursive: true });
  writeFileSync(join(store, ".gitignore"), "config.json\nconfig.json.*\ncache/\n.lock\n.lock.*\n");
  const createdAt = "2026-01-01T00:00:00.000Z";
  writeFileSync(
    join(store, "projects", `${PROJECT}.json`),
    `${JSON.stringify({ id: PROJECT, title: "Bench", mode: "solo", createdAt }, null, 2)}\n`,
  );
  const rand = seededRandom(count).next;
  const old = new Date(Date.now() - 3_600_000);
  for (let i = 0; i < count; i++) {
    const id = i === 0 ? "main" : `t-${i}`;
    const parent = i === 0 ? "null" : i < 10 ? "main" : `t-${1 + Math.floor(rand() * (i - 1))}`;
    const title = i === 0 ? "Bench" : words(rand, 2 + Math.floor(rand() * 3));
    const status = i > 0 && rand() < 0.2 ? (rand() < 0.5 ? "status: done\n" : "status: abandoned\n") : "";
    const summary = `## Decisions\n${bullets(rand, 3)}\n\n## Constraints\n${bullets(rand, 2)}\n\n## State\n${bullets(rand, 2)}\n\n## Next steps\n${bullets(rand, 1)}`;
    const text = `---\nid: ${id}\ntitle: ${title}\nparentId: ${parent}\nauthor: bench\ncreatedAt: ${createdAt}\nupdatedAt: ${createdAt}\n${status}---\n\n${summary}\n`;
    const file = join(threads, `${id}.md`);
    writeFileSync(file, text);
    // Files older than a couple of seconds, as in a real repository (fresh ones are re-checked by content once).
    utimesSync(file, old, old);
  }
}

const QUERIES = [
  { query: "rate limiting token bucket" },
  { query: "postgres replication lag" },
  { query: "retry webhook backoff" },
  { query: "cache invalidation ttl" },
  { query: "stripe refund coupon" },
  { query: "gdpr retention audit", intent: "overview" },
  { query: "kubernetes canary rollout" },
  { query: "circuit breaker fallback", intent: "deep" },
];

/** Questions in other words than the generated summaries (run with intent "semantic": the semantic tier always runs). */
const SEMANTIC_QUERIES = [
  "how do we throttle callers that send too much",
  "where do we keep credentials",
  "how is money returned to buyers",
  "what happens when a server goes down",
  "why are pages slow to load",
  "how do we ship a new version safely",
].map((query) => ({ query, intent: "semantic" }));

async function measureSize(count, calls, distDir) {
  const root = mkdtempSync(join(tmpdir(), `tm-bench-search-${count}-`));
  const home = mkdtempSync(join(tmpdir(), "tm-bench-home-"));
  let client;
  try {
    writeStore(root, count);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(distDir, "server.mjs")],
      cwd: root,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, THREADMIND_ROOT: root },
      stderr: "pipe",
    });
    client = new Client({ name: "threadmind-bench", version: "1.0.0" });
    await client.connect(transport);
    const search = async (args) => {
      const result = await client.callTool({ name: "thread_search", arguments: args });
      if (result.isError) throw new Error(`thread_search failed: ${JSON.stringify(result.content)}`);
      return result;
    };
    let t = performance.now();
    await search({ ...QUERIES[0], intent: "lookup" });
    const coldMs = performance.now() - t;
    // The semantic tier's first use: reading the word vectors and computing every section's vector.
    t = performance.now();
    await search(SEMANTIC_QUERIES[0]);
    const semanticFirstMs = performance.now() - t;
    for (const q of [...QUERIES, ...SEMANTIC_QUERIES]) await search(q); // warm every tier once
    const timed = async (queries) => {
      const times = [];
      for (let i = 0; i < calls; i++) {
        const q = queries[i % queries.length];
        t = performance.now();
        await search(q);
        times.push(performance.now() - t);
      }
      return times;
    };
    const times = await timed(QUERIES);
    const semanticTimes = await timed(SEMANTIC_QUERIES);
    const round = (x) => Math.round(x * 100) / 100;
    return {
      threads: count,
      calls,
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      coldMs: round(coldMs),
      semantic: {
        p50: round(percentile(semanticTimes, 50)),
        p99: round(percentile(semanticTimes, 99)),
        firstMs: round(semanticFirstMs),
      },
    };
  } finally {
    await client?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

/**
 * thread_search latency in milliseconds, warm (index built and loaded in the server process), measured by the client
 * around each tools/call over stdio: `{ 1000: { p50, p99, coldMs, calls, threads }, 10000: { … } }`. `distDir` holds the
 * server.mjs to measure.
 */
export async function measureSearchLatency({ sizes = [1_000, 10_000], calls = 200, distDir = DEFAULT_DIST } = {}) {
  const results = {};
  for (const size of sizes) results[size] = await measureSize(size, calls, distDir);
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = await measureSearchLatency();
  for (const r of Object.values(results)) {
    console.log(
      `thread_search over stdio, ${r.threads.toLocaleString("en-US")} threads: p50 ${r.p50} ms, p99 ${r.p99} ms warm (${r.calls} calls); first call ${r.coldMs} ms (index build)`,
    );
    console.log(
      `  semantic tier: p50 ${r.semantic.p50} ms, p99 ${r.semantic.p99} ms warm; first use ${r.semantic.firstMs} ms (word vectors + section vectors)`,
    );
  }
}
