// Build config: three self-contained ESM bundles under plugin/dist (hook, server, cli), committed.
import { existsSync, readFileSync } from "node:fs";
import { defineConfig } from "tsup";

// CJS dependencies inlined into an ESM bundle call require(); give them Node's.
const requireShim = 'import { createRequire as __tmCreateRequire } from "node:module"; const require = __tmCreateRequire(import.meta.url);';

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

export default defineConfig({
  entry: Object.fromEntries(
    Object.entries({ hook: "src/hooks/main.ts", server: "src/server/main.ts", cli: "src/cli/main.ts" }).filter(([, file]) => existsSync(file)),
  ),
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
  banner: { js: requireShim },
  // The bundles know their version (doctor compares it with package.json and plugin.json).
  define: { __THREADMIND_VERSION__: JSON.stringify(pkg.version) },
  shims: false,
  treeshake: true,
});
