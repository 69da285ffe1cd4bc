// Reads the README's "Other MCP clients" snippets into the command, args and env each client would start the server with.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./run-cli.js";

export const CLIENTS = ["Claude Desktop", "Cursor", "VS Code", "Codex"] as const;
export type ClientName = (typeof CLIENTS)[number];

/** One client's snippet: the paragraph that introduces it, its code block, and the server launch it describes. */
export interface ClientSnippet {
  client: ClientName;
  intro: string;
  language: string;
  code: string;
  /** The server's key in the client's config (or the name given to `codex mcp add`). */
  serverName: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** VS Code's `type`; absent elsewhere. */
  type?: string;
}

/** The text of README.md's `### <title>` section, up to the next heading of level 2 or 3. */
export function readmeSection(title: string): string {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const start = readme.indexOf(`\n### ${title}\n`);
  if (start < 0) throw new Error(`README.md has no "### ${title}" section`);
  const body = readme.slice(start + 1);
  const headingEnd = body.indexOf("\n");
  const next = body.slice(headingEnd).search(/\n#{2,3} /);
  return next < 0 ? body : body.slice(0, headingEnd + next + 1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringRecord(value: unknown, what: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new Error(`${what} is not an object`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== "string") throw new Error(`${what}.${k} is not a string`);
    out[k] = v;
  }
  return out;
}

/** The single server entry under `key` ("mcpServers" or "servers") of a client's JSON config. */
function jsonLaunch(
  code: string,
  key: string,
  client: ClientName,
): Omit<ClientSnippet, "client" | "intro" | "language" | "code"> {
  const config: unknown = JSON.parse(code);
  if (!isRecord(config) || !isRecord(config[key])) throw new Error(`${client}: no "${key}" object`);
  const entries = Object.entries(config[key]);
  if (entries.length !== 1) throw new Error(`${client}: expected one server under "${key}", got ${entries.length}`);
  const [serverName, entry] = entries[0]!;
  if (!isRecord(entry) || typeof entry.command !== "string") throw new Error(`${client}: the server has no command`);
  const args = entry.args ?? [];
  if (!Array.isArray(args) || !args.every((a): a is string => typeof a === "string"))
    throw new Error(`${client}: args is not a list of strings`);
  const launch = { serverName, command: entry.command, args, env: stringRecord(entry.env, `${client} env`) };
  return typeof entry.type === "string" ? { ...launch, type: entry.type } : launch;
}

/** `codex mcp add <name> [--env KEY=VALUE]... -- <command> [args...]` (no quoting: the README's command has none). */
function codexLaunch(code: string): Omit<ClientSnippet, "client" | "intro" | "language" | "code"> {
  const lines = code.trim().split("\n");
  if (lines.length !== 1) throw new Error(`Codex: expected one command line, got ${lines.length}`);
  const words = lines[0]!.trim().split(/\s+/);
  if (words[0] !== "codex" || words[1] !== "mcp" || words[2] !== "add" || words[3] === undefined)
    throw new Error(`Codex: not a \`codex mcp add <name>\` command: ${lines[0]}`);
  const serverName = words[3];
  const env: Record<string, string> = {};
  let i = 4;
  for (; words[i] !== "--"; i++) {
    if (words[i] === "--env" && words[i + 1]?.includes("=")) {
      const [k, ...v] = words[i + 1]!.split("=");
      env[k!] = v.join("=");
      i++;
    } else throw new Error(`Codex: unexpected word ${words[i] ?? "(end)"} before --`);
  }
  const [command, ...args] = words.slice(i + 1);
  if (command === undefined) throw new Error("Codex: no command after --");
  return { serverName, command, args, env };
}

/** Every client's snippet, in README order: a `**<client>**` paragraph, then the first code block after it. */
export function clientSnippets(): ClientSnippet[] {
  const section = readmeSection("Other MCP clients");
  return CLIENTS.map((client) => {
    const at = section.indexOf(`\n**${client}**`);
    if (at < 0) throw new Error(`README "Other MCP clients" has no **${client}** paragraph`);
    const after = section.slice(at + 1);
    const block = /^```(\w*)\n([\s\S]*?)^```$/m.exec(after);
    if (block === null) throw new Error(`README: no code block after **${client}**`);
    const intro = after.slice(0, block.index).trim();
    const [, language = "", code = ""] = block;
    const launch =
      client === "Codex" ? codexLaunch(code) : jsonLaunch(code, client === "VS Code" ? "servers" : "mcpServers", client);
    return { client, intro, language, code, ...launch };
  });
}

/**
 * A snippet's env with the values the client fills in: `${workspaceFolder}` (Cursor, VS Code) and the path a Claude Desktop
 * user writes in place of /absolute/path/to/your/repo both become the repository. Throws on any other placeholder.
 */
export function resolvedEnv(snippet: ClientSnippet, repository: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(snippet.env)) {
    const resolved = value.replaceAll("${workspaceFolder}", repository).replace(/^\/absolute\/path\/to\/your\/repo$/, repository);
    if (/\$\{|<|\/absolute\/path/.test(resolved))
      throw new Error(`${snippet.client}: ${key}=${value} holds a placeholder the test cannot fill`);
    out[key] = resolved;
  }
  return out;
}
