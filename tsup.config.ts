// Build config: self-contained ESM bundles under plugin/dist (hook entry, hook-core, server, cli), committed.
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

export default defineConfig([
  // The hook entry runs at every session start even without a project: nothing but node builtins, no require shim.
  { ...shared, entry: { hook: "src/hooks/main.ts" } },
  { ...shared, entry: { "hook-core": "src/hooks/hook-core.ts", server: "src/server/main.ts", cli: "src/cli/main.ts" }, banner: { js: requireShim } },
]);
