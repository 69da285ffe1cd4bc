// Which directory holds `.threadmind/`: THREADMIND_ROOT, client roots, CLAUDE_PROJECT_DIR, cwd; then up to the git top.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { findGitTop } from "./git/git.js";
import type { Workspace } from "./store/store-dir.js";

export const STORE_DIR_NAME = ".threadmind";

export interface WorkspaceInputs {
  env: Record<string, string | undefined>;
  /** Roots advertised by the MCP client (file:// URIs or paths). */
  roots?: readonly string[];
  cwd: string;
}

/** The directory with an existing `.threadmind/` at or above `dir`, stopping at the git top level; null if none. */
export function findExistingStore(dir: string, gitTop: string | null): string | null {
  let current = resolve(dir);
  const stop = gitTop ? resolve(gitTop) : current;
  for (;;) {
    if (isDirectory(join(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

export function resolveWorkspace(inputs: WorkspaceInputs): Workspace {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom(resolve(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p): p is string => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom(resolve(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom(resolve(inputs.cwd), "cwd");
}

function workspaceFrom(dir: string, source: Workspace["source"]): Workspace {
  const gitTop = findGitTop(dir);
  // Outside git the store is looked for in `dir` only, so the root is `dir` and has no git top either.
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: join(root, STORE_DIR_NAME), gitTop, source };
}

function rootToPath(uri: string): string | null {
  if (uri.startsWith("file://")) {
    try {
      return fileURLToPath(uri);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") ? uri : null;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export function storeExists(ws: Workspace): boolean {
  return existsSync(ws.storeDir);
}
