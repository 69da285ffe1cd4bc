// Build config: self-contained bundles under plugin/dist, committed: the hooks, the CLI's entry, its report and its status line as CommonJS, the server and the other commands as ESM.
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

// CommonJS bundles (.cjs): required without Node's ESM loader.
const cjs: Options = { ...shared, format: ["cjs"], outExtension: () => ({ js: ".cjs" }) };

// The hooks run at every session start, /clear and compaction: CommonJS skips Node's ESM loader (~10 ms per process).
// esbuild's own tree shaking (not Rollup's): it keeps a dynamic import lazy, so e.g. node:crypto loads only when hashing.
const hooks: Options = { ...cjs, treeshake: false };

// The CLI's entry and the report as CommonJS. import.meta.url is shimmed from __filename for the code they share with the
// ES module bundles (scan-worker-start.ts prefers __dirname where it exists).
const cli: Options = { ...cjs, shims: true };

export default defineConfig([
  // The hook entry runs even without a project: nothing but node builtins, and small (it compiles at every hook start).
  { ...hooks, entry: bundleEntry("hook.cjs") },
  // What the entry runs when there may be a store, through a V8 code cache: SessionStart's fast path and the team check
  // (hook-start), PreToolUse's and SubagentStart's (hook-recall: point-of-action recall, before every file edit), the
  // other hooks' fast paths (hook-main).
  { ...hooks, entry: bundleEntry("hook-start.cjs") },
  { ...hooks, entry: bundleEntry("hook-recall.cjs") },
  { ...hooks, entry: bundleEntry("hook-main.cjs") },
  { ...hooks, entry: bundleEntry("hook-core.cjs") },
  { ...shared, entry: bundleEntry("server.mjs"), banner: { js: requireShim } },
  // The entry is CommonJS (cli.cjs): a .mjs main starts Node's ESM loader (~5-7 ms of a short report). cli.mjs, the name
  // earlier installs wrote into git's merge driver and status line configs, only runs it.
  {
    ...cli,
    entry: bundleEntry("cli.cjs"),
    banner: { js: shebang },
    onSuccess: async () => chmodSync(join(outDir, "cli.cjs"), 0o755),
  },
  {
    ...shared,
    entry: bundleEntry("cli.mjs"),
    banner: { js: shebang },
    onSuccess: async () => chmodSync(join(outDir, "cli.mjs"), 0o755),
  },
  // What the entry loads: every command, or the report alone (its scan and tables, no server or store code: ~0.19 MB to
  // compile instead of ~0.9), CommonJS as the entry.
  { ...shared, entry: bundleEntry("cli-main.mjs"), banner: { js: requireShim } },
  { ...cli, entry: bundleEntry("cli-report.cjs") },
  // git's merge driver runs once per conflicted thread file: the merge alone, CommonJS as the entry (no ESM loader).
  // Node's builtins are taken to have no side effects: a module of the merge's that imports node:crypto for code the
  // merge never runs left a bare require("crypto") behind (~3 ms: crypto and the streams it loads, per conflicted file).
  { ...cli, entry: bundleEntry("cli-merge.cjs"), treeshake: { moduleSideEffects: "no-external" } },
  // The status line runs after every response: its own bundle, without the server, the services, the report or the Store
  // (the YAML parser, node:crypto), CommonJS as the hooks (required by the entry: no ESM loader). The Store's full read
  // of a title, for when its quick read cannot tell, is a bundle of its own, required only then.
  { ...hooks, entry: bundleEntry("cli-statusline.cjs") },
  { ...hooks, entry: bundleEntry("cli-statusline-store.cjs") },
  // scan-worker: the report's worker threads (for a large scan: the first started by the entry cli.mjs before
  // cli-report.cjs loads, the others by the scan): the scan alone, small to start. CommonJS: a worker loading an ES
  // module first loads the ESM loader's internals (~5 ms of CPU, ~10 ms to its first message).
  { ...cjs, entry: bundleEntry("scan-worker.cjs") },
  // tokenizer-worker: the MCP server's tokenizer (tiktoken's glue; its wasm and ranks stay in assets/), loaded on a
  // worker thread so that its ~0.3 s load never holds the server's calls. CommonJS, as the scan's worker.
  { ...cli, entry: bundleEntry("tokenizer-worker.cjs") },
  // yaml: the yaml package alone, required by the bundles at its first use (yaml-package.ts), for frontmatter outside the
  // shapes the store writes. Five bundles carried its ~0.26 MB, compiled and run at each start of the merge driver, the
  // hooks proper and the server. It changes only with the package.
  { ...cjs, entry: bundleEntry("yaml.cjs") },
]);
