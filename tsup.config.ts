// Build config: self-contained bundles under plugin/dist, committed: the hooks as CommonJS (hook, hook-core), server and cli as ESM.
import { readFileSync } from "node:fs";
import { defineConfig, type Options } from "tsup";

// CJS dependencies inlined into an ESM bundle call require(); give them Node's.
const requireShim = 'import { createRequire as __tmCreateRequire } from "node:module"; const require = __tmCreateRequire(import.meta.url);';

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

const shared: Options = {
  outDir: process.env.TM_OUT_DIR ?? "plugin/dist",
  format: ["esm"],
  outExtension: () => ({ js: ".mjs" }),
  platform: "node",
  target: "node18",
  bundle: true,
  splitting: false,
  sourcemap: false,
  minify: false,
  clean: false,
  dts: false,
  noExternal: [/.*/],
  // The bundles know their version (doctor compares it with package.json and plugin.json).
  define: { __THREADMIND_VERSION__: JSON.stringify(pkg.version) },
  shims: false,
  treeshake: true,
};

// The hooks run at every session start, /clear and compaction: CommonJS skips Node's ESM loader (~10 ms per process).
// esbuild's own tree shaking (not Rollup's): it keeps a dynamic import lazy, so e.g. node:crypto loads only when hashing.
const hooks: Options = { ...shared, format: ["cjs"], outExtension: () => ({ js: ".cjs" }), treeshake: false };

export default defineConfig([
  // The hook entry runs even without a project: nothing but node builtins.
  { ...hooks, entry: { hook: "src/hooks/main.ts" } },
  { ...hooks, entry: { "hook-core": "src/hooks/hook-core.ts" } },
  // scan-worker: the report's worker threads (started by cli.mjs for a large scan): the scan alone, small to start.
  { ...shared, entry: { server: "src/server/main.ts", cli: "src/cli/main.ts", "scan-worker": "src/core/scan-worker.ts" }, banner: { js: requireShim } },
]);
