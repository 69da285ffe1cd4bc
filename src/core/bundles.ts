// The bundles the build makes under plugin/dist, by file name, and their entries: tsup.config.ts builds these, the tests' setup checks them.
import { join } from "node:path";

export const BUNDLES = {
  "hook.cjs": "src/hooks/entry.ts",
  "hook-start.cjs": "src/hooks/main-start.ts",
  "hook-main.cjs": "src/hooks/main.ts",
  "hook-recall.cjs": "src/hooks/main-recall.ts",
  "hook-core.cjs": "src/hooks/hook-core.ts",
  "server.mjs": "src/server/main.ts",
  "cli.cjs": "src/cli/entry.ts",
  "cli.mjs": "src/cli/entry-mjs.ts",
  "cli-main.mjs": "src/cli/main.ts",
  "cli-report.cjs": "src/cli/report-main.ts",
  "cli-merge.cjs": "src/cli/merge-main.ts",
  "cli-statusline.cjs": "src/cli/statusline-main.ts",
  "cli-statusline-store.cjs": "src/cli/statusline-store.ts",
  "scan-worker.cjs": "src/core/savings/scan-worker.ts",
  "tokenizer-worker.cjs": "src/core/context/tokenizer-worker.ts",
  "yaml.cjs": "src/core/store/yaml-bundle.ts",
} as const;

export type BundleFile = keyof typeof BUNDLES;

/** tsup's entry for one bundle: its file name without the extension, mapped to its source. */
export function bundleEntry(file: BundleFile): Record<string, string> {
  return { [file.replace(/\.[cm]js$/, "")]: BUNDLES[file] };
}

/** Where a built bundle lies in a plugin (or repository) root. */
export function bundlePath(pluginRoot: string, file: BundleFile): string {
  return join(pluginRoot, "plugin", "dist", file);
}
