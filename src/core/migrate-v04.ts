// Upgrades a 0.4 store: parentage from trees/<project>.json into each thread file, naive frontmatter rewritten properly.
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { FrontmatterError, parseThread } from "./frontmatter.js";
import { isValidId } from "./ids.js";
import { ThreadMindError } from "./errors.js";
import { readTextStrict, type Store } from "./store.js";
import { LIMITS } from "./limits.js";
import type { Thread } from "./types.js";

export interface MigrationReport {
  projects: { id: string; threads: number; parentsFromTree: number; rewritten: number }[];
  removed: string[];
  notes: string[];
  text: string;
}

interface TreeNode {
  parentId: string | null;
}

/** Migrates when `trees/` exists. Caller holds the store lock. Never deletes a tree file it could not fully apply. */
export async function migrateV04IfNeeded(store: Store, author: () => Promise<string>): Promise<MigrationReport | null> {
  const treesDir = join(store.dir, "trees");
  if (!existsSync(treesDir)) return null;
  const report: MigrationReport = { projects: [], removed: [], notes: [], text: "" };
  const me = await author();
  for (const name of readdirSync(treesDir).sort()) {
    if (!name.endsWith(".json")) continue;
    const projectId = name.slice(0, -5);
    const treePath = join(treesDir, name);
    if (!isValidId(projectId)) throw new ThreadMindError("unreadable", `Cannot migrate ${treePath}: "${projectId}" is not a valid project id.`);
    const nodes = readTree(treePath);
    const threadsDir = join(store.dir, "threads", projectId);
    let threads = 0;
    let parentsFromTree = 0;
    let rewritten = 0;
    const files = existsSync(threadsDir) ? readdirSync(threadsDir).filter((f) => f.endsWith(".md")).sort() : [];
    // Parse everything first: a file that cannot be understood stops the migration before anything is written.
    const migrated: Thread[] = [];
    for (const file of files) {
      const id = file.slice(0, -3);
      const path = join(threadsDir, file);
      const text = readTextStrict(path, LIMITS.threadFileBytes);
      if (text === null) continue;
      const { thread, naive } = parseOldThread(path, id, text, me);
      const node = nodes[id];
      if (node !== undefined) {
        if (node.parentId !== thread.parentId) parentsFromTree++;
        thread.parentId = node.parentId;
      }
      if (naive || node !== undefined) rewritten++;
      migrated.push(thread);
      threads++;
    }
    const ids = new Set(migrated.map((t) => t.id));
    for (const id of Object.keys(nodes)) {
      if (!ids.has(id)) report.notes.push(`trees/${name} listed "${id}" but threads/${projectId}/${id}.md does not exist: nothing to migrate for it.`);
    }
    for (const t of migrated) await store.writeThread(projectId, t);
    rmSync(treePath);
    report.removed.push(treePath);
    report.projects.push({ id: projectId, threads, parentsFromTree, rewritten });
  }
  if (readdirSync(treesDir).length === 0) rmdirSync(treesDir);
  if (existsSync(join(store.dir, "stats"))) {
    report.notes.push("stats/ (0.4 statistics) was left as it is; 0.5 measures sessions from Claude Code's transcripts instead.");
  }
  const lines = [
    "ThreadMind upgraded this store from the 0.4 layout:",
    ...report.projects.map((p) => `- project "${p.id}": ${p.threads} thread file${p.threads === 1 ? "" : "s"} now carry their parentId (${p.rewritten} rewritten); every summary kept`),
    ...report.removed.map((r) => `- removed ${r} (the tree is now derived from the thread files)`),
    ...report.notes.map((n) => `- ${n}`),
  ];
  report.text = lines.join("\n");
  return report;
}

function readTree(path: string): Record<string, TreeNode> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new ThreadMindError("unreadable", `Cannot migrate ${path}: invalid JSON (${(e as Error).message}). Nothing was changed.`);
  }
  const nodes = (data as { nodes?: unknown } | null)?.nodes;
  if (typeof nodes !== "object" || nodes === null) throw new ThreadMindError("unreadable", `Cannot migrate ${path}: no "nodes" object. Nothing was changed.`);
  const out: Record<string, TreeNode> = {};
  for (const [id, node] of Object.entries(nodes as Record<string, unknown>)) {
    const parent = (node as { parentId?: unknown } | null)?.parentId;
    if (!isValidId(id)) throw new ThreadMindError("unreadable", `Cannot migrate ${path}: node id ${JSON.stringify(id)} is not a valid id. Nothing was changed.`);
    if (parent !== null && parent !== undefined && parent !== "null" && !isValidId(parent)) {
      throw new ThreadMindError("unreadable", `Cannot migrate ${path}: parentId of "${id}" is not a valid id. Nothing was changed.`);
    }
    out[id] = { parentId: typeof parent === "string" && parent !== "null" ? parent : null };
  }
  return out;
}

/** Reads a thread file written by 0.4's naive `key: value` serializer (or already in the new format). */
function parseOldThread(path: string, id: string, text: string, author: string): { thread: Thread; naive: boolean } {
  try {
    const thread = parseThread(text);
    if (thread.id === id) return { thread, naive: false };
  } catch (e) {
    if (!(e instanceof FrontmatterError)) throw e;
  }
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new ThreadMindError("unreadable", `Cannot migrate ${path}: no '---' frontmatter block. Nothing was changed.`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at <= 0) continue;
    fields[line.slice(0, at).trim()] = unquote(line.slice(at + 1).trim());
  }
  const mtime = statSync(path).mtime.toISOString();
  const status = fields.status === "done" || fields.status === "abandoned" ? fields.status : undefined;
  const parent = fields.parentId && fields.parentId !== "null" && isValidId(fields.parentId) ? fields.parentId : null;
  const thread: Thread = {
    id,
    title: fields.title || id,
    parentId: parent,
    author: fields.author && fields.author !== "null" ? fields.author : author,
    createdAt: fields.createdAt && fields.createdAt !== "null" ? fields.createdAt : mtime,
    updatedAt: fields.updatedAt && fields.updatedAt !== "null" ? fields.updatedAt : mtime,
    summary: match[2]!.replace(/^\r?\n/, "").replace(/\s+$/, ""),
  };
  if (status) thread.status = status;
  return { thread, naive: true };
}

function unquote(v: string): string {
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) return v.slice(1, -1);
  return v;
}
