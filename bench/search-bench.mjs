// thread_search latency (warm, over stdio) from bench/search-latency.mjs, which another part of the project owns; skipped
// with a note when that module is absent.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { failedFigure, figure } from "./figure.mjs";

const MODULE = join(dirname(fileURLToPath(import.meta.url)), "search-latency.mjs");

export async function searchBenchmarks(ctx) {
  if (!existsSync(MODULE)) return [failedFigure("search", "thread_search latency", "bench/search-latency.mjs does not exist yet", { skipped: true })];
  const { measureSearchLatency } = await import(pathToFileURL(MODULE).href);
  const sizes = ctx.quick ? [100, 300] : [1_000, 10_000];
  ctx.log(`search: thread_search at ${sizes.join(" and ")} threads (bench/search-latency.mjs)`);
  const results = await measureSearchLatency({ sizes, calls: ctx.quick ? 3 : 200 });
  return sizes.map((size) => {
    const r = results[size];
    if (!r) throw new Error(`search-latency.mjs returned no result for ${size} threads`);
    const stats = { n: r.calls, min: null, median: r.p50, max: null, p50: r.p50, p99: r.p99 };
    const f = figure({ key: `search-${size}`, title: "thread_search over stdio, warm", workload: `${size.toLocaleString("en-US")} threads`, unit: "ms", stats, floorName: null, floor: null, valueTarget: { stat: "p50", max: 20 } });
    f.notes.push(`Measured by bench/search-latency.mjs (p50/p99 only); first call ${r.coldMs} ms (index build).`);
    return f;
  });
}
