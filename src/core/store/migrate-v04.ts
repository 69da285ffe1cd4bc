// Upgrades a 0.4 store: parentage from trees/<project>.json into each thread file, naive frontmatter rewritten properly.
import { existsSync, lstatSync, readdirSync, rmdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { FrontmatterError, parseThread, serializeThread, serializeThreadExactly } from "./frontmatter.js";
import { isValidId } from "../ids.js";
import { errors, ThreadMindError } from "../errors.js";
import type { Store } from "./store.js";
import { linkRefused, readTextStrict, unreadable } from "./read-strict.js";
import { LIMITS } from "../limits.js";
import { ownEntry } from "../json-record.js";
import type { Thread } from "../types.js";

export interface MigrationReport {
  projects: { id: string; threads: number; parentsFromTree: number; rewritten: number }[];
  removed: string[];
  notes: string[];
  text: string;
}

interface TreeNode {
  parentId: string | null;
}

interface ProjectPlan {
  projectId: string;
  treePath: string;
  threads: Thread[];
  parentsFromTree: number;
  rewritten: number;
}

/**
 * Migrates when `trees/` exists. Caller holds the store lock. Every tree and thread file of every project is read and
 * understood before anything is written, so a store it cannot fully understand is left exactly as it is.
 */
export async function migrateV04IfNeeded(store: Store, author: () => Promise<string>): Promise<MigrationReport | null> {
  const treesDir = join(store.dir, "trees");
  if (!existsSync(treesDir)) return null;
  // trees/ linked out of the repository (a hostile one's): its files would be read, then removed, wherever it points.
  const stat = lstatSync(treesDir);
  if (stat.isSymbolicLink()) throw linkRefused(treesDir);
  // A file (or FIFO) of that name is not the 0.4 layout: named, never read as a directory (a raw ENOTDIR for every call).
  if (!stat.isDirectory()) throw unreadable(treesDir, "is not a directory, as the 0.4 layout's trees/ is");
  const report: MigrationReport = { projects: [], removed: [], notes: [], text: "" };
  const me = await author();
  const plans: ProjectPlan[] = [];
  for (const name of readdirSync(treesDir).sort()) {
    if (!name.endsWith(".json")) continue;
    const projectId = name.slice(0, -5);
    const treePath = join(treesDir, name);
    if (!isValidId(projectId))
      throw new ThreadMindError(
        "unreadable",
        `Cannot migrate ${treePath}: "${projectId}" is not a valid project id. Nothing was changed.`,
      );
    const nodes = readTree(treePath);
    const threadsDir = store.threadsDir(projectId); // refuses a directory on the way that is a symbolic link
    let parentsFromTree = 0;
    let rewritten = 0;
    const files = existsSync(threadsDir)
      ? readdirSync(threadsDir)
          .filter((f) => f.endsWith(".md"))
          .sort()
      : [];
    const threads: Thread[] = [];
    for (const file of files) {
      const id = file.slice(0, -3);
      const path = join(threadsDir, file);
      if (!isValidId(id))
        throw new ThreadMindError(
          "unreadable",
          `Cannot migrate ${path}: "${id}" is not a valid thread id; rename the file (and its id in trees/${name}). Nothing was changed.`,
        );
      const text = readTextStrict(path, LIMITS.threadFileBytes);
      if (text === null) continue;
      const { thread, naive } = parseOldThread(path, id, text, me);
      // Own keys only: a thread named "constructor" must not find Object's constructor in the tree.
      const node = ownEntry(nodes, id);
      if (node !== undefined) {
        if (node.parentId !== thread.parentId) parentsFromTree++;
        thread.parentId = node.parentId;
      }
      if (naive || node !== undefined) rewritten++;
      try {
        serializeThreadExactly(thread);
      } catch (e) {
        if (!(e instanceof FrontmatterError)) throw e;
        throw new ThreadMindError("unreadable", `Cannot migrate ${path}: ${e.message}. Nothing was changed.`);
      }
      threads.push(thread);
    }
    const ids = new Set(threads.map((t) => t.id));
    for (const id of Object.keys(nodes)) {
      if (!ids.has(id))
        report.notes.push(
          `trees/${name} listed "${id}" but threads/${projectId}/${id}.md does not exist: nothing to migrate for it.`,
        );
    }
    plans.push({ projectId, treePath, threads, parentsFromTree, rewritten });
  }
  // Everything was understood: now write. A crash here is safe to resume, as files already rewritten read as the new format.
  store.ensureLayout();
  for (const plan of plans) {
    for (const t of plan.threads) store.writeLegacyThread(plan.projectId, t);
    rmSync(plan.treePath);
    report.removed.push(plan.treePath);
    report.projects.push({
      id: plan.projectId,
      threads: plan.threads.length,
      parentsFromTree: plan.parentsFromTree,
      rewritten: plan.rewritten,
    });
  }
  if (readdirSync(treesDir).length === 0) rmdirSync(treesDir);
  if (existsSync(join(store.dir, "stats"))) {
    report.notes.push("stats/ (0.4 statistics) was left as it is; 0.5 measures sessions from Claude Code's transcripts instead.");
  }
  const lines = [
    "ThreadMind upgraded this store from the 0.4 layout:",
    ...report.projects.map(
      (p) =>
        `- project "${p.id}": ${p.threads} thread file${p.threads === 1 ? "" : "s"} now carry their parentId (${p.rewritten} rewritten); every summary kept`,
    ),
    ...report.removed.map((r) => `- removed ${r} (the tree is now derived from the thread files)`),
    ...report.notes.map((n) => `- ${n}`),
  ];
  report.text = lines.join("\n");
  return report;
}

function readTree(path: string): Record<string, TreeNode> {
  let data: unknown;
  // Strictly, like every store file: a link, a FIFO or a huge file is refused (UnreadableFileError), never followed or waited on.
  const text = readTextStrict(path, LIMITS.threadFileBytes);
  if (text === null) throw errors.migrationFileGone(path);
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ThreadMindError(
      "unreadable",
      `Cannot migrate ${path}: invalid JSON (${(e as Error).message}). Nothing was changed.`,
    );
  }
  const nodes = (data as { nodes?: unknown } | null)?.nodes;
  if (typeof nodes !== "object" || nodes === null)
    throw new ThreadMindError("unreadable", `Cannot migrate ${path}: no "nodes" object. Nothing was changed.`);
  const out: Record<string, TreeNode> = {};
  for (const [id, node] of Object.entries(nodes as Record<string, unknown>)) {
    const parent = (node as { parentId?: unknown } | null)?.parentId;
    if (!isValidId(id))
      throw new ThreadMindError(
        "unreadable",
        `Cannot migrate ${path}: node id ${JSON.stringify(id)} is not a valid id. Nothing was changed.`,
      );
    if (parent !== null && parent !== undefined && parent !== "null" && !isValidId(parent)) {
      throw new ThreadMindError(
        "unreadable",
        `Cannot migrate ${path}: parentId of "${id}" is not a valid id. Nothing was changed.`,
      );
    }
    out[id] = { parentId: typeof parent === "string" && parent !== "null" ? parent : null };
  }
  return out;
}

/**
 * Reads a thread file written by 0.4's naive `key: value` serializer, or already in the new format (an interrupted
 * migration). Only a file exactly as the new serializer writes it counts as new: YAML would misread many naive values
 * ("Fix # urgent" as "Fix", quotes, tags, anchors, numbers).
 */
function parseOldThread(path: string, id: string, text: string, author: string): { thread: Thread; naive: boolean } {
  try {
    const thread = parseThread(text);
    if (thread.id === id && serializeThread(thread) === text) return { thread, naive: false };
  } catch (e) {
    if (!(e instanceof FrontmatterError)) throw e;
  }
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new ThreadMindError("unreadable", `Cannot migrate ${path}: no '---' frontmatter block. Nothing was changed.`);
  const fields: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at <= 0) continue;
    // 0.4 wrote values raw and read them back trimmed, quotes included.
    fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
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
