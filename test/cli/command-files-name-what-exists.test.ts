// The plugin's command files: each allows the ThreadMind tools it calls (no permission prompt on first use), and the
// help names only commands that exist and no `npx thread-mind-mcp` (the package is not on the npm registry yet); what the
// hooks, the server and the stats tell a plugin user names the slash command, not only a CLI that is not on their PATH.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/run-cli.js";

const DIR = join(REPO_ROOT, "commands");
const TOOL_PREFIX = "mcp__plugin_thread-mind_thread-mind__";
const files = readdirSync(DIR).filter((f) => f.endsWith(".md"));
const text = (file: string) => readFileSync(join(DIR, file), "utf8");

function allowedTools(file: string): string[] {
  const frontmatter = text(file).split("\n---")[0] ?? "";
  const line = frontmatter.split("\n").find((l) => l.startsWith("allowed-tools:"));
  return line === undefined
    ? []
    : line
        .slice("allowed-tools:".length)
        .split(",")
        .map((t) => t.trim());
}

describe("the plugin's command files", () => {
  it("allow every ThreadMind tool they call, by its full name or the short name used after it", () => {
    const toolNames = new Set(
      files.flatMap((f) => [...text(f).matchAll(new RegExp(`${TOOL_PREFIX}([a-z_]+)`, "g"))].map((m) => m[1]!)),
    );
    expect(toolNames.size).toBeGreaterThan(10);
    for (const file of files) {
      const body = text(file).split("\n---").slice(1).join("\n---");
      const called = [...toolNames].filter((t) => body.includes(`${TOOL_PREFIX}${t}`) || body.includes(`\`${t}\``));
      const allowed = allowedTools(file);
      for (const tool of called) expect(allowed, `${file} calls ${tool}`).toContain(`${TOOL_PREFIX}${tool}`);
    }
  });

  it("doctor, report and resolve run this plugin copy's CLI through Claude Code's plugin root, allowed without a prompt", () => {
    // The report runs the CommonJS entry itself (cli.cjs: no ESM loader at its start); cli.mjs runs the same entry.
    for (const [file, command] of [
      ["doctor.md", 'cli.mjs" doctor'],
      ["report.md", 'cli.cjs" report --page'],
      ["resolve.md", 'cli.mjs" resolve $ARGUMENTS'],
    ] as const) {
      expect(text(file)).toContain(`!\`node "\${CLAUDE_PLUGIN_ROOT}/plugin/dist/${command}`);
      expect(allowedTools(file)).toContain("Bash(node:*)");
    }
    // --page writes the page in the workspace's store wherever Claude Code was started, and prints where.
    expect(text("report.md")).toContain("`Report written to …`");
  });

  it("help names only commands that exist, every one of them, and no npx of an unpublished package", () => {
    const help = text("help.md");
    const named = new Set([...help.matchAll(/\/thread-mind:([a-z-]+)/g)].map((m) => m[1]!));
    const existing = new Set(files.map((f) => f.replace(/\.md$/, "")));
    expect([...named].sort()).toEqual([...existing].sort());
    expect(help).not.toContain("npx");
    expect(help).not.toContain("<plugin dir>");
  });

  it("messages a plugin user reads name the slash command of doctor, report, resolve and statusline, not only `thread-mind-mcp …`", () => {
    // The CLI's own texts (src/cli/) and the merge driver's and resolve's output (src/core/merge/) are read where that
    // CLI runs: a terminal, git, or the slash command that runs it. Everything else reaches a plugin user through the
    // hooks, the MCP server or /thread-mind:stats, without `thread-mind-mcp` on their PATH.
    const slashCommands = ["doctor", "report", "resolve", "statusline"].filter((c) => files.includes(`${c}.md`));
    expect(slashCommands).toHaveLength(4);
    const offenders: string[] = [];
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
      );
    for (const file of walk(join(REPO_ROOT, "src"))) {
      const rel = relative(REPO_ROOT, file).replaceAll("\\", "/");
      if (rel.startsWith("src/cli/") || rel.startsWith("src/core/merge/")) continue;
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
          for (const command of slashCommands)
            if (line.includes(`thread-mind-mcp ${command}`) && !line.includes(`/thread-mind:${command}`))
              offenders.push(`${rel}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
