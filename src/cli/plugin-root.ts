// Where this CLI runs from: the bundle's version and the plugin root (plugin/dist/cli.mjs and src/cli/*.ts sit two levels below it).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

declare const __THREADMIND_VERSION__: string | undefined;
/** Inlined by the build; "dev" when running from source. Never npm_package_version: under `npm run`/`npx` in a user's project that is the project's. */
export const BUNDLE_VERSION = typeof __THREADMIND_VERSION__ === "string" ? __THREADMIND_VERSION__ : "dev";

/** The plugin root of this code: this file's module URL, two levels up (it must stay in src/cli, beside main.ts). */
export function pluginRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
}

/** A sibling bundle in plugin/dist, loaded only when needed (a computed URL, so the bundler leaves it alone). */
export function siblingBundle(name: string): string {
  return new URL(`./${name}`, import.meta.url).href;
}
