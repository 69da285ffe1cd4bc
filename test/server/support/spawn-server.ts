// Spawns the BUILT server bundle (plugin/dist/server.mjs) over stdio and connects the SDK's Client to it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  ListRootsRequestSchema,
  ResourceListChangedNotificationSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../../support/temp-repo.js";

export const REPO_ROOT = dirname(dirname(dirname(dirname(fileURLToPath(import.meta.url)))));
export const SERVER_BUNDLE = join(REPO_ROOT, "plugin", "dist", "server.mjs");

export interface SpawnOptions {
  cwd: string;
  /** Added to a minimal environment (PATH, a temp HOME, the test git identity; no CLAUDE_* variables). */
  env?: Record<string, string>;
  /** Roots the client declares (paths, sent as file:// URIs); undefined = the client has no roots capability. */
  roots?: string[];
  /** Makes the client's roots/list handler fail with this message. */
  rootsError?: string;
  /** Another server bundle to run (default: plugin/dist/server.mjs), such as a previous release's. */
  bundle?: string;
}

export interface RunningServer {
  client: Client;
  transport: StdioClientTransport;
  /** pid of the server process. */
  pid: number;
  /** How many notifications/resources/list_changed arrived so far. */
  listChanged(): number;
  /** How many times the server asked roots/list. */
  rootsAsked(): number;
  /** Replaces the declared roots and sends notifications/roots/list_changed. */
  setRoots(roots: string[]): Promise<void>;
  stderr(): string;
  close(): Promise<void>;
}

/** The environment the server runs with: nothing from the test runner's Claude Code or ThreadMind variables. */
export function serverEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    GIT_CONFIG_GLOBAL: join(home, ".gitconfig"),
    ...TEST_GIT_ENV,
    ...extra,
  };
}

export async function spawnServer(options: SpawnOptions): Promise<RunningServer> {
  const home = mkdtempSync(join(tmpdir(), "tm-home-"));
  let roots = options.roots;
  let listChanged = 0;
  let rootsAsked = 0;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [options.bundle ?? SERVER_BUNDLE],
    cwd: options.cwd,
    env: serverEnv(home, options.env),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client(
    { name: "threadmind-test", version: "1.0.0" },
    { capabilities: roots ? { roots: { listChanged: true } } : {} },
  );
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, () => {
      rootsAsked++;
      if (options.rootsError) throw new Error(options.rootsError);
      return { roots: (roots ?? []).map((dir) => ({ uri: pathToFileURL(dir).href })) };
    });
  }
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    listChanged++;
  });
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error("the server process has no pid");
  return {
    client,
    transport,
    pid,
    listChanged: () => listChanged,
    rootsAsked: () => rootsAsked,
    async setRoots(next) {
      roots = next;
      await client.sendRootsListChanged();
    },
    stderr: () => stderr,
    async close() {
      await client.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The text of a tool result's first content block (the result proper; later blocks are notes). */
export function textOf(result: unknown): string {
  const r = result as CallToolResult;
  const first = r.content[0];
  if (first?.type !== "text") throw new Error(`expected a text result, got ${JSON.stringify(r)}`);
  return first.text;
}

/** Every text block of a tool result joined (result and notes). */
export function allTextOf(result: unknown): string {
  return (result as CallToolResult).content.map((c) => (c.type === "text" ? c.text : "")).join("\n");
}

/** Calls a tool and expects success; returns its text. */
export async function call(server: RunningServer, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await server.client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${allTextOf(result)}`);
  return textOf(result);
}

/** Calls a tool and expects an error result; returns its text. */
export async function callError(server: RunningServer, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = (await server.client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) throw new Error(`${name} was expected to fail but returned: ${allTextOf(result)}`);
  return textOf(result);
}

/** Waits until `check` holds, polling (notifications arrive asynchronously). */
export async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A temp git repository (with `files` committed, when given) and the built server running in it, for a test file's setup. */
export async function serverInTempRepo(files?: Record<string, string>): Promise<{ repo: TempRepo; server: RunningServer }> {
  const repo = makeTempRepo();
  try {
    if (files !== undefined) repo.commit("init", files);
    return { repo, server: await spawnServer({ cwd: repo.dir }) };
  } catch (e) {
    repo.cleanup();
    throw e;
  }
}

/** Closes the server and removes the repository of serverInTempRepo (either missing when the setup failed). */
export async function closeServerInTempRepo(server: RunningServer | undefined, repo: TempRepo | undefined): Promise<void> {
  await server?.close();
  if (repo !== undefined) await backgroundWorkDone(join(repo.dir, ".threadmind"));
  repo?.cleanup();
}

/**
 * Waits (10 s at most) until no process the server started in the background (recall's index build, the conflict
 * check's catch-up) is writing under the store: removing the store under one fails with ENOTEMPTY.
 */
export async function backgroundWorkDone(storeDir: string): Promise<void> {
  const markers = [join(storeDir, "cache", "recall", "build.pid"), join(storeDir, "cache", "conflict-sweep.pid")];
  for (const end = Date.now() + 10_000; Date.now() < end && markers.some((m) => existsSync(m)); )
    await new Promise((r) => setTimeout(r, 50));
}

/** Every tm: shortcut, as the instructions and the tm-help prompt name it (written out here independently of src/). */
export const TM_SHORTCUTS = [
  "tm:help",
  "tm:context",
  "tm:tree",
  "tm:create <title>",
  "tm:switch <id>",
  "tm:summary [content]",
  "tm:merge",
  "tm:done [reason]",
  "tm:abandon <reason>",
  "tm:stats",
  "tm:delete <id>",
  "tm:rebase <id> <parent>",
  "tm:init",
  "tm:project <title>",
  "tm:projects",
];
