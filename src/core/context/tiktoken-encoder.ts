// Loads tiktoken (o200k_base, wasm "lite" build) from the bundle's assets folder or from node_modules.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Encoder } from "./token-estimate.js";

export const TIKTOKEN_ASSETS = { wasm: "tiktoken_bg.wasm", ranks: "o200k_base.json" } as const;

interface Ranks {
  bpe_ranks: string;
  special_tokens: Record<string, number>;
  pat_str: string;
}

/** Finds the wasm and the ranks: `<assetsDir>/` (bundles ship them in plugin/dist/assets) or the tiktoken package. */
export function locateTiktokenAssets(assetsDir: string | null): { wasm: string; ranks: string } {
  if (assetsDir) {
    const wasm = `${assetsDir}/${TIKTOKEN_ASSETS.wasm}`;
    const ranks = `${assetsDir}/${TIKTOKEN_ASSETS.ranks}`;
    if (existsSync(wasm) && existsSync(ranks)) return { wasm, ranks };
  }
  const require = createRequire(import.meta.url);
  return {
    wasm: require.resolve("tiktoken/lite/tiktoken_bg.wasm"),
    ranks: require.resolve("tiktoken/encoders/o200k_base.json"),
  };
}

export function bundledAssetsDir(moduleUrl: string): string {
  return fileURLToPath(new URL("./assets", moduleUrl));
}

export async function loadTiktokenEncoder(assetsDir: string | null): Promise<Encoder> {
  const paths = locateTiktokenAssets(assetsDir);
  const { init, Tiktoken } = await import("tiktoken/lite/init");
  const wasm = readFileSync(paths.wasm);
  await init((imports) => WebAssembly.instantiate(wasm, imports));
  const ranks = JSON.parse(readFileSync(paths.ranks, "utf8")) as Ranks;
  const tiktoken = new Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
  return { countTokens: (text) => tiktoken.encode(text, "all").length };
}
