// plugin/dist/cli.mjs: the CLI under the name earlier installs wrote into git's merge driver, status line and command configs; it runs the entry, cli.cjs.
import { createRequire } from "node:module";

createRequire(import.meta.url)("./cli.cjs");
