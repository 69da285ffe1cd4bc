"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
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
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/core/saved-output.ts
function savedOutputPathOf(record3) {
  if (!record3.isPersistedOutputPreview) return null;
  return SAVED_TO.exec(record3.content[0] ?? "")?.[1]?.trim() ?? null;
}
function readSavedOutput(path) {
  let size;
  try {
    size = (0, import_node_fs14.statSync)(path).size;
  } catch (e) {
    if (e instanceof Error && "code" in e && (e.code === "ENOENT" || e.code === "ENOTDIR")) return null;
    throw e;
  }
  return size > SAVED_MAX_BYTES ? null : (0, import_node_fs14.readFileSync)(path, "utf8");
}
var import_node_fs14, SAVED_TO, SAVED_MAX_BYTES;
var init_saved_output = __esm({
  "src/core/saved-output.ts"() {
    "use strict";
    import_node_fs14 = require("fs");
    SAVED_TO = /Full output saved to: ([^\n]+)\n/;
    SAVED_MAX_BYTES = 1024 * 1024;
  }
});

// src/hooks/receipt-match.ts
function savedOutputPath(record3) {
  return savedOutputPathOf(record3);
}
function savedOutputText(record3) {
  const path = savedOutputPathOf(record3);
  return path === null ? null : readSavedOutput(path);
}
function receiptWith(injection, found, identity, savedIdentity) {
  const startRecords = found.filter((r) => r.hookEvent === null || r.hookEvent === "SessionStart");
  if (startRecords.some((r) => identity.of(r.text) === identity.value)) return "delivered";
  const previews = startRecords.filter((r) => r.isPersistedOutputPreview);
  if (previews.some((r) => savedIdentity(r) === identity.value)) return "preview";
  if (previews.some((r) => r.text.includes(`(${injection.threadId})`))) return "preview";
  return "missing";
}
var init_receipt_match = __esm({
  "src/hooks/receipt-match.ts"() {
    "use strict";
    init_saved_output();
  }
});

// src/core/content-hash.ts
function contentHash(text) {
  return (0, import_node_crypto.createHash)("sha1").update(text).digest("base64url").slice(0, 20);
}
var import_node_crypto;
var init_content_hash = __esm({
  "src/core/content-hash.ts"() {
    "use strict";
    import_node_crypto = require("crypto");
  }
});

// src/hooks/receipt-rule.ts
var receipt_rule_exports = {};
__export(receipt_rule_exports, {
  receiptFor: () => receiptFor,
  savedOutputHash: () => savedOutputHash,
  savedOutputPath: () => savedOutputPath
});
function savedOutputHash(record3) {
  const text = savedOutputText(record3);
  return text === null ? null : contentHash(text);
}
function receiptFor(injection, found, savedHash = savedOutputHash) {
  return receiptWith(injection, found, { of: contentHash, value: injection.contentHash }, savedHash);
}
var init_receipt_rule = __esm({
  "src/hooks/receipt-rule.ts"() {
    "use strict";
    init_content_hash();
    init_receipt_match();
    init_receipt_match();
  }
});

// src/hooks/main.ts
var main_exports = {};
__export(main_exports, {
  runHook: () => runHook
});
module.exports = __toCommonJS(main_exports);
var import_node_path10 = require("path");

// src/hooks/hook-input.ts
var import_node_fs = require("fs");
var MAX_INPUT_BYTES = 1e6;
function readStdin(timeoutMs) {
  let first;
  try {
    first = readStdinBlocking();
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
  return first.done ? Promise.resolve(first.text) : readStdinStream(timeoutMs, first.bytes);
}
function errnoCode(e) {
  return e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : void 0;
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
    stat = (0, import_node_fs.fstatSync)(0);
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
      n = (0, import_node_fs.readSync)(0, buffer, 0, buffer.length, null);
    } catch (e) {
      if (errnoCode(e) === "EAGAIN") return { done: false, bytes: Buffer.concat(chunks) };
      if (errnoCode(e) === "EOF") return { done: true, text: Buffer.concat(chunks).toString("utf8") };
      throw e;
    }
    if (n === 0) return { done: true, text: Buffer.concat(chunks).toString("utf8") };
    size += n;
    if (size > MAX_INPUT_BYTES) throw new Error("hook input larger than 1 MB");
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    const text = Buffer.concat(chunks).toString("utf8");
    if (isCompleteJson(text)) return { done: true, text };
  }
}
function readStdinStream(timeoutMs, already) {
  return new Promise((resolve4, reject) => {
    const chunks = [already];
    let size = already.length;
    const timer = setTimeout(() => finish(new Error(`no complete hook input on stdin within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error) => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      if (error) reject(error);
      else resolve4(Buffer.concat(chunks).toString("utf8"));
    };
    process.stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) finish(new Error("hook input larger than 1 MB"));
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
    trigger: str("trigger")
  };
}

// src/hooks/hook-plans.ts
var PLANS = {
  "session-start": { event: "SessionStart", deadlineMs: 4e3, lockTimeoutMs: 1500 },
  // Claude Code kills SessionEnd hooks after about 1.5 s in total, node start-up included.
  "session-end": { event: "SessionEnd", deadlineMs: 1e3, lockTimeoutMs: 500 },
  "pre-compact": { event: "PreCompact", deadlineMs: 4e3, lockTimeoutMs: 1500 }
};
function isHookName(name) {
  return name !== void 0 && Object.hasOwn(PLANS, name);
}

// src/hooks/store-precheck.ts
var import_node_fs5 = require("fs");
var import_node_path4 = require("path");

// src/core/workspace.ts
var import_node_fs4 = require("fs");
var import_node_path3 = require("path");
var import_node_url = require("url");

// src/core/git.ts
var import_node_fs3 = require("fs");
var import_node_path2 = require("path");

// src/core/git-refs.ts
var import_node_fs2 = require("fs");
var import_node_path = require("path");
var HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
var PER_WORKTREE = /^(?:HEAD|refs\/(?:bisect|worktree|rewritten)\/)/;
function readIfExists(path) {
  try {
    return (0, import_node_fs2.readFileSync)(path, "utf8");
  } catch (e) {
    if (e.code === "ENOENT" || e.code === "ENOTDIR") return null;
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

// src/core/git.ts
function findGitTop(dir) {
  let current = (0, import_node_path2.resolve)(dir);
  for (; ; ) {
    if ((0, import_node_fs3.existsSync)((0, import_node_path2.join)(current, ".git"))) return current;
    const parent = (0, import_node_path2.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function gitDir(top) {
  const dotGit = (0, import_node_path2.join)(top, ".git");
  if ((0, import_node_fs3.statSync)(dotGit).isDirectory()) return dotGit;
  const text = (0, import_node_fs3.readFileSync)(dotGit, "utf8");
  const match = /^gitdir:\s*(.+)\s*$/m.exec(text);
  if (!match) throw new Error(`${dotGit} is neither a directory nor a "gitdir:" file`);
  return (0, import_node_path2.resolve)(top, match[1]);
}
function readBranch(top) {
  let head;
  try {
    head = (0, import_node_fs3.readFileSync)((0, import_node_path2.join)(gitDir(top), "HEAD"), "utf8");
  } catch {
    return null;
  }
  const match = /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head);
  return match ? match[1] : null;
}
function headCommitFromWorkTree(top) {
  if (top === null) return null;
  try {
    return headCommitFromFiles(gitDir(top));
  } catch {
    return void 0;
  }
}

// src/core/workspace.ts
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = (0, import_node_path3.resolve)(dir);
  const stop = gitTop ? (0, import_node_path3.resolve)(gitTop) : current;
  for (; ; ) {
    if (isDirectory((0, import_node_path3.join)(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = (0, import_node_path3.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom((0, import_node_path3.resolve)(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom((0, import_node_path3.resolve)(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom((0, import_node_path3.resolve)(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: (0, import_node_path3.join)(root, STORE_DIR_NAME), gitTop, source };
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
    return (0, import_node_fs4.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function storeExists(ws) {
  return (0, import_node_fs4.existsSync)(ws.storeDir);
}

// src/hooks/store-precheck.ts
function storeExpectedFromEnv(env, fallbackCwd) {
  const envDecides = env.THREADMIND_ROOT ? (0, import_node_path4.isAbsolute)(env.THREADMIND_ROOT) : env.CLAUDE_PROJECT_DIR !== void 0 && env.CLAUDE_PROJECT_DIR !== "" && isDirectory2(env.CLAUDE_PROJECT_DIR);
  if (!envDecides) return null;
  return storeExists(resolveWorkspace({ env, cwd: fallbackCwd }));
}
function workspaceMayHaveStore(rawInput, fallbackCwd, env) {
  let cwd;
  try {
    cwd = parseHookInput(rawInput, fallbackCwd).cwd;
  } catch {
    return true;
  }
  return storeExists(resolveWorkspace({ env, cwd }));
}
function isDirectory2(path) {
  try {
    return (0, import_node_fs5.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}

// src/hooks/hook-output.ts
var import_node_fs6 = require("fs");
function renderHookOutput(event, output) {
  const json = {};
  if (output.userMessage) json.systemMessage = output.userMessage;
  if (output.additionalContext !== void 0 && event === "SessionStart") {
    json.hookSpecificOutput = { hookEventName: "SessionStart", additionalContext: output.additionalContext };
  }
  return Object.keys(json).length === 0 ? null : JSON.stringify(json);
}
function writeHookOutput(event, output) {
  const text = renderHookOutput(event, output);
  if (text === null) return Promise.resolve();
  const bytes = Buffer.from(`${text}
`, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += (0, import_node_fs6.writeSync)(1, bytes, written, bytes.length - written);
    return Promise.resolve();
  } catch (e) {
    if (!(e instanceof Error && "code" in e && e.code === "EAGAIN")) return Promise.resolve();
  }
  return new Promise((resolve4) => {
    process.stdout.write(bytes.subarray(written), () => resolve4());
  });
}
function failureLine(what, error) {
  const reason = error instanceof Error ? error.message : String(error);
  const short = reason.length > 300 ? `${reason.slice(0, 300)}\u2026` : reason;
  return `ThreadMind: ${what}: ${short.replace(/\s*\n\s*/g, " ")}`;
}

// src/hooks/hook-runner.ts
async function runHookWith(name, entry, handle) {
  if (!isHookName(name)) {
    await writeHookOutput("", { userMessage: `ThreadMind: unknown hook "${name ?? ""}" (expected session-start, session-end or pre-compact)` });
    return;
  }
  const plan = PLANS[name];
  const started = entry.startedAt;
  let timer;
  const deadline = new Promise((resolve4) => {
    timer = setTimeout(
      () => resolve4({ userMessage: `ThreadMind: ${plan.event} hook gave up after ${plan.deadlineMs} ms (store locked or disk slow); nothing was changed.` }),
      Math.max(0, plan.deadlineMs - (Date.now() - started))
    );
  });
  const work = (async () => {
    try {
      const stdin = entry.stdin;
      if (stdin !== null && "error" in stdin) throw stdin.error;
      const raw = stdin !== null ? stdin.text : await readStdin(Math.max(100, plan.deadlineMs - 200));
      const input = parseHookInput(raw, process.cwd());
      return await handle(name, input, Math.min(plan.lockTimeoutMs, plan.deadlineMs - (Date.now() - started) - 100));
    } catch (e) {
      return { userMessage: failureLine(`${plan.event} hook failed`, e) };
    }
  })();
  const output = await Promise.race([work, deadline]);
  clearTimeout(timer);
  await writeHookOutput(plan.event, output);
}

// src/hooks/hook-fast.ts
var import_node_fs16 = require("fs");
var import_node_path9 = require("path");

// src/core/local-state.ts
var import_node_path5 = require("path");

// src/core/read-strict.ts
var import_node_fs7 = require("fs");

// src/core/errors.ts
var ThreadMindError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    this.name = "ThreadMindError";
  }
  code;
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

// src/core/read-strict.ts
function unreadable(path, reason) {
  return new UnreadableFileError(path, reason);
}
function reasonOf(e) {
  if (e instanceof UnreadableFileError) return e.reason;
  return e instanceof Error ? e.message : String(e);
}
function readTextStrict(path, maxBytes) {
  let stat;
  try {
    stat = (0, import_node_fs7.lstatSync)(path);
  } catch (e) {
    if (e.code === "ENOENT") return null;
    throw unreadable(path, reasonOf(e));
  }
  if (stat.isSymbolicLink()) throw unreadable(path, "is a symbolic link; ThreadMind does not follow links in .threadmind/");
  if (!stat.isFile()) throw unreadable(path, "is not a regular file");
  if (stat.size > maxBytes) {
    throw unreadable(path, `is ${stat.size.toLocaleString("en-US")} bytes, over the ${maxBytes.toLocaleString("en-US")}-byte limit`);
  }
  let bytes;
  try {
    bytes = (0, import_node_fs7.readFileSync)(path);
  } catch (e) {
    if (e.code === "ENOENT") return null;
    throw unreadable(path, reasonOf(e));
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw unreadable(path, "is not valid UTF-8");
  }
}

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
  /** A local state file larger than this is set aside instead of being parsed. */
  localStateBytes: 4e6
};

// src/core/id-pattern.ts
var ID_PATTERN = /^[a-z0-9-]{1,64}$/;
function isValidId(id) {
  return typeof id === "string" && ID_PATTERN.test(id);
}

// src/core/measurements.ts
function emptyMeasurements() {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}

// src/core/local-state.ts
function emptyLocalState() {
  return { version: 1, branches: {}, sessions: {}, conversations: {}, measurements: emptyMeasurements(), legacyAuthorIds: [] };
}
function localStatePath(storeDir) {
  return (0, import_node_path5.join)(storeDir, "config.json");
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
      const entries = Object.entries(perProject).filter((e) => typeof e[1] === "string");
      state.branches[branch] = Object.fromEntries(entries);
    }
  }
  if (isRecord(d.sessions)) {
    for (const [key, s] of Object.entries(d.sessions)) {
      if (!isRecord(s)) continue;
      const session = { updatedAt: typeof s.updatedAt === "string" ? s.updatedAt : "" };
      if (typeof s.projectId === "string") session.projectId = s.projectId;
      if (typeof s.threadId === "string") session.threadId = s.threadId;
      if (typeof s.pid === "number") session.pid = s.pid;
      state.sessions[key] = session;
    }
  }
  if (isRecord(d.conversations)) {
    for (const [sessionId, c] of Object.entries(d.conversations)) {
      if (!isRecord(c) || typeof c.projectId !== "string" || typeof c.threadId !== "string") continue;
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
function isRecord(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

// src/core/session-key.ts
function claudeInstanceSession(claudePid) {
  return { key: `claude-${claudePid}`, pid: claudePid };
}
function hookSession(env) {
  const pid = Number.parseInt(env.CLAUDE_PID ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? claudeInstanceSession(pid) : null;
}
function hookSessionOr(env, conversationId) {
  return hookSession(env) ?? { key: `hook-session-${conversationId}` };
}

// src/core/project-ids.ts
var import_node_fs8 = require("fs");
function projectIdsIn(dir) {
  return (0, import_node_fs8.readdirSync)(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}

// src/core/thread-choice.ts
function chooseProjectId(ids, state, sessionKey) {
  const candidates = [state.sessions[sessionKey]?.projectId, ids.length === 1 ? ids[0] : void 0, state.lastProjectId];
  return candidates.find((id) => id !== void 0 && ids.includes(id)) ?? null;
}
function sessionChoice(state, sessionKey, projectId) {
  const persisted = state.sessions[sessionKey];
  return persisted?.projectId === projectId && persisted.threadId ? persisted.threadId : null;
}
function branchChoice(state, branch, projectId) {
  return (branch ? state.branches[branch]?.[projectId] : void 0) ?? null;
}

// src/core/context-cache.ts
var import_node_fs10 = require("fs");
var import_node_path6 = require("path");

// src/core/file-stamp.ts
var import_node_fs9 = require("fs");
function fileStamp(path) {
  try {
    const s = (0, import_node_fs9.lstatSync)(path, { bigint: true });
    return s.isFile() ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : null;
  } catch {
    return null;
  }
}

// src/core/text-fingerprint.ts
var encoder = new TextEncoder();
function textFingerprint(text) {
  const bytes = new Uint8Array(Math.ceil(text.length * 3 / 4) * 4 + 4);
  const { written } = encoder.encodeInto(text, bytes);
  const words = new Uint32Array(bytes.buffer, 0, Math.ceil(written / 4));
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

// src/core/context-cache.ts
var CONTEXT_CACHE_VERSION = 1;
var ENTRY_MAX_BYTES = 512 * 1024;
var SOURCE_MAX_BYTES = 1024 * 1024;
function contextCachePath(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId)) throw new Error(`invalid id for the context cache: ${projectId}/${threadId}`);
  return (0, import_node_path6.join)(storeDir, "cache", "context", projectId, `${threadId}.json`);
}
function isEntry(d, projectId, threadId) {
  if (typeof d !== "object" || d === null) return false;
  const e = d;
  return e.version === CONTEXT_CACHE_VERSION && e.projectId === projectId && e.threadId === threadId && typeof e.builtBy === "string" && (e.threadStatus === "active" || e.threadStatus === "done" || e.threadStatus === "abandoned") && typeof e.sources === "object" && e.sources !== null && (e.head === null || typeof e.head === "string") && typeof e.starts === "object" && e.starts !== null && (e.verify === void 0 || typeof e.verify === "object" && e.verify !== null && Object.values(e.verify).every((v) => typeof v === "string"));
}
function readContextCacheEntry(storeDir, projectId, threadId) {
  let text;
  try {
    const path = contextCachePath(storeDir, projectId, threadId);
    if (fileStamp(path) === null) return null;
    const bytes = (0, import_node_fs10.readFileSync)(path);
    if (bytes.length > ENTRY_MAX_BYTES) return null;
    text = bytes.toString("utf8");
  } catch {
    return null;
  }
  try {
    const data = JSON.parse(text);
    return isEntry(data, projectId, threadId) ? data : null;
  } catch {
    return null;
  }
}
function entryStillValid(entry, storeDir, builtBy, head) {
  if (entry.builtBy !== builtBy) return false;
  for (const [rel, stamp] of Object.entries(entry.sources)) {
    if (fileStamp((0, import_node_path6.join)(storeDir, rel)) !== stamp) return false;
  }
  for (const [rel, fingerprint] of Object.entries(entry.verify ?? {})) {
    if (sourceFingerprint(storeDir, rel) !== fingerprint) return false;
  }
  return entry.head === null || head() === entry.head;
}
function sourceFingerprint(storeDir, rel) {
  const path = (0, import_node_path6.join)(storeDir, rel);
  try {
    if (fileStamp(path) === null) return null;
    const bytes = (0, import_node_fs10.readFileSync)(path);
    return bytes.length > SOURCE_MAX_BYTES ? null : textFingerprint(bytes.toString("utf8"));
  } catch {
    return null;
  }
}

// src/core/measurement-log.ts
var import_node_fs11 = require("fs");
var import_node_path7 = require("path");
var MEASUREMENT_LOG = "measurements.jsonl";
var MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
var LOG_ROTATE_BYTES = 1024 * 1024;
var MAX_APPEND_BYTES = 64 * 1024;
function measurementLogPath(storeDir) {
  return (0, import_node_path7.join)(storeDir, MEASUREMENT_LOG);
}
function previousMeasurementLogPath(storeDir) {
  return (0, import_node_path7.join)(storeDir, MEASUREMENT_LOG_PREVIOUS);
}
function measurementLogPaths(storeDir) {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}
function openLog(path, use) {
  let fd;
  try {
    fd = (0, import_node_fs11.openSync)(path, import_node_fs11.constants.O_RDONLY | import_node_fs11.constants.O_NOFOLLOW);
  } catch (e) {
    if (e instanceof Error && "code" in e && e.code === "ENOENT") return null;
    throw e;
  }
  try {
    const stat = (0, import_node_fs11.fstatSync)(fd);
    if (!stat.isFile()) throw new Error(`${path} is not a regular file`);
    return use(fd, stat.size);
  } finally {
    (0, import_node_fs11.closeSync)(fd);
  }
}
function appendMeasurementEvents(storeDir, events) {
  if (events.length === 0) return 0;
  const text = events.map((e) => `${JSON.stringify(e)}
`).join("");
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > MAX_APPEND_BYTES) throw new Error(`measurement records too large to append (${bytes.length} bytes)`);
  const fd = (0, import_node_fs11.openSync)(measurementLogPath(storeDir), import_node_fs11.constants.O_RDWR | import_node_fs11.constants.O_APPEND | import_node_fs11.constants.O_CREAT | import_node_fs11.constants.O_NOFOLLOW, 420);
  try {
    const before = (0, import_node_fs11.fstatSync)(fd);
    if (!before.isFile()) throw new Error(`${measurementLogPath(storeDir)} is not a regular file`);
    let out = bytes;
    if (before.size > 0) {
      const last2 = Buffer.alloc(1);
      (0, import_node_fs11.readSync)(fd, last2, 0, 1, before.size - 1);
      if (last2[0] !== 10) out = Buffer.concat([Buffer.from("\n"), bytes]);
    }
    (0, import_node_fs11.writeSync)(fd, out);
    return (0, import_node_fs11.fstatSync)(fd).size;
  } finally {
    (0, import_node_fs11.closeSync)(fd);
  }
}

// src/core/measurement-log-read.ts
var import_node_fs12 = require("fs");
var READ_MAX_BYTES = 8 * 1024 * 1024;
var KINDS = /* @__PURE__ */ new Set(["sessionEnd", "preCompact", "injection", "receipt", "hookSeen", "conversation"]);
var RECEIPTS = /* @__PURE__ */ new Set(["delivered", "preview", "missing"]);
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
  if (typeof d.at !== "string" || typeof d.sessionId !== "string") return null;
  switch (d.kind) {
    case "sessionEnd":
    case "preCompact":
      return typeof d.reason === "string" && (d.contextTokens === null || typeof d.contextTokens === "number") ? d : null;
    case "injection":
      return typeof d.threadId === "string" && typeof d.contentHash === "string" && typeof d.chars === "number" && (d.transcriptOffset === void 0 || Number.isInteger(d.transcriptOffset) && d.transcriptOffset >= 0) && (d.fingerprint === void 0 || typeof d.fingerprint === "string") ? d : null;
    case "receipt":
      return typeof d.injectionAt === "string" && typeof d.contentHash === "string" && RECEIPTS.has(d.receipt) ? d : null;
    case "hookSeen":
      return typeof d.event === "string" ? d : null;
    case "conversation":
      return typeof d.projectId === "string" && typeof d.threadId === "string" && (d.instance === void 0 || typeof d.instance === "string") ? d : null;
  }
}
function receiptKey(r) {
  return `${r.sessionId}
${r.at}
${r.contentHash}`;
}
function record(event) {
  const { kind: _kind, ...rest } = event;
  return rest;
}
function sessionEvents(storeDir, sessionId) {
  const events = [];
  scanEvents(storeDir, `"sessionId":${JSON.stringify(sessionId)}`, (event) => {
    if (event.sessionId === sessionId) events.push(event);
  });
  return events;
}
function scanEvents(storeDir, needle, onEvent) {
  const bytes = Buffer.from(needle, "utf8");
  for (const path of measurementLogPaths(storeDir)) {
    scanLines(path, bytes, (line) => {
      const event = parseEventLine(line);
      if (event !== null) onEvent(event);
    });
  }
}
var scanBuffer = null;
var SCAN_BUFFER_BYTES = 64 * 1024;
function scanLines(path, needle, onLine) {
  openLog(path, (fd, size) => {
    scanBuffer ??= Buffer.allocUnsafe(SCAN_BUFFER_BYTES);
    const buffer = scanBuffer;
    let position = Math.max(0, size - READ_MAX_BYTES);
    let held = 0;
    let skippingLongLine = false;
    for (; ; ) {
      const n = (0, import_node_fs12.readSync)(fd, buffer, held, buffer.length - held, position);
      position += n;
      const filled = held + n;
      const lastNewline = n === 0 ? filled : buffer.lastIndexOf(10, filled - 1);
      const complete = lastNewline === -1 ? 0 : lastNewline;
      let from = 0;
      if (skippingLongLine) {
        const end = buffer.indexOf(10, 0);
        if (end === -1 || end > complete) from = complete;
        else {
          from = end + 1;
          skippingLongLine = false;
        }
      }
      for (; ; ) {
        const hit = buffer.indexOf(needle, from);
        if (hit === -1 || hit >= complete) break;
        const start = buffer.lastIndexOf(10, hit) + 1;
        const newline = buffer.indexOf(10, hit);
        const end = newline === -1 || newline > complete ? complete : newline;
        onLine(buffer.toString("utf8", Math.max(start, from), end));
        from = end + 1;
      }
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
  });
}
function lastConversation(events) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === "conversation") return { projectId: e.projectId, threadId: e.threadId, instance: e.instance ?? null };
  }
  return null;
}
function instanceThread(storeDir, instance) {
  let last2 = null;
  scanEvents(storeDir, `"instance":${JSON.stringify(instance)}`, (event) => {
    if (event.kind === "conversation" && event.instance === instance) last2 = { projectId: event.projectId, threadId: event.threadId };
  });
  return last2;
}
function pendingInjections(events) {
  const settled = new Set(events.flatMap((e) => e.kind === "receipt" ? [receiptKey({ sessionId: e.sessionId, at: e.injectionAt, contentHash: e.contentHash })] : []));
  return events.flatMap((e) => e.kind === "injection" && !settled.has(receiptKey(e)) ? [{ ...record(e), receipt: "pending" }] : []);
}

// src/core/clock.ts
var last = 0;
function nextTimestamp(after) {
  let t = Date.now();
  const floor = after ? Date.parse(after) : Number.NaN;
  if (!Number.isNaN(floor) && t <= floor) t = floor + 1;
  if (t <= last) t = last + 1;
  last = t;
  return new Date(t).toISOString();
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

// src/hooks/hooks-build.ts
var import_node_path8 = require("path");
function hooksBuild() {
  try {
    return fileStamp((0, import_node_path8.join)(__dirname, "hook-core.cjs"));
  } catch {
    return null;
  }
}

// src/transcript/types.ts
var KNOWN_RECORD_TYPES = [
  "user",
  "assistant",
  "system",
  "attachment",
  "progress",
  "summary",
  "queue-operation",
  "file-history-snapshot"
];

// src/transcript/classify-record.ts
var ShapeProblem = class extends Error {
};
var SYNTHETIC_MODEL = "<synthetic>";
var PERSISTED_OUTPUT_OPEN = "<persisted-output>";
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isKnownRecordType(type) {
  return KNOWN_RECORD_TYPES.includes(type);
}
function optionalString(obj, key, where) {
  const value = obj[key];
  if (value === void 0) return null;
  if (typeof value !== "string") throw new ShapeProblem(`${where}.${key} is not a string`);
  return value;
}
function requiredString(obj, key, where) {
  const value = obj[key];
  if (typeof value !== "string") throw new ShapeProblem(`${where}.${key} is missing or not a string`);
  return value;
}
function isTokenCount(value) {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}
function requiredCount(obj, key, where) {
  const value = obj[key];
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is missing or not a token count`);
  return value;
}
function cacheCount(obj, key, where) {
  const value = obj[key];
  if (value === void 0 || value === null) return 0;
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is not a token count`);
  return value;
}
function optionalCount(obj, key, where) {
  const value = obj[key];
  if (value === void 0 || value === null) return null;
  if (!isTokenCount(value)) throw new ShapeProblem(`${where}.${key} is not a token count`);
  return value;
}
function optionalFlag(obj, key) {
  const value = obj[key];
  if (value === void 0) return false;
  if (typeof value !== "boolean") throw new ShapeProblem(`${key} is not a boolean`);
  return value;
}
function requiredObject(obj, key, where) {
  const value = obj[key];
  if (!isObject(value)) throw new ShapeProblem(`${where}.${key} is missing or not an object`);
  return value;
}
function contextTokensOf(usage) {
  return usage.inputTokens + usage.cacheCreationInputTokens + usage.cacheReadInputTokens;
}
function readMeta(record3, type) {
  return {
    type,
    sessionId: optionalString(record3, "sessionId", "record"),
    timestamp: optionalString(record3, "timestamp", "record"),
    uuid: optionalString(record3, "uuid", "record")
  };
}
function skipped(reason, meta) {
  return { kind: "skipped", reason, meta };
}
function classifyAssistant(record3, meta) {
  if (optionalFlag(record3, "isApiErrorMessage")) return skipped("api-error", meta);
  const message = requiredObject(record3, "message", "record");
  const model = requiredString(message, "model", "message");
  if (model === SYNTHETIC_MODEL) return skipped("synthetic", meta);
  const usage = requiredObject(message, "usage", "message");
  const tokens = {
    inputTokens: requiredCount(usage, "input_tokens", "usage"),
    cacheCreationInputTokens: cacheCount(usage, "cache_creation_input_tokens", "usage"),
    cacheReadInputTokens: cacheCount(usage, "cache_read_input_tokens", "usage"),
    outputTokens: requiredCount(usage, "output_tokens", "usage")
  };
  return {
    kind: "assistant",
    record: {
      meta,
      messageId: requiredString(message, "id", "message"),
      requestId: optionalString(record3, "requestId", "record"),
      model,
      usage: tokens,
      contextTokens: contextTokensOf(tokens)
    }
  };
}
function classifySystem(record3, meta) {
  if (optionalString(record3, "subtype", "record") !== "compact_boundary") return { kind: "other", meta };
  const metadata = record3["compactMetadata"];
  if (metadata === void 0) {
    return { kind: "compact-boundary", record: { meta, trigger: null, preTokens: null, postTokens: null } };
  }
  if (!isObject(metadata)) throw new ShapeProblem("record.compactMetadata is not an object");
  return {
    kind: "compact-boundary",
    record: {
      meta,
      trigger: optionalString(metadata, "trigger", "compactMetadata"),
      preTokens: optionalCount(metadata, "preTokens", "compactMetadata"),
      postTokens: optionalCount(metadata, "postTokens", "compactMetadata")
    }
  };
}
function classifyAttachment(record3, meta) {
  const attachment = requiredObject(record3, "attachment", "record");
  if (optionalString(attachment, "type", "attachment") !== "hook_additional_context") return { kind: "other", meta };
  const content = attachment["content"];
  if (!Array.isArray(content) || !content.every((item) => typeof item === "string")) {
    throw new ShapeProblem("attachment.content is not an array of strings");
  }
  const first = content[0];
  return {
    kind: "hook-context",
    record: {
      meta,
      hookEvent: optionalString(attachment, "hookEvent", "attachment"),
      hookName: optionalString(attachment, "hookName", "attachment"),
      content,
      text: content.join("\n"),
      isPersistedOutputPreview: first !== void 0 && first.trimStart().startsWith(PERSISTED_OUTPUT_OPEN)
    }
  };
}
function classifyKnown(type, record3, meta) {
  switch (type) {
    case "progress":
      return skipped("progress", meta);
    case "assistant":
      return classifyAssistant(record3, meta);
    case "system":
      return classifySystem(record3, meta);
    case "attachment":
      return classifyAttachment(record3, meta);
    case "user":
    case "summary":
    case "queue-operation":
    case "file-history-snapshot":
      return { kind: "other", meta };
    default: {
      const unreachable = type;
      throw new Error(`unhandled record type ${String(unreachable)}`);
    }
  }
}
function classifyRecord(value) {
  if (!isObject(value)) return { kind: "malformed", problem: "not a JSON object" };
  const type = value["type"];
  if (typeof type !== "string") return { kind: "malformed", problem: "record.type is missing or not a string" };
  try {
    const meta = readMeta(value, type);
    if (optionalFlag(value, "isSidechain")) return skipped("sidechain", meta);
    if (!isKnownRecordType(type)) return skipped("unknown-type", meta);
    return classifyKnown(type, value, meta);
  } catch (error) {
    if (error instanceof ShapeProblem) return { kind: "malformed", problem: `${type} record: ${error.message}` };
    throw error;
  }
}
function classifyLine(text) {
  if (text.trim() === "") return { kind: "blank" };
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return { kind: "malformed", problem: `not JSON: ${error.message}` };
    throw error;
  }
  return classifyRecord(value);
}

// src/transcript/line-prefilter.ts
function member(key, value) {
  return { key: Buffer.from(JSON.stringify(key)), value: Buffer.from(JSON.stringify(value)) };
}
var MARKERS = {
  assistant: member("type", "assistant"),
  "compact-boundary": member("subtype", "compact_boundary"),
  "hook-context": member("type", "hook_additional_context")
};
var SPACE = 32;
var TAB = 9;
var CARRIAGE_RETURN = 13;
var COLON = 58;
function skipSpaceBack(line, index) {
  let i = index;
  while (i >= 0 && (line[i] === SPACE || line[i] === TAB || line[i] === CARRIAGE_RETURN)) i -= 1;
  return i;
}
function hasMember(line, marker) {
  let at = line.indexOf(marker.value);
  while (at !== -1) {
    const colon = skipSpaceBack(line, at - 1);
    if (colon >= 0 && line[colon] === COLON) {
      const keyEnd = skipSpaceBack(line, colon - 1) + 1;
      const keyStart = keyEnd - marker.key.length;
      if (keyStart >= 0 && marker.key.equals(line.subarray(keyStart, keyEnd))) return true;
    }
    at = line.indexOf(marker.value, at + 1);
  }
  return false;
}
function mayBeNeededRecord(line, needed) {
  return needed.some((kind) => hasMember(line, MARKERS[kind]));
}

// src/transcript/session-accumulator.ts
function emptySkipCounts() {
  return { sidechain: 0, synthetic: 0, "api-error": 0, progress: 0, "unknown-type": 0 };
}

// src/transcript/transcript-file.ts
var import_node_fs13 = require("fs");
var TranscriptReadError = class extends Error {
  path;
  code;
  constructor(path, message, options) {
    super(`cannot read transcript ${path}: ${message}`, options.cause === void 0 ? void 0 : { cause: options.cause });
    this.name = "TranscriptReadError";
    this.path = path;
    this.code = options.code;
  }
};
function checkPositiveInteger(name, value) {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${value}`);
}
function fsCode(error) {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return null;
}
function asReadError(path, error) {
  if (error instanceof TranscriptReadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new TranscriptReadError(path, message, { code: fsCode(error), cause: error });
}
async function openTranscript(path) {
  let fd;
  try {
    const before = (0, import_node_fs13.statSync)(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    fd = (0, import_node_fs13.openSync)(path, "r");
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = (0, import_node_fs13.fstatSync)(fd);
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, fd, size: stats.size };
  } catch (error) {
    (0, import_node_fs13.closeSync)(fd);
    throw asReadError(path, error);
  }
}
async function withTranscript(path, work) {
  const file = await openTranscript(path);
  try {
    return await work(file);
  } catch (error) {
    throw fsCode(error) === null ? error : asReadError(path, error);
  } finally {
    (0, import_node_fs13.closeSync)(file.fd);
  }
}
async function readExactly(file, buffer, position) {
  let filled = 0;
  while (filled < buffer.length) {
    const bytesRead = (0, import_node_fs13.readSync)(file.fd, buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) {
      throw new TranscriptReadError(file.path, `file ended at byte ${position + filled} while ${buffer.length - filled} more bytes were expected (was it truncated while being read?)`, { code: null });
    }
    filled += bytesRead;
  }
}

// src/transcript/read-tail.ts
var DEFAULT_TAIL_CHUNK_BYTES = 64 * 1024;
var NEWLINE = 10;
var NEEDED_BEFORE_LAST_RESPONSE = ["assistant", "compact-boundary", "hook-context"];
var NEEDED_AFTER_LAST_RESPONSE = ["compact-boundary", "hook-context"];
var TailCollector = class {
  constructor(backToLastCompaction) {
    this.backToLastCompaction = backToLastCompaction;
  }
  backToLastCompaction;
  lines = 0;
  unparsedLines = 0;
  malformedLines = 0;
  truncatedLastLine = false;
  skipped = emptySkipCounts();
  lastAssistant = null;
  boundariesLastFirst = [];
  hookContextsLastFirst = [];
  /**
   * Classifies one complete line; returns true when the walk can stop. An unterminated last line is always classified,
   * so that a line cut mid-write is reported (truncatedLastLine) whatever record it was. `bytes` may be a view of the
   * walk's read buffer, overwritten by the next read: it is never kept.
   */
  take(bytes, isUnterminatedLastLine) {
    this.lines += 1;
    const needed = this.lastAssistant === null ? NEEDED_BEFORE_LAST_RESPONSE : NEEDED_AFTER_LAST_RESPONSE;
    if (!isUnterminatedLastLine && !mayBeNeededRecord(bytes, needed)) {
      this.unparsedLines += 1;
      return false;
    }
    const line = classifyLine(bytes.toString("utf8"));
    switch (line.kind) {
      case "blank":
      case "other":
        break;
      case "malformed":
        this.malformedLines += 1;
        if (isUnterminatedLastLine) this.truncatedLastLine = true;
        break;
      case "skipped":
        this.skipped[line.reason] += 1;
        break;
      case "assistant":
        if (this.lastAssistant === null) this.lastAssistant = line.record;
        break;
      case "compact-boundary":
        this.boundariesLastFirst.push(line.record);
        break;
      case "hook-context":
        this.hookContextsLastFirst.push(line.record);
        break;
      default: {
        const unreachable = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
    if (this.lastAssistant === null) return false;
    return !this.backToLastCompaction || this.boundariesLastFirst.length > 0;
  }
};
async function walkBack(file, chunkSize, maxBytes, collector) {
  let position = file.size;
  let bytesRead = 0;
  let carry = [];
  let atEndOfFile = true;
  let stopped = false;
  let stoppedAtByteLimit = false;
  const takeLine = (bytes) => {
    const isLastLine = atEndOfFile;
    atEndOfFile = false;
    if (isLastLine && bytes.length === 0) return false;
    return collector.take(bytes, isLastLine);
  };
  const buffer = Buffer.allocUnsafe(Math.min(chunkSize, file.size, maxBytes ?? chunkSize));
  while (position > 0 && !stopped) {
    if (maxBytes !== null && bytesRead >= maxBytes) {
      stoppedAtByteLimit = true;
      break;
    }
    const length = Math.min(chunkSize, position, maxBytes === null ? chunkSize : maxBytes - bytesRead);
    position -= length;
    const chunk = buffer.subarray(0, length);
    await readExactly(file, chunk, position);
    bytesRead += length;
    let end = length;
    let newline = chunk.lastIndexOf(NEWLINE, end - 1);
    while (newline !== -1 && !stopped) {
      const piece = chunk.subarray(newline + 1, end);
      const bytes = carry.length === 0 ? piece : Buffer.concat([piece, ...carry]);
      carry = [];
      stopped = takeLine(bytes);
      end = newline;
      newline = end === 0 ? -1 : chunk.lastIndexOf(NEWLINE, end - 1);
    }
    if (!stopped && end > 0) carry.unshift(Buffer.from(chunk.subarray(0, end)));
  }
  if (!stopped && !stoppedAtByteLimit && position === 0) {
    stopped = takeLine(Buffer.concat(carry));
  }
  return { bytesRead, reachedStartOfFile: position === 0 && !stoppedAtByteLimit, stoppedAtByteLimit };
}
async function readTail(path, options = {}) {
  const chunkSize = options.chunkSize ?? DEFAULT_TAIL_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  const maxBytes = options.maxBytes ?? null;
  if (maxBytes !== null) checkPositiveInteger("maxBytes", maxBytes);
  return withTranscript(path, async (file) => {
    const collector = new TailCollector(options.backToLastCompaction ?? false);
    const walk = await walkBack(file, chunkSize, maxBytes, collector);
    return {
      path,
      fileSize: file.size,
      bytesRead: walk.bytesRead,
      reachedStartOfFile: walk.reachedStartOfFile,
      stoppedAtByteLimit: walk.stoppedAtByteLimit,
      lastAssistant: collector.lastAssistant,
      contextTokens: collector.lastAssistant === null ? null : collector.lastAssistant.contextTokens,
      compactBoundaries: collector.boundariesLastFirst.reverse(),
      hookContexts: collector.hookContextsLastFirst.reverse(),
      skipped: { ...collector.skipped },
      lines: collector.lines,
      unparsedLines: collector.unparsedLines,
      malformedLines: collector.malformedLines,
      truncatedLastLine: collector.truncatedLastLine
    };
  });
}

// src/transcript/line-splitter.ts
var NEWLINE2 = 10;
var ByteLineSplitter = class {
  constructor(sink) {
    this.sink = sink;
  }
  sink;
  /** Bytes of the current line not yet ended by a newline. */
  pending = [];
  pendingBytes = 0;
  takenBytes = 0;
  stoppedBySink = false;
  /** Bytes held for a line that has not ended yet. */
  get bytesPending() {
    return this.pendingBytes;
  }
  /** Bytes of the lines given to the sink so far, their newlines included. */
  get bytesTaken() {
    return this.takenBytes;
  }
  /** The sink asked to stop. */
  get stopped() {
    return this.stoppedBySink;
  }
  push(chunk) {
    if (this.stoppedBySink) return;
    let start = 0;
    let newline = chunk.indexOf(NEWLINE2, start);
    while (newline !== -1) {
      const piece = chunk.subarray(start, newline);
      const line = this.pending.length === 0 ? piece : Buffer.concat([...this.pending, piece]);
      this.pending = [];
      this.pendingBytes = 0;
      this.takenBytes += line.length + 1;
      if (this.sink(line, true)) {
        this.stoppedBySink = true;
        return;
      }
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE2, start);
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
    }
  }
  /** End of input: a line without a final newline goes to the sink as unterminated. */
  end() {
    if (this.stoppedBySink || this.pending.length === 0) return;
    const line = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    this.takenBytes += line.length;
    this.stoppedBySink = this.sink(line, false);
  }
};

// src/transcript/read-head.ts
var DEFAULT_HEAD_MAX_BYTES = 256 * 1024;
var DEFAULT_HEAD_CHUNK_BYTES = 64 * 1024;
var NEEDED_IN_HEAD = ["assistant", "hook-context"];
function mainChainMeta(line) {
  switch (line.kind) {
    case "blank":
    case "malformed":
    case "skipped":
      return null;
    case "other":
      return line.meta;
    case "assistant":
    case "compact-boundary":
    case "hook-context":
      return line.record.meta;
    default: {
      const unreachable = line;
      throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
    }
  }
}
var HeadCollector = class {
  records = [];
  hookContexts = [];
  sessionIds = [];
  firstTimestamp = null;
  skipped = emptySkipCounts();
  lines = 0;
  unparsedLines = 0;
  malformedLines = 0;
  truncatedLastLine = false;
  stoppedAtFirstResponse = false;
  /** An unterminated last line is always classified, so that a line cut mid-write is reported whatever it was. */
  take(bytes, terminated) {
    this.lines += 1;
    if (terminated && !mayBeNeededRecord(bytes, NEEDED_IN_HEAD)) {
      this.unparsedLines += 1;
      return false;
    }
    const line = classifyLine(bytes.toString("utf8"));
    this.records.push(line);
    if (line.kind === "malformed") {
      this.malformedLines += 1;
      if (!terminated) this.truncatedLastLine = true;
    }
    if (line.kind === "skipped") this.skipped[line.reason] += 1;
    if (line.kind === "hook-context") this.hookContexts.push(line.record);
    const meta = mainChainMeta(line);
    if (meta !== null) {
      if (meta.sessionId !== null && !this.sessionIds.includes(meta.sessionId)) this.sessionIds.push(meta.sessionId);
      if (this.firstTimestamp === null && meta.timestamp !== null) this.firstTimestamp = meta.timestamp;
    }
    this.stoppedAtFirstResponse = line.kind === "assistant";
    return this.stoppedAtFirstResponse;
  }
};
async function readHead(path, options = {}) {
  const maxBytes = options.maxBytes ?? DEFAULT_HEAD_MAX_BYTES;
  checkPositiveInteger("maxBytes", maxBytes);
  const chunkSize = options.chunkSize ?? DEFAULT_HEAD_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  const from = options.from ?? 0;
  if (!Number.isInteger(from) || from < 0) throw new RangeError(`from must be a non-negative integer, got ${from}`);
  return withTranscript(path, async (file) => {
    const collector = new HeadCollector();
    let dropFirst = from > 0;
    const splitter = new ByteLineSplitter((bytes, terminated) => {
      if (dropFirst) {
        dropFirst = false;
        return false;
      }
      return collector.take(bytes, terminated);
    });
    const start = from > 0 ? Math.min(from - 1, file.size) : 0;
    const limit = Math.min(start + maxBytes, file.size);
    let position = start;
    while (position < limit && !splitter.stopped) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkSize, limit - position));
      await readExactly(file, chunk, position);
      position += chunk.length;
      splitter.push(chunk);
    }
    if (position === file.size) splitter.end();
    return {
      path,
      fileSize: file.size,
      bytesRead: position - start,
      reachedEndOfFile: start + splitter.bytesTaken === file.size,
      stoppedAtFirstResponse: collector.stoppedAtFirstResponse,
      cutAtByteBound: !splitter.stopped && position < file.size && splitter.bytesPending > 0,
      records: collector.records,
      hookContexts: collector.hookContexts,
      sessionIds: collector.sessionIds,
      firstTimestamp: collector.firstTimestamp,
      skipped: collector.skipped,
      lines: collector.lines,
      unparsedLines: collector.unparsedLines,
      malformedLines: collector.malformedLines,
      truncatedLastLine: collector.truncatedLastLine
    };
  });
}

// src/hooks/receipts.ts
init_receipt_match();
async function readReceiptRecords(pending, transcriptPath) {
  const offsets = /* @__PURE__ */ new Set();
  for (const i of pending) {
    if (i.transcriptOffset !== void 0) offsets.add(i.transcriptOffset);
    else if (i.source !== "compact") offsets.add(0);
  }
  const found = [];
  for (const from of offsets) {
    const read = await readHead(transcriptPath, { from });
    found.push(...from > 0 && from >= read.fileSize ? (await readHead(transcriptPath)).hookContexts : read.hookContexts);
  }
  return found;
}
async function receiptEvents(pending, found) {
  const legacy = pending.some((i) => i.fingerprint === void 0) ? await Promise.resolve().then(() => (init_receipt_rule(), receipt_rule_exports)) : null;
  return pending.flatMap((injection) => {
    const fingerprint = injection.fingerprint;
    const receipt = fingerprint !== void 0 ? (
      // A text of another length is not the injected one: only texts of its length are fingerprinted.
      receiptWith(injection, found, { of: (t) => t.length === injection.chars ? textFingerprint(t) : "", value: fingerprint }, (r) => {
        const text = savedOutputText(r);
        return text === null ? null : textFingerprint(text);
      })
    ) : legacy.receiptFor(injection, found);
    if (receipt === "pending") return [];
    return [{ kind: "receipt", at: nextTimestamp(), sessionId: injection.sessionId, injectionAt: injection.at, contentHash: injection.contentHash, receipt }];
  });
}

// src/hooks/measure-size.ts
var TAIL_MAX_BYTES = 4 * 1024 * 1024;
async function measureSize(store, input, kind) {
  const reason = (kind === "sessionEnds" ? input.reason : input.trigger) ?? "unknown";
  const notes = [];
  let contextTokens = null;
  const logged = store.sessionEvents(input.sessionId);
  const pending = pendingInjections(logged);
  const events = [];
  let receipts = null;
  if (input.transcriptPath) {
    const path = input.transcriptPath;
    try {
      const backToLastCompaction = pending.some((i) => i.source === "compact" && i.transcriptOffset === void 0);
      const [tail, found] = await Promise.all([
        readTail(path, { maxBytes: TAIL_MAX_BYTES, backToLastCompaction }),
        pending.length === 0 ? null : readReceiptRecords(pending, path).then((records) => ({ records }), (error) => ({ error }))
      ]);
      contextTokens = tail.contextTokens;
      receipts = found === null ? null : "error" in found ? found : { records: [...tail.hookContexts, ...found.records] };
    } catch (e) {
      notes.push(failureLine("could not measure this session", e));
    }
  }
  const record3 = { at: nextTimestamp(), sessionId: input.sessionId, contextTokens, reason };
  if (input.transcriptPath) record3.transcriptPath = input.transcriptPath;
  events.push(
    { kind: kind === "sessionEnds" ? "sessionEnd" : "preCompact", ...record3 },
    { kind: "hookSeen", at: nextTimestamp(), event: `${kind === "sessionEnds" ? "SessionEnd" : "PreCompact"}:${reason}`, sessionId: input.sessionId }
  );
  if (receipts !== null) {
    try {
      if ("error" in receipts) throw receipts.error;
      events.push(...await receiptEvents(pending, receipts.records));
    } catch (e) {
      notes.push(failureLine("could not check the context receipt", e));
    }
  }
  const state = store.readState();
  const mine = sessionThread(state, store.session);
  if (mine !== null) events.push(conversationEvent(input.sessionId, mine.projectId, mine.threadId, store.session));
  await store.recordEvents(events);
  const conversation = resumedConversationToAdopt(state, store.session, logged, input.sessionId);
  if (conversation !== null) {
    try {
      await store.adopt(conversation);
    } catch (e) {
      notes.push(failureLine(`measured, but this window could not take over the conversation's thread "${conversation.threadId}"`, e));
    }
  }
  const lines = [...store.notices, ...notes];
  return lines.length > 0 ? { userMessage: lines.join(" ") } : {};
}

// src/hooks/start-record.ts
var import_node_fs15 = require("fs");
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

// src/hooks/hook-fast.ts
function fastStore(input, env) {
  const workspace = resolveWorkspace({ env, cwd: input.cwd });
  const storeDir = workspace.storeDir;
  if ((0, import_node_fs16.existsSync)((0, import_node_path9.join)(storeDir, "trees")) || !(0, import_node_fs16.existsSync)(measurementLogPath(storeDir))) return null;
  const { state, problem } = readLocalState(storeDir);
  if (problem !== void 0) return null;
  return { storeDir, gitTop: workspace.gitTop, state };
}
function projectIds(storeDir) {
  const dir = (0, import_node_path9.join)(storeDir, "projects");
  try {
    if ((0, import_node_fs16.lstatSync)(dir).isSymbolicLink()) return null;
    return projectIdsIn(dir);
  } catch {
    return null;
  }
}
async function record2(storeDir, events, rotate) {
  if (appendMeasurementEvents(storeDir, events) > LOG_ROTATE_BYTES) await rotate();
}
function fastConversation(input, env) {
  const store = fastStore(input, env);
  if (store === null) return null;
  const session = hookSessionOr(env, input.sessionId);
  const logged = sessionEvents(store.storeDir, input.sessionId);
  if (resumedConversationToAdopt(store.state, session, logged, input.sessionId) !== null) return null;
  return { store, session, logged };
}
function fastResume(input, env) {
  return fastConversation(input, env) === null ? null : {};
}
async function fastSessionStart(input, env, rotate) {
  const source = input.source ?? "startup";
  if (source === "resume") return fastResume(input, env);
  if (source !== "startup" && source !== "clear" && source !== "compact") return null;
  const builtBy = hooksBuild();
  if (builtBy === null) return null;
  const store = fastStore(input, env);
  if (store === null) return null;
  const ids = projectIds(store.storeDir);
  const session = hookSessionOr(env, input.sessionId);
  const projectId = ids === null ? null : chooseProjectId(ids, store.state, session.key);
  if (projectId === null) return null;
  const instance = source === "startup" ? null : instanceThread(store.storeDir, session.key);
  const own = sessionChoice(store.state, session.key, projectId) ?? (instance !== null && instance.projectId === projectId ? instance.threadId : null);
  const threadId = own ?? branchChoice(store.state, store.gitTop ? readBranch(store.gitTop) : null, projectId);
  if (threadId === null || !isValidId(threadId)) return null;
  const entry = readContextCacheEntry(store.storeDir, projectId, threadId);
  if (entry === null || !entryStillValid(entry, store.storeDir, builtBy, () => headCommitFromWorkTree(store.gitTop))) return null;
  if (own === null && entry.threadStatus !== "active") return null;
  const start = entry.starts[source];
  if (start === void 0) return null;
  const failures = [];
  try {
    await record2(store.storeDir, startEvents(input, session, source, projectId, threadId, start), rotate);
  } catch (e) {
    failures.push(failureLine("context loaded, but the injection could not be recorded", e));
  }
  return startOutput(start, failures);
}
async function fastMeasure(input, env, kind, rotate) {
  const conversation = fastConversation(input, env);
  if (conversation === null) return null;
  const { store, session, logged } = conversation;
  return measureSize(
    {
      storeDir: store.storeDir,
      session,
      notices: [],
      readState: () => store.state,
      sessionEvents: () => logged,
      recordEvents: (events) => record2(store.storeDir, events, rotate),
      adopt: () => Promise.reject(new Error("internal: the fast path does not take over conversations"))
    },
    input,
    kind
  );
}
async function tryFast(name, input, env, rotate) {
  switch (name) {
    case "session-start":
      return fastSessionStart(input, env, rotate);
    case "session-end":
      return fastMeasure(input, env, "sessionEnds", rotate);
    case "pre-compact":
      return fastMeasure(input, env, "preCompacts", rotate);
    default: {
      const unreachable = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}

// src/hooks/main.ts
function sibling(name) {
  return require((0, import_node_path10.join)(__dirname, name));
}
function guarded(check) {
  try {
    return check();
  } catch {
    return true;
  }
}
async function runHook(name) {
  const entry = { startedAt: Date.now(), stdin: null };
  if (isHookName(name)) {
    const fromEnv = guarded(() => storeExpectedFromEnv(process.env, process.cwd()));
    if (fromEnv === false) return;
    let text = null;
    try {
      text = await readStdin(Math.max(100, PLANS[name].deadlineMs - 200));
      entry.stdin = { text };
    } catch (e) {
      entry.stdin = { error: e };
    }
    if (fromEnv === null && text !== null && guarded(() => workspaceMayHaveStore(text, process.cwd(), process.env)) === false) return;
  }
  await runHookWith(name, entry, async (hook, input, lockTimeoutMs) => {
    const core = () => sibling("hook-core.cjs");
    const fast = await tryFast(hook, input, process.env, () => core().rotateMeasurementLog(input, lockTimeoutMs));
    return fast ?? core().handle(hook, input, lockTimeoutMs);
  });
}
var isEntry2 = process.argv[1] !== void 0 && /hook\.(cjs|js|ts)$/.test(process.argv[1]);
if (isEntry2) {
  process.on("uncaughtException", () => process.exit(0));
  process.on("unhandledRejection", () => process.exit(0));
  runHook(process.argv[2]).finally(() => process.exit(0));
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runHook
});
