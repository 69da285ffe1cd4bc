// `npm run demo`: ThreadMind's main job on its own data — a throwaway git repo, a project, threads with summaries written
// through the real MCP server, then what the plugin puts back after /clear, the tree, and a restart measured on made-up
// transcripts (this demo runs no Claude Code and calls no model).
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
const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: "Demo",
  GIT_AUTHOR_EMAIL: "demo@example.com",
  GIT_COMMITTER_NAME: "Demo",
  GIT_COMMITTER_EMAIL: "demo@example.com",
};
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
    content:
      "## Decisions\n- Money is stored in integer cents\n- One Postgres database, schema per bounded context\n\n## Constraints\n- No breaking API changes before v2\n\n## State\n- Checkout works end to end",
  });
  await call("thread_create", { title: "Payments" });
  await call("summary_update", {
    section: "decisions",
    content: "- Stripe is the only PSP for now\n- Webhooks are idempotent (event id table)",
  });
  await call("summary_update", { section: "constraints", content: "- PCI: card data never touches our servers" });
  await call("thread_create", { title: "Refunds" });
  await call("summary_update", {
    content:
      "## Decisions\n- Partial refunds allowed, at most the captured amount\n\n## State\n- API done, admin UI missing\n\n## Next steps\n- Admin UI: refund button with confirmation",
    paths: ["src/payments"],
  });
  await call("thread_create", { title: "Search", parentId: "main" });
  await call("summary_update", { section: "decisions", content: "- Postgres full-text search, no Elasticsearch" });
  await call("thread_switch", { threadId: "refunds" });
  console.log("Threads created; this window's current thread: refunds");

  say("The tree (thread_list)");
  console.log(await call("thread_list"));

  // /clear, as Claude Code runs it: SessionEnd (reason clear) measures the ended conversation from its transcript,
  // then SessionStart (source clear) puts the context back, and the next hook measures the new session's first request.
  // The transcripts below are MADE UP for the demo (no Claude Code runs here), shaped like the ones Claude Code writes.
  say("A /clear, on made-up transcripts shaped like Claude Code's (no model is called in this demo)");
  const hookEnv = { ...gitEnv, CLAUDE_PROJECT_DIR: dir, CLAUDE_PID: String(process.pid) };
  const runHook = (name, input) =>
    spawnSync(process.execPath, [join(dist, "hook.cjs"), name], {
      cwd: dir,
      env: hookEnv,
      input: JSON.stringify({ cwd: dir, ...input }),
      encoding: "utf8",
    });
  const stamp = (ms) => new Date(Date.now() + ms).toISOString();
  const assistantRecord = (sessionId, id, usage, at) => ({
    type: "assistant",
    sessionId,
    timestamp: at,
    requestId: `req_${id}`,
    message: { id: `msg_${id}`, model: "claude-sonnet-4-5", role: "assistant", content: [{ type: "text", text: "ok" }], usage },
  });
  // The ended conversation had grown to 48,210 tokens when /clear ended it.
  const endedTranscript = join(dir, "made-up-ended-session.jsonl");
  const endedUsage = {
    input_tokens: 12,
    cache_creation_input_tokens: 2_198,
    cache_read_input_tokens: 46_000,
    output_tokens: 310,
  };
  writeFileSync(endedTranscript, `${JSON.stringify(assistantRecord("before-clear", "1", endedUsage, stamp(-60_000)))}\n`);
  runHook("session-end", {
    session_id: "before-clear",
    hook_event_name: "SessionEnd",
    reason: "clear",
    transcript_path: endedTranscript,
  });
  // Simulate /clear: Claude Code runs the SessionStart hook with source "clear". CLAUDE_PID is this Claude Code instance
  // (the MCP server's parent), so the hook loads the thread THIS window had switched to.
  const newTranscript = join(dir, "made-up-new-session.jsonl");
  const hook = runHook("session-start", {
    session_id: "after-clear",
    hook_event_name: "SessionStart",
    source: "clear",
    transcript_path: newTranscript,
  });
  const output = JSON.parse(hook.stdout);
  const context = output.hookSpecificOutput.additionalContext;
  say("After /clear, the SessionStart hook puts this back (what the model receives)");
  console.log(context);
  // The new session's first request carries Claude Code's system prompt and tool definitions too (typically 15,000 to
  // 25,000 tokens; 18,400 here, read from the prompt cache), then ThreadMind's context and the user's prompt.
  const SYSTEM_PROMPT_AND_TOOLS = 18_400;
  const contextTokens = Number(/~(\d+) tokens/.exec(context)?.[1] ?? "0");
  const firstUsage = {
    input_tokens: 9,
    cache_creation_input_tokens: contextTokens + 40,
    cache_read_input_tokens: SYSTEM_PROMPT_AND_TOOLS,
    output_tokens: 120,
  };
  const attachment = (type, content) => ({
    type: "attachment",
    sessionId: "after-clear",
    timestamp: stamp(0),
    attachment: { type, content, hookName: "SessionStart:clear", hookEvent: "SessionStart" },
  });
  const newRecords = [
    attachment("hook_success", hook.stdout),
    attachment("hook_additional_context", [context]),
    {
      type: "user",
      sessionId: "after-clear",
      timestamp: stamp(1_000),
      message: { role: "user", content: "Add the refund button to the admin UI" },
    },
    assistantRecord("after-clear", "2", firstUsage, stamp(2_000)),
  ];
  writeFileSync(newTranscript, newRecords.map((r) => `${JSON.stringify(r)}\n`).join(""));
  // When the new session ends (or compacts), its hook reads the first request's size: the measured "after".
  runHook("session-end", {
    session_id: "after-clear",
    hook_event_name: "SessionEnd",
    reason: "other",
    transcript_path: newTranscript,
  });

  say("What that saves, measured the way the plugin measures it (on the made-up transcripts above)");
  const before = endedUsage.input_tokens + endedUsage.cache_creation_input_tokens + endedUsage.cache_read_input_tokens;
  const after = firstUsage.input_tokens + firstUsage.cache_creation_input_tokens + firstUsage.cache_read_input_tokens;
  console.log(
    `Conversation before /clear:      ${before.toLocaleString("en-US")} tokens (measured: the last request's input + cache tokens)`,
  );
  console.log(
    `First request after /clear:      ${after.toLocaleString("en-US")} tokens (measured: system prompt and tools, ThreadMind's context, the prompt)`,
  );
  console.log(
    `ThreadMind's context, part of it: ~${contextTokens.toLocaleString("en-US")} tokens (estimated), ${context.length.toLocaleString("en-US")} characters`,
  );
  console.log(
    `Saving: ${(100 - (after / before) * 100).toFixed(1)}% of the context the next request would otherwise have carried`,
  );

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
