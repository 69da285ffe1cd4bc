// Copies tiktoken's wasm and o200k_base ranks, and the committed word vectors (assets/), into plugin/dist/assets, only when their content changed (stable history).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const repoRoot = dirname(dirname(fileURLToPath(import.meta.url)));
const outDir = join(process.env.TM_OUT_DIR ?? "plugin/dist", "assets");
const assets = {
  "tiktoken_bg.wasm": require.resolve("tiktoken/lite/tiktoken_bg.wasm"),
  "o200k_base.json": require.resolve("tiktoken/encoders/o200k_base.json"),
  // Derived once by scripts/build-word-vectors.mjs and committed: the build never needs the 300 MB source package.
  "word-vectors.bin": join(repoRoot, "assets", "word-vectors.bin"),
  "word-vectors.LICENSE.md": join(repoRoot, "assets", "word-vectors.LICENSE.md"),
};
mkdirSync(outDir, { recursive: true });
const hash = (b) => createHash("sha256").update(b).digest("hex");
for (const [name, source] of Object.entries(assets)) {
  const target = join(outDir, name);
  const bytes = readFileSync(source);
  if (existsSync(target) && hash(readFileSync(target)) === hash(bytes)) continue;
  writeFileSync(target, bytes);
  console.log(`copied ${name}`);
}
