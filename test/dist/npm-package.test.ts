// Guards the npm package as users meet it (issue 19): the real `npm pack` tarball, installed offline as a global install
// and as a project's dependency, run as `thread-mind-mcp`; and every README client snippet started as written, through
// `npx -y thread-mind-mcp` on a machine that has never seen the package (a registry on 127.0.0.1 serves the tarball).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BUNDLES } from "../../src/core/bundles.js";
import {
  NO_REGISTRY,
  npmEnv,
  npmMachine,
  packDryRun,
  packInto,
  run,
  runOk,
  startRegistry,
  distTempRoot,
  type LocalRegistry,
  type PackResult,
} from "../support/npm-package.js";
import { clientSnippets, resolvedEnv, type ClientSnippet } from "../support/readme-client-configs.js";
import { pinnedNodes } from "../support/pinned-nodes.js";
import { allTextOf } from "../server/support/spawn-server.js";
import { REPO_ROOT } from "../support/run-cli.js";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { name: string; version: string };

/**
 * Everything `npm pack` may ship: the bundles and their assets (read from plugin/dist/assets), the Claude Code plugin's manifests, hooks and slash
 * commands (the package holds the whole plugin), README, LICENSE. No sources, tests, scripts or docs. The bundles and
 * commands are read from their folders (a new one ships without an edit here); every bundle the build makes (BUNDLES) is
 * checked by name too.
 */
const SHIPPED = [
  ".claude-plugin/marketplace.json",
  ".claude-plugin/plugin.json",
  "LICENSE",
  "README.md",
  ...readdirSync(join(REPO_ROOT, "commands"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `commands/${f}`),
  "package.json",
  // The tokenizer's data and wasm, the semantic search tier's word vectors and their licence.
  ...readdirSync(join(REPO_ROOT, "plugin", "dist", "assets")).map((f) => `plugin/dist/assets/${f}`),
  ...readdirSync(join(REPO_ROOT, "plugin", "dist"))
    .filter((f) => /\.[cm]js$/.test(f))
    .map((f) => `plugin/dist/${f}`),
  "plugin/hooks.json",
  "plugin/mcp.json",
].sort();

const TOOL_COUNT = 16;

let root: string;
let dryRun: PackResult;
let packed: PackResult & { tarball: string };
let globalPrefix: string;
let project: TempRepo;
let registry: LocalRegistry;

/** Starts a server the way an MCP client does (command, args, env, cwd), initializes, and hands the client to `use`. */
async function withServer<T>(
  launch: { command: string; args: string[]; env: Record<string, string>; cwd: string },
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const transport = new StdioClientTransport({ ...launch, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "threadmind-dist-test", version: "1.0.0" });
  try {
    await client.connect(transport);
    return await use(client);
  } catch (error) {
    throw new Error(
      `${launch.command} ${launch.args.join(" ")} (cwd ${launch.cwd}): ${error instanceof Error ? error.message : String(error)}\nserver stderr:\n${stderr}`,
    );
  } finally {
    await client.close();
  }
}

async function callOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${allTextOf(result)}`);
  return allTextOf(result);
}

/** The environment of a user's shell after the global install: its bin on PATH (after another node, when given). */
function globalUserEnv(nodeDir?: string): Record<string, string> {
  const machine = npmMachine(root, `user-${Math.random().toString(36).slice(2)}`);
  const path = [...(nodeDir ? [nodeDir] : []), join(globalPrefix, "bin")];
  return {
    ...npmEnv({ home: machine.home, cache: machine.cache, prefix: globalPrefix, registry: NO_REGISTRY, path }),
    ...TEST_GIT_ENV,
  };
}

/**
 * Starts a README snippet's server as its client would: the snippet's command, args and env (placeholders filled with the
 * repository), in the repository for Codex and in a folder that is no repository for the others (they start servers
 * outside it, which is why their snippets set THREADMIND_ROOT). Checks initialize, tools/list and the repository's threads.
 */
async function checkSnippet(snippet: ClientSnippet, machineEnv: Record<string, string>): Promise<void> {
  const elsewhere = join(root, `elsewhere-${Math.random().toString(36).slice(2)}`);
  mkdirSync(elsewhere, { recursive: true });
  const env = { ...machineEnv, ...resolvedEnv(snippet, project.dir) };
  const cwd = snippet.client === "Codex" ? project.dir : elsewhere;
  await withServer({ command: snippet.command, args: snippet.args, env, cwd }, async (client) => {
    expect(client.getServerVersion()).toMatchObject({ name: "thread-mind", version: pkg.version });
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(TOOL_COUNT);
    expect(tools.map((t) => t.name)).toContain("summary_update");
    expect(await callOk(client, "thread_list")).toContain("Payments (payments)");
  });
}

beforeAll(async () => {
  root = distTempRoot();
  const packer = npmMachine(root, "packer");
  const packEnv = npmEnv({ ...packer, registry: NO_REGISTRY });
  dryRun = packDryRun(packEnv);
  packed = packInto(root, packEnv);

  // A global install from the tarball, with an empty cache and no reachable registry: offline by construction.
  const global = npmMachine(root, "global");
  globalPrefix = global.prefix;
  runOk("npm", ["install", "--global", "--offline", packed.tarball], {
    cwd: root,
    env: npmEnv({ ...global, registry: NO_REGISTRY }),
  });

  // The user's repository, with a project and a thread made by the installed server started as `thread-mind-mcp`.
  project = makeTempRepo({ prefix: "tm-dist-project-" });
  await withServer({ command: "thread-mind-mcp", args: [], env: globalUserEnv(), cwd: project.dir }, async (client) => {
    await callOk(client, "project_create", { title: "Shop" });
    await callOk(client, "thread_create", { title: "Payments" });
  });

  registry = await startRegistry(packed);
}, 300_000);

afterAll(async () => {
  await registry?.close();
  project?.cleanup();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  test("npm pack --dry-run lists exactly what users need, and the tarball holds exactly that", () => {
    expect(dryRun.files.map((f) => f.path).sort()).toEqual(SHIPPED);
    const inTarball = execFileSync("tar", ["-tzf", packed.tarball], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((p) => p.replace(/^package\//, ""))
      .sort();
    expect(inTarball).toEqual(SHIPPED);
    expect(packed.name).toBe(pkg.name);
    expect(packed.version).toBe(pkg.version);
  });

  test("every bundle the build makes is in it", () => {
    const listed = dryRun.files.map((f) => f.path);
    // Every bundle the build makes (the entries and what they load at run time).
    for (const bundle of Object.keys(BUNDLES)) expect(listed).toContain(`plugin/dist/${bundle}`);
  });

  test("the bin, and cli.mjs (the name earlier installs wrote into configs), are packed with their run bit and a shebang", () => {
    for (const entry of ["plugin/dist/cli.cjs", "plugin/dist/cli.mjs"]) {
      const bin = dryRun.files.find((f) => f.path === entry);
      expect(bin?.mode, entry).toBe(0o755);
      expect(readFileSync(join(REPO_ROOT, entry), "utf8").split("\n", 1)[0]).toBe("#!/usr/bin/env node");
    }
  });

  test("the package has no runtime dependencies (so an offline install needs no registry), a licence file and a homepage", () => {
    const shipped = JSON.parse(
      execFileSync("tar", ["-xzOf", packed.tarball, "package/package.json"], { encoding: "utf8" }),
    ) as Record<string, unknown>;
    expect(shipped.dependencies).toBeUndefined();
    expect(shipped.optionalDependencies).toBeUndefined();
    expect(shipped.peerDependencies).toBeUndefined();
    expect(shipped.bin).toEqual({ "thread-mind-mcp": "plugin/dist/cli.cjs" });
    expect(shipped.license).toBe("MIT");
    expect(shipped.homepage).toBe(`https://www.npmjs.com/package/${pkg.name}`);
    const licence = execFileSync("tar", ["-xzOf", packed.tarball, "package/LICENSE"], { encoding: "utf8" });
    expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    expect(licence).toContain('THE SOFTWARE IS PROVIDED "AS IS"');
  });
});

describe("a global install (npm install -g <tarball>, offline)", () => {
  test("puts an executable thread-mind-mcp on PATH that runs as a program: --help and --version", () => {
    const bin = join(globalPrefix, "bin", "thread-mind-mcp");
    expect(statSync(bin).mode & 0o111).not.toBe(0);
    const env = globalUserEnv();
    const help = run("thread-mind-mcp", ["--help"], { cwd: project.dir, env });
    expect(help.stderr).toBe("");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: thread-mind-mcp <command> [options]");
    expect(run("thread-mind-mcp", ["--version"], { cwd: project.dir, env }).stdout.trim()).toBe(pkg.version);
  });

  test("thread-mind-mcp tree in the project prints the tree the installed server made", () => {
    const tree = run("thread-mind-mcp", ["tree"], { cwd: project.dir, env: globalUserEnv() });
    expect(tree.stderr).toBe("");
    expect(tree.code).toBe(0);
    expect(tree.stdout).toContain("Project: Shop");
    expect(tree.stdout).toMatch(/Payments \(payments\)/);
  });

  test("every README snippet (npx -y thread-mind-mcp) runs the global install, with no registry to reach", async () => {
    for (const snippet of clientSnippets()) await checkSnippet(snippet, globalUserEnv());
  });

  test('the install note\'s config ("command": "thread-mind-mcp", no args) serves the project over stdio', async () => {
    await withServer({ command: "thread-mind-mcp", args: [], env: globalUserEnv(), cwd: project.dir }, async (client) => {
      expect(client.getServerVersion()).toMatchObject({ name: "thread-mind", version: pkg.version });
      expect((await client.listTools()).tools).toHaveLength(TOOL_COUNT);
      expect(await callOk(client, "thread_list")).toContain("Payments (payments)");
    });
  });
});

describe("a project's dependency (npm install <tarball>, offline)", () => {
  test("npx thread-mind-mcp runs the project's copy: --version is the package's, not the project's; the server and tree work", async () => {
    const app = makeTempRepo({ prefix: "tm-dist-app-" });
    try {
      writeFileSync(
        join(app.dir, "package.json"),
        JSON.stringify({ name: "user-app", version: "1.2.3", private: true }, null, 2),
      );
      const machine = npmMachine(root, "local");
      const env = { ...npmEnv({ ...machine, registry: NO_REGISTRY }), ...TEST_GIT_ENV };
      runOk("npm", ["install", "--offline", "--save-dev", packed.tarball], { cwd: app.dir, env });
      expect(existsSync(join(app.dir, "node_modules", ".bin", "thread-mind-mcp"))).toBe(true);

      const version = run("npx", ["thread-mind-mcp", "--version"], { cwd: app.dir, env });
      expect(version.code).toBe(0);
      expect(version.stdout.trim()).toBe(pkg.version);

      await withServer({ command: "npx", args: ["thread-mind-mcp"], env, cwd: app.dir }, async (client) => {
        expect((await client.listTools()).tools).toHaveLength(TOOL_COUNT);
        await callOk(client, "project_create", { title: "App" });
      });
      const tree = run("npx", ["thread-mind-mcp", "tree"], { cwd: app.dir, env });
      expect(tree.stderr).toBe("");
      expect(tree.code).toBe(0);
      expect(tree.stdout).toContain("Project: App");
    } finally {
      app.cleanup();
    }
  });
});

describe("the README's client snippets, run as written on a machine without the package", () => {
  const snippets = clientSnippets();

  test("there is one per client, each JSON snippet parses, and each starts `npx -y thread-mind-mcp`", () => {
    expect(snippets.map((s) => s.client)).toEqual(["Claude Desktop", "Cursor", "VS Code", "Codex"]);
    const where = Object.fromEntries(snippets.map((s) => [s.client, s.intro]));
    expect(where["Claude Desktop"]).toContain("`claude_desktop_config.json`");
    expect(where.Cursor).toContain("`.cursor/mcp.json`");
    expect(where["VS Code"]).toContain("`.vscode/mcp.json`");
    for (const s of snippets) {
      expect(s.language, s.client).toBe(s.client === "Codex" ? "bash" : "json");
      expect(s.serverName, s.client).toBe("thread-mind");
      expect([s.command, ...s.args], s.client).toEqual(["npx", "-y", pkg.name]);
    }
    expect(snippets.find((s) => s.client === "VS Code")?.type).toBe("stdio");
  });

  test.each(snippets.map((s) => [s.client, s] as const))(
    "%s: initialize, tools/list, and the threads of the repository",
    async (_client, snippet: ClientSnippet) => {
      const machine = npmMachine(root, `fresh-${snippet.client.replace(/\W/g, "")}`);
      const fetched = registry.requests.length;
      await checkSnippet(snippet, { ...npmEnv({ ...machine, registry: registry.url }), ...TEST_GIT_ENV });
      // npx fetched the package from the registry: nothing was installed on this machine before.
      expect(registry.requests.slice(fetched)).toContain(`/${pkg.name}/-/${packed.filename}`);
    },
  );
});

// Installed by `node scripts/ensure-node.mjs` (npm test runs it): missing locally, these skip; missing in CI, they fail.
const pinned = await pinnedNodes();

describe("the global install on the pinned Node versions (oldest claimed by engines, newest LTS)", () => {
  if (!pinned.available) {
    test.skip(`skipped: ${pinned.reason}`, () => {});
    return;
  }
  test.each(pinned.nodes.map((n) => [`${n.role} ${n.version}`, n] as const))(
    "%s: the bin runs under it (tree, and the server over stdio)",
    async (_label, node) => {
      const env = globalUserEnv(dirname(node.path));
      expect(runOk("node", ["--version"], { cwd: project.dir, env }).trim()).toBe(`v${node.version}`); // the node the bin's shebang finds
      const tree = run("thread-mind-mcp", ["tree"], { cwd: project.dir, env });
      expect(tree.stderr).toBe("");
      expect(tree.stdout).toContain("Payments (payments)");
      await withServer({ command: "thread-mind-mcp", args: [], env, cwd: project.dir }, async (client) => {
        expect(client.getServerVersion()?.version).toBe(pkg.version);
        expect((await client.listTools()).tools).toHaveLength(TOOL_COUNT);
        expect(await callOk(client, "context_get")).toContain("Payments");
      });
    },
  );
});
