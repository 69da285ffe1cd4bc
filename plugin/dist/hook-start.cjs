"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/core/text-fingerprint.ts
var text_fingerprint_exports = {};
__export(text_fingerprint_exports, {
  textFingerprint: () => textFingerprint
});
function textFingerprint(text) {
  const bytes = Buffer.alloc(Math.ceil(text.length * 3 / 4) * 4 + 4);
  const written = bytes.write(text, "utf8");
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.ceil(written / 4));
  let h1 = 3735928559 ^ written;
  let h2 = 1103547991 ^ written;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    h1 = Math.imul(h1 ^ w, 2654435761);
    h2 = Math.imul(h2 ^ w, 1597334677);
  }
  h1 = Math.imul(h1 ^ h1 >>> 16, 2246822507);
  h1 ^= Math.imul(h2 ^ h2 >>> 13, 3266489909);
  h2 = Math.imul(h2 ^ h2 >>> 16, 2246822507);
  h2 ^= Math.imul(h1 ^ h1 >>> 13, 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}
var init_text_fingerprint = __esm({
  "src/core/text-fingerprint.ts"() {
    "use strict";
  }
});

// src/core/builtin-at-use.ts
function builtin(name) {
  if (typeof process.getBuiltinModule === "function") return process.getBuiltinModule(name);
  return require(name);
}
function nodeCrypto() {
  return builtin("node:crypto");
}
var init_builtin_at_use = __esm({
  "src/core/builtin-at-use.ts"() {
    "use strict";
  }
});

// src/core/content-hash.ts
var content_hash_exports = {};
__export(content_hash_exports, {
  contentHash: () => contentHash
});
function contentHash(text) {
  createHash ??= nodeCrypto().createHash;
  return createHash("sha1").update(text).digest("base64url").slice(0, 20);
}
var createHash;
var init_content_hash = __esm({
  "src/core/content-hash.ts"() {
    "use strict";
    init_builtin_at_use();
    createHash = null;
  }
});

// src/hooks/main-start.ts
var main_start_exports = {};
__export(main_start_exports, {
  runHook: () => runHook,
  runPath: () => runPath
});
module.exports = __toCommonJS(main_start_exports);
var import_node_path23 = require("path");

// src/core/id-pattern.ts
var ID_PATTERN = /^[a-z0-9-]{1,64}$/;
function isValidId(id) {
  return typeof id === "string" && ID_PATTERN.test(id);
}

// src/core/git/git.ts
var import_node_fs3 = require("fs");

// src/core/store/regular-file.ts
var import_node_fs = require("fs");

// src/core/errors.ts
var ThreadMindError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    this.name = "ThreadMindError";
  }
  code;
};
var NoActiveProjectError = class extends ThreadMindError {
  constructor(ids) {
    super("no-active-project", `No active project. Existing projects: ${ids.join(", ")}. Use project_switch to select one.`);
    this.ids = ids;
  }
  ids;
};
var errors = {
  noProject: () => new ThreadMindError(
    "no-project",
    "No ThreadMind project in this workspace. Only create one (project_create) if the user asks for it."
  ),
  noActiveProject: (ids) => new NoActiveProjectError(ids),
  projectNotFound: (id, ids) => new ThreadMindError("not-found", `Project "${id}" not found${ids.length ? `. Existing projects: ${ids.join(", ")}` : ""}`),
  threadNotFound: (id) => new ThreadMindError("not-found", `Thread "${id}" not found`),
  sessionThreadGone: (lost, instead) => new ThreadMindError(
    "not-found",
    `The thread "${lost}" this session was on has no file here (deleted, or on another branch since it was chosen): without a thread id this would change "${instead}" instead. Pass threadId, or thread_switch to the thread to write to.`
  ),
  parentNotFound: (id) => new ThreadMindError("not-found", `Parent thread "${id}" not found`),
  cannotDeleteMain: () => new ThreadMindError("forbidden", "Cannot delete the main thread"),
  cannotRebaseMain: () => new ThreadMindError("forbidden", "Cannot rebase the main thread"),
  cannotCloseMain: () => new ThreadMindError("forbidden", "The main thread cannot be closed"),
  isDescendant: (id, of) => new ThreadMindError("invalid-input", `"${id}" is a descendant of "${of}"`),
  notOwner: (id, owner) => new ThreadMindError("forbidden", `Cannot update thread "${id}": owned by "${owner}"`),
  invalid: (message) => new ThreadMindError("invalid-input", message),
  projectTitleTaken: (title, id) => new ThreadMindError(
    "conflict",
    `A project titled "${title}" exists already (id ${id}). Nothing was created: project_switch ${id} works in it, or give the new project another title.`
  ),
  emptySummaryReplacement: () => new ThreadMindError(
    "invalid-input",
    "The content is empty: without a section it would erase the whole summary. Nothing was written. To empty one section, pass that section with replaceSection: true."
  ),
  pathOutsideWorkspace: (path, root) => new ThreadMindError(
    "invalid-input",
    `The path "${path}" is outside the workspace ${root}: a thread's paths are relative to it (src/auth/, src/**/*.ts) and cover its files only. Nothing was written.`
  ),
  rebaseChainDamaged: (id, newParentId, path, reason) => new ThreadMindError(
    "unreadable",
    `Cannot rebase "${id}" under "${newParentId}": the chain above "${newParentId}" holds a thread file that cannot be read (${path}: ${reason}), so ThreadMind cannot tell whether "${newParentId}" is under "${id}" (that would make a cycle). Fix or remove that file, then retry. Nothing was changed.`
  ),
  migrationFileGone: (path) => new ThreadMindError("unreadable", `Cannot migrate ${path}: it disappeared during the migration. Nothing was changed.`),
  linkOutsideRepository: (rel, target) => new ThreadMindError(
    "forbidden",
    `Cannot update ${rel}: it leads outside the repository (to ${target}), through a symbolic link; ThreadMind never writes outside the repository. Nothing was changed. Replace the link with a file, or leave this client out.`
  ),
  workspaceMissing: (root, source) => new ThreadMindError(
    "invalid-input",
    `The workspace ${root} (from ${source}) is not an existing directory: ThreadMind creates .threadmind/ only inside one. ` + (source === "THREADMIND_ROOT" ? "Set THREADMIND_ROOT, in the MCP client's configuration, to the repository's directory. Nothing was created." : "Start the server in the repository's directory. Nothing was created.")
  ),
  codexLaunchDirUnknown: (pid) => new ThreadMindError(
    "unreadable",
    `Cannot read the directory Codex (pid ${pid}) was started in, which is the workspace of its plugin's MCP server: set THREADMIND_ROOT to the repository's directory in the server's env ([mcp_servers.thread-mind.env] in Codex's config.toml). Nothing was created.`
  ),
  storeDirUnusable: (path, problem) => new ThreadMindError(
    "unreadable",
    `${path} ${problem}: ThreadMind keeps its threads only in a real .threadmind directory inside the workspace, and never follows it elsewhere. Replace it with a directory (move the real one here), or remove it.`
  ),
  threadIdNotFileName: (path, id, fileId) => new UnreadableFileError(path, `frontmatter id "${id}" does not match the file name "${fileId}"`),
  indexStageNotUtf8: (path, stage) => new UnreadableFileError(`${stage} version of ${path} in git's index`, "is not valid UTF-8"),
  notRegularFile: (path, kind) => new UnreadableFileError(path, `is ${kind}, not a regular file; ThreadMind opens only regular files`),
  lockLost: (lockPath, detail) => new ThreadMindError(
    "lock-lost",
    `Refused to write: this process lost the ThreadMind lock ${lockPath} before writing (${detail}); it stalled for longer than the stale limit and another process took the lock. This write was not made, so no later write was overwritten; an earlier write of the same operation may have landed. Check the thread and retry.`
  )
};
var UnreadableFileError = class extends ThreadMindError {
  constructor(path, reason) {
    super("unreadable", `Cannot read ${path}: ${reason}. Fix or remove the file; ThreadMind will not overwrite it.`);
    this.path = path;
    this.reason = reason;
  }
  path;
  reason;
};

// src/core/error-details.ts
function errnoCode(error) {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return void 0;
}
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/core/store/regular-file.ts
function fileKind(stat) {
  if (stat.isFIFO()) return "a FIFO (named pipe)";
  if (stat.isDirectory()) return "a directory";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  if (stat.isSocket()) return "a socket";
  if (stat.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}
function openRegularFile(path, flags, mode, followLinks = false) {
  const fd = openUnblocked(path, flags, mode, followLinks);
  if (fd === null) return null;
  let stat;
  try {
    stat = (0, import_node_fs.fstatSync)(fd);
  } catch (e) {
    (0, import_node_fs.closeSync)(fd);
    throw e;
  }
  if (!stat.isFile()) {
    (0, import_node_fs.closeSync)(fd);
    throw errors.notRegularFile(path, fileKind(stat));
  }
  return { fd, stat };
}
function openUnblocked(path, flags, mode, followLinks = false) {
  try {
    return (0, import_node_fs.openSync)(path, flags | import_node_fs.constants.O_NONBLOCK | (followLinks ? 0 : import_node_fs.constants.O_NOFOLLOW), mode);
  } catch (e) {
    const code = errnoCode(e);
    if (code === "ENOENT") return null;
    if (code === "ELOOP") throw errors.notRegularFile(path, "a symbolic link");
    if (code === "EISDIR") throw errors.notRegularFile(path, "a directory");
    if (code === "ENXIO") throw errors.notRegularFile(path, "a FIFO (named pipe) or socket");
    throw e;
  }
}
function readRegularFile(path, maxBytes, followLinks = false) {
  const opened = openRegularFile(path, import_node_fs.constants.O_RDONLY, void 0, followLinks);
  if (opened === null) return null;
  const { fd, stat } = opened;
  try {
    const cap = Math.min(stat.size, maxBytes) + 1;
    const buffer = Buffer.allocUnsafe(cap);
    let length = 0;
    while (length < cap) {
      const n = (0, import_node_fs.readSync)(fd, buffer, length, cap - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.subarray(0, length);
  } finally {
    (0, import_node_fs.closeSync)(fd);
  }
}

// src/core/git/git.ts
var import_node_path2 = require("path");

// src/core/git/git-refs.ts
var import_node_fs2 = require("fs");
var import_node_path = require("path");
var HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
var PER_WORKTREE = /^(?:HEAD|refs\/(?:bisect|worktree|rewritten)\/)/;
var MAX_REF_FILE_BYTES = 64 * 1024 * 1024;
function readIfExists(path) {
  try {
    if ((0, import_node_fs2.statSync)(path, { throwIfNoEntry: false }) === void 0) return null;
    const bytes = readRegularFile(path, MAX_REF_FILE_BYTES, true);
    if (bytes !== null && bytes.length > MAX_REF_FILE_BYTES) throw new Error(`${path} is over ${MAX_REF_FILE_BYTES} bytes`);
    return bytes === null ? null : bytes.toString("utf8");
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
  }
}
function commonDir(gitDir2) {
  const pointer = readIfExists((0, import_node_path.join)(gitDir2, "commondir"));
  return pointer === null ? gitDir2 : (0, import_node_path.resolve)(gitDir2, pointer.trim());
}
function packedRef(common, name) {
  const packed = readIfExists((0, import_node_path.join)(common, "packed-refs"));
  if (packed === null) return null;
  for (const line of packed.split("\n")) {
    if (line.startsWith("#") || line.startsWith("^")) continue;
    const space = line.indexOf(" ");
    if (space > 0 && line.slice(space + 1).trimEnd() === name) return line.slice(0, space);
  }
  return null;
}
function headCommitFromFiles(gitDir2) {
  const common = commonDir(gitDir2);
  if ((0, import_node_fs2.existsSync)((0, import_node_path.join)(common, "reftable"))) return void 0;
  let name = "HEAD";
  for (let depth = 0; depth < 5; depth++) {
    if (!/^(?:HEAD|refs\/[^\0\\]+)$/.test(name) || name.split("/").includes("..")) return void 0;
    const loose = readIfExists((0, import_node_path.join)(PER_WORKTREE.test(name) ? gitDir2 : common, name));
    const text = loose === null ? name === "HEAD" ? null : packedRef(common, name) : loose.trim();
    if (text === null) return name === "HEAD" ? void 0 : null;
    if (HASH.test(text)) return text;
    const symbolic = /^ref:\s*(\S+)$/.exec(text);
    if (!symbolic) return void 0;
    name = symbolic[1];
  }
  return void 0;
}

// src/core/git/git.ts
function findGitTop(dir) {
  let current = (0, import_node_path2.resolve)(dir);
  for (; ; ) {
    if ((0, import_node_fs3.existsSync)((0, import_node_path2.join)(current, ".git"))) return current;
    const parent = (0, import_node_path2.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function gitPath(top, path) {
  return (0, import_node_path2.relative)(top, path).split(import_node_path2.sep).join("/");
}
var GIT_POINTER_MAX_BYTES = 64 * 1024;
function gitDir(top) {
  const dotGit = (0, import_node_path2.join)(top, ".git");
  if ((0, import_node_fs3.statSync)(dotGit).isDirectory()) return dotGit;
  const text = readRegularFile(dotGit, GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  const match = /^gitdir:\s*(.+)\s*$/m.exec(text);
  if (!match) throw new Error(`${dotGit} is neither a directory nor a "gitdir:" file`);
  return (0, import_node_path2.resolve)(top, match[1]);
}
function readBranch(top) {
  let dir;
  let head;
  try {
    dir = gitDir(top);
    head = readRegularFile((0, import_node_path2.join)(dir, "HEAD"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  } catch {
    return null;
  }
  const match = /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head);
  if (match) return match[1];
  for (const state of ["rebase-merge", "rebase-apply"]) {
    try {
      const name = readRegularFile((0, import_node_path2.join)(dir, state, "head-name"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
      const rebasing = /^refs\/heads\/(.+?)\s*$/.exec(name);
      if (rebasing) return rebasing[1];
    } catch {
    }
  }
  return null;
}
var NO_GIT_START_KEY = ":no-git";
function startKey(top) {
  return top === null ? NO_GIT_START_KEY : readBranch(top);
}
function headCommitFromWorkTree(top) {
  if (top === null) return null;
  try {
    return headCommitFromFiles(gitDir(top));
  } catch {
    return void 0;
  }
}

// src/agents/codex/rollout-paths.ts
var import_node_os = require("os");
var import_node_path3 = require("path");
function isRolloutName(name) {
  return name.startsWith("rollout-") && (name.endsWith(".jsonl") || name.endsWith(".jsonl.zst"));
}
function isRolloutPath(path) {
  return isRolloutName(path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1));
}

// src/agents/profiles.ts
var PROFILES = {
  // Over 10,000 characters Claude Code records a <persisted-output> preview instead of the context.
  "claude-code": { id: "claude-code", name: "Claude Code", contextCap: { unit: "characters", limit: 1e4 } },
  // Codex cuts hook context over 2,500 estimated tokens, counted as ceil(UTF-8 bytes / 4): 10,000 bytes arrive whole.
  codex: { id: "codex", name: "Codex", contextCap: { unit: "bytes", limit: 1e4 } }
};
function agentIdOfTranscript(transcriptPath) {
  return transcriptPath !== null && isRolloutPath(transcriptPath) ? "codex" : "claude-code";
}
function profileOfHook(input) {
  return PROFILES[agentIdOfTranscript(input.transcriptPath)];
}
function capWords(cap) {
  return `${cap.limit.toLocaleString("en-US")}-${cap.unit === "bytes" ? "byte" : "character"}`;
}
function sizeInCapUnit(cap, text) {
  switch (cap.unit) {
    case "characters":
      return text.length;
    case "bytes":
      return Buffer.byteLength(text, "utf8");
    default: {
      const unreachable = cap.unit;
      throw new Error(`unknown cap unit ${String(unreachable)}`);
    }
  }
}

// src/core/session-key.ts
function claudeInstanceSession(claudePid) {
  return { key: `claude-${claudePid}`, pid: claudePid };
}
function codexInstanceSession(codexPid) {
  return { key: `codex-${codexPid}`, pid: codexPid };
}
function hookSession(env) {
  const pid = Number.parseInt(env.CLAUDE_PID ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? claudeInstanceSession(pid) : null;
}
function hookSessionOr(env, input, ppid = process.ppid) {
  const claude = hookSession(env);
  if (claude !== null) return claude;
  if (agentIdOfTranscript(input.transcriptPath) === "codex" && ppid > 1) return codexInstanceSession(ppid);
  return { key: `hook-session-${input.sessionId}` };
}

// src/core/store/thread-file-exists.ts
var import_node_fs4 = require("fs");
var import_node_path4 = require("path");
function threadFileRel(projectId, threadId) {
  return (0, import_node_path4.join)("threads", projectId, `${threadId}.md`);
}
function threadFileExists(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId)) return false;
  return entryThere((0, import_node_path4.join)(storeDir, "threads", projectId, threadId)) || entryThere((0, import_node_path4.join)(storeDir, "threads", projectId, `${threadId}.md`));
}
function entryThere(path) {
  try {
    (0, import_node_fs4.lstatSync)(path);
    return true;
  } catch (e) {
    const code = errnoCode(e);
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}

// src/core/json-record.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function ownEntry(record2, key) {
  return Object.hasOwn(record2, key) ? record2[key] : void 0;
}

// src/core/thread-choice.ts
function chooseProjectId(ids, state, sessionKey, followed = () => null) {
  const exists = (id) => id !== void 0 && ids.includes(id);
  const own = state.sessions[sessionKey]?.projectId;
  if (exists(own)) return own;
  if (ids.length === 1) return ids[0];
  const last3 = followed()?.projectId;
  if (exists(last3)) return last3;
  return exists(state.lastProjectId) ? state.lastProjectId : null;
}
function sessionChoice(state, sessionKey, projectId) {
  const persisted = state.sessions[sessionKey];
  return persisted?.projectId === projectId && persisted.threadId ? persisted.threadId : null;
}
function* ownThreadCandidates(state, sessionKey, projectId, followed) {
  const own = sessionChoice(state, sessionKey, projectId);
  if (own !== null) yield own;
  const last3 = followed();
  if (last3 !== null && last3.projectId === projectId) yield last3.threadId;
}
function branchChoice(state, branch, projectId) {
  const perProject = branch !== null ? ownEntry(state.branches, branch) : void 0;
  return (perProject !== void 0 ? ownEntry(perProject, projectId) : void 0) ?? null;
}
function ownThread(state, sessionKey, projectId, followed, exists) {
  let lost = null;
  for (const own of ownThreadCandidates(state, sessionKey, projectId, followed)) {
    if (exists(own)) return { threadId: own, lost };
    lost ??= own;
  }
  return { threadId: null, lost };
}
function sessionThreadRef(ids, state, sessionKey, followed, branch, exists) {
  const projectId = ids === null ? null : chooseProjectId(ids, state, sessionKey, followed);
  if (projectId === null) return null;
  const { threadId: own, lost } = ownThread(state, sessionKey, projectId, followed, (id) => exists(projectId, id));
  if (own !== null) return { projectId, threadId: own, own: true, lost };
  const threadId = branchChoice(state, branch(), projectId);
  return threadId === null || !exists(projectId, threadId) ? null : { projectId, threadId, own: false, lost };
}

// src/core/context/branch-start.ts
var import_node_fs9 = require("fs");
var import_node_path8 = require("path");

// src/core/store/read-strict.ts
var nodeBuffer = __toESM(require("buffer"), 1);
var import_node_fs5 = require("fs");
var import_node_path5 = require("path");
function unreadable(path, reason) {
  return new UnreadableFileError(path, reason);
}
function linkRefused(path) {
  return unreadable(path, "is a symbolic link; ThreadMind does not follow links in .threadmind/");
}
function reasonOf(e) {
  if (e instanceof UnreadableFileError) return e.reason;
  return messageOf(e);
}
function readTextStrict(path, maxBytes) {
  return readTextStrictAfter(path, lstatStrict(path, false), maxBytes);
}
function lstatStrict(path, bigint) {
  try {
    return (0, import_node_fs5.lstatSync)(path, { bigint });
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return null;
    throw unreadable(path, reasonOf(e));
  }
}
function readTextStrictAfter(path, stat, maxBytes) {
  if (stat === null) return null;
  if (stat.isSymbolicLink()) throw linkRefused(path);
  let bytes;
  try {
    bytes = readRegularFile(path, maxBytes);
  } catch (e) {
    if (e instanceof UnreadableFileError) throw e;
    throw unreadable(path, reasonOf(e));
  }
  if (bytes === null) return null;
  if (bytes.length > maxBytes) {
    const size = Math.max(bytes.length, fstatSizeOr(path, bytes.length));
    throw unreadable(path, `is ${size.toLocaleString("en-US")} bytes, over the ${maxBytes.toLocaleString("en-US")}-byte limit`);
  }
  const text = strictUtf8(bytes);
  if (text === null) throw unreadable(path, "is not valid UTF-8");
  return text;
}
var isUtf82 = nodeBuffer.isUtf8;
function strictUtf8(bytes) {
  if (isUtf82 === void 0) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
  if (!isUtf82(bytes)) return null;
  const bom = bytes.length >= 3 && bytes[0] === 239 && bytes[1] === 187 && bytes[2] === 191 ? 3 : 0;
  return Buffer.from(bytes.buffer, bytes.byteOffset + bom, bytes.length - bom).toString("utf8");
}
function fstatSizeOr(path, fallback) {
  try {
    return (0, import_node_fs5.lstatSync)(path).size;
  } catch {
    return fallback;
  }
}
function assertNoLinksBelow(storeDir, path) {
  const rel = (0, import_node_path5.relative)(storeDir, (0, import_node_path5.dirname)(path));
  if (rel === "" || rel.startsWith("..")) return;
  let current = storeDir;
  for (const part of rel.split(import_node_path5.sep)) {
    current = `${current}${import_node_path5.sep}${part}`;
    let stat;
    try {
      stat = (0, import_node_fs5.lstatSync)(current);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return;
      throw unreadable(current, reasonOf(e));
    }
    if (stat.isSymbolicLink()) throw linkRefused(current);
  }
}

// src/core/store/file-stamp.ts
var import_node_fs6 = require("fs");
function fileStamp(path) {
  try {
    const s = (0, import_node_fs6.lstatSync)(path, { bigint: true });
    return s.isFile() ? statStamp(s) : null;
  } catch {
    return null;
  }
}
function pathStamp(path) {
  if (!path.endsWith("/")) return fileStamp(path);
  try {
    const s = (0, import_node_fs6.lstatSync)(path.slice(0, -1), { bigint: true });
    return s.isDirectory() ? statStamp(s) : null;
  } catch {
    return null;
  }
}
function statStamp(s) {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}
function changedNsOf(s) {
  return s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
}
function settledAtMs(changedNs) {
  return Number(changedNs / 1000000n) + racyMarginMs(changedNs);
}
function stampSettledAtMs(stamp) {
  const [, , , mtimeNs, ctimeNs] = stamp.split(":");
  const m = BigInt(mtimeNs);
  const c = BigInt(ctimeNs);
  return settledAtMs(m > c ? m : c);
}
var RACY_MARGIN_MS = 3e3;
var FINE_RACY_MARGIN_MS = 50;
function racyMarginMs(changedNs) {
  return changedNs % 1000000000n === 0n ? RACY_MARGIN_MS : FINE_RACY_MARGIN_MS;
}
function stampOf(path, kind) {
  try {
    const s = (0, import_node_fs6.lstatSync)(path, { bigint: true });
    if (kind === "file" ? !s.isFile() : !s.isDirectory()) return null;
    const changed = changedNsOf(s);
    return {
      stamp: statStamp(s),
      changedMs: Number(changed / 1000000n),
      settledAtMs: settledAtMs(changed),
      bytes: Number(s.size)
    };
  } catch {
    return null;
  }
}

// src/core/store/make-dir.ts
var import_node_fs7 = require("fs");
var import_node_path6 = require("path");
function makeDir(path) {
  try {
    (0, import_node_fs7.mkdirSync)(path, { recursive: true });
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
    makeDirOneByOne(path);
  }
}
function makeDirOneByOne(path) {
  try {
    (0, import_node_fs7.mkdirSync)(path);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT" || (0, import_node_path6.dirname)(path) === path) {
      madeMeanwhile(path, error);
      return;
    }
    makeDirOneByOne((0, import_node_path6.dirname)(path));
    try {
      (0, import_node_fs7.mkdirSync)(path);
    } catch (again) {
      madeMeanwhile(path, again);
    }
  }
}
function madeMeanwhile(path, error) {
  if (errnoCode(error) === "EEXIST" && (0, import_node_fs7.lstatSync)(path).isDirectory()) return;
  throw error;
}

// src/core/store/atomic-write.ts
var import_node_fs8 = require("fs");
var import_node_path7 = require("path");
var TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;
function isAtomicTempFile(name) {
  return TEMP_NAME.test((0, import_node_path7.basename)(name));
}
function tempSuffix() {
  const high = Math.floor(Math.random() * 16777216);
  const low = Math.floor(Math.random() * 16777216);
  return `${high.toString(16).padStart(6, "0")}${low.toString(16).padStart(6, "0")}`;
}
function atomicTempPath(target, dir = (0, import_node_path7.dirname)(target)) {
  return (0, import_node_path7.join)(dir, `.${(0, import_node_path7.basename)(target)}.${process.pid}.${tempSuffix()}.tmp`);
}
var FenceRefusal = class {
  constructor(error) {
    this.error = error;
  }
  error;
};
var AtomicWriteError = class extends Error {
  constructor(path, cause, tempPath, cleanupError) {
    const leftover = cleanupError === void 0 ? "" : `; the temp file ${tempPath} could not be removed either: ${messageOf(cleanupError)}`;
    super(`Atomic write of ${path} failed: ${messageOf(cause)}${leftover}`, { cause });
    this.path = path;
    this.name = "AtomicWriteError";
    this.code = errnoCode(cause);
  }
  path;
  code;
};
function writeFileAtomicSync(path, data, fence, { durable = true } = {}) {
  const temp = atomicTempPath(path, fence?.tempDir);
  let tempExists = false;
  try {
    const fd = (0, import_node_fs8.openSync)(temp, "wx");
    tempExists = true;
    try {
      (0, import_node_fs8.writeFileSync)(fd, data);
      if (durable) (0, import_node_fs8.fsyncSync)(fd);
    } finally {
      (0, import_node_fs8.closeSync)(fd);
    }
    if (fence) {
      try {
        fence.check();
      } catch (refusal) {
        throw new FenceRefusal(refusal);
      }
    }
    (0, import_node_fs8.renameSync)(temp, path);
    tempExists = false;
    if (durable) fsyncDirectorySync((0, import_node_path7.dirname)(path));
  } catch (caught) {
    const error = caught instanceof FenceRefusal ? caught.error : caught;
    let cleanupError;
    if (tempExists) {
      try {
        (0, import_node_fs8.unlinkSync)(temp);
      } catch (e) {
        cleanupError = missingIsFine(e);
      }
    }
    if (caught instanceof FenceRefusal && cleanupError === void 0) throw error;
    throw new AtomicWriteError(path, error, temp, cleanupError);
  }
}
function fsyncDirectorySync(dir) {
  let fd;
  try {
    fd = (0, import_node_fs8.openSync)(dir, "r");
  } catch (error) {
    if (isDirectorySyncRefusal(error)) return;
    throw error;
  }
  try {
    (0, import_node_fs8.fsyncSync)(fd);
  } catch (error) {
    if (!isDirectorySyncRefusal(error)) throw error;
  } finally {
    (0, import_node_fs8.closeSync)(fd);
  }
}
function isDirectorySyncRefusal(error) {
  const code = errnoCode(error);
  if (code === "EISDIR" || code === "EINVAL" || code === "ENOTSUP" || code === "EOPNOTSUPP") return true;
  return process.platform === "win32" && code === "EPERM";
}
function missingIsFine(error) {
  return errnoCode(error) === "ENOENT" ? void 0 : error;
}

// src/core/context/branch-start.ts
var FILE_MAX_BYTES = 64 * 1024;
function branchStartsPath(storeDir, projectId) {
  if (!isValidId(projectId)) throw new Error(`invalid project id for the context cache: ${projectId}`);
  return (0, import_node_path8.join)(storeDir, "cache", "context", projectId, "_branch-starts.json");
}
function threadsDirStamp(storeDir, projectId) {
  try {
    const s = (0, import_node_fs9.lstatSync)((0, import_node_path8.join)(storeDir, "threads", projectId), { bigint: true });
    return s.isDirectory() ? statStamp(s) : null;
  } catch {
    return null;
  }
}
function readStarts(storeDir, projectId) {
  try {
    const path = branchStartsPath(storeDir, projectId);
    assertNoLinksBelow(storeDir, path);
    const bytes = readRegularFile(path, FILE_MAX_BYTES);
    if (bytes === null || bytes.length > FILE_MAX_BYTES) return {};
    const data = JSON.parse(bytes.toString("utf8"));
    if (typeof data !== "object" || data === null || Array.isArray(data)) return {};
    const out = /* @__PURE__ */ Object.create(null);
    for (const [key, v] of Object.entries(data)) {
      if (typeof v !== "object" || v === null) continue;
      const { threadId, threadsDir } = v;
      if (typeof threadId === "string" && isValidId(threadId) && typeof threadsDir === "string") {
        out[key] = { threadId, threadsDir };
      }
    }
    return out;
  } catch {
    return {};
  }
}
function branchStart(storeDir, projectId, startKey2) {
  const starts = readStarts(storeDir, projectId);
  const known = Object.hasOwn(starts, startKey2) ? starts[startKey2] : void 0;
  if (known === void 0) return null;
  return threadsDirStamp(storeDir, projectId) === known.threadsDir ? known.threadId : null;
}

// src/core/context/context-cache.ts
var import_node_path9 = require("path");
var import_node_fs10 = require("fs");
init_text_fingerprint();

// src/core/context/context-cache-starts.ts
function unpackStarts(stored) {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return null;
  const raw = stored;
  const out = /* @__PURE__ */ Object.create(null);
  for (const [source, value] of Object.entries(raw)) {
    if (typeof value !== "object" || value === null) return null;
    const s = value;
    if (typeof s.text === "string") {
      out[source] = s;
      continue;
    }
    const whole = typeof s.tailOf === "string" && Object.hasOwn(raw, s.tailOf) ? raw[s.tailOf] : void 0;
    const wholeText = typeof whole === "object" && whole !== null ? whole.text : void 0;
    if (typeof s.prefix !== "string" || typeof wholeText !== "string" || !Number.isSafeInteger(s.tailChars) || s.tailChars < 0 || s.tailChars > wholeText.length)
      return null;
    const { prefix, tailOf: _tailOf, tailChars, ...rest } = s;
    out[source] = {
      ...rest,
      text: `${prefix}${wholeText.slice(wholeText.length - tailChars)}`
    };
  }
  return out;
}

// src/core/context/context-cache.ts
var CONTEXT_CACHE_VERSION = 2;
var ENTRY_MAX_BYTES = 512 * 1024;
var SOURCE_MAX_BYTES = 1024 * 1024;
function hooksBuildIn(distDir) {
  return fileStamp((0, import_node_path9.join)(distDir, "hook-core.cjs"));
}
function contextCachePath(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId))
    throw new Error(`invalid id for the context cache: ${projectId}/${threadId}`);
  return (0, import_node_path9.join)(storeDir, "cache", "context", projectId, `${threadId}.json`);
}
function isCachedStart(v) {
  if (typeof v !== "object" || v === null) return false;
  const s = v;
  return typeof s.text === "string" && typeof s.contentHash === "string" && typeof s.fingerprint === "string" && Number.isSafeInteger(s.tokens) && Number.isSafeInteger(s.omitted) && (s.userMessage === null || typeof s.userMessage === "string");
}
function namesItsSources(sources, projectId, threadId) {
  if (typeof sources !== "object" || sources === null || Array.isArray(sources)) return false;
  const stamps = sources;
  const legacy = threadFileRel(projectId, threadId);
  const folder = legacy.slice(0, -".md".length);
  const own = [legacy, folder, (0, import_node_path9.join)(folder, "thread.md")];
  return own.some((rel) => typeof stamps[rel] === "string") && Object.values(stamps).every((v) => v === null || typeof v === "string");
}
function isEntry(d, projectId, threadId) {
  if (typeof d !== "object" || d === null) return false;
  const e = d;
  return e.version === CONTEXT_CACHE_VERSION && e.projectId === projectId && e.threadId === threadId && typeof e.builtBy === "string" && (e.threadStatus === "active" || e.threadStatus === "done" || e.threadStatus === "abandoned") && namesItsSources(e.sources, projectId, threadId) && (e.head === null || typeof e.head === "string") && typeof e.starts === "object" && e.starts !== null && Object.values(e.starts).every(isCachedStart) && (e.verify === void 0 || typeof e.verify === "object" && e.verify !== null && Object.values(e.verify).every((v) => typeof v === "string"));
}
function readEntryData(storeDir, projectId, threadId) {
  try {
    const path = contextCachePath(storeDir, projectId, threadId);
    if (fileStamp(path) === null) return null;
    assertNoLinksBelow(storeDir, path);
    const bytes = readRegularFile(path, ENTRY_MAX_BYTES);
    if (bytes === null || bytes.length > ENTRY_MAX_BYTES) return null;
    const data = JSON.parse(bytes.toString("utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}
function readContextCacheEntry(storeDir, projectId, threadId) {
  const data = readEntryData(storeDir, projectId, threadId);
  if (data === null) return null;
  const starts = unpackStarts(data.starts);
  if (starts === null) return null;
  const entry = { ...data, starts };
  return isEntry(entry, projectId, threadId) ? entry : null;
}
function entryStillValid(entry, storeDir, builtBy, head) {
  if (entry.builtBy !== builtBy) return false;
  const base = storeDir.endsWith(import_node_path9.sep) ? storeDir : `${storeDir}${import_node_path9.sep}`;
  for (const [rel, stamp] of Object.entries(entry.sources)) {
    if (pathStamp(base + rel) !== stamp) return false;
  }
  for (const [rel, fingerprint] of Object.entries(entry.verify ?? {})) {
    if (sourceFingerprint(storeDir, rel) !== fingerprint) return false;
  }
  return entry.head === null || head() === entry.head;
}
function sourceFingerprint(storeDir, rel) {
  const path = (0, import_node_path9.join)(storeDir, rel);
  if (rel.endsWith("/")) {
    try {
      return textFingerprint((0, import_node_fs10.readdirSync)(path).sort().join("\n"));
    } catch {
      return null;
    }
  }
  try {
    const bytes = readRegularFile(path, SOURCE_MAX_BYTES);
    return bytes === null || bytes.length > SOURCE_MAX_BYTES ? null : textFingerprint(bytes.toString("utf8"));
  } catch {
    return null;
  }
}

// src/core/context/context-cache-settle.ts
function checksSettled(entry, checkedFromMs) {
  if (entry.verify === void 0) return false;
  for (const rel of Object.keys(entry.verify)) {
    const stamp = entry.sources[rel];
    if (stamp === void 0 || stamp === null || stampSettledAtMs(stamp) >= checkedFromMs) return false;
  }
  return true;
}
function dropSettledChecks(storeDir, entry) {
  const data = readEntryData(storeDir, entry.projectId, entry.threadId);
  if (data === null) return;
  const { verify, ...rest } = data;
  if (JSON.stringify([rest.sources, verify]) !== JSON.stringify([entry.sources, entry.verify])) return;
  const path = contextCachePath(storeDir, entry.projectId, entry.threadId);
  assertNoLinksBelow(storeDir, path);
  writeFileAtomicSync(path, `${JSON.stringify(rest)}
`, void 0, { durable: false });
}

// src/core/measure/measurement-log-read.ts
var import_node_fs13 = require("fs");

// src/core/measure/measurements.ts
function emptyMeasurements() {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}

// src/core/measure/measurement-log.ts
var import_node_fs11 = require("fs");
var import_node_path10 = require("path");
var MEASUREMENT_LOG = "measurements.jsonl";
var MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
var LOG_ROTATE_BYTES = 1024 * 1024;
var MAX_APPEND_BYTES = 64 * 1024;
function measurementLogPath(storeDir) {
  return (0, import_node_path10.join)(storeDir, MEASUREMENT_LOG);
}
function previousMeasurementLogPath(storeDir) {
  return (0, import_node_path10.join)(storeDir, MEASUREMENT_LOG_PREVIOUS);
}
function measurementLogPaths(storeDir) {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}
function forEachLogFile(storeDir, use) {
  const [previousPath, currentPath] = measurementLogPaths(storeDir);
  const current = openRegularFile(currentPath, import_node_fs11.constants.O_RDONLY);
  try {
    const previous = openRegularFile(previousPath, import_node_fs11.constants.O_RDONLY);
    try {
      const same = previous !== null && current !== null && previous.stat.ino === current.stat.ino && previous.stat.dev === current.stat.dev;
      if (previous !== null && !same) use(previous.fd, previous.stat.size, previous.stat);
    } finally {
      if (previous !== null) (0, import_node_fs11.closeSync)(previous.fd);
    }
    if (current !== null) use(current.fd, current.stat.size, current.stat);
  } finally {
    if (current !== null) (0, import_node_fs11.closeSync)(current.fd);
  }
}
function openLog(path, use) {
  const opened = openRegularFile(path, import_node_fs11.constants.O_RDONLY);
  if (opened === null) return null;
  try {
    return use(opened.fd, opened.stat.size, opened.stat);
  } finally {
    (0, import_node_fs11.closeSync)(opened.fd);
  }
}
function appendMeasurementEvents(storeDir, events) {
  if (events.length === 0) return 0;
  const text = events.map((e) => `${JSON.stringify(e)}
`).join("");
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > MAX_APPEND_BYTES) throw new Error(`measurement records too large to append (${bytes.length} bytes)`);
  const opened = openRegularFile(measurementLogPath(storeDir), import_node_fs11.constants.O_RDWR | import_node_fs11.constants.O_APPEND | import_node_fs11.constants.O_CREAT, 420);
  if (opened === null) throw new Error(`${measurementLogPath(storeDir)} could not be created: its directory does not exist`);
  const { fd, stat: before } = opened;
  try {
    let out = bytes;
    if (before.size > 0) {
      const last3 = Buffer.alloc(1);
      (0, import_node_fs11.readSync)(fd, last3, 0, 1, before.size - 1);
      if (last3[0] !== 10) out = Buffer.concat([Buffer.from("\n"), bytes]);
    }
    const written = (0, import_node_fs11.writeSync)(fd, out);
    if (written < out.length) {
      throw new Error(
        `${measurementLogPath(storeDir)}: only ${written} of ${out.length} bytes could be appended (is the disk full?)`
      );
    }
    return (0, import_node_fs11.fstatSync)(fd).size;
  } finally {
    (0, import_node_fs11.closeSync)(fd);
  }
}

// src/core/measure/measurement-index.ts
var import_node_fs12 = require("fs");
var import_node_path11 = require("path");
var LOG_LINE_MAX_BYTES = 64 * 1024 - 1;
var INDEX_BEHIND_BYTES = 64 * 1024;
var HEADER = "threadmind measurement index 2\n";
var HEADER_BYTES = Buffer.from(HEADER);
var BUCKETS = 128;
var ENTRY = 16;
var PREFIX_BYTES = 8 * 1024;
var HEAD_BYTES = 64;
var TAIL_BYTES = 256;
var NEWLINE = 10;
function measurementIndexPath(storeDir) {
  return (0, import_node_path11.join)(storeDir, "cache", "measurement-index.txt");
}
function sessionNeedle(sessionId) {
  return `"sessionId":${JSON.stringify(sessionId)}`;
}
function instanceNeedle(instance) {
  return `"instance":${JSON.stringify(instance)}`;
}
function bucketOf(needle) {
  let hash = 2166136261;
  for (let i = 0; i < needle.length; i++) hash = Math.imul(hash ^ needle.charCodeAt(i), 16777619);
  return (hash >>> 0) % BUCKETS;
}
function fileTag(stat) {
  return `${stat.dev}:${stat.ino}`;
}
function readAt(fd, buffer, position) {
  let filled = 0;
  while (filled < buffer.length) {
    const n = (0, import_node_fs12.readSync)(fd, buffer, filled, buffer.length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}
function prefixFingerprint(fd, covered) {
  const headLength = Math.min(HEAD_BYTES, covered);
  const tailLength = Math.min(TAIL_BYTES, covered);
  const bytes = Buffer.alloc(headLength + tailLength);
  readAt(fd, bytes.subarray(0, headLength), 0);
  readAt(fd, bytes.subarray(headLength), covered - tailLength);
  return bytes.toString("base64");
}
function openMeasurementIndex(storeDir) {
  let opened = null;
  try {
    opened = openRegularFile(measurementIndexPath(storeDir), import_node_fs12.constants.O_RDONLY);
    if (opened === null) return null;
    const prefix = Buffer.allocUnsafe(Math.min(PREFIX_BYTES, opened.stat.size));
    const length = readAt(opened.fd, prefix, 0);
    const marker = prefix.indexOf("\n@");
    if (length === prefix.length && prefix.subarray(0, HEADER_BYTES.length).equals(HEADER_BYTES) && marker !== -1 && marker + 2 + BUCKETS * ENTRY < prefix.length && prefix[marker + 2 + BUCKETS * ENTRY] === NEWLINE)
      return { fd: opened.fd, size: opened.stat.size, prefix, table: marker + 2 };
  } catch {
  }
  if (opened !== null) (0, import_node_fs12.closeSync)(opened.fd);
  return null;
}
function closeMeasurementIndex(index) {
  (0, import_node_fs12.closeSync)(index.fd);
}
function validCoverage(index, fd, stat) {
  const key = `
#${fileTag(stat)}	`;
  const at = index.prefix.indexOf(key);
  if (at === -1 || at >= index.table) return null;
  const end = index.prefix.indexOf(NEWLINE, at + key.length);
  const [coveredText, fingerprint] = index.prefix.toString("latin1", at + key.length, end).split("	");
  const covered = wholeNumber(coveredText);
  if (covered === null || covered > stat.size) return null;
  return prefixFingerprint(fd, covered) === fingerprint ? covered : null;
}
function wholeNumber(text) {
  if (text === void 0 || text === "") return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 0 && String(n) === text ? n : null;
}
function indexedLines(index, fd, stat, needle) {
  const covered = validCoverage(index, fd, stat);
  if (covered === null) return null;
  const bucket = readBucket(index, bucketOf(needle));
  if (bucket === null) return null;
  const key = Buffer.from(`${fileTag(stat)}	${needle}	`);
  const needleBytes = Buffer.from(needle);
  const lines = [];
  let previousEnd = 0;
  for (let at = bucket.indexOf(key); at !== -1; at = bucket.indexOf(key, at + 1)) {
    if (at > 0 && bucket[at - 1] !== NEWLINE) continue;
    const end = bucket.indexOf(NEWLINE, at);
    for (const part of bucket.toString("latin1", at + key.length, end === -1 ? bucket.length : end).split(",")) {
      const offset = wholeNumber(part);
      if (offset === null || offset < previousEnd) return null;
      const line = lineAt(fd, offset, covered);
      if (line === null || line.indexOf(needleBytes) === -1) return null;
      lines.push(line.toString("utf8"));
      previousEnd = offset + line.length + 1;
    }
  }
  return { covered, lines };
}
function lineAt(fd, offset, covered) {
  const from = offset === 0 ? 0 : offset - 1;
  let length = Math.min(2048, covered - from);
  for (; ; ) {
    if (length <= 0) return null;
    const bytes = Buffer.allocUnsafe(length);
    if (readAt(fd, bytes, from) !== length) return null;
    if (offset > 0 && bytes[0] !== NEWLINE) return null;
    const start = offset - from;
    const newline = bytes.indexOf(NEWLINE, start);
    if (newline !== -1) return newline - start > LOG_LINE_MAX_BYTES ? null : bytes.subarray(start, newline);
    const longest = Math.min(start + LOG_LINE_MAX_BYTES + 1, covered - from);
    if (length >= longest) return null;
    length = longest;
  }
}
function readBucket(index, number) {
  const entry = index.table + number * ENTRY;
  const start = Number.parseInt(index.prefix.toString("latin1", entry, entry + 8), 16);
  const length = Number.parseInt(index.prefix.toString("latin1", entry + 8, entry + 16), 16);
  if (!(start >= 0 && length >= 0 && start + 2 * length <= index.size)) return null;
  const both = Buffer.allocUnsafe(2 * length);
  if (readAt(index.fd, both, start) !== 2 * length) return null;
  const bucket = both.subarray(0, length);
  const name = bucketName(number);
  if (!bucket.equals(both.subarray(length)) || bucket.toString("latin1", 0, name.length) !== name) return null;
  return bucket.subarray(name.length);
}
function bucketName(number) {
  return `=${number}
`;
}

// src/core/measure/freshness-events.ts
var isCount = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0;
var isText = (v) => typeof v === "string" && v !== "";
function isFreshnessEvent(d) {
  if (!isText(d.instance) || !isText(d.projectId) || !isText(d.threadId)) return false;
  switch (d.kind) {
    case "summaryWrite":
      return d.sessionId === null && (d.via === "summary_update" || d.via === "merge" || d.via === "status");
    case "freshnessMark":
      return typeof d.sessionId === "string" && (d.mark === "baseline" || d.mark === "nudge") && isCount(d.contextTokens) && (d.level === void 0 || isCount(d.level));
    case "staleness":
      return typeof d.sessionId === "string" && (d.restart === "clear" || d.restart === "compact") && (d.contextTokens === null || isCount(d.contextTokens)) && (d.sinceWriteTokens === null || isCount(d.sinceWriteTokens)) && typeof d.written === "boolean" && typeof d.stale === "boolean" && isCount(d.threshold) && (d.lastWriteAt === null || typeof d.lastWriteAt === "string") && (d.transcriptPath === void 0 || typeof d.transcriptPath === "string");
    default:
      return false;
  }
}

// src/core/format-count.ts
function formatCount(n) {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// src/core/measure/recall-events.ts
var isStr = (v) => typeof v === "string";
var isCount2 = (v) => Number.isSafeInteger(v) && v >= 0;
var optional = (v, is) => v === void 0 || is(v);
function isRecallLogEvent(d) {
  if (!isStr(d.instance) || d.agentId !== void 0 && !isStr(d.agentId)) return false;
  switch (d.kind) {
    case "recall":
      return isStr(d.file) && Array.isArray(d.threads) && d.threads.every(isStr) && isCount2(d.chars) && isCount2(d.tokens) && optional(d.toolUseId, isStr) && optional(d.fingerprint, isStr) && optional(d.transcriptOffset, isCount2);
    case "fileEdit":
      return isStr(d.file);
    case "subagentContext":
      return isStr(d.agentId) && isStr(d.projectId) && isStr(d.threadId) && isCount2(d.chars) && isCount2(d.tokens) && optional(d.fingerprint, isStr);
    default:
      return false;
  }
}

// src/core/measure/measurement-log-read.ts
var READ_MAX_BYTES = 8 * 1024 * 1024;
var KINDS = /* @__PURE__ */ new Set([
  "sessionEnd",
  "preCompact",
  "injection",
  "receipt",
  "hookSeen",
  "conversation",
  "summaryWrite",
  "freshnessMark",
  "staleness",
  "recall",
  "fileEdit",
  "subagentContext"
]);
var RECEIPTS = /* @__PURE__ */ new Set(["delivered", "preview", "missing"]);
function isSizeRecord(r) {
  return typeof r.at === "string" && typeof r.sessionId === "string" && typeof r.reason === "string" && (r.contextTokens === null || typeof r.contextTokens === "number");
}
function isInjectionRecord(r) {
  return typeof r.at === "string" && typeof r.sessionId === "string" && typeof r.source === "string" && typeof r.threadId === "string" && typeof r.contentHash === "string" && typeof r.chars === "number" && typeof r.tokens === "number";
}
function isHookSeenRecord(r) {
  return typeof r.at === "string" && typeof r.sessionId === "string" && typeof r.event === "string";
}
function parseEventLine(line) {
  let data;
  try {
    data = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const d = data;
  if (typeof d.kind !== "string" || !KINDS.has(d.kind)) return null;
  if (typeof d.at !== "string" || typeof d.sessionId !== "string" && d.kind !== "summaryWrite") return null;
  switch (d.kind) {
    case "sessionEnd":
    case "preCompact":
      return isSizeRecord(d) ? d : null;
    case "injection":
      return isInjectionRecord(d) && (d.transcriptOffset === void 0 || Number.isInteger(d.transcriptOffset) && d.transcriptOffset >= 0) && (d.fingerprint === void 0 || typeof d.fingerprint === "string") ? d : null;
    case "receipt":
      return typeof d.injectionAt === "string" && typeof d.contentHash === "string" && RECEIPTS.has(d.receipt) && (d.firstRequestTokens === void 0 || isCount(d.firstRequestTokens)) ? d : null;
    case "hookSeen":
      return isHookSeenRecord(d) ? d : null;
    case "conversation":
      return isValidId(d.projectId) && isValidId(d.threadId) && (d.instance === void 0 || typeof d.instance === "string") ? d : null;
    case "summaryWrite":
    case "freshnessMark":
    case "staleness":
      return isFreshnessEvent(d) ? d : null;
    case "recall":
    case "fileEdit":
    case "subagentContext":
      return isRecallLogEvent(d) ? d : null;
  }
}
function sessionEvents(storeDir, sessionId) {
  const events = [];
  keyedEvents(storeDir, sessionNeedle(sessionId), (event) => {
    if (event.sessionId === sessionId) events.push(event);
  });
  return events;
}
function scanEvents(storeDir, needle, onEvent) {
  const bytes = Buffer.from(needle, "utf8");
  forEachLogFile(
    storeDir,
    (fd, size) => scanLines(fd, size, Math.max(0, size - READ_MAX_BYTES), [bytes], (line) => emit(line, onEvent))
  );
}
function logBytesOf(paths) {
  return paths.reduce((total, path) => total + ((0, import_node_fs13.lstatSync)(path, { throwIfNoEntry: false })?.size ?? 0), 0);
}
function emit(line, onEvent) {
  const event = parseEventLine(line);
  if (event !== null) onEvent(event);
}
var INDEX_MIN_LOG_BYTES = 1024 * 1024;
var behindStores = /* @__PURE__ */ new Set();
function keyedEvents(storeDir, needle, onEvent) {
  const paths = measurementLogPaths(storeDir);
  if (logBytesOf(paths) < INDEX_MIN_LOG_BYTES) {
    scanEvents(storeDir, needle, onEvent);
    return;
  }
  const bytes = Buffer.from(needle, "utf8");
  const index = openMeasurementIndex(storeDir);
  let behind = false;
  try {
    forEachLogFile(storeDir, (fd, size, stat) => {
      const known = index === null || size > READ_MAX_BYTES ? null : indexedLines(index, fd, stat, needle);
      if (known !== null) for (const line of known.lines) emit(line, onEvent);
      const from = known?.covered ?? Math.max(0, size - READ_MAX_BYTES);
      if (size <= READ_MAX_BYTES && size - from > INDEX_BEHIND_BYTES) behind = true;
      scanLines(fd, size, from, [bytes], (line) => emit(line, onEvent));
    });
  } finally {
    if (index !== null) closeMeasurementIndex(index);
  }
  if (behind) behindStores.add(storeDir);
}
var scanBuffer = null;
var SCAN_BUFFER_BYTES = LOG_LINE_MAX_BYTES + 1;
function scanLines(fd, size, position, needles, onLine) {
  if (position >= size) return;
  scanBuffer ??= Buffer.allocUnsafe(SCAN_BUFFER_BYTES);
  const buffer = scanBuffer;
  let held = 0;
  let skippingLongLine = false;
  for (; ; ) {
    const n = (0, import_node_fs13.readSync)(fd, buffer, held, buffer.length - held, position);
    position += n;
    const filled = held + n;
    const lastNewline = n === 0 ? filled : buffer.lastIndexOf(10, filled - 1);
    const complete = lastNewline === -1 ? 0 : lastNewline;
    let first = 0;
    if (skippingLongLine) {
      const end = buffer.indexOf(10, 0);
      if (end === -1 || end > complete) first = complete;
      else {
        first = end + 1;
        skippingLongLine = false;
      }
    }
    for (let which = 0; which < needles.length; which++)
      linesHolding(buffer, needles[which], first, complete, (line) => onLine(line, which));
    if (n === 0) return;
    const rest = filled - (lastNewline === -1 ? 0 : lastNewline + 1);
    if (lastNewline === -1 && rest === buffer.length) {
      held = 0;
      skippingLongLine = true;
    } else {
      buffer.copyWithin(0, filled - rest, filled);
      held = rest;
    }
  }
}
function lastConversation(events, instance) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === "conversation" && (instance === void 0 || e.instance === instance))
      return { projectId: e.projectId, threadId: e.threadId, instance: e.instance ?? null };
  }
  return null;
}
function linesHolding(bytes, needle, from, end, onLine) {
  for (let hit = bytes.indexOf(needle, from); hit !== -1 && hit < end; hit = bytes.indexOf(needle, from)) {
    const start = bytes.lastIndexOf(10, hit) + 1;
    const newline = bytes.indexOf(10, hit);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    onLine(bytes.toString("utf8", Math.max(start, from), lineEnd));
    from = lineEnd + 1;
  }
}
function instanceEvents(storeDir, instance) {
  const events = [];
  keyedEvents(storeDir, instanceNeedle(instance), (event) => {
    if ("instance" in event && event.instance === instance) events.push(event);
  });
  return events;
}
var RECENT_BYTES = 64 * 1024;
function sinceLastConversation(events) {
  for (let i = events.length - 1; i >= 0; i--) if (events[i].kind === "conversation") return events.slice(i);
  return null;
}
function instanceEventsSinceConversation(storeDir, instance) {
  const needle = Buffer.from(instanceNeedle(instance), "utf8");
  const recent = [];
  const own = (event) => {
    if ("instance" in event && event.instance === instance) recent.push(event);
  };
  openLog(measurementLogPath(storeDir), (fd, size) => {
    const from = Math.max(0, size - RECENT_BYTES);
    const bytes = Buffer.allocUnsafe(size - from);
    const window = bytes.subarray(0, readAt(fd, bytes, from));
    const at = from === 0 ? 0 : window.indexOf(10) + 1;
    if (at === 0 && from !== 0) return;
    linesHolding(window, needle, at, window.length, (line) => emit(line, own));
  });
  return sinceLastConversation(recent) ?? (() => {
    const all = instanceEvents(storeDir, instance);
    return sinceLastConversation(all) ?? all;
  })();
}

// src/core/write-stdout.ts
var import_node_fs14 = require("fs");
function writeStdout(text) {
  const bytes = Buffer.from(text, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += (0, import_node_fs14.writeSync)(1, bytes, written, bytes.length - written);
    return Promise.resolve();
  } catch (e) {
    if (errnoCode(e) !== "EAGAIN") return Promise.resolve();
  }
  return new Promise((resolve5) => {
    process.stdout.write(bytes.subarray(written), () => resolve5());
  });
}

// src/hooks/hook-output.ts
var CONTEXT_EVENTS = /* @__PURE__ */ new Set(["SessionStart", "UserPromptSubmit", "PreToolUse", "SubagentStart"]);
function renderHookOutput(event, output) {
  const json = {};
  if (output.userMessage) json.systemMessage = oneLine(output.userMessage);
  if (output.additionalContext !== void 0 && CONTEXT_EVENTS.has(event)) {
    json.hookSpecificOutput = { hookEventName: event, additionalContext: output.additionalContext };
  }
  return Object.keys(json).length === 0 ? null : JSON.stringify(json);
}
function oneLine(text) {
  return text.replace(/\s*[\r\n\u2028\u2029]\s*/g, " ");
}
function writeHookOutput(event, output) {
  const text = renderHookOutput(event, output);
  if (text === null) return Promise.resolve();
  return writeStdout(`${text}
`);
}
function failureLine(what, error) {
  const reason = error instanceof Error ? error.message : String(error);
  const short = reason.length > 300 ? `${reason.slice(0, 300)}\u2026` : reason;
  return `ThreadMind: ${what}: ${short.replace(/\s*\n\s*/g, " ")}`;
}

// src/hooks/hooks-build.ts
function hooksBuild() {
  try {
    return hooksBuildIn(__dirname);
  } catch {
    return null;
  }
}

// src/hooks/start-record.ts
var import_node_fs15 = require("fs");

// src/core/clock.ts
var last = 0;
function nextTimestamp(after) {
  let t = Date.now();
  const floor = after ? Date.parse(after) : Number.NaN;
  if (!Number.isNaN(floor) && t <= floor) t = floor + 1;
  if (t <= last) t = last + 1;
  last = t;
  return isoTimestamp(t);
}
function pad(n, width) {
  return String(n).padStart(width, "0");
}
function isoTimestamp(ms) {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return d.toISOString();
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}

// src/core/conversation-threads.ts
function conversationEvent(sessionId, projectId, threadId, instance) {
  return { kind: "conversation", at: nextTimestamp(), sessionId, projectId, threadId, instance: instance.key };
}
function conversationThread(state, sessionId, events) {
  const logged = lastConversation(events);
  if (logged) return logged;
  const legacy = state.conversations[sessionId];
  return legacy ? { projectId: legacy.projectId, threadId: legacy.threadId, instance: null } : null;
}
function sessionThread(state, session) {
  const mine = state.sessions[session.key];
  return mine?.projectId && mine.threadId ? { projectId: mine.projectId, threadId: mine.threadId, instance: session.key } : null;
}
function mustAdopt(conversation, session) {
  return conversation.instance !== session.key;
}
function resumedConversationToAdopt(state, session, events, sessionId) {
  if (sessionThread(state, session) !== null) return null;
  const conversation = conversationThread(state, sessionId, events);
  return conversation !== null && mustAdopt(conversation, session) ? conversation : null;
}

// src/hooks/start-record.ts
init_text_fingerprint();

// src/agents/context-cap.ts
function cutNote(cap) {
  return `\u2026(ThreadMind: the rest of this context was left out to fit the agent's ${capWords(cap)} cap; thread_get gives it whole.)`;
}
function fitToCap(cap, text) {
  if (sizeInCapUnit(cap, text) <= cap.limit) return { text, cut: false };
  const note = `
${cutNote(cap)}`;
  const room = cap.limit - sizeInCapUnit(cap, note);
  let used = 0;
  let keptEnd = 0;
  let lineStart = 0;
  for (; ; ) {
    const newline = text.indexOf("\n", lineStart);
    const end = newline === -1 ? text.length : newline;
    const size = sizeInCapUnit(cap, text.slice(lineStart, end)) + (lineStart === 0 ? 0 : 1);
    if (used + size > room) break;
    used += size;
    keptEnd = end;
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (keptEnd === 0) {
    let at = 0;
    for (const ch of text) {
      const size = sizeInCapUnit(cap, ch);
      if (ch === "\n" || used + size > room) break;
      used += size;
      at += ch.length;
    }
    keptEnd = at;
  }
  return { text: `${text.slice(0, keptEnd)}${note}`, cut: true };
}

// src/hooks/start-record.ts
async function fittedStart(input, start) {
  const agent = profileOfHook(input);
  const fitted = fitToCap(agent.contextCap, start.text);
  if (!fitted.cut) return start;
  const { contentHash: contentHash2 } = await Promise.resolve().then(() => (init_content_hash(), content_hash_exports));
  const line = `ThreadMind: context cut to fit ${agent.name}'s ${capWords(agent.contextCap)} cap.`;
  return {
    ...start,
    text: fitted.text,
    contentHash: contentHash2(fitted.text),
    fingerprint: textFingerprint(fitted.text),
    tokens: Math.round(start.tokens * fitted.text.length / Math.max(1, start.text.length)),
    userMessage: start.userMessage === null ? line : `${start.userMessage} ${line}`
  };
}
function transcriptOffset(path) {
  try {
    const stat = (0, import_node_fs15.statSync)(path, { throwIfNoEntry: false });
    if (stat === void 0) return { transcriptOffset: 0 };
    return stat.isFile() ? { transcriptOffset: stat.size } : {};
  } catch {
    return {};
  }
}
function startEvents(input, session, source, projectId, threadId, start) {
  return [
    {
      kind: "injection",
      at: nextTimestamp(),
      sessionId: input.sessionId,
      source,
      projectId,
      threadId,
      chars: start.text.length,
      tokens: start.tokens,
      omitted: start.omitted,
      contentHash: start.contentHash,
      fingerprint: start.fingerprint,
      ...input.transcriptPath ? { transcriptPath: input.transcriptPath, ...transcriptOffset(input.transcriptPath) } : {}
    },
    { kind: "hookSeen", at: nextTimestamp(), event: `SessionStart:${source}`, sessionId: input.sessionId },
    conversationEvent(input.sessionId, projectId, threadId, session)
  ];
}
function startOutput(start, extra) {
  const lines = [...start.userMessage !== null ? [start.userMessage] : [], ...extra];
  const output = { additionalContext: start.text };
  if (lines.length > 0) output.userMessage = lines.join(" ");
  return output;
}

// src/core/context/context-header.ts
var CHARACTER_CAP = 1e4;

// src/hooks/freshness-start.ts
function restartRecord(events, input, source) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === "conversation") return null;
    if (e.kind !== "staleness") continue;
    if (e.restart !== source) return null;
    return source === "compact" === (e.sessionId === input.sessionId) ? e : null;
  }
  return null;
}
function about(tokens) {
  return `~${formatCount(Math.round(tokens / 100) * 100)}`;
}
var two = (n) => String(n).padStart(2, "0");
function zonedTime(iso) {
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return null;
  const offset = -t.getTimezoneOffset();
  const zone = `UTC${offset < 0 ? "-" : "+"}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())} ${two(t.getHours())}:${two(t.getMinutes())} ${zone}`;
}
function threadName(start, threadId) {
  const firstLine = start.text.slice(0, start.text.indexOf("\n") === -1 ? void 0 : start.text.indexOf("\n"));
  const suffix = `" (${threadId}).`;
  const at = firstLine.indexOf(suffix);
  const opening = firstLine.indexOf(': the context of thread "');
  return at > opening && opening !== -1 ? firstLine.slice(opening + ': the context of thread "'.length, at) : threadId;
}
function restartNotice(record2, start) {
  if (record2 === null || !record2.stale || record2.sinceWriteTokens === null) return null;
  const name = threadName(start, record2.threadId);
  const behind = about(record2.sinceWriteTokens);
  if (record2.restart === "compact") {
    return {
      contextLine: `ThreadMind: this conversation was compacted while the summary of thread "${name}" was ${behind} tokens behind: fold what was decided since its last update into the thread now (summary_update).`,
      userLine: null
    };
  }
  const time = record2.lastWriteAt === null ? null : zonedTime(record2.lastWriteAt);
  const last3 = time === null ? "never written by this window" : `last written ${time}`;
  const transcript = record2.transcriptPath ?? "unknown";
  const grew = record2.written ? `grew ${behind} tokens after it last updated the summary of '${name}' (${last3})` : `grew ${behind} tokens without updating the summary of '${name}' (${last3})`;
  return {
    userLine: `ThreadMind: the cleared conversation ${grew}; decisions made since may be missing. Transcript: ${transcript}`,
    contextLine: `ThreadMind: the previous conversation was cleared while the summary of thread "${name}" was ${behind} tokens behind (last written ${record2.lastWriteAt ?? "never, by that window"}). Its transcript: ${transcript}. If the user asks what was decided there, read back its last part and record it with summary_update.`
  };
}
async function withRestartNotice(start, notice, input) {
  if (notice === null) return { start, userLines: [] };
  const userLines = notice.userLine !== null ? [notice.userLine] : [];
  const text = `${start.text}

${notice.contextLine}`;
  if (text.length > CHARACTER_CAP) {
    userLines.push(
      `ThreadMind: the ${input.source === "compact" ? "compacted" : "cleared"} conversation had not updated the thread's summary; the note to the model did not fit in the context (${formatCount(CHARACTER_CAP)} characters).`
    );
    return { start, userLines };
  }
  const { contentHash: contentHash2 } = await Promise.resolve().then(() => (init_content_hash(), content_hash_exports));
  const { textFingerprint: textFingerprint2 } = await Promise.resolve().then(() => (init_text_fingerprint(), text_fingerprint_exports));
  return {
    start: {
      ...start,
      text,
      contentHash: contentHash2(text),
      fingerprint: textFingerprint2(text),
      tokens: start.tokens + Math.ceil(notice.contextLine.length / 3.5)
    },
    userLines
  };
}
function startAfterRestart(start, events, input, source) {
  return withRestartNotice(start, events === null ? null : restartNotice(restartRecord(events, input, source), start), input);
}

// src/hooks/hook-fast-store.ts
var import_node_fs19 = require("fs");
var import_node_path14 = require("path");

// src/core/store/local-state.ts
var import_node_path12 = require("path");

// src/core/limits.ts
var LIMITS = {
  idLength: 64,
  titleChars: 200,
  summaryChars: 32e3,
  sectionChars: 16e3,
  systemContextChars: 8e3,
  reasonChars: 2e3,
  pathsCount: 100,
  pathChars: 500,
  relatedCount: 50,
  /** A thread file larger than this is reported as damaged instead of being read. */
  threadFileBytes: 1e6,
  /** Item files per section folder of a thread (format 2): more is reported as damaged instead of being read. */
  sectionItems: 1e3,
  /** An item file larger than this is reported as damaged instead of being read. */
  itemFileBytes: 1e5,
  /** Entries directly in a thread folder (thread.md, the section, paths and related folders, anything left beside them). */
  threadFolderEntries: 64,
  /** A local state file larger than this is set aside instead of being parsed. */
  localStateBytes: 4e6
};

// src/core/store/local-state.ts
function emptyLocalState() {
  return { version: 1, branches: {}, sessions: {}, conversations: {}, measurements: emptyMeasurements(), legacyAuthorIds: [] };
}
function localStatePath(storeDir) {
  return (0, import_node_path12.join)(storeDir, "config.json");
}
function readLocalState(storeDir) {
  const path = localStatePath(storeDir);
  let text;
  try {
    text = readTextStrict(path, LIMITS.localStateBytes);
  } catch (e) {
    return { state: emptyLocalState(), problem: e instanceof UnreadableFileError ? e.reason : String(e) };
  }
  if (text === null) return { state: emptyLocalState() };
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { state: emptyLocalState(), problem: `invalid JSON (${e.message})` };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { state: emptyLocalState(), problem: "is not a JSON object" };
  }
  return { state: normalize(data) };
}
function normalize(d) {
  const state = emptyLocalState();
  if (typeof d.lastProjectId === "string") state.lastProjectId = d.lastProjectId;
  else if (typeof d.activeProjectId === "string") state.lastProjectId = d.activeProjectId;
  if (typeof d.activeProjectId === "string" && typeof d.activeThreadId === "string" && isValidId(d.activeThreadId)) {
    state.legacyActiveThread = { projectId: d.activeProjectId, threadId: d.activeThreadId };
  }
  const legacy = [...Array.isArray(d.legacyAuthorIds) ? d.legacyAuthorIds : [], d.author].filter(isValidId);
  state.legacyAuthorIds = [...new Set(legacy)];
  if (isRecord(d.branches)) {
    for (const [branch, perProject] of Object.entries(d.branches)) {
      if (!isRecord(perProject)) continue;
      const entries = Object.entries(perProject).filter(
        (e) => isValidId(e[0]) && typeof e[1] === "string" && isValidId(e[1])
      );
      state.branches[branch] = Object.fromEntries(entries);
    }
  }
  if (isRecord(d.sessions)) {
    for (const [key, s] of Object.entries(d.sessions)) {
      if (!isRecord(s)) continue;
      const session = { updatedAt: typeof s.updatedAt === "string" ? s.updatedAt : "" };
      if (isValidId(s.projectId)) session.projectId = s.projectId;
      if (isValidId(s.threadId)) session.threadId = s.threadId;
      if (typeof s.pid === "number") session.pid = s.pid;
      state.sessions[key] = session;
    }
  }
  if (isRecord(d.conversations)) {
    for (const [sessionId, c] of Object.entries(d.conversations)) {
      if (!isRecord(c) || !isValidId(c.projectId) || !isValidId(c.threadId)) continue;
      state.conversations[sessionId] = { projectId: c.projectId, threadId: c.threadId, at: typeof c.at === "string" ? c.at : "" };
    }
  }
  if (isRecord(d.measurements)) {
    const m = d.measurements;
    for (const key of Object.keys(state.measurements)) {
      const list = m[key];
      if (Array.isArray(list)) state.measurements[key] = list.filter(isRecord);
    }
  }
  return state;
}

// src/core/store/store-dir.ts
var import_node_fs16 = require("fs");
function storeDirState(storeDir) {
  let stat;
  try {
    stat = (0, import_node_fs16.lstatSync)(storeDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return "absent";
    return { problem: `cannot be examined (${messageOf(e)})` };
  }
  if (stat.isSymbolicLink()) return { problem: "is a symbolic link" };
  if (!stat.isDirectory()) return { problem: "is not a directory" };
  return "directory";
}

// src/core/workspace.ts
var import_node_fs17 = require("fs");
var import_node_path13 = require("path");
var import_node_url = require("url");
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = (0, import_node_path13.resolve)(dir);
  const stop = gitTop ? (0, import_node_path13.resolve)(gitTop) : current;
  for (; ; ) {
    if (isDirectory((0, import_node_path13.join)(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = (0, import_node_path13.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom((0, import_node_path13.resolve)(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom((0, import_node_path13.resolve)(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom((0, import_node_path13.resolve)(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: (0, import_node_path13.join)(root, STORE_DIR_NAME), gitTop, source };
}
function rootToPath(uri) {
  if (uri.startsWith("file://")) {
    try {
      return (0, import_node_url.fileURLToPath)(uri);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") ? uri : null;
}
function isDirectory(path) {
  try {
    return (0, import_node_fs17.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function storeExists(ws) {
  return (0, import_node_fs17.existsSync)(ws.storeDir);
}

// src/hooks/hook-workspace.ts
var fromEnv = null;
var last2 = null;
function setWorkspaceFromEnv(workspace) {
  fromEnv = workspace;
}
function hookWorkspace(env, cwd) {
  if (fromEnv !== null && env === process.env) return fromEnv;
  if (last2 !== null && last2.env === env && last2.cwd === cwd) return last2.workspace;
  const workspace = resolveWorkspace({ env, cwd });
  last2 = { env, cwd, workspace };
  return workspace;
}

// src/core/store/project-ids.ts
var import_node_fs18 = require("fs");
function projectIdsIn(dir) {
  return (0, import_node_fs18.readdirSync)(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}

// src/hooks/hook-fast-store.ts
function fastStore(input, env) {
  const workspace = hookWorkspace(env, input.cwd);
  const storeDir = workspace.storeDir;
  if (storeDirState(storeDir) !== "directory") return null;
  if ((0, import_node_fs19.existsSync)((0, import_node_path14.join)(storeDir, "trees")) || !(0, import_node_fs19.existsSync)(measurementLogPath(storeDir))) return null;
  const { state, problem } = readLocalState(storeDir);
  if (problem !== void 0) return null;
  return { storeDir, gitTop: workspace.gitTop, state, root: workspace.root };
}
function projectIds(storeDir) {
  const dir = (0, import_node_path14.join)(storeDir, "projects");
  try {
    if ((0, import_node_fs19.lstatSync)(dir).isSymbolicLink()) return null;
    return projectIdsIn(dir);
  } catch {
    return null;
  }
}
async function record(storeDir, events, rotate) {
  if (appendMeasurementEvents(storeDir, events) > LOG_ROTATE_BYTES) await rotate();
}
var sessionOnly = (storeDir, sessionId) => ({
  logged: sessionEvents(storeDir, sessionId),
  instanceLogged: null
});
function fastConversation(input, env, lookup = sessionOnly) {
  const store = fastStore(input, env);
  if (store === null) return null;
  const session = hookSessionOr(env, input);
  const { logged, instanceLogged } = lookup(store.storeDir, input.sessionId, session);
  if (resumedConversationToAdopt(store.state, session, logged, input.sessionId) !== null) return null;
  return { store, session, logged, instanceLogged };
}

// src/hooks/hook-fast-start.ts
function fastResume(input, env) {
  return fastConversation(input, env) === null ? null : {};
}
function startOnBranch(storeDir, ids, state, sessionKey, branch, exists) {
  const projectId = ids === null ? null : chooseProjectId(ids, state, sessionKey);
  const key = branch();
  if (projectId === null || key === null) return null;
  const threadId = branchStart(storeDir, projectId, key);
  return threadId === null || !exists(projectId, threadId) ? null : { projectId, threadId, own: false, lost: null };
}
async function fastSessionStart(input, env, rotate) {
  const source = input.source ?? "startup";
  if (source === "resume") return fastResume(input, env);
  if (source !== "startup" && source !== "clear" && source !== "compact") return null;
  const builtBy = hooksBuild();
  if (builtBy === null) return null;
  const store = fastStore(input, env);
  if (store === null) return null;
  const session = hookSessionOr(env, input);
  let events = null;
  if (source !== "startup") {
    try {
      events = instanceEventsSinceConversation(store.storeDir, session.key);
    } catch {
      return null;
    }
  }
  const followed = () => events === null ? null : lastConversation(events, session.key);
  const branch = () => startKey(store.gitTop);
  const exists = (projectId2, threadId2) => threadFileExists(store.storeDir, projectId2, threadId2);
  const ids = projectIds(store.storeDir);
  const ref = sessionThreadRef(ids, store.state, session.key, followed, branch, exists) ?? (source === "startup" ? startOnBranch(store.storeDir, ids, store.state, session.key, branch, exists) : null);
  if (ref === null || ref.lost !== null || !isValidId(ref.projectId) || !isValidId(ref.threadId)) return null;
  const { projectId, threadId } = ref;
  const entry = readContextCacheEntry(store.storeDir, projectId, threadId);
  const checkedFromMs = Date.now();
  if (entry === null || !entryStillValid(entry, store.storeDir, builtBy, () => headCommitFromWorkTree(store.gitTop))) return null;
  if (checksSettled(entry, checkedFromMs)) {
    try {
      dropSettledChecks(store.storeDir, entry);
    } catch {
    }
  }
  if (!ref.own && entry.threadStatus !== "active") return null;
  const start = entry.starts[source];
  if (start === void 0) return null;
  const noticed = await startAfterRestart(start, events, input, source);
  const sent = await fittedStart(input, noticed.start);
  const failures = [];
  try {
    await record(store.storeDir, startEvents(input, session, source, projectId, threadId, sent), rotate);
  } catch (e) {
    failures.push(failureLine("context loaded, but the injection could not be recorded", e));
  }
  return startOutput(sent, [...noticed.userLines, ...failures]);
}

// src/hooks/hook-input.ts
var import_node_fs20 = require("fs");
var MAX_INPUT_BYTES = 1e6;
var HookInputTooLargeError = class extends Error {
  constructor() {
    super("hook input larger than 1 MB");
  }
};
function readStdin(timeoutMs) {
  let first;
  try {
    first = readStdinBlocking();
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
  return first.done ? Promise.resolve(first.text) : readStdinStream(timeoutMs, first.bytes);
}
function isCompleteJson(text) {
  if (!text.trimEnd().endsWith("}")) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
function readStdinBlocking() {
  let stat;
  try {
    stat = (0, import_node_fs20.fstatSync)(0);
  } catch (e) {
    if (errnoCode(e) === "EBADF") return { done: true, text: "" };
    throw e;
  }
  if (stat.isCharacterDevice()) return { done: true, text: "" };
  const chunks = [];
  let size = 0;
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (; ; ) {
    let n;
    try {
      n = (0, import_node_fs20.readSync)(0, buffer, 0, buffer.length, null);
    } catch (e) {
      if (errnoCode(e) === "EAGAIN") return { done: false, bytes: Buffer.concat(chunks) };
      if (errnoCode(e) === "EOF") return { done: true, text: Buffer.concat(chunks).toString("utf8") };
      throw e;
    }
    if (n === 0) return { done: true, text: Buffer.concat(chunks).toString("utf8") };
    size += n;
    if (size > MAX_INPUT_BYTES) throw new HookInputTooLargeError();
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    const text = Buffer.concat(chunks).toString("utf8");
    if (isCompleteJson(text)) return { done: true, text };
  }
}
function readStdinStream(timeoutMs, already) {
  return new Promise((resolve5, reject) => {
    const chunks = [already];
    let size = already.length;
    const timer = setTimeout(() => finish(new Error(`no complete hook input on stdin within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error) => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      if (error) reject(error);
      else resolve5(Buffer.concat(chunks).toString("utf8"));
    };
    process.stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) finish(new HookInputTooLargeError());
      else {
        chunks.push(chunk);
        if (isCompleteJson(Buffer.concat(chunks).toString("utf8"))) finish();
      }
    });
    process.stdin.on("end", () => finish());
    process.stdin.on("error", (e) => finish(e));
  });
}
function parseHookInput(text, fallbackCwd) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("hook input is not JSON");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new Error("hook input is not a JSON object");
  const d = data;
  const str = (key) => typeof d[key] === "string" && d[key] !== "" ? d[key] : null;
  return {
    sessionId: str("session_id") ?? "unknown",
    transcriptPath: str("transcript_path"),
    cwd: str("cwd") ?? fallbackCwd,
    event: str("hook_event_name") ?? "",
    source: str("source"),
    reason: str("reason"),
    trigger: str("trigger"),
    prompt: str("prompt"),
    toolName: str("tool_name"),
    toolFilePath: toolFilePath(d.tool_input),
    toolUseId: str("tool_use_id"),
    agentId: str("agent_id")
  };
}
function toolFilePath(toolInput) {
  if (typeof toolInput !== "object" || toolInput === null) return null;
  const t = toolInput;
  for (const key of ["file_path", "notebook_path"]) {
    const v = t[key];
    if (typeof v === "string" && v !== "" && v.length <= 4096) return v;
  }
  return null;
}

// src/hooks/hook-plans.ts
var PLANS = {
  "session-start": { event: "SessionStart", deadlineMs: 4e3, lockTimeoutMs: 1500 },
  // Claude Code kills SessionEnd hooks after about 1.5 s in total, node start-up included.
  "session-end": { event: "SessionEnd", deadlineMs: 1e3, lockTimeoutMs: 500 },
  "pre-compact": { event: "PreCompact", deadlineMs: 4e3, lockTimeoutMs: 1500 },
  // Runs before every prompt: never holds a prompt up for long, and never takes the lock (it only appends).
  "user-prompt-submit": { event: "UserPromptSubmit", deadlineMs: 1e3, lockTimeoutMs: 300 },
  // Runs before every file-changing tool call (point-of-action recall): never holds the tool up, never takes the lock.
  "pre-tool-use": { event: "PreToolUse", deadlineMs: 1e3, lockTimeoutMs: 0 },
  // Runs as each subagent starts (its lean context): never takes the lock.
  "subagent-start": { event: "SubagentStart", deadlineMs: 2e3, lockTimeoutMs: 0 }
};
function isHookName(name) {
  return name !== void 0 && Object.hasOwn(PLANS, name);
}

// src/hooks/store-precheck.ts
var import_node_fs21 = require("fs");
var import_node_path15 = require("path");
function workspaceMayHaveStore(inputCwd, env) {
  return storeExists(hookWorkspace(env, inputCwd));
}

// src/hooks/hook-runner.ts
async function runHookWith(name, entry, handle) {
  if (!isHookName(name)) {
    await writeHookOutput("", {
      userMessage: `ThreadMind: unknown hook "${name ?? ""}" (expected session-start, session-end, pre-compact, user-prompt-submit, pre-tool-use or subagent-start)`
    });
    return;
  }
  const plan = PLANS[name];
  const started = entry.startedAt;
  let timer;
  let arming;
  const deadline = new Promise((resolve5) => {
    const giveUp = () => resolve5(
      // Recall that cannot be made in time is left out silently (a line before every edit would only be noise; the
      // MCP server brings the path index up to date, see create-server.ts).
      name === "pre-tool-use" || name === "subagent-start" ? {} : {
        userMessage: `ThreadMind: ${plan.event} hook gave up after ${plan.deadlineMs} ms: its work did not finish in time (a locked store, a slow disk or a very large store); nothing was changed.`
      }
    );
    arming = setImmediate(() => {
      timer = setTimeout(giveUp, Math.max(0, plan.deadlineMs - (Date.now() - started)));
    });
  });
  const work = (async () => {
    try {
      const stdin = entry.stdin;
      if (stdin !== null && "error" in stdin) throw stdin.error;
      const input = stdin?.input ?? parseHookInput(stdin !== null ? stdin.text : await readStdin(Math.max(100, plan.deadlineMs - 200)), process.cwd());
      const lockTimeoutMs = Math.max(0, Math.min(plan.lockTimeoutMs, plan.deadlineMs - (Date.now() - started) - 100));
      return await handle(name, input, lockTimeoutMs);
    } catch (e) {
      if (name === "user-prompt-submit" && e instanceof HookInputTooLargeError) return {};
      return { userMessage: failureLine(`${plan.event} hook failed`, e) };
    }
  })();
  const output = await Promise.race([work, deadline]);
  clearImmediate(arming);
  clearTimeout(timer);
  await writeHookOutput(plan.event, output);
}

// src/hooks/main-run.ts
function withLine(output, line) {
  if (line === null) return output;
  return { ...output, userMessage: output.userMessage ? `${output.userMessage} ${line}` : line };
}
function guarded(check) {
  try {
    return check();
  } catch {
    return true;
  }
}
function hookMain(fast, startCheck) {
  let hooksProperLoaded = false;
  let ranPath = "other";
  function runPath2() {
    return hooksProperLoaded ? null : ranPath;
  }
  async function runHook2(name, facts) {
    const entry = { startedAt: facts.startedAt, stdin: null };
    setWorkspaceFromEnv(facts.workspace);
    if (isHookName(name)) {
      let input = null;
      try {
        const text = await readStdin(Math.max(100, PLANS[name].deadlineMs - 200));
        entry.stdin = { text };
        input = parseHookInput(text, process.cwd());
        entry.stdin.input = input;
      } catch (e) {
        if (entry.stdin === null) entry.stdin = { error: e };
      }
      const cwd = input?.cwd;
      if (facts.fromEnv === null && cwd !== void 0 && guarded(() => workspaceMayHaveStore(cwd, process.env)) === false) return;
    }
    await runHookWith(name, entry, async (hook, input, lockTimeoutMs) => {
      let loaded = null;
      const core = () => {
        hooksProperLoaded = true;
        loaded ??= facts.loadCore(hook);
        return loaded;
      };
      ranPath = hook === "session-start" ? `fast:${input.source ?? "startup"}` : "fast";
      const answered = await fast(hook, input, process.env, () => core().rotateMeasurementLog(input, lockTimeoutMs));
      const output = answered ?? await core().handle(hook, input, lockTimeoutMs);
      if (hook !== "session-start" || startCheck === null) return output;
      return withLine(output, startCheck(input, output));
    });
  }
  return { runPath: runPath2, runHook: runHook2 };
}

// src/hooks/team-git-check.ts
var import_node_fs29 = require("fs");
var import_node_path22 = require("path");

// src/core/git/unmerged-listing.ts
function parseUnmergedListing(out) {
  const byPath = /* @__PURE__ */ new Map();
  for (const record2 of out.split("\0")) {
    const m = /^\d+ [0-9a-f]+ ([123])\t(.+)$/s.exec(record2);
    if (!m) continue;
    const path = m[2];
    const entry = byPath.get(path) ?? { path, stages: /* @__PURE__ */ new Set() };
    entry.stages.add(Number(m[1]));
    byPath.set(path, entry);
  }
  return [...byPath.values()];
}

// src/core/merge/git-merge-driver.ts
var import_node_fs22 = require("fs");
var import_node_path16 = require("path");

// src/core/store/store-gitattributes.ts
var DRIVER_NAME = "threadmind";
var STORE_GITATTRIBUTES = `# ThreadMind: thread and project files merge by meaning (driver set up by \`thread-mind-mcp git-setup\` or the plugin)
threads/**/*.md merge=${DRIVER_NAME}
projects/*.json merge=${DRIVER_NAME}
`;

// src/core/merge/git-merge-driver.ts
var DRIVER_DESCRIPTION = "ThreadMind: merges thread and project files by meaning";
function shellQuote(path) {
  return `"${path.replace(/(["\\$`])/g, "\\$1")}"`;
}
function driverCommand(nodePath, cliPath) {
  return `${shellQuote(nodePath)} ${shellQuote(cliPath)} merge-file %O %A %B %P`;
}
function gitConfigPathIn(dotGit) {
  return (0, import_node_path16.join)(commonDir(dotGit), "config");
}
function parseValue(raw) {
  let out = "";
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\") {
      const n = raw[++i];
      out += n === "n" ? "\n" : n === "t" ? "	" : n === "b" ? "\b" : n ?? "";
    } else if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "#" || c === ";")) break;
    else out += c;
  }
  return quoted ? out : out.trim();
}
var SECTION = /^\s*\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/;
function findDriver(lines) {
  const entry = { sectionLine: null, driverLine: null, sectionEnd: lines.length, driver: null };
  let inSection = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const section = SECTION.exec(line);
    if (section) {
      if (inSection) {
        entry.sectionEnd = i;
        inSection = false;
      }
      if (section[1].toLowerCase() === "merge" && section[2]?.replace(/\\(.)/g, "$1") === DRIVER_NAME) {
        inSection = true;
        entry.sectionLine = i;
        entry.sectionEnd = lines.length;
      }
      continue;
    }
    if (!inSection) continue;
    const kv = /^\s*([A-Za-z][A-Za-z0-9-]*)\s*(?:=(.*))?$/.exec(line);
    if (kv && kv[1].toLowerCase() === "driver") {
      entry.driverLine = i;
      entry.driver = parseValue(kv[2] ?? "");
    }
  }
  return entry;
}
function readConfiguredDriver(configPath) {
  if (!(0, import_node_fs22.existsSync)(configPath)) return null;
  return findDriver((0, import_node_fs22.readFileSync)(configPath, "utf8").split("\n")).driver;
}
function driverState(configured, expected) {
  if (configured === null) return "missing";
  return configured === expected ? "ok" : "stale";
}
function configValue(value) {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}
function refreshDriverConfig(linkedPath, expected) {
  const before = driverState(readConfiguredDriver(linkedPath), expected);
  if (before === "ok") return before;
  const configPath = (0, import_node_fs22.existsSync)(linkedPath) ? import_node_fs22.realpathSync.native(linkedPath) : linkedPath;
  const lock = `${configPath}.lock`;
  let fd;
  try {
    fd = (0, import_node_fs22.openSync)(lock, "wx", (0, import_node_fs22.existsSync)(configPath) ? (0, import_node_fs22.statSync)(configPath).mode & 511 : 420);
  } catch (e) {
    if (errnoCode(e) === "EEXIST") return before;
    throw e;
  }
  let renamed = false;
  try {
    const lines = ((0, import_node_fs22.existsSync)(configPath) ? (0, import_node_fs22.readFileSync)(configPath, "utf8") : "").split("\n");
    const entry = findDriver(lines);
    const driverLine = `	driver = ${configValue(expected)}`;
    if (entry.driverLine !== null) lines[entry.driverLine] = driverLine;
    else if (entry.sectionLine !== null) lines.splice(entry.sectionEnd, 0, driverLine);
    else {
      if (lines[lines.length - 1] === "") lines.pop();
      lines.push(`[merge "${DRIVER_NAME}"]`, `	name = ${DRIVER_DESCRIPTION}`, driverLine, "");
    }
    const bytes = Buffer.from(lines.join("\n"), "utf8");
    let written = 0;
    while (written < bytes.length) written += (0, import_node_fs22.writeSync)(fd, bytes, written, bytes.length - written);
    (0, import_node_fs22.closeSync)(fd);
    fd = -1;
    (0, import_node_fs22.renameSync)(lock, configPath);
    renamed = true;
  } finally {
    if (fd !== -1) (0, import_node_fs22.closeSync)(fd);
    if (!renamed) (0, import_node_fs22.rmSync)(lock, { force: true });
  }
  return before;
}

// src/core/conflicts/conflict-marker-sweep.ts
var import_node_fs25 = require("fs");
var import_node_path19 = require("path");

// src/core/store/conflict-markers.ts
var CONFLICT_START = /^<{7}( |$)/m;
var CONFLICT_END = /^>{7}( |$)/m;
function hasConflictMarkers(text) {
  return CONFLICT_START.test(text) && CONFLICT_END.test(text);
}

// src/core/conflicts/conflict-sweep-files.ts
init_text_fingerprint();
function stampDigest(stamp) {
  return Number.parseInt(textFingerprint(stamp), 16).toString(36);
}
function fileHasMarkers(path, maxBytes) {
  try {
    const bytes = readRegularFile(path, maxBytes);
    return bytes !== null && hasConflictMarkers(bytes.subarray(0, maxBytes).toString("utf8"));
  } catch {
    return false;
  }
}

// src/core/conflicts/conflict-sweep-folder.ts
var import_node_fs23 = require("fs");
var import_node_path17 = require("path");

// src/core/types.ts
var SECTION_KEYS = ["decisions", "constraints", "state", "open-questions", "next-steps"];
var STATUS_WORDS = ["open", "done", "abandoned"];
var STATUS_INPUTS = [...STATUS_WORDS, "active"];

// src/core/store/thread-folder-layout.ts
var HEAD_FILE = "thread.md";
var SET_DIRS = ["paths", "related", "removed"];
var FOLDER_SUBDIRS = [...SECTION_KEYS, ...SET_DIRS];
var ITEM_KEY = /^([0-9a-z]*[1-9a-z])-([0-9a-z]{4})$/;
function isItemKey(name) {
  return ITEM_KEY.test(name);
}
function isSectionDir(name) {
  return SECTION_KEYS.includes(name);
}
function isSetDir(name) {
  return SET_DIRS.includes(name);
}
function isItemFileName(name) {
  return name.endsWith(".md") && isItemKey(name.slice(0, -3));
}
function subdirEntryLimit(dir) {
  if (dir === "paths") return LIMITS.pathsCount * 4;
  if (dir === "related") return LIMITS.relatedCount * 4;
  if (dir === "removed") return LIMITS.sectionItems * SECTION_KEYS.length;
  return LIMITS.sectionItems;
}
function folderFileBytes(dir) {
  if (dir === null) return LIMITS.threadFileBytes;
  return isSetDir(dir) ? LIMITS.pathChars * 4 + 16 : LIMITS.itemFileBytes;
}

// src/core/conflicts/conflict-sweep-folder.ts
function digestOf(folderStamp, subdirStamps) {
  return stampDigest(`${folderStamp}|${subdirStamps.join("|")}`);
}
function currentDigest(folder, mask, budget) {
  const own = stampOf(folder, "dir");
  budget.listed += 1;
  if (own === null) return null;
  const stamps = FOLDER_SUBDIRS.map((name, i) => {
    if ((mask & 1 << i) === 0) return "-";
    budget.listed += 1;
    return stampOf(`${folder}${import_node_path17.sep}${name}`, "dir")?.stamp ?? "-";
  });
  return digestOf(own.stamp, stamps);
}
function namesIn(path, limit, budget) {
  let dir;
  try {
    dir = (0, import_node_fs23.opendirSync)(path);
  } catch {
    return [];
  }
  const names = [];
  try {
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      budget.listed += 1;
      if (isAtomicTempFile(entry.name)) continue;
      if (names.length === limit) return null;
      names.push(entry.name);
    }
  } finally {
    dir.closeSync();
  }
  return names;
}
function listFolder(folder, budget, now) {
  const own = stampOf(folder, "dir");
  if (own === null) return null;
  let settled = own.settledAtMs < now;
  let mask = 0;
  let over = false;
  const subdirStamps = FOLDER_SUBDIRS.map(() => "-");
  const files = [];
  const add = (rel, path, maxBytes) => {
    const stamp = stampOf(path, "file");
    if (stamp !== null) files.push({ ...stamp, rel, path, maxBytes });
  };
  const names = namesIn(folder, LIMITS.threadFolderEntries, budget);
  for (const name of names ?? []) {
    if (name === HEAD_FILE) {
      add(name, `${folder}${import_node_path17.sep}${name}`, folderFileBytes(null));
      continue;
    }
    const at = FOLDER_SUBDIRS.indexOf(name);
    if (at < 0) continue;
    const sub = FOLDER_SUBDIRS[at];
    const path = `${folder}${import_node_path17.sep}${sub}`;
    const stamp = stampOf(path, "dir");
    if (stamp === null) continue;
    mask |= 1 << at;
    subdirStamps[at] = stamp.stamp;
    if (stamp.settledAtMs >= now) settled = false;
    const inside = namesIn(path, subdirEntryLimit(sub), budget);
    if (inside === null) {
      over = true;
      continue;
    }
    for (const file of inside) {
      if (isSectionDir(sub) && !isItemFileName(file)) continue;
      add(`${sub}/${file}`, `${path}${import_node_path17.sep}${file}`, folderFileBytes(sub));
    }
  }
  return { mask, digest: digestOf(own.stamp, subdirStamps), settled, files, over: over || names === null };
}
function judgedBy(record2, file) {
  if (record2 === void 0) return false;
  if (file.changedMs !== record2.upTo) return file.changedMs < record2.upTo;
  return record2.complete || file.rel <= record2.after;
}
var byChange = (a, b) => a.changedMs - b.changedMs || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
function judgeFolder(folder, saved, savedMarked, budget, now) {
  const keptMarks = new Map([...savedMarked].filter(([rel, stamp]) => stampOf(`${folder}${import_node_path17.sep}${rel}`, "file")?.stamp === stamp));
  if (saved?.complete === true && keptMarks.size === savedMarked.size) {
    const digest = currentDigest(folder, saved.mask, budget);
    if (digest === null) return null;
    if (digest === saved.digest) return { record: saved, marked: keptMarks, complete: true };
  }
  if (budget.filesLeft <= 0) return { record: saved, marked: keptMarks, complete: false };
  const listing = listFolder(folder, budget, now);
  if (listing === null) return null;
  if (listing.over) {
    const record3 = { complete: true, mask: listing.mask, digest: listing.digest, files: 0, upTo: 0 };
    return { record: record3, marked: /* @__PURE__ */ new Map(), complete: listing.settled };
  }
  const marked = /* @__PURE__ */ new Map();
  let toRead = listing.files.filter((file) => {
    if (!judgedBy(saved, file)) return true;
    if (savedMarked.get(file.rel) === file.stamp) marked.set(file.rel, file.stamp);
    return false;
  });
  if (toRead.length === 0 && saved?.complete === true && listing.digest !== saved.digest && listing.files.length >= saved.files) {
    toRead = listing.files;
    marked.clear();
  }
  const judge = (file) => {
    budget.filesLeft -= 1;
    budget.read += 1;
    if (fileHasMarkers(file.path, file.maxBytes)) marked.set(file.rel, file.stamp);
  };
  if (toRead.length <= budget.filesLeft) {
    for (const file of toRead) judge(file);
    if (!listing.settled || toRead.some((file) => file.settledAtMs >= now)) return { record: saved, marked, complete: false };
    const upTo = listing.files.reduce((latest, file) => Math.max(latest, file.changedMs), 0);
    const record3 = {
      complete: true,
      mask: listing.mask,
      digest: listing.digest,
      files: listing.files.length,
      upTo
    };
    return { record: record3, marked, complete: true };
  }
  let record2 = saved;
  let moving = true;
  for (const file of toRead.sort(byChange).slice(0, budget.filesLeft)) {
    judge(file);
    if (file.settledAtMs >= now) moving = false;
    if (moving) record2 = { complete: false, upTo: file.changedMs, after: file.rel };
  }
  return { record: record2, marked, complete: false };
}

// src/core/conflicts/conflict-sweep-state.ts
var import_node_fs24 = require("fs");
var import_node_path18 = require("path");
var SWEEP_VERSION = 3;
var STATE_MAX_BYTES = 64 * 1024 * 1024;
var HEAD_READ_BYTES = 64 * 1024;
function sweepPath(storeDir) {
  return (0, import_node_path18.join)(storeDir, "cache", "conflict-sweep.json");
}
function emptyState() {
  return { index: null, summary: {}, verdicts: () => void 0 };
}
var isStringMap = (value) => isRecord(value) && Object.values(value).every((v) => typeof v === "string");
function folderRecordOf(value) {
  if (!Array.isArray(value)) return void 0;
  const [a, b, c, d] = value;
  if (value.length === 4 && Number.isInteger(a) && typeof b === "string" && Number.isInteger(c) && Number.isFinite(d))
    return { complete: true, mask: a, digest: b, files: c, upTo: d };
  if (value.length === 2 && Number.isFinite(a) && typeof b === "string") return { complete: false, upTo: a, after: b };
  return void 0;
}
function savedFolderRecord(record2) {
  return record2.complete ? [record2.mask, record2.digest, record2.files, record2.upTo] : [record2.upTo, record2.after];
}
function readState(storeDir, counted) {
  try {
    const path = sweepPath(storeDir);
    assertNoLinksBelow(storeDir, path);
    const { headText, rest } = readHead(path, counted);
    const head = JSON.parse(headText);
    if (head.version !== SWEEP_VERSION || !isRecord(head.projects)) return emptyState();
    const summary = {};
    for (const [projectId, entry] of Object.entries(head.projects)) {
      if (isRecord(entry) && (entry.dir === null || typeof entry.dir === "string") && isStringMap(entry.marked) && Number.isInteger(entry.folders))
        summary[projectId] = { dir: entry.dir, marked: entry.marked, folders: entry.folders };
    }
    let details = null;
    return {
      index: typeof head.index === "string" ? head.index : null,
      summary,
      verdicts: (projectId) => {
        const known = ownEntry(summary, projectId);
        if (known === void 0) return void 0;
        if (details === null) {
          try {
            const parsed = JSON.parse(rest() ?? "");
            details = isRecord(parsed) ? parsed : {};
          } catch {
            details = {};
          }
        }
        const saved = ownEntry(details, projectId);
        const files = isRecord(saved) && isStringMap(saved.f) ? saved.f : {};
        const folders = {};
        if (isRecord(saved) && isRecord(saved.t)) {
          for (const [id, value] of Object.entries(saved.t)) {
            const record2 = folderRecordOf(value);
            if (record2 !== void 0) folders[id] = record2;
          }
        }
        return { dir: known.dir, marked: known.marked, files, folders };
      }
    };
  } catch {
    return emptyState();
  }
}
function readHead(path, counted) {
  const prefix = readRegularFile(path, HEAD_READ_BYTES);
  if (prefix === null) throw new Error("no saved sweep");
  counted(prefix.length);
  const eol = prefix.indexOf(10);
  const whole = prefix.length <= HEAD_READ_BYTES;
  if (eol >= 0 && whole) {
    return { headText: prefix.subarray(0, eol).toString("utf8"), rest: () => prefix.subarray(eol + 1).toString("utf8") };
  }
  if (eol < 0 && whole) return { headText: prefix.toString("utf8"), rest: () => null };
  const readAll = () => {
    const all = readRegularFile(path, STATE_MAX_BYTES);
    if (all === null || all.length > STATE_MAX_BYTES) throw new Error("the saved sweep is gone or too large");
    counted(all.length);
    return all;
  };
  if (eol < 0) {
    const all = readAll();
    const end = all.indexOf(10);
    if (end < 0) return { headText: all.toString("utf8"), rest: () => null };
    return { headText: all.subarray(0, end).toString("utf8"), rest: () => all.subarray(end + 1).toString("utf8") };
  }
  const first = prefix.subarray(0, eol);
  return {
    headText: first.toString("utf8"),
    rest: () => {
      try {
        const all = readAll();
        const end = all.indexOf(10);
        return end === eol && all.subarray(0, end).equals(first) ? all.subarray(end + 1).toString("utf8") : null;
      } catch {
        return null;
      }
    }
  };
}
function stateText(index, projects) {
  const summary = {};
  const details = {};
  for (const [projectId, v] of projects) {
    const t = {};
    for (const [id, record2] of Object.entries(v.folders)) t[id] = savedFolderRecord(record2);
    summary[projectId] = { dir: v.dir, marked: v.marked, folders: Object.keys(t).length };
    details[projectId] = { f: v.files, t };
  }
  return `${JSON.stringify({ version: SWEEP_VERSION, index, projects: summary })}
${JSON.stringify(details)}
`;
}
function saveState(storeDir, state, index, swept, gone) {
  const temp = `${sweepPath(storeDir)}.${process.pid}.tmp`;
  try {
    const cache = (0, import_node_path18.join)(storeDir, "cache");
    (0, import_node_fs24.mkdirSync)(cache, { recursive: true });
    if (!(0, import_node_fs24.lstatSync)(cache).isDirectory()) return;
    const after = /* @__PURE__ */ new Map();
    for (const projectId of Object.keys(state.summary)) {
      const kept = gone.has(projectId) || swept.has(projectId) ? void 0 : state.verdicts(projectId);
      if (kept !== void 0) after.set(projectId, kept);
    }
    for (const [projectId, verdicts] of swept) after.set(projectId, verdicts);
    (0, import_node_fs24.rmSync)(temp, { force: true });
    (0, import_node_fs24.writeFileSync)(temp, stateText(index, after), { flag: "wx" });
    (0, import_node_fs24.renameSync)(temp, sweepPath(storeDir));
  } catch {
    try {
      (0, import_node_fs24.rmSync)(temp, { force: true });
    } catch {
    }
  }
}
function sameMap(a, b, same) {
  const names = Object.keys(b);
  if (names.length !== Object.keys(a).length) return false;
  return names.every((name) => {
    const x = ownEntry(a, name);
    return x !== void 0 && same(x, b[name]);
  });
}
var sameFolderRecord = (a, b) => savedFolderRecord(a).join("\n") === savedFolderRecord(b).join("\n");
function sameVerdicts(saved, now) {
  if (saved === void 0 || saved.dir !== now.dir) return false;
  const same = (x, y) => x === y;
  return sameMap(saved.marked, now.marked, same) && sameMap(saved.files, now.files, same) && sameMap(saved.folders, now.folders, sameFolderRecord);
}

// src/core/conflicts/conflict-marker-sweep.ts
function sweepMarkerPath(storeDir) {
  return (0, import_node_path19.join)(storeDir, "cache", "conflict-sweep.pid");
}
var MAX_FILES_READ = 200;
var MANY_ENTRIES_BYTES = 64 * 1024;
var MAX_PROJECTS = 50;
function filesLeftUnjudged(work) {
  return (work.read ?? 0) >= (work.readBudget ?? MAX_FILES_READ) || (work.handedOver ?? 0) > 0;
}
function indexStampOf(storeDir, dotGit) {
  try {
    let dir = dotGit;
    if (dir === void 0) {
      const top = findGitTop((0, import_node_path19.dirname)(storeDir));
      dir = top === null ? null : gitDir(top);
    }
    return dir === null ? null : stampOf((0, import_node_path19.join)(dir, "index"), "file");
  } catch {
    return null;
  }
}
function sweptKind(name) {
  if (name.endsWith(".md")) return !isAtomicTempFile(name) && isValidId(name.slice(0, -3)) ? "file" : null;
  return isValidId(name) ? "folder" : null;
}
function moreUnjudgedThan(names, known, limit) {
  let count = 0;
  for (const name of names) {
    const kind = sweptKind(name);
    const judged = kind === "folder" ? ownEntry(known?.folders ?? {}, name) !== void 0 : ownEntry(known?.files ?? {}, name) !== void 0;
    if (kind !== null && !judged) count += 1;
    if (count > limit) return true;
  }
  return false;
}
function stillMarked(dir, savedMarked) {
  return Object.entries(savedMarked).filter(([rel, stamp]) => stampOf(`${dir}${import_node_path19.sep}${rel}`, "file")?.stamp === stamp).map(([rel]) => rel);
}
function markedByFolder(marked) {
  const byFolder = /* @__PURE__ */ new Map();
  for (const [rel, stamp] of Object.entries(marked)) {
    const slash = rel.indexOf("/");
    if (slash < 0) continue;
    const id = rel.slice(0, slash);
    const files = byFolder.get(id) ?? /* @__PURE__ */ new Map();
    byFolder.set(id, files);
    files.set(rel.slice(slash + 1), stamp);
  }
  return byFolder;
}
function sweepProject(dir, dirStamp, summary, known, budget, now, handOver) {
  const dirUnchanged = summary !== void 0 && summary.dir === dirStamp.stamp;
  const savedMarked = summary?.marked ?? {};
  const unlisted = handOver && known === void 0 && summary === void 0 && dirStamp.bytes > MANY_ENTRIES_BYTES;
  const names = unlisted ? [] : (0, import_node_fs25.readdirSync)(dir);
  budget.listed += names.length;
  if (unlisted || handOver && moreUnjudgedThan(names, known, budget.filesLeft)) {
    const kept = known === void 0 ? noVerdicts() : { ...known, dir: null };
    return { verdicts: kept, found: stillMarked(dir, savedMarked), handedOver: true };
  }
  const folderMarks = markedByFolder(savedMarked);
  const verdicts = noVerdicts();
  const found = [];
  let complete = dirStamp.settledAtMs < now;
  for (const name of names) {
    const kind = sweptKind(name);
    if (kind === null) continue;
    const path = `${dir}${import_node_path19.sep}${name}`;
    if (kind === "folder") {
      const judged = judgeFolder(path, ownEntry(known?.folders ?? {}, name), folderMarks.get(name) ?? /* @__PURE__ */ new Map(), budget, now);
      if (judged === null) continue;
      if (judged.record !== void 0) verdicts.folders[name] = judged.record;
      if (!judged.complete) complete = false;
      for (const [rel, stamp2] of judged.marked) {
        verdicts.marked[`${name}/${rel}`] = stamp2;
        found.push(`${name}/${rel}`);
      }
      continue;
    }
    const markedStamp = ownEntry(savedMarked, name);
    const knownDigest = ownEntry(known?.files ?? {}, name);
    if (dirUnchanged && markedStamp === void 0 && knownDigest !== void 0) {
      verdicts.files[name] = knownDigest;
      continue;
    }
    if (knownDigest === void 0 && budget.filesLeft <= 0) {
      complete = false;
      continue;
    }
    budget.stamped += 1;
    const stamp = stampOf(path, "file");
    if (stamp === null) continue;
    const digest = stampDigest(stamp.stamp);
    let marked;
    if (knownDigest === digest) marked = markedStamp !== void 0;
    else if (budget.filesLeft > 0) {
      budget.filesLeft -= 1;
      budget.read += 1;
      marked = fileHasMarkers(path, LIMITS.threadFileBytes);
    } else {
      complete = false;
      continue;
    }
    if (stamp.settledAtMs < now) verdicts.files[name] = digest;
    else complete = false;
    if (marked) {
      verdicts.marked[name] = stamp.stamp;
      found.push(name);
    }
  }
  if (complete) verdicts.dir = dirStamp.stamp;
  return { verdicts, found, handedOver: false };
}
function noVerdicts() {
  return { dir: null, marked: {}, files: {}, folders: {} };
}
function markedUnchanged(dir, summary) {
  return stillMarked(dir, summary.marked).length === Object.keys(summary.marked).length;
}
function threadFilesWithMarkers(storeDir, now = Date.now(), work, dotGit) {
  try {
    const projectsDir = (0, import_node_path19.join)(storeDir, "projects");
    if ((0, import_node_fs25.lstatSync)(projectsDir).isSymbolicLink()) return [];
    if ((0, import_node_fs25.lstatSync)((0, import_node_path19.join)(storeDir, "threads"), { throwIfNoEntry: false })?.isSymbolicLink() === true) return [];
    const state = readState(storeDir, (n) => {
      if (work?.stateBytes !== void 0) work.stateBytes += n;
    });
    const index = indexStampOf(storeDir, dotGit);
    const indexChanged = state.index !== (index?.stamp ?? null);
    const swept = /* @__PURE__ */ new Map();
    const gone = /* @__PURE__ */ new Set();
    const budget = { filesLeft: work?.readBudget ?? MAX_FILES_READ, listed: 0, read: 0, stamped: 0 };
    const found = [];
    let complete = true;
    let handedOver = 0;
    for (const projectId of projectIdsIn(projectsDir).slice(0, MAX_PROJECTS)) {
      const dir = (0, import_node_path19.join)(storeDir, "threads", projectId);
      const dirStamp = stampOf(dir, "dir");
      const summary = ownEntry(state.summary, projectId);
      if (dirStamp === null) {
        if (summary !== void 0) gone.add(projectId);
        continue;
      }
      if (summary !== void 0 && summary.dir === dirStamp.stamp && (!indexChanged || summary.folders === 0) && markedUnchanged(dir, summary)) {
        found.push(...Object.keys(summary.marked).map((rel) => `threads/${projectId}/${rel}`));
        continue;
      }
      const known = state.verdicts(projectId);
      const result = sweepProject(dir, dirStamp, summary, known, budget, now, work?.handOver === true);
      found.push(...result.found.map((rel) => `threads/${projectId}/${rel}`));
      if (result.verdicts.dir === null) complete = false;
      if (result.handedOver) handedOver += 1;
      if (!sameVerdicts(known, result.verdicts) && (known !== void 0 || !result.handedOver))
        swept.set(projectId, result.verdicts);
    }
    let nextIndex = state.index;
    if (indexChanged) nextIndex = index !== null && complete && index.settledAtMs < now ? index.stamp : null;
    if (work !== void 0) {
      work.listed += budget.listed;
      if (work.read !== void 0) work.read += budget.read;
      if (work.stamped !== void 0) work.stamped += budget.stamped;
      if (handedOver > 0) work.handedOver = (work.handedOver ?? 0) + handedOver;
    }
    if (swept.size > 0 || gone.size > 0 || nextIndex !== state.index) saveState(storeDir, state, nextIndex, swept, gone);
    return found;
  } catch {
    return [];
  }
}

// src/core/background/background-command.ts
var import_node_fs27 = require("fs");
var import_node_path20 = require("path");

// src/core/store/background-marker.ts
var import_node_fs26 = require("fs");

// src/core/store/process-alive.ts
function isProcessAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errnoCode(e) === "EPERM";
  }
}

// src/core/store/background-marker.ts
var MARKER_MAX_AGE_MS = 12e4;
function markerPid(marker) {
  const bytes = readRegularFile(marker, 64);
  if (bytes === null) return null;
  const pid = Number(bytes.toString("utf8").trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}
function markerUnderWay(marker) {
  try {
    const pid = markerPid(marker);
    return pid !== null && Date.now() - (0, import_node_fs26.lstatSync)(marker).mtimeMs < MARKER_MAX_AGE_MS && isProcessAlive(pid);
  } catch {
    return false;
  }
}

// src/core/background/background-command.ts
var BACKGROUND_NICENESS = 10;
function startBackgroundCommand(storeDir, marker, root, cliPath, command) {
  try {
    if (!(0, import_node_fs27.existsSync)(cliPath) || markerUnderWay(marker)) return false;
    assertNoLinksBelow(storeDir, marker);
    makeDir((0, import_node_path20.dirname)(marker));
    (0, import_node_fs27.rmSync)(marker, { force: true });
    const fd = (0, import_node_fs27.openSync)(marker, "wx", 420);
    try {
      const { spawn } = require("child_process");
      const child = spawn(process.execPath, [cliPath, command], {
        cwd: root,
        detached: true,
        stdio: "ignore",
        env: { ...process.env, THREADMIND_ROOT: root }
      });
      child.on("error", () => {
      });
      child.unref();
      if (child.pid !== void 0) lowerPriority(child.pid);
      (0, import_node_fs27.writeSync)(fd, `${child.pid ?? 0}
`);
    } finally {
      (0, import_node_fs27.closeSync)(fd);
    }
    return true;
  } catch {
    return false;
  }
}
function lowerPriority(pid) {
  try {
    const os = require("os");
    os.setPriority(pid, Math.min(19, os.getPriority() + BACKGROUND_NICENESS));
  } catch {
  }
}

// src/core/background/conflict-sweep-background.ts
function startBackgroundSweep(storeDir, root, cliPath) {
  return startBackgroundCommand(storeDir, sweepMarkerPath(storeDir), root, cliPath, "conflict-sweep");
}

// src/hooks/commit-notice.ts
var import_node_fs28 = require("fs");
var import_node_path21 = require("path");
var LS_FILES_TIMEOUT_MS = 1e3;
var COMMIT_NOTICE_MARK = "commit-notice.json";
var COMMIT_NOTICE_AFTER_MS = 24 * 60 * 60 * 1e3;
function projectOlderThanADay(storeDir, now) {
  const dir = (0, import_node_path21.join)(storeDir, "projects");
  try {
    if ((0, import_node_fs28.lstatSync)(dir).isSymbolicLink()) return false;
    return (0, import_node_fs28.readdirSync)(dir).filter((name) => name.endsWith(".json")).some((name) => now - (0, import_node_fs28.lstatSync)((0, import_node_path21.join)(dir, name)).mtimeMs > COMMIT_NOTICE_AFTER_MS);
  } catch {
    return false;
  }
}
function commitNoticeLine(threadsDir) {
  return `ThreadMind: the thread summaries in ${threadsDir} have never been committed, so a \`git clean -fdx\` would delete them and no other clone has them; fix: \`git add .threadmind && git commit -m "ThreadMind summaries"\`. (Said once for this clone; /thread-mind:doctor keeps checking: \`thread-mind-mcp doctor\` in a terminal.)`;
}
function mark(storeDir, verdict) {
  const cache = (0, import_node_path21.join)(storeDir, "cache");
  const target = (0, import_node_path21.join)(cache, COMMIT_NOTICE_MARK);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    (0, import_node_fs28.mkdirSync)(cache, { recursive: true });
    if (!(0, import_node_fs28.lstatSync)(cache).isDirectory()) return;
    (0, import_node_fs28.rmSync)(temp, { force: true });
    (0, import_node_fs28.writeFileSync)(temp, `${JSON.stringify({ verdict, at: (/* @__PURE__ */ new Date()).toISOString() })}
`, { flag: "wx" });
    (0, import_node_fs28.renameSync)(temp, target);
  } catch {
    (0, import_node_fs28.rmSync)(temp, { force: true });
  }
}
function commitNotice(gitTop, storeDir) {
  if (gitTop === null) return null;
  const threads = (0, import_node_path21.join)(storeDir, "threads");
  if (!(0, import_node_fs28.existsSync)(threads) || (0, import_node_fs28.existsSync)((0, import_node_path21.join)(storeDir, "cache", COMMIT_NOTICE_MARK))) return null;
  if (!projectOlderThanADay(storeDir, Date.now())) return null;
  const { execFileSync } = require("child_process");
  const rel = gitPath(gitTop, threads) || ".";
  const tracked = execFileSync("git", ["ls-files", "-z", "--", rel], {
    cwd: gitTop,
    encoding: "utf8",
    timeout: LS_FILES_TIMEOUT_MS,
    stdio: ["ignore", "pipe", "ignore"],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" }
  });
  if (tracked !== "") {
    mark(storeDir, "committed");
    return null;
  }
  mark(storeDir, "told");
  return commitNoticeLine(`${gitPath(gitTop, storeDir) || "."}/`);
}

// src/hooks/team-git-check.ts
var IN_PROGRESS = ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "REBASE_HEAD", "rebase-merge", "rebase-apply"];
var LS_FILES_TIMEOUT_MS2 = 1e3;
function refreshDriver(dotGit, cliPath) {
  try {
    if (!(0, import_node_fs29.existsSync)(cliPath)) return;
    refreshDriverConfig(gitConfigPathIn(dotGit), driverCommand(process.execPath, cliPath));
  } catch {
  }
}
function conflictedStoreFiles(gitTop, dir, storeDir) {
  if (!IN_PROGRESS.some((name) => (0, import_node_fs29.existsSync)((0, import_node_path22.join)(dir, name)))) return [];
  const { execFileSync } = require("child_process");
  const out = execFileSync("git", ["ls-files", "-u", "-z", "--", gitPath(gitTop, storeDir) || "."], {
    cwd: gitTop,
    encoding: "utf8",
    timeout: LS_FILES_TIMEOUT_MS2,
    stdio: ["ignore", "pipe", "ignore"],
    env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" }
  });
  return parseUnmergedListing(out).map((f) => f.path);
}
function shortList(files) {
  return files.slice(0, 3).join(", ") + (files.length > 3 ? ` and ${files.length - 3} more` : "");
}
function teamGitCheck(cwd, env, cliPath, alreadyNamed) {
  try {
    const workspace = hookWorkspace(env, cwd);
    const store = (0, import_node_fs29.lstatSync)(workspace.storeDir, { throwIfNoEntry: false });
    if (store === void 0 || store.isSymbolicLink()) return null;
    const top = workspace.gitTop;
    const dotGit = top === null ? null : gitDir(top);
    if (dotGit !== null) refreshDriver(dotGit, cliPath);
    const shown = (rel) => gitPath(top ?? workspace.root, (0, import_node_path22.join)(workspace.storeDir, rel));
    const unmerged = top === null || dotGit === null ? [] : conflictedStoreFiles(top, dotGit, workspace.storeDir);
    const marker = sweepMarkerPath(workspace.storeDir);
    const work = { listed: 0, read: 0, handOver: true };
    const marked = markerUnderWay(marker) ? [] : threadFilesWithMarkers(workspace.storeDir, Date.now(), work, dotGit).map(shown).filter((f) => !unmerged.includes(f));
    if (filesLeftUnjudged(work)) startBackgroundSweep(workspace.storeDir, workspace.root, cliPath);
    const fresh = (files) => files.filter((f) => !alreadyNamed.includes(f));
    const [inConflict, withMarkers] = [fresh(unmerged), fresh(marked)];
    if (inConflict.length > 0) {
      const all = [...inConflict, ...withMarkers];
      return `ThreadMind: ${all.length} thread file${all.length === 1 ? "" : "s"} in conflict (${shortList(all)}); fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal).`;
    }
    if (withMarkers.length > 0) {
      const n = withMarkers.length;
      return `ThreadMind: ${n} thread file${n === 1 ? " holds" : "s hold"} git conflict markers (${shortList(withMarkers)}) and cannot be read; fix: edit the part between <<<<<<< and >>>>>>> (\`git log -p <file>\` shows both sides).`;
    }
    return commitNotice(top, workspace.storeDir);
  } catch {
    return null;
  }
}

// src/hooks/main-start.ts
var { runHook, runPath } = hookMain(
  (name, input, env, rotate) => name === "session-start" ? fastSessionStart(input, env, rotate) : Promise.resolve(null),
  // The merge driver kept current, and thread files in conflict named (the full path names the active one itself).
  (input, output) => teamGitCheck(input.cwd, process.env, (0, import_node_path23.join)(__dirname, "cli.mjs"), output.userMessage ?? "")
);
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runHook,
  runPath
});
