// `npm run demo`: ThreadMind's main job on its own data — a throwaway git repo, a project, threads with summaries written
// through the real MCP server, then what the plugin puts back after /clear, the tree, and a measured restart.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(repoRoot, "plugin", "dist");
const keep = process.argv.includes("--keep");
const dir = mkdtempSync(join(tmpdir(), "threadmind-demo-"));
const gitEnv = { ...process.env, GIT_AUTHOR_NAME: "Demo", GIT_AUTHOR_EMAIL: "demo@example.com", GIT_COMMITTER_NAME: "Demo", GIT_COMMITTER_EMAIL: "demo@example.com" };
const git = (...args) => execFileSync("git", args, { cwd: dir, env: gitEnv, encoding: "utf8" });
const say = (title) => console.log(`\n\x1b[1m━━ ${title}\x1b[0m`);
const text = (result) => result.content.map((c) => c.text ?? "").join("\n");

async function main() {
  say(`A throwaway repository: ${dir}`);
  git("init", "-q", "-b", "main");
  writeFileSync(join(dir, "README.md"), "# Shop\n");
  mkdirSync(join(dir, "src", "payments"), { recursive: true });
  writeFileSync(join(dir, "src", "payments", "refunds.ts"), "export const refunds = [];\n");
  git("add", "-A");
  git("commit", "-q", "-m", "init");

  // The MCP server as Claude Code runs it: a child of "this Claude Code instance" (here, this demo process).
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(dist, "server.mjs")],
    cwd: dir,
    env: { ...gitEnv, CLAUDE_PROJECT_DIR: dir, CLAUDE_CODE_SESSION_ID: "demo-session" },
    stderr: "inherit",
  });
  const client = new Client({ name: "threadmind-demo", version: "1.0.0" });
  await client.connect(transport);
  const call = async (name, args = {}) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name}: ${text(result)}`);
    return text(result);
  };

  say("The model creates a project and records decisions as it works (MCP tools)");
  await call("project_create", { title: "Shop", systemContext: "TypeScript monorepo, Node 20, Postgres 16." });
  await call("summary_update", {
    content: "## Decisions\n- Money is stored in integer cents\n- One Postgres database, schema per bounded context\n\n## Constraints\n- No breaking API changes before v2\n\n## State\n- Checkout works end to end",
  });
  await call("thread_create", { title: "Payments" });
  await call("summary_update", { section: "decisions", content: "- Stripe is the only PSP for now\n- Webhooks are idempotent (event id table)" });
  await call("summary_update", { section: "constraints", content: "- PCI: card data never touches our servers" });
  await call("thread_create", { title: "Refunds" });
  await call("summary_update", {
    content: "## Decisions\n- Partial refunds allowed, at most the captured amount\n\n## State\n- API done, admin UI missing\n\n## Next steps\n- Admin UI: refund button with confirmation",
    paths: ["src/payments"],
  });
  await call("thread_create", { title: "Search", parentId: "main" });
  await call("summary_update", { section: "decisions", content: "- Postgres full-text search, no Elasticsearch" });
  await call("thread_switch", { threadId: "refunds" });
  console.log("Threads created; this window's active thread: refunds");

  say("The tree (thread_list)");
  console.log(await call("thread_list"));

  // /clear, as Claude Code runs it: SessionEnd (reason clear) measures the ended conversation from its transcript,
  // then SessionStart (source clear) puts the context back.
  // A transcript as Claude Code writes it: the conversation had grown to 48,210 tokens when /clear ended it.
  const transcript = join(dir, "ended-session.jsonl");
  const usage = { input_tokens: 12, cache_creation_input_tokens: 2_198, cache_read_input_tokens: 46_000, output_tokens: 310 };
  writeFileSync(
    transcript,
    `${JSON.stringify({ type: "assistant", sessionId: "before-clear", timestamp: new Date().toISOString(), requestId: "req_1", message: { id: "msg_1", model: "claude-sonnet-4-5", usage } })}\n`,
  );
  spawnSync(process.execPath, [join(dist, "hook.cjs"), "session-end"], {
    cwd: dir,
    env: { ...gitEnv, CLAUDE_PROJECT_DIR: dir, CLAUDE_PID: String(process.pid) },
    input: JSON.stringify({ session_id: "before-clear", cwd: dir, hook_event_name: "SessionEnd", reason: "clear", transcript_path: transcript }),
    encoding: "utf8",
  });
  // Simulate /clear: Claude Code runs the SessionStart hook with source "clear". CLAUDE_PID is this Claude Code instance
  // (the MCP server's parent), so the hook loads the thread THIS window had switched to.
  say("After /clear, the SessionStart hook puts this back (what the model receives)");
  const hook = spawnSync(process.execPath, [join(dist, "hook.cjs"), "session-start"], {
    cwd: dir,
    env: { ...gitEnv, CLAUDE_PROJECT_DIR: dir, CLAUDE_PID: String(process.pid) },
    input: JSON.stringify({ session_id: "after-clear", cwd: dir, hook_event_name: "SessionStart", source: "clear" }),
    encoding: "utf8",
  });
  const output = JSON.parse(hook.stdout);
  const context = output.hookSpecificOutput.additionalContext;
  console.log(context);

  say("What that saves, measured the way the plugin measures it");
  const before = usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens;
  const after = Number(/~(\d+) tokens/.exec(context)?.[1] ?? "0");
  console.log(`Conversation before /clear: ${before.toLocaleString("en-US")} tokens (measured from the transcript)`);
  console.log(`ThreadMind context after:   ~${after.toLocaleString("en-US")} tokens, ${context.length.toLocaleString("en-US")} characters`);
  console.log(`Saving: ${(100 - (after / before) * 100).toFixed(1)}% of the context the next request would have carried`);

  say("stats_show");
  console.log(await call("stats_show"));

  await client.close();
  say("Done");
  console.log(keep ? `The demo repository is kept at ${dir}` : "Run with --keep to keep the demo repository.");
}

main()
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(() => {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  });
