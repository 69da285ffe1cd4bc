// thread_search latency (warm, over stdio) from bench/search-latency.mjs, against the server.mjs of ctx.distDir.
import { figure } from "./figure.mjs";
import { measureSearchLatency } from "./search-latency.mjs";

export async function searchBenchmarks(ctx) {
  const sizes = ctx.quick ? [100, 300] : [1_000, 10_000];
  ctx.log(`search: thread_search at ${sizes.join(" and ")} threads (bench/search-latency.mjs)`);
  const results = await measureSearchLatency({ sizes, calls: ctx.quick ? 3 : 200, distDir: ctx.distDir });
  return sizes.flatMap((size) => {
    const r = results[size];
    if (!r) throw new Error(`search-latency.mjs returned no result for ${size} threads`);
    const workload = `${size.toLocaleString("en-US")} threads`;
    const stats = { n: r.calls, min: null, median: r.p50, max: null, p50: r.p50, p99: r.p99 };
    const f = figure({
      key: `search-${size}`,
      title: "thread_search over stdio, warm",
      workload,
      unit: "ms",
      stats,
      floorName: null,
      floor: null,
      valueTarget: { stat: "p50", max: 20 },
    });
    f.notes.push(`Measured by bench/search-latency.mjs (p50/p99 only); first call ${r.coldMs} ms (index build).`);
    const sem = r.semantic;
    const semStats = { n: r.calls, min: null, median: sem.p50, max: null, p50: sem.p50, p99: sem.p99 };
    const g = figure({
      key: `search-semantic-${size}`,
      title: "thread_search, semantic tier, over stdio, warm",
      workload,
      unit: "ms",
      stats: semStats,
      floorName: null,
      floor: null,
      valueTarget: { stat: "p50", max: 30 },
    });
    g.notes.push(
      `Questions in other words, intent "semantic"; first use ${sem.firstMs} ms (reading the word vectors and computing every section's vector).`,
    );
    return [f, g];
  });
}
