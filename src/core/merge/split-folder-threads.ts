// `resolve` of an add/add conflict on a thread folder's thread.md (format 2): two threads created apart under one id (a
// solo project's plain slug on two branches). Ours keeps the id; theirs moves to the next free id with the files it
// brought (those absent from HEAD), and the threads new in the work tree that name the old id as parent or related
// follow it.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { writeFileAtomicSync } from "../store/atomic-write.js";
import { FrontmatterError } from "../store/frontmatter.js";
import { HEAD_FILE, memberFileName, parseHead, serializeHead, type ThreadHead } from "../store/thread-folder-format.js";
import { git, gitPath } from "../git/git.js";
import { uniqueId } from "../ids.js";
import { readTextStrict } from "../store/read-strict.js";
import { LIMITS } from "../limits.js";
import { UnreadableFileError } from "../errors.js";

function headOf(text: string): ThreadHead | null {
  try {
    return parseHead(text);
  } catch (e) {
    if (e instanceof FrontmatterError) return null;
    throw e;
  }
}

/** Both sides' heads of `<id>/thread.md` when they are two threads (that id, created apart), else null. */
export function twoFolderThreads(path: string, ours: string, theirs: string): [ThreadHead, ThreadHead] | null {
  const [o, t] = [headOf(ours), headOf(theirs)];
  if (o === null || t === null || o.id !== t.id || o.id !== posix.basename(posix.dirname(path))) return null;
  if (o.createdAt === t.createdAt && o.author === t.author) return null;
  return [o, t];
}

function workTreeHead(file: string): ThreadHead | null {
  try {
    const text = readTextStrict(file, LIMITS.threadFileBytes);
    return text === null ? null : headOf(text);
  } catch (e) {
    if (e instanceof UnreadableFileError) return null;
    throw e;
  }
}

/** Splits theirs off to a free id; returns where it went and the other threads' files rewritten to follow it. */
export async function splitFolderThreads(
  gitTop: string,
  path: string,
  ours: string,
  theirs: ThreadHead,
): Promise<{ movedTo: string; rewritten: string[] }> {
  const folderRel = posix.dirname(path);
  const projectRel = posix.dirname(folderRel);
  const projectDir = join(gitTop, projectRel);
  const newId = uniqueId(theirs.title, (c) => existsSync(join(projectDir, c)) || existsSync(join(projectDir, `${c}.md`)), [
    theirs.id,
  ]);
  const newFolderRel = posix.join(projectRel, newId);
  const headFiles = await git(gitTop, ["ls-tree", "-r", "--name-only", "-z", "HEAD", "--", projectRel]).catch(() => "");
  const inHead = new Set(headFiles.split("\0"));
  const listed = new Set((await git(gitTop, ["ls-files", "-z", "--", projectRel])).split("\0").filter((p) => p !== ""));
  // Theirs' items and members: the folder's files that HEAD (ours) does not have.
  for (const rel of listed) {
    if (!rel.startsWith(`${folderRel}/`) || rel === path || inHead.has(rel)) continue;
    const to = join(gitTop, newFolderRel, rel.slice(folderRel.length + 1));
    mkdirSync(dirname(to), { recursive: true });
    renameSync(join(gitTop, rel), to);
  }
  writeFileAtomicSync(join(gitTop, path), ours);
  writeFileAtomicSync(join(gitTop, newFolderRel, HEAD_FILE), serializeHead({ ...theirs, id: newId }));
  const rewritten: string[] = [];
  // The other threads that came with theirs (their head absent from HEAD) and name the old id.
  for (const rel of listed) {
    if (inHead.has(rel) || !rel.endsWith(`/${HEAD_FILE}`) || rel.startsWith(`${folderRel}/`)) continue;
    const file = join(gitTop, rel);
    const head = workTreeHead(file);
    if (head === null) continue;
    const folder = dirname(file);
    const relatedOld = join(folder, "related", memberFileName(theirs.id));
    const refersRelated = existsSync(relatedOld) && readFileSync(relatedOld, "utf8").trim() === theirs.id;
    if (head.parentId === theirs.id) {
      writeFileAtomicSync(file, serializeHead({ ...head, parentId: newId }));
      rewritten.push(rel);
    }
    if (refersRelated) {
      rmSync(relatedOld);
      writeFileAtomicSync(join(folder, "related", memberFileName(newId)), `${newId}\n`);
      rewritten.push(gitPath(gitTop, join(folder, "related")));
    }
  }
  const staged = [...new Set([folderRel, newFolderRel, ...rewritten])];
  await git(gitTop, ["add", "-A", "--", ...staged]);
  return { movedTo: posix.join(newFolderRel, HEAD_FILE), rewritten };
}
