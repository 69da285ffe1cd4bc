// The npm package as users get it: `npm pack` of this repository, npm run with a private cache and HOME, a registry on 127.0.0.1.
import { spawnSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { REPO_ROOT } from "./run-cli.js";

/** One file of `npm pack --json`'s listing. */
export interface PackedFile {
  path: string;
  size: number;
  mode: number;
}

/** What `npm pack --json` reports of one package. */
export interface PackResult {
  name: string;
  version: string;
  filename: string;
  integrity: string;
  shasum: string;
  files: PackedFile[];
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** An npm environment built from scratch: nothing of the caller's npm config, cache, prefix or registry leaks in. */
export function npmEnv(options: {
  home: string;
  cache: string;
  prefix: string;
  registry: string;
  path?: string[];
}): Record<string, string> {
  return {
    PATH: [...(options.path ?? []), dirname(process.execPath), process.env.PATH ?? "/usr/bin:/bin"].join(delimiter),
    HOME: options.home,
    LANG: "C.UTF-8",
    GIT_CONFIG_NOSYSTEM: "1",
    npm_config_cache: options.cache,
    npm_config_prefix: options.prefix,
    npm_config_registry: options.registry,
    npm_config_userconfig: join(options.home, ".npmrc"),
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
  };
}

/** A registry URL nothing listens on: an npm command that needed the network would fail with it. */
export const NO_REGISTRY = "http://127.0.0.1:9/";

/** A temp folder with home/, cache/ and prefix/ inside, for one npm "machine". */
export function npmMachine(root: string, name: string): { home: string; cache: string; prefix: string } {
  const base = join(root, name);
  const dirs = { home: join(base, "home"), cache: join(base, "cache"), prefix: join(base, "prefix") };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  return dirs;
}

export function run(command: string, args: string[], options: { cwd: string; env: Record<string, string>; input?: string }): Run {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env,
    encoding: "utf8",
    timeout: 120_000,
    input: options.input,
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs and expects exit 0; returns stdout. */
export function runOk(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): string {
  const result = run(command, args, options);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(" ")} exited ${result.code}\n${result.stderr}\n${result.stdout}`);
  return result.stdout;
}

function isPackResult(value: unknown): value is PackResult {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const strings = ["name", "version", "filename", "integrity", "shasum"].every((k) => typeof v[k] === "string");
  return (
    strings &&
    Array.isArray(v.files) &&
    v.files.every((f: unknown) => typeof f === "object" && f !== null && typeof (f as Record<string, unknown>).path === "string")
  );
}

function parsePack(stdout: string): PackResult {
  const parsed: unknown = JSON.parse(stdout);
  if (!Array.isArray(parsed) || parsed.length !== 1 || !isPackResult(parsed[0]))
    throw new Error(`npm pack --json printed ${stdout}`);
  return parsed[0];
}

/** `npm pack --dry-run --json` of this repository: what a publish would ship. */
export function packDryRun(env: Record<string, string>): PackResult {
  return parsePack(runOk("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT, env }));
}

/** `npm pack` of this repository into `dest`; returns the listing and the tarball's path. */
export function packInto(dest: string, env: Record<string, string>): PackResult & { tarball: string } {
  const result = parsePack(
    runOk("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dest], { cwd: REPO_ROOT, env }),
  );
  return { ...result, tarball: join(dest, result.filename) };
}

export interface LocalRegistry {
  /** Base URL with a trailing slash, for npm_config_registry. */
  url: string;
  /** Request paths served so far. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A registry on 127.0.0.1 that holds one package, the packed tarball: what `npx -y <name>` meets on a machine that has
 * never seen it, without the network. Everything else is a 404.
 */
export async function startRegistry(packed: PackResult & { tarball: string }): Promise<LocalRegistry> {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as Record<string, unknown>;
  const tarballBytes = readFileSync(packed.tarball);
  const requests: string[] = [];
  let base = ""; // the registry's URL, known once it listens
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
    requests.push(path);
    if (path === `/${packed.name}`) {
      const version = {
        ...manifest,
        _id: `${packed.name}@${packed.version}`,
        dist: { tarball: `${base}${packed.name}/-/${packed.filename}`, integrity: packed.integrity, shasum: packed.shasum },
      };
      const body = JSON.stringify({
        _id: packed.name,
        name: packed.name,
        "dist-tags": { latest: packed.version },
        versions: { [packed.version]: version },
      });
      res.writeHead(200, { "content-type": "application/json" }).end(body);
    } else if (path === `/${packed.name}/-/${packed.filename}`) {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": tarballBytes.length }).end(tarballBytes);
    } else {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error(`the registry listens on ${String(address)}`);
  base = `http://127.0.0.1:${address.port}/`;
  return {
    url: base,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fresh temp root for one test file's machines. */
export function distTempRoot(): string {
  return mkdtempSync(join(tmpdir(), "tm-dist-"));
}
