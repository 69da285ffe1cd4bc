// The project ids a projects/ directory holds (its `<id>.json` files). Bundled into the hook entry: node builtins and the id rule only.
import { readdirSync } from "node:fs";
import { isValidId } from "../id-pattern.js";

/** The stems of the `.json` files in `dir` that are valid ids, sorted; throws what readdirSync throws. */
export function projectIdsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length)))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}
