// Which of a thread's `paths` cover a file: the exact file, a directory above it, or a glob; and a tool's file path
// (absolute, relative to the hook's cwd, Windows-style) as a path relative to the repository. Plain strings, no I/O.

export type MatchKind = "exact" | "glob" | "directory";

export interface PathMatch {
  /** The thread's path that covered the file, as the thread records it. */
  pattern: string;
  kind: MatchKind;
  /** Higher is nearer: an exact path, then a glob (the more literal characters the nearer), then the deepest directory. */
  score: number;
}

/** Backslashes as slashes, a drive letter in lower case ("C:\\x" → "c:/x"). */
function slashed(path: string): string {
  const s = path.replace(/\\/g, "/");
  return /^[A-Za-z]:\//.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function isAbsolute(p: string): boolean {
  return p.startsWith("/") || /^[a-z]:\//.test(p);
}

/** "." and ".." segments resolved, repeated slashes dropped; null when ".." climbs above the start. */
function normalized(p: string): string | null {
  const drive = /^[a-z]:\//.test(p) ? p.slice(0, 2) : "";
  const rest = drive === "" ? p : p.slice(2);
  const out: string[] = [];
  for (const seg of rest.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  return `${drive}/${out.join("/")}`;
}

/**
 * The tool's file path relative to the repository root (POSIX separators), or null when it is not inside it. A relative
 * path is taken from the hook's cwd; Windows-style paths compare their drive letter in any case.
 */
export function repoRelative(filePath: string, cwd: string, root: string): string | null {
  const rel = rootRelative(filePath, cwd, root);
  return rel === "" ? null : rel;
}

/**
 * repoRelative, with "" for the root itself: a path relative to the root (POSIX separators, no "." segments nor repeated
 * slashes), or null when it is outside it (or empty, or holds a NUL).
 */
export function rootRelative(filePath: string, cwd: string, root: string): string | null {
  if (filePath === "" || filePath.includes("\0")) return null;
  const file = slashed(filePath);
  const abs = normalized(isAbsolute(file) ? file : `${slashed(cwd)}/${file}`);
  const top = normalized(slashed(root));
  if (abs === null || top === null) return null;
  if (abs === top) return "";
  const prefix = top.endsWith("/") ? top : `${top}/`;
  return abs.startsWith(prefix) ? abs.slice(prefix.length) : null;
}

/** A thread's path as it is compared: slashes, no "./", no trailing slash ("" for the whole repository). */
export function patternOf(path: string): string {
  let p = slashed(path.trim());
  while (p.startsWith("./")) p = p.slice(2);
  while (p.endsWith("/")) p = p.slice(0, -1);
  return p === "." ? "" : p;
}

const GLOB_CHARS = /[*?[]/;

/**
 * One name against one glob segment: `*` any run of characters, `?` one, `[abc]`/`[a-z]`/`[!a]` a set. The two-pointer
 * algorithm (back to the last `*` only): O(name × segment), never exponential.
 */
function segmentMatches(seg: string, name: string): boolean {
  let s = 0;
  let n = 0;
  let starS = -1;
  let starN = 0;
  while (n < name.length) {
    const c = seg[s];
    if (c === "*") {
      starS = s++;
      starN = n;
      continue;
    }
    if (c !== undefined) {
      const step = oneChar(seg, s, name[n]!);
      if (step > 0) {
        s += step;
        n++;
        continue;
      }
    }
    if (starS < 0) return false;
    s = starS + 1;
    n = ++starN;
  }
  while (seg[s] === "*") s++;
  return s === seg.length;
}

/** How many pattern characters match `ch` at `s` (`?`, a set, a literal); 0 when they do not. */
function oneChar(seg: string, s: number, ch: string): number {
  const c = seg[s]!;
  if (c === "?") return 1;
  if (c === "[") {
    const close = seg.indexOf("]", s + 2);
    if (close > 0) {
      let i = s + 1;
      const negate = seg[i] === "!" || seg[i] === "^";
      if (negate) i++;
      let hit = false;
      for (; i < close; i++) {
        if (seg[i + 1] === "-" && i + 2 < close) {
          if (ch >= seg[i]! && ch <= seg[i + 2]!) hit = true;
          i += 2;
        } else if (seg[i] === ch) hit = true;
      }
      return hit !== negate ? close - s + 1 : 0;
    }
  }
  return c === ch ? 1 : 0;
}

/** The file's segments against the glob's, `**` any number of segments (the same two-pointer algorithm, by segment). */
function globMatches(pattern: string, file: string): boolean {
  const ps = pattern.split("/");
  const fs = file.split("/");
  let p = 0;
  let f = 0;
  let starP = -1;
  let starF = 0;
  while (f < fs.length) {
    if (ps[p] === "**") {
      starP = p++;
      starF = f;
      continue;
    }
    if (p < ps.length && segmentMatches(ps[p]!, fs[f]!)) {
      p++;
      f++;
      continue;
    }
    if (starP < 0) return false;
    p = starP + 1;
    f = ++starF;
  }
  while (ps[p] === "**") p++;
  return p === ps.length;
}

/**
 * How `path` (a thread's) covers `file` (repository-relative), or null when it does not. `normalized`: `path` is already
 * as patternOf gives it (the path index stores it so).
 */
export function matchPath(path: string, file: string, normalized = false): PathMatch | null {
  const pattern = normalized ? path : patternOf(path);
  if (GLOB_CHARS.test(pattern)) {
    if (!globMatches(pattern, file) && !globMatches(`${pattern}/**`, file)) return null;
    return { pattern: path, kind: "glob", score: 2_000_000 + pattern.replace(/[*?[\]]/g, "").length };
  }
  if (pattern === file) return { pattern: path, kind: "exact", score: 3_000_000 };
  if (pattern === "" || file.startsWith(`${pattern}/`)) {
    return { pattern: path, kind: "directory", score: 1_000_000 + (pattern === "" ? 0 : pattern.split("/").length) };
  }
  return null;
}

/** The nearest of a thread's paths that covers the file, or null when none does. */
export function nearestMatch(paths: readonly string[], file: string, normalized = false): PathMatch | null {
  let best: PathMatch | null = null;
  for (const path of paths) {
    const m = matchPath(path, file, normalized);
    if (m !== null && (best === null || m.score > best.score)) best = m;
  }
  return best;
}
