// Guards per-session state: two server processes on one workspace keep separate active threads and see each other's writes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { call, spawnServer, type RunningServer } from "./support/spawn-server.js";

const repos: TempRepo[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const r of repos) r.cleanup();
});
async function start(repo: TempRepo, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await spawnServer({ cwd: repo.dir, env });
  servers.push(server);
  return server;
}
function sessionsOf(repo: TempRepo): Record<string, { projectId?: string; threadId?: string; pid?: number }> {
  return (JSON.parse(readFileSync(join(repo.dir, ".threadmind", "config.json"), "utf8")) as { sessions: Record<string, never> })
    .sessions;
}

describe("two clients on one workspace", () => {
  test("each keeps its own active thread while both see every write", async () => {
    const repo = makeTempRepo();
    repos.push(repo);
    const a = await start(repo);
    const b = await start(repo);
    await call(a, "project_create", { title: "Shop" });
    await call(a, "thread_create", { title: "Auth" });
    await call(a, "summary_update", { content: "## State\n- written by A" });

    // B sees A's project and threads, then picks its own thread.
    expect(await call(b, "thread_list")).toContain("Auth (auth)");
    await call(b, "thread_switch", { threadId: "main" });
    await call(b, "thread_create", { title: "Billing" });
    await call(b, "summary_update", { content: "## State\n- written by B" });

    // Each context is its own active thread's.
    expect(await call(a, "context_get")).toContain("## Thread: Auth (current)\n### State\n- written by A");
    expect(await call(b, "context_get")).toContain("## Thread: Billing (current)\n### State\n- written by B");
    expect(await call(a, "thread_list")).toContain("├── Auth (auth) ◀ current\n└── Billing (billing)");
    expect(await call(b, "thread_list")).toContain("├── Auth (auth)\n└── Billing (billing) ◀ current");

    // Writes of one are read by the other at once.
    await call(a, "summary_update", { threadId: "billing", section: "decisions", content: "- A decided this for billing" });
    const billing = await b.client.readResource({ uri: "threadmind://threads/billing" });
    expect(JSON.stringify(billing.contents)).toContain("- A decided this for billing");
    expect(await call(b, "context_get")).toContain("- A decided this for billing");

    // Local state holds one session per server process, keyed by its pid (a client that is not Claude Code).
    const sessions = sessionsOf(repo);
    expect(sessions[`mcp-${a.pid}`]).toMatchObject({ projectId: "shop", threadId: "auth", pid: a.pid });
    expect(sessions[`mcp-${b.pid}`]).toMatchObject({ projectId: "shop", threadId: "billing", pid: b.pid });
  });

  test("under Claude Code the session is keyed by the parent Claude Code process, as the hooks key it", async () => {
    const repo = makeTempRepo();
    repos.push(repo);
    const server = await start(repo, { CLAUDE_CODE_SESSION_ID: "0b6f3c3e-0000-4000-8000-000000000000" });
    await call(server, "project_create", { title: "Under Claude" });
    // The spawned server's parent is this test process, standing in for the Claude Code instance.
    const sessions = sessionsOf(repo);
    expect(Object.keys(sessions)).toEqual([`claude-${process.pid}`]);
    expect(sessions[`claude-${process.pid}`]).toMatchObject({ projectId: "under-claude", threadId: "main", pid: process.pid });
  });
});
