// Build config: self-contained bundles under plugin/dist, committed: the hooks as CommonJS (hook, hook-core), server and cli as ESM.
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Options } from "tsup";
import { bundleEntry } from "./src/core/bundles.js";

// CJS dependencies inlined into an ESM bundle call require(); give them Node's.
const requireShim =
  'import { createRequire as __tmCreateRequire } from "node:module"; const require = __tmCreateRequire(import.meta.url);';

// The CLI is the package's bin (`thread-mind-mcp`, run by npx, a global install or a git merge driver): a program, not a
// shell script, so it starts with a shebang and is built with its run bit (npm packs a file's mode as it is on disk).
const shebang = "#!/usr/bin/env node";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

const outDir = process.env.TM_OUT_DIR ?? "plugin/dist";

const shared: Options = {
  outDir,
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
  // The hook entry runs even without a project: nothing but node builtins, and small (it compiles at every hook start).
  { ...hooks, entry: bundleEntry("hook.cjs") },
  // What the entry runs when there may be a store, through a V8 code cache: SessionStart's fast path and the team check
  // (hook-start), the other hooks' fast paths (hook-main).
  { ...hooks, entry: bundleEntry("hook-start.cjs") },
  { ...hooks, entry: bundleEntry("hook-main.cjs") },
  { ...hooks, entry: bundleEntry("hook-core.cjs") },
  { ...shared, entry: bundleEntry("server.mjs"), banner: { js: requireShim } },
  {
    ...shared,
    entry: bundleEntry("cli.mjs"),
    banner: { js: `${shebang}\n${requireShim}` },
    onSuccess: async () => chmodSync(join(outDir, "cli.mjs"), 0o755),
  },
  // What the entry loads: every command, or the report alone (its scan and tables, no server or store code: ~0.13 MB to compile instead of ~0.7).
  { ...shared, entry: bundleEntry("cli-main.mjs"), banner: { js: requireShim } },
  { ...shared, entry: bundleEntry("cli-report.mjs"), banner: { js: requireShim } },
  // The status line runs after every response: its own bundle, without the server, the services or the report.
  { ...shared, entry: bundleEntry("cli-statusline.mjs"), banner: { js: requireShim } },
  // scan-worker: the report's worker threads (for a large scan: the first started by the entry cli.mjs before
  // cli-report.mjs loads, the others by the scan): the scan alone, small to start. CommonJS: a worker loading an ES
  // module first loads the ESM loader's internals (~5 ms of CPU, ~10 ms to its first message).
  { ...shared, format: ["cjs"], outExtension: () => ({ js: ".cjs" }), entry: bundleEntry("scan-worker.cjs") },
]);
