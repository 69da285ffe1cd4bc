// Guards Claude Code 2.1.332's start: a `server/discover` request before `initialize` gets an answer and the session carries on.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { SERVER_BUNDLE, serverEnv } from "./support/spawn-server.js";

interface JsonRpcMessage {
  jsonrpc: "2.0";
  id?: number;
  method?: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A raw line-oriented JSON-RPC peer on the server's stdio. */
function rawPeer(child: ChildProcessWithoutNullStreams, rootsDir: string) {
  const received: JsonRpcMessage[] = [];
  let buffer = "";
  const waiters: (() => void)[] = [];
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    buffer += chunk;
    for (let nl = buffer.indexOf("\n"); nl !== -1; nl = buffer.indexOf("\n")) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line) continue;
      const message = JSON.parse(line) as JsonRpcMessage;
      received.push(message);
      // Like Claude Code: answer the server's roots/list with the launch directory.
      if (message.method === "roots/list" && message.id !== undefined) {
        child.stdin.write(
          `${JSON.stringify({ jsonrpc: "2.0", id: message.id, result: { roots: [{ uri: pathToFileURL(rootsDir).href }] } })}\n`,
        );
      }
    }
    for (const w of waiters.splice(0)) w();
  });
  return {
    send: (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`),
    asked: (method: string) => received.filter((m) => m.method === method && m.id !== undefined).length,
    async response(id: number): Promise<JsonRpcMessage> {
      for (;;) {
        const found = received.find((m) => m.id === id && m.method === undefined);
        if (found) return found;
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before answering ${id}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

let repo: TempRepo;
let home: string;
let child: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  child?.kill();
  repo?.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe("server/discover before initialize", () => {
  test("is answered with a JSON-RPC error and initialize, tools/list and a tool call still work", async () => {
    repo = makeTempRepo();
    home = mkdtempSync(join(tmpdir(), "tm-home-"));
    child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: repo.dir, env: serverEnv(home), stdio: ["pipe", "pipe", "pipe"] });
    const peer = rawPeer(child, repo.dir);
    peer.send({ id: 0, method: "server/discover", params: { protocolVersions: ["2026-07-28"] } });
    const discover = await peer.response(0);
    expect(discover.error?.code).toBe(-32601);

    peer.send({
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: { roots: { listChanged: true } },
        clientInfo: { name: "claude-code", version: "2.1.332" },
      },
    });
    const init = await peer.response(1);
    expect(init.error).toBeUndefined();
    expect(init.result?.serverInfo).toMatchObject({ name: "thread-mind" });
    expect(typeof init.result?.instructions).toBe("string");
    peer.send({ method: "notifications/initialized" });

    peer.send({ id: 2, method: "tools/list" });
    const list = await peer.response(2);
    expect((list.result?.tools as unknown[] | undefined)?.length).toBe(16);

    peer.send({ id: 3, method: "tools/call", params: { name: "project_list", arguments: {} } });
    const call = await peer.response(3);
    expect(JSON.stringify(call.result)).toContain(`No ThreadMind project in ${repo.dir}`);
    expect(peer.asked("roots/list")).toBe(1);
    expect(child.exitCode).toBeNull();
  });
});
