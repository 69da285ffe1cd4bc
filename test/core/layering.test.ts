// The house's layering: core imports no adapter (hooks, server, CLI) and no MCP SDK; the store nothing of git/ (which
// reads committed threads through it); the transcript library nothing of ThreadMind's (node builtins, and fzstd: the
// zstd decoder of Codex's compressed rollouts); no module imports itself back through others (type-only imports
// included: a cycle of types is a cycle of meaning).
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

  test("the store imports nothing of git's: git reads committed threads through the store, which stands below it", () => {
    const files = sourceFiles(join(SRC, "core", "store"));
    expect(files.length).toBeGreaterThan(20);
    const upward = files.flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith("core/git/"))
        .map((i) => `${relative(SRC, f)} → ${i}`),
    );
    expect(upward).toEqual([]);
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

  test("no module of src imports itself back through the modules it imports", () => {
    const files = sourceFiles(SRC);
    const known = new Set(files.map((f) => relative(SRC, f)));
    /** Each module's imports of other modules of src (`x.js` names the source file `x.ts`). */
    const graph = new Map(
      files.map((f) => [
        relative(SRC, f),
        importsOf(f)
          .map((i) => i.replace(/\.js$/, ".ts"))
          .filter((i) => known.has(i)),
      ]),
    );
    expect(graph.size).toBeGreaterThan(200);
    // Tarjan's strongly connected components: every component of more than one module is a cycle.
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (v: string): void => {
      index.set(v, index.size);
      low.set(v, index.get(v)!);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) !== index.get(v)) return;
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });
});
