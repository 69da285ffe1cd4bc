// Where this CLI runs from: the plugin root (plugin/dist/cli.mjs and src/cli/*.ts sit two levels below it).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The plugin root of this code: this file's module URL, two levels up (it must stay in src/cli, beside main.ts). */
export function pluginRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
}

/** A sibling bundle in plugin/dist, loaded only when needed (a computed URL, so the bundler leaves it alone). */
export function siblingBundle(name: string): string {
  return new URL(`./${name}`, import.meta.url).href;
}
