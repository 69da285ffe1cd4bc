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

/** Node's global WebAssembly, as a value: its types come with the DOM library, which this project leaves out (tsconfig.json). */
declare const WebAssembly: { instantiate(bytes: Uint8Array, imports: object): Promise<unknown> };

export async function loadTiktokenEncoder(assetsDir: string | null): Promise<Encoder> {
  const paths = locateTiktokenAssets(assetsDir);
  const { init, Tiktoken } = await import("tiktoken/lite/init");
  const wasm = readFileSync(paths.wasm);
  await init((imports) => WebAssembly.instantiate(wasm, imports));
  const ranks = JSON.parse(readFileSync(paths.ranks, "utf8")) as Ranks;
  const tiktoken = new Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
  return { countTokens: (text) => countInPieces(text, (piece) => tiktoken.encode(piece, "all").length) };
}

/** Runs of this many non-space characters or more are counted in pieces of RUN_PIECE (see countInPieces). */
const LONG_RUN = 1_000;
const RUN_PIECE = 500;

/** What a regular expression's \s matches (the pre-tokenizer's pieces never span one of these). */
function isSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * tiktoken's merge is quadratic in the length of one pre-tokenized piece: a summary holding a 40,000-character run
 * without a space (a rule line, a blob) took ~1 s to count, on the server's hot path. Such runs are counted in pieces
 * of RUN_PIECE characters (a token or so more per cut); any other text is counted whole, exactly. One pass over the text.
 */
export function countInPieces(text: string, count: (piece: string) => number): number {
  let total = 0;
  let from = 0; // the start of what is not counted yet
  let run = 0; // the start of the current run of non-space characters
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !isSpace(text.charCodeAt(i))) continue;
    if (i - run >= LONG_RUN) {
      if (run > from) total += count(text.slice(from, run));
      for (let at = run; at < i; at += RUN_PIECE) total += count(text.slice(at, Math.min(at + RUN_PIECE, i)));
      from = i;
    }
    run = i + 1;
  }
  return from === 0 ? count(text) : total + (from < text.length ? count(text.slice(from)) : 0);
}
