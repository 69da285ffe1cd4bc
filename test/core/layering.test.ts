// The house's layering: core imports no adapter (hooks, server, CLI) and no MCP SDK; the transcript library imports
// nothing of ThreadMind's (node builtins, and fzstd: the zstd decoder of Codex's compressed rollouts).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

const SRC = resolve(import.meta.dirname, "..", "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

/** Every module a file imports (static, dynamic and re-exports): relative ones resolved to paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
  return specs.map((s) => (s.startsWith(".") ? relative(SRC, resolve(dirname(file), s)) : s));
}

describe("layering", () => {
  test("core imports no hook, server or CLI module and no MCP SDK", () => {
    const files = sourceFiles(join(SRC, "core"));
    expect(files.length).toBeGreaterThan(50);
    const crossings = files.flatMap((f) =>
      importsOf(f)
        .filter((i) => /^(hooks|server|cli)\//.test(i) || i.startsWith("@modelcontextprotocol/"))
        .map((i) => `${relative(SRC, f)} → ${i}`),
    );
    expect(crossings).toEqual([]);
  });

  test("the transcript library imports only itself, node builtins and the zstd decoder", () => {
    const files = sourceFiles(join(SRC, "transcript"));
    expect(files.length).toBeGreaterThan(3);
    const outside = files.flatMap((f) =>
      importsOf(f)
        .filter((i) => !i.startsWith("transcript/") && !i.startsWith("node:") && i !== "fzstd")
        .map((i) => `${relative(SRC, f)} → ${i}`),
    );
    expect(outside).toEqual([]);
  });
});
