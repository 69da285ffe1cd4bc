"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
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

// src/cli/statusline-store.ts
var statusline_store_exports = {};
__export(statusline_store_exports, {
  storeTitle: () => storeTitle
});
module.exports = __toCommonJS(statusline_store_exports);

// src/core/store/store.ts
var import_node_fs14 = require("fs");

// src/core/store/make-dir.ts
var import_node_fs = require("fs");
var import_node_path = require("path");

// src/core/error-details.ts
function errnoCode(error) {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return void 0;
}
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/core/store/make-dir.ts
function makeDir(path) {
  try {
    (0, import_node_fs.mkdirSync)(path, { recursive: true });
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
    makeDirOneByOne(path);
  }
}
function makeDirOneByOne(path) {
  try {
    (0, import_node_fs.mkdirSync)(path);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT" || (0, import_node_path.dirname)(path) === path) {
      madeMeanwhile(path, error);
      return;
    }
    makeDirOneByOne((0, import_node_path.dirname)(path));
    try {
      (0, import_node_fs.mkdirSync)(path);
    } catch (again) {
      madeMeanwhile(path, again);
    }
  }
}
function madeMeanwhile(path, error) {
  if (errnoCode(error) === "EEXIST" && (0, import_node_fs.lstatSync)(path).isDirectory()) return;
  throw error;
}

// src/core/store/store.ts
var import_node_path9 = require("path");

// src/core/store/atomic-write.ts
var import_node_fs2 = require("fs");
var import_node_path2 = require("path");
var TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;
function isAtomicTempFile(name) {
  return TEMP_NAME.test((0, import_node_path2.basename)(name));
}
function atomicTempWriterPid(name) {
  const pid = TEMP_NAME.exec((0, import_node_path2.basename)(name))?.[1];
  return pid === void 0 ? null : Number(pid);
}
function tempSuffix() {
  const high = Math.floor(Math.random() * 16777216);
  const low = Math.floor(Math.random() * 16777216);
  return `${high.toString(16).padStart(6, "0")}${low.toString(16).padStart(6, "0")}`;
}
function atomicTempPath(target, dir = (0, import_node_path2.dirname)(target)) {
  return (0, import_node_path2.join)(dir, `.${(0, import_node_path2.basename)(target)}.${process.pid}.${tempSuffix()}.tmp`);
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
    const fd = (0, import_node_fs2.openSync)(temp, "wx");
    tempExists = true;
    try {
      (0, import_node_fs2.writeFileSync)(fd, data);
      if (durable) (0, import_node_fs2.fsyncSync)(fd);
    } finally {
      (0, import_node_fs2.closeSync)(fd);
    }
    if (fence) {
      try {
        fence.check();
      } catch (refusal) {
        throw new FenceRefusal(refusal);
      }
    }
    (0, import_node_fs2.renameSync)(temp, path);
    tempExists = false;
    if (durable) fsyncDirectorySync((0, import_node_path2.dirname)(path));
  } catch (caught) {
    const error = caught instanceof FenceRefusal ? caught.error : caught;
    let cleanupError;
    if (tempExists) {
      try {
        (0, import_node_fs2.unlinkSync)(temp);
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
    fd = (0, import_node_fs2.openSync)(dir, "r");
  } catch (error) {
    if (isDirectorySyncRefusal(error)) return;
    throw error;
  }
  try {
    (0, import_node_fs2.fsyncSync)(fd);
  } catch (error) {
    if (!isDirectorySyncRefusal(error)) throw error;
  } finally {
    (0, import_node_fs2.closeSync)(fd);
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

// src/core/store/fenced-write.ts
var import_node_fs5 = require("fs");

// src/core/store/lock.ts
var import_node_async_hooks = require("async_hooks");

// src/core/builtin-at-use.ts
function builtin(name) {
  if (typeof process.getBuiltinModule === "function") return process.getBuiltinModule(name);
  return require(name);
}
function nodeCrypto() {
  return builtin("node:crypto");
}

// src/core/monotonic-clock.ts
function monotonicMs() {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

// src/core/store/lock.ts
var import_node_fs4 = require("fs");
var import_node_os = require("os");
var import_node_path3 = require("path");

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

// src/core/store/regular-file.ts
var import_node_fs3 = require("fs");
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
    stat = (0, import_node_fs3.fstatSync)(fd);
  } catch (e) {
    (0, import_node_fs3.closeSync)(fd);
    throw e;
  }
  if (!stat.isFile()) {
    (0, import_node_fs3.closeSync)(fd);
    throw errors.notRegularFile(path, fileKind(stat));
  }
  return { fd, stat };
}
function openUnblocked(path, flags, mode, followLinks = false) {
  try {
    return (0, import_node_fs3.openSync)(path, flags | import_node_fs3.constants.O_NONBLOCK | (followLinks ? 0 : import_node_fs3.constants.O_NOFOLLOW), mode);
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
  const opened = openRegularFile(path, import_node_fs3.constants.O_RDONLY, void 0, followLinks);
  if (opened === null) return null;
  const { fd, stat } = opened;
  try {
    const cap = Math.min(stat.size, maxBytes) + 1;
    const buffer = Buffer.allocUnsafe(cap);
    let length = 0;
    while (length < cap) {
      const n = (0, import_node_fs3.readSync)(fd, buffer, length, cap - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.subarray(0, length);
  } finally {
    (0, import_node_fs3.closeSync)(fd);
  }
}

// src/core/store/lock.ts
var LockTimeoutError = class extends ThreadMindError {
  constructor(lockPath, waitedMs, holder) {
    const by = holder ? `held by pid ${holder.pid} on host ${holder.hostname} since ${holder.acquiredAt}` : "held, but the lock file does not name a valid holder (it is reclaimed after a short grace period)";
    super(
      "lock-timeout",
      `Timed out after ${waitedMs} ms waiting for the ThreadMind lock ${lockPath} (${by}). If no ThreadMind process is running, delete ${lockPath} and retry.`
    );
    this.lockPath = lockPath;
    this.holder = holder;
    this.name = "LockTimeoutError";
  }
  lockPath;
  holder;
};
var LockLostError = class extends Error {
  constructor(lockPath, detail, cause) {
    super(
      `Lost the lock ${lockPath} while holding it: ${detail}. Another process may have run concurrently (a lock older than staleMs without a heartbeat is reclaimed).`,
      cause === void 0 ? void 0 : { cause }
    );
    this.lockPath = lockPath;
    this.name = "LockLostError";
  }
  lockPath;
};
function fenceDirOf(lockPath, nonce) {
  return `${lockPath}.${nonce}.d`;
}
function lockFence(lockPath) {
  const path = (0, import_node_path3.resolve)(lockPath);
  const hold = context.getStore()?.get(path);
  if (hold === void 0 || !hold.active) return null;
  return { tempDir: fenceDirOf(path, hold.nonce), check: () => assertStillHeld(hold) };
}
function assertStillHeld(hold) {
  let problem = hold.problem;
  if (problem === void 0) {
    const seen = inspect(hold.lockPath);
    if (seen.kind === "absent") problem = "the lock file was deleted";
    else if (seen.kind !== "holder" || seen.holder.nonce !== hold.nonce) problem = "the lock file names another holder";
  }
  if (problem !== void 0) {
    hold.problem = problem;
    throw errors.lockLost(hold.lockPath, problem);
  }
}
var DEFAULT_TIMEOUT_MS = 1e4;
var DEFAULT_STALE_MS = 3e4;
var DEFAULT_POLL_MS = 10;
var MAX_POLL_MS = 100;
var MAX_QUICK_RETRIES = 10;
var GARBAGE_GRACE_MS = 1e3;
var MAX_LOCK_FILE_BYTES = 4096;
var RECLAIM_STALE_MS = 5e3;
var context = new import_node_async_hooks.AsyncLocalStorage();
var heldByThisProcess = /* @__PURE__ */ new Map();
var HOST = (0, import_node_os.hostname)();
async function withLock(lockPath, fn, options) {
  const path = (0, import_node_path3.resolve)(lockPath);
  if (heldInContext(path)) return fn();
  const opts = resolveOptions(options);
  const steps = acquireSteps(path, opts);
  let step = steps.next();
  while (!step.done) {
    await sleep(step.value);
    step = steps.next();
  }
  const hold = step.value;
  const heartbeat = setInterval(() => touch(hold), Math.max(10, Math.floor(opts.staleMs / 3)));
  heartbeat.unref();
  let outcome;
  try {
    outcome = { ok: true, value: await context.run(withHold(hold), fn) };
  } catch (error) {
    outcome = { ok: false, error };
  } finally {
    clearInterval(heartbeat);
  }
  return finish(hold, outcome);
}
function finish(hold, outcome) {
  let problem;
  try {
    problem = endHold(hold);
  } catch (releaseError) {
    if (outcome.ok) throw releaseError;
    const message = `${messageOf(outcome.error)} (and releasing ${hold.lockPath} failed: ${messageOf(releaseError)})`;
    throw new AggregateError([outcome.error, releaseError], message);
  }
  if (problem !== void 0) {
    if (!outcome.ok && outcome.error instanceof ThreadMindError && outcome.error.code === "lock-lost") throw outcome.error;
    if (outcome.ok) throw new LockLostError(hold.lockPath, problem);
    const detail = `${problem}; the locked function also failed: ${messageOf(outcome.error)}`;
    throw new LockLostError(hold.lockPath, detail, outcome.error);
  }
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}
function heldInContext(path) {
  return context.getStore()?.get(path)?.active === true;
}
function withHold(hold) {
  return new Map(context.getStore()).set(hold.lockPath, hold);
}
function resolveOptions(options) {
  const opts = {
    timeoutMs: options?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    staleMs: options?.staleMs ?? DEFAULT_STALE_MS,
    pollMs: options?.pollMs ?? DEFAULT_POLL_MS
  };
  if (!(opts.timeoutMs >= 0 && Number.isFinite(opts.timeoutMs))) {
    throw new RangeError(`timeoutMs must be a finite number >= 0, got ${opts.timeoutMs}`);
  }
  if (!(opts.staleMs > 0 && Number.isFinite(opts.staleMs))) {
    throw new RangeError(`staleMs must be a finite number > 0, got ${opts.staleMs}`);
  }
  if (!(opts.pollMs > 0 && Number.isFinite(opts.pollMs))) {
    throw new RangeError(`pollMs must be a finite number > 0, got ${opts.pollMs}`);
  }
  return opts;
}
function* acquireSteps(lockPath, opts) {
  const nonce = nodeCrypto().randomBytes(16).toString("hex");
  const fenceDir = fenceDirOf(lockPath, nonce);
  try {
    (0, import_node_fs4.mkdirSync)(fenceDir);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") {
      throw new Error(`Cannot create the lock ${lockPath}: its directory does not exist`, { cause: error });
    }
    throw error;
  }
  try {
    return yield* acquireLoop(lockPath, nonce, opts);
  } catch (error) {
    (0, import_node_fs4.rmSync)(fenceDir, { recursive: true, force: true });
    throw error;
  }
}
function* acquireLoop(lockPath, nonce, opts) {
  const start = monotonicMs();
  const deadline = start + opts.timeoutMs;
  let delay = opts.pollMs;
  let quickRetries = 0;
  let lastHolder;
  for (; ; ) {
    const holder = { pid: process.pid, hostname: HOST, acquiredAt: (/* @__PURE__ */ new Date()).toISOString(), nonce };
    if (createExclusive(lockPath, holder)) {
      const hold = { lockPath, nonce, active: true, problem: void 0 };
      heldByThisProcess.set(nonce, hold);
      return hold;
    }
    const seen = inspect(lockPath);
    let retryNow = seen.kind === "absent";
    if (seen.kind === "holder") lastHolder = seen.holder;
    if (seen.kind !== "absent" && staleReason(seen, opts.staleMs) !== void 0) {
      retryNow = reclaim(lockPath, opts.staleMs);
    }
    if (retryNow && quickRetries < MAX_QUICK_RETRIES) {
      quickRetries++;
      continue;
    }
    const now = monotonicMs();
    if (now >= deadline) throw new LockTimeoutError(lockPath, Math.round(now - start), lastHolder);
    yield Math.min(jitter(delay), deadline - now);
    quickRetries = 0;
    delay = Math.min(delay * 2, Math.max(MAX_POLL_MS, opts.pollMs));
  }
}
function createExclusive(path, holder) {
  for (let attempt = 1; ; attempt++) {
    const temp = `${path}.${process.pid}.${nodeCrypto().randomBytes(6).toString("hex")}.tmp`;
    try {
      (0, import_node_fs4.writeFileSync)(temp, `${JSON.stringify(holder)}
`, { flag: "wx" });
    } catch (error) {
      if (errnoCode(error) === "ENOENT") {
        throw new Error(`Cannot create the lock ${path}: its directory does not exist`, { cause: error });
      }
      throw error;
    }
    try {
      (0, import_node_fs4.linkSync)(temp, path);
      return true;
    } catch (error) {
      const code = errnoCode(error);
      if (code === "EEXIST") return false;
      if (code !== "ENOENT" || attempt >= 3) {
        throw new Error(`Cannot create the lock ${path}: ${messageOf(error)}`, { cause: error });
      }
    } finally {
      unlinkIfPresent(temp);
    }
  }
}
function inspect(path) {
  const opened = openRegularFile(path, import_node_fs4.constants.O_RDONLY);
  if (opened === null) return { kind: "absent" };
  const { fd } = opened;
  let raw;
  let mtimeMs;
  try {
    mtimeMs = opened.stat.mtimeMs;
    raw = opened.stat.size > MAX_LOCK_FILE_BYTES ? "" : (0, import_node_fs4.readFileSync)(fd, "utf8");
  } finally {
    (0, import_node_fs4.closeSync)(fd);
  }
  const ageMs = Date.now() - mtimeMs;
  const holder = parseHolder(raw);
  return holder ? { kind: "holder", holder, ageMs, raw } : { kind: "garbage", ageMs, raw };
}
function parseHolder(raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch {
    return void 0;
  }
  if (typeof data !== "object" || data === null) return void 0;
  const pid = Reflect.get(data, "pid");
  const host = Reflect.get(data, "hostname");
  const acquiredAt = Reflect.get(data, "acquiredAt");
  const nonce = Reflect.get(data, "nonce");
  if (typeof pid !== "number" || !Number.isSafeInteger(pid) || pid <= 0) return void 0;
  if (typeof host !== "string" || typeof acquiredAt !== "string") return void 0;
  if (typeof nonce !== "string" || nonce === "") return void 0;
  return { pid, hostname: host, acquiredAt, nonce };
}
function staleReason(seen, staleMs) {
  switch (seen.kind) {
    case "absent":
      return void 0;
    case "garbage":
      return seen.ageMs > Math.min(GARBAGE_GRACE_MS, staleMs) ? "garbage" : void 0;
    case "holder": {
      const { holder } = seen;
      if (holder.hostname === HOST && !isAlive(holder)) return "dead-holder";
      return seen.ageMs > staleMs ? "too-old" : void 0;
    }
    default: {
      const unreachable = seen;
      throw new Error(`unexpected observation ${JSON.stringify(unreachable)}`);
    }
  }
}
function isAlive(holder) {
  if (holder.pid === process.pid) return heldByThisProcess.has(holder.nonce);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    const code = errnoCode(error);
    if (code === "ESRCH") return false;
    if (code === "EPERM") return true;
    throw error;
  }
}
function reclaim(lockPath, staleMs) {
  const mutexPath = `${lockPath}.reclaim`;
  const nonce = nodeCrypto().randomBytes(16).toString("hex");
  const me = { pid: process.pid, hostname: HOST, acquiredAt: (/* @__PURE__ */ new Date()).toISOString(), nonce };
  if (!createExclusive(mutexPath, me)) {
    breakStaleMutex(mutexPath);
    return false;
  }
  try {
    const seen = inspect(lockPath);
    if (seen.kind === "absent") return true;
    if (staleReason(seen, staleMs) === void 0) return false;
    if (seen.kind === "holder" && /^[0-9a-f]{32}$/.test(seen.holder.nonce)) {
      (0, import_node_fs4.rmSync)(fenceDirOf(lockPath, seen.holder.nonce), { recursive: true, force: true });
    }
    unlinkIfPresent(lockPath);
    return true;
  } finally {
    const after2 = inspect(mutexPath);
    if (after2.kind !== "holder" || after2.holder.nonce !== nonce) {
      throw new LockLostError(mutexPath, "the reclaim mutex was broken while held (this process stalled inside it)");
    }
    unlinkIfPresent(mutexPath);
  }
}
function breakStaleMutex(mutexPath) {
  const seen = inspect(mutexPath);
  if (seen.kind === "absent") return;
  const stale = seen.kind === "holder" ? seen.holder.hostname === HOST && !isAlive(seen.holder) || seen.ageMs > RECLAIM_STALE_MS : seen.ageMs > Math.min(GARBAGE_GRACE_MS, RECLAIM_STALE_MS);
  if (!stale) return;
  const grave = `${mutexPath}.${process.pid}.${nodeCrypto().randomBytes(6).toString("hex")}.stale`;
  try {
    (0, import_node_fs4.renameSync)(mutexPath, grave);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return;
    throw error;
  }
  const moved = (0, import_node_fs4.readFileSync)(grave, "utf8");
  if (moved !== seen.raw) {
    try {
      (0, import_node_fs4.linkSync)(grave, mutexPath);
    } catch (error) {
      const message = `Could not restore the reclaim mutex ${mutexPath} moved to ${grave}: ${messageOf(error)}`;
      throw new Error(message, { cause: error });
    }
  }
  (0, import_node_fs4.unlinkSync)(grave);
}
function touch(hold) {
  if (!hold.active || hold.problem !== void 0) return;
  try {
    const seen = inspect(hold.lockPath);
    if (seen.kind !== "holder" || seen.holder.nonce !== hold.nonce) {
      hold.problem = seen.kind === "absent" ? "the lock file was deleted" : "the lock file names another holder";
      return;
    }
    const now = /* @__PURE__ */ new Date();
    (0, import_node_fs4.utimesSync)(hold.lockPath, now, now);
  } catch (error) {
    hold.problem = `the heartbeat could not refresh the lock file (${messageOf(error)})`;
  }
}
function endHold(hold) {
  hold.active = false;
  heldByThisProcess.delete(hold.nonce);
  (0, import_node_fs4.rmSync)(fenceDirOf(hold.lockPath, hold.nonce), { recursive: true, force: true });
  if (hold.problem !== void 0) return hold.problem;
  const seen = inspect(hold.lockPath);
  if (seen.kind === "absent") return "the lock file was deleted";
  if (seen.kind !== "holder" || seen.holder.nonce !== hold.nonce) return "the lock file names another holder";
  unlinkIfPresent(hold.lockPath);
  return void 0;
}
function unlinkIfPresent(path) {
  try {
    (0, import_node_fs4.unlinkSync)(path);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
  }
}
function jitter(ms) {
  return Math.max(1, Math.round(ms * (0.5 + Math.random())));
}
function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

// src/core/store/fenced-write.ts
function writeFenced(lockPath, path, data) {
  const fence = lockFence(lockPath);
  if (fence === null) {
    writeFileAtomicSync(path, data);
    return;
  }
  try {
    writeFileAtomicSync(path, data, fence);
  } catch (e) {
    if (e instanceof AtomicWriteError && e.code === "ENOENT") fence.check();
    throw e;
  }
}
function removeFenced(lockPath, path) {
  const fence = lockFence(lockPath);
  if (fence === null) {
    (0, import_node_fs5.rmSync)(path, { force: true });
    return;
  }
  fence.check();
  const grave = atomicTempPath(path, fence.tempDir);
  try {
    (0, import_node_fs5.renameSync)(path, grave);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    fence.check();
    return;
  }
  (0, import_node_fs5.rmSync)(grave, { force: true });
}

// src/core/store/temp-sweep.ts
var import_node_fs6 = require("fs");
var import_node_path4 = require("path");

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

// src/core/store/temp-sweep.ts
var TEMP_SWEEP_MAX_DEPTH = 3;
var DOT = 46;
function sweepDeadTempFiles(storeDir) {
  return sweepTree(storeDir, (names) => names.length <= TEMP_SWEEP_MAX_DEPTH && !(names[0] === "threads" && names.length === 3));
}
function sweepThreadFolder(folder) {
  return sweepTree(folder, (names) => names.length === 1);
}
function sweepTree(root, enter) {
  const removed = [];
  const walk = (dir, names) => {
    for (const entry of (0, import_node_fs6.readdirSync)(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const below = [...names, entry.name];
        if (enter(below)) walk((0, import_node_path4.join)(dir, entry.name), below);
        continue;
      }
      const path = deadTempFile(dir, entry);
      if (path === null) continue;
      (0, import_node_fs6.rmSync)(path, { force: true });
      removed.push(path);
    }
  };
  if ((0, import_node_fs6.lstatSync)(root, { throwIfNoEntry: false })?.isDirectory()) walk(root, []);
  return removed;
}
function deadTempFile(dir, entry) {
  const name = entry.name;
  if (name.charCodeAt(0) !== DOT || !name.endsWith(".tmp") || !entry.isFile()) return null;
  const pid = atomicTempWriterPid(name);
  if (pid === null || pid === process.pid || isProcessAlive(pid)) return null;
  return (0, import_node_path4.join)(dir, name);
}

// src/core/store/yaml-package.ts
var YAML_BUNDLE = "yaml.cjs";
var PACKAGE = "yaml";
var loaded = null;
function yamlPackage() {
  loaded ??= load();
  return loaded;
}
function load() {
  if (typeof require !== "function") throw new Error("the yaml package cannot be loaded: no require() in this module");
  let bundled;
  try {
    bundled = require.resolve(`./${YAML_BUNDLE}`);
  } catch {
    bundled = null;
  }
  return require(bundled ?? PACKAGE);
}

// src/core/store/frontmatter-quick.ts
var KEY = /^[A-Za-z][A-Za-z0-9]*$/;
var PLAIN = /^[A-Za-z0-9_/(][A-Za-z0-9_/().:@+=<>,;!?~$%^*&' -]*$/;
var NOT_A_STRING = [
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/,
  /^0o[0-7]+$/,
  /^0x[0-9a-fA-F]+$/
];
function plainString(text) {
  if (!PLAIN.test(text) || text.endsWith(" ") || text.endsWith(":") || text.includes(": ")) return null;
  return NOT_A_STRING.some((pattern) => pattern.test(text)) ? null : text;
}
function quotedString(text) {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return null;
  const inner = text.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const c = inner.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || c > 126) return null;
  }
  return inner;
}
function isKey(text) {
  return KEY.test(text) && !NOT_A_STRING[0].test(text);
}
function scalarString(text) {
  return text.startsWith('"') ? quotedString(text) : plainString(text);
}
function quickFrontmatter(yamlText) {
  if (yamlText === "" || !yamlText.endsWith("\n") || yamlText.includes("\r")) return null;
  const lines = yamlText.slice(0, -1).split("\n");
  const data = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const colon = line.indexOf(":");
    if (colon <= 0) return null;
    const key = line.slice(0, colon);
    if (!isKey(key) || Object.hasOwn(data, key)) return null;
    const rest = line.slice(colon + 1);
    if (rest === "") {
      const items = [];
      while (i + 1 < lines.length && lines[i + 1].startsWith("  - ")) {
        const item = scalarString(lines[++i].slice(4));
        if (item === null) return null;
        items.push(item);
      }
      if (items.length === 0) return null;
      data[key] = items;
      continue;
    }
    if (!rest.startsWith(" ")) return null;
    const value = rest.slice(1);
    if (value === "null") data[key] = null;
    else if (value === "[]") data[key] = [];
    else {
      const text = scalarString(value);
      if (text === null) return null;
      data[key] = text;
    }
  }
  return data;
}
function writtenString(value) {
  if (plainString(value) === value) return value;
  if (!value.includes(": ") || !PLAIN.test(value) || value.endsWith(" ") || value.endsWith(":")) return null;
  return `"${value}"`;
}
function quickFrontmatterYaml(fields) {
  let text = "";
  for (const [key, value] of Object.entries(fields)) {
    if (!isKey(key)) return null;
    if (value === null) text += `${key}: null
`;
    else if (typeof value === "string") {
      const written = writtenString(value);
      if (written === null) return null;
      text += `${key}: ${written}
`;
    } else if (Array.isArray(value)) {
      if (value.length === 0) {
        text += `${key}: []
`;
        continue;
      }
      text += `${key}:
`;
      for (const item of value) {
        const written = typeof item === "string" ? writtenString(item) : null;
        if (written === null) return null;
        text += `  - ${written}
`;
      }
    } else return null;
  }
  return text === "" ? null : text;
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
  /** Item files per section folder of a thread (format 2): more is reported as damaged instead of being read. */
  sectionItems: 1e3,
  /** An item file larger than this is reported as damaged instead of being read. */
  itemFileBytes: 1e5,
  /** Entries directly in a thread folder (thread.md, the section, paths and related folders, anything left beside them). */
  threadFolderEntries: 64,
  /** A local state file larger than this is set aside instead of being parsed. */
  localStateBytes: 4e6
};

// src/core/id-pattern.ts
var ID_PATTERN = /^[a-z0-9-]{1,64}$/;
function isValidId(id) {
  return typeof id === "string" && ID_PATTERN.test(id);
}

// src/core/ids.ts
function assertId(id, what = "id") {
  if (!isValidId(id)) {
    const shown = typeof id === "string" ? JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}\u2026` : id) : String(id);
    throw errors.invalid(
      `Invalid ${what} ${shown}: use lowercase letters a-z, digits and "-", at most ${LIMITS.idLength} characters.`
    );
  }
  return id;
}

// src/core/store/conflict-markers.ts
var CONFLICT_START = /^<{7}( |$)/m;
var CONFLICT_END = /^>{7}( |$)/m;
function hasConflictMarkers(text) {
  return CONFLICT_START.test(text) && CONFLICT_END.test(text);
}

// src/core/store/frontmatter.ts
var FENCE = "---";
var KEY_ORDER = [
  "id",
  "title",
  "parentId",
  "author",
  "createdAt",
  "updatedAt",
  "status",
  "branch",
  "commit",
  "paths",
  "mergedInto",
  "related"
];
var FrontmatterError = class extends Error {
};
var FRONTMATTER_LIMITS = {
  chars: 256 * 1024,
  /** Lines, plus items of flow collections (`[a, b]`, `{a: 1}`): about the number of keys and list items. */
  entries: 1e3,
  /** Open flow brackets at once, or the characters of a line's leading indentation and `- ` indicators. */
  depth: 64
};
function frontmatterPastLimits(yamlText) {
  const fmt = (n) => n.toLocaleString("en-US");
  if (yamlText.length > FRONTMATTER_LIMITS.chars)
    return `frontmatter too large to parse: ${fmt(yamlText.length)} characters (limit ${fmt(FRONTMATTER_LIMITS.chars)})`;
  let entries = 1;
  let brackets = 0;
  let lineStart = true;
  let indent = 0;
  for (let i = 0; i < yamlText.length; i++) {
    const c = yamlText.charCodeAt(i);
    if (c === 10) {
      entries++;
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && (c === 32 || c === 45 || c === 9)) {
      if (++indent > FRONTMATTER_LIMITS.depth)
        return `frontmatter nested too deeply to parse (a line indented past ${FRONTMATTER_LIMITS.depth} characters)`;
      continue;
    }
    lineStart = false;
    if (c === 91 || c === 123) {
      if (++brackets > FRONTMATTER_LIMITS.depth)
        return `frontmatter nested too deeply to parse (more than ${FRONTMATTER_LIMITS.depth} open brackets)`;
    } else if ((c === 93 || c === 125) && brackets > 0) brackets--;
    else if (c === 44 && brackets > 0) entries++;
    if (entries > FRONTMATTER_LIMITS.entries) break;
  }
  if (entries > FRONTMATTER_LIMITS.entries)
    return `frontmatter too large to parse: more than ${fmt(FRONTMATTER_LIMITS.entries)} lines and list items (keys)`;
  return null;
}
function serializeThread(thread) {
  const ordered = {};
  for (const key of KEY_ORDER) {
    const value = thread[key];
    if (value === void 0) continue;
    ordered[key] = value;
  }
  const body = thread.summary === "" ? "" : `
${thread.summary.endsWith("\n") ? thread.summary : `${thread.summary}
`}`;
  return `${FENCE}
${frontmatterYaml(ordered)}${FENCE}
${body}`;
}
var YAML_OPTIONS = { lineWidth: 0, defaultStringType: "PLAIN", defaultKeyType: "PLAIN" };
function frontmatterYaml(fields) {
  if (Object.keys(fields).length === 0) return "";
  const quick = quickFrontmatterYaml(fields);
  if (quick !== null) return quick;
  const { stringify } = yamlPackage();
  const yamlText = stringify(fields, YAML_OPTIONS);
  return readsBack(yamlText, fields) ? yamlText : stringify(fields, { ...YAML_OPTIONS, defaultStringType: "QUOTE_DOUBLE", blockQuote: false });
}
function readsBack(yamlText, data) {
  const { parseDocument } = yamlPackage();
  try {
    const doc = parseDocument(yamlText, { uniqueKeys: true });
    return doc.errors.length === 0 && JSON.stringify(doc.toJS()) === JSON.stringify(data);
  } catch {
    return false;
  }
}
var LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function serializeThreadExactly(thread) {
  for (const key of [...KEY_ORDER, "summary"]) {
    const value = thread[key];
    const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
    if (texts.some((t) => LONE_SURROGATE.test(t)))
      throw new FrontmatterError(`the ${key} contains a lone UTF-16 surrogate, which a UTF-8 file cannot hold`);
  }
  const text = serializeThread(thread);
  if (hasConflictMarkers(text)) {
    throw new FrontmatterError(
      "it would contain lines that read as git conflict markers (<<<<<<< and >>>>>>> at the start of a line): indent them or put them in other words"
    );
  }
  const back = parseThread(text);
  for (const key of [...KEY_ORDER, "summary"]) {
    if (JSON.stringify(back[key]) !== JSON.stringify(thread[key])) {
      throw new FrontmatterError(`its ${key} would not read back exactly as given`);
    }
  }
  return text;
}
function parseThread(text) {
  try {
    return parseThreadUnchecked(text);
  } catch (e) {
    if (e instanceof FrontmatterError) throw e;
    throw new FrontmatterError(`invalid YAML frontmatter: ${messageOf(e).split("\n")[0]}`);
  }
}
function parseThreadUnchecked(text) {
  const { data, body } = boundedFrontmatter(text);
  return { ...validateMeta(data), summary: body };
}
function boundedFrontmatter(text) {
  if (hasConflictMarkers(text)) {
    throw new FrontmatterError(
      "contains git conflict markers (<<<<<<< / ======= / >>>>>>>): run /thread-mind:resolve (`thread-mind-mcp resolve` in a terminal) while git reports the conflict, or edit the marked part by hand"
    );
  }
  const split = splitFrontmatter(text);
  if (split === "no-opening-fence") throw new FrontmatterError("does not start with a '---' frontmatter block");
  if (split === "no-closing-fence") throw new FrontmatterError("has no closing '---' after the frontmatter");
  const pastLimits = frontmatterPastLimits(split.yamlText);
  if (pastLimits !== null) throw new FrontmatterError(pastLimits);
  return { data: frontmatterData(split.yamlText), body: split.summary };
}
function frontmatterMapping(data) {
  const value = data ?? {};
  return typeof value === "object" && !Array.isArray(value) ? value : null;
}
function frontmatterData(yamlText) {
  const quick = quickFrontmatter(yamlText);
  if (quick !== null) return quick;
  const { parseDocument } = yamlPackage();
  try {
    const doc = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true });
    if (doc.errors.length > 0) {
      throw new FrontmatterError(`invalid YAML frontmatter: ${doc.errors[0].message.split("\n")[0]}`);
    }
    return doc.toJS();
  } catch (e) {
    if (e instanceof FrontmatterError) throw e;
    throw new FrontmatterError(`invalid YAML frontmatter: ${messageOf(e).split("\n")[0]}`);
  }
}
function splitFrontmatter(text) {
  const normalized = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (!normalized.startsWith(`${FENCE}
`) && !normalized.startsWith(`${FENCE}\r
`)) return "no-opening-fence";
  const rest = normalized.slice(normalized.indexOf("\n") + 1);
  const end = findClosingFence(rest);
  if (end === -1) return "no-closing-fence";
  const afterFence = rest.slice(end + FENCE.length).replace(/^\r?\n/, "");
  return { yamlText: rest.slice(0, end), summary: afterFence.replace(/^\r?\n/, "").replace(/\r?\n$/, "") };
}
function findClosingFence(rest) {
  if (rest.startsWith(`${FENCE}
`) || rest.startsWith(`${FENCE}\r
`) || rest === FENCE) return 0;
  const match = /\r?\n---(\r?\n|$)/.exec(rest);
  if (!match) return -1;
  return match.index + (match[0].startsWith("\r") ? 2 : 1);
}
function validateMeta(data) {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new FrontmatterError("frontmatter is not a mapping of keys to values");
  }
  const d = data;
  const str = (key, required) => {
    const v = d[key];
    if (v === void 0 || v === null) {
      if (required) throw new FrontmatterError(`frontmatter has no "${key}"`);
      return void 0;
    }
    if (typeof v !== "string") throw new FrontmatterError(`frontmatter "${key}" must be a string, found ${describe(v)}`);
    return v;
  };
  const id = str("id", true);
  if (!isValidId(id)) throw new FrontmatterError(`frontmatter id ${JSON.stringify(id)} is not a valid id`);
  const parentRaw = d.parentId;
  if (parentRaw !== null && parentRaw !== void 0 && (typeof parentRaw !== "string" || !isValidId(parentRaw))) {
    throw new FrontmatterError(`frontmatter parentId ${JSON.stringify(parentRaw)} is not a valid id`);
  }
  if (parentRaw === void 0) throw new FrontmatterError('frontmatter has no "parentId" (use null for main)');
  const meta = {
    id,
    title: str("title", true),
    parentId: parentRaw ?? null,
    author: str("author", false) ?? "unknown",
    createdAt: str("createdAt", true),
    updatedAt: str("updatedAt", true)
  };
  const status = str("status", false);
  if (status !== void 0) {
    if (!isClosedStatus(status)) throw new FrontmatterError(`frontmatter status "${status}" must be done or abandoned`);
    meta.status = status;
  }
  const branch = str("branch", false);
  if (branch !== void 0) meta.branch = branch;
  const commit = str("commit", false);
  if (commit !== void 0) meta.commit = commit;
  const mergedInto = str("mergedInto", false);
  if (mergedInto !== void 0) meta.mergedInto = mergedInto;
  const paths = stringList(d, "paths");
  if (paths !== void 0) meta.paths = paths;
  const related = stringList(d, "related");
  if (related !== void 0) meta.related = related;
  return meta;
}
function stringList(d, key) {
  const v = d[key];
  if (v === void 0 || v === null) return void 0;
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
    throw new FrontmatterError(`frontmatter "${key}" must be a list of strings`);
  }
  return v;
}
function isClosedStatus(s) {
  return s === "done" || s === "abandoned";
}
function describe(v) {
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a date (quote it)";
  return typeof v;
}

// src/core/types.ts
var SECTION_KEYS = ["decisions", "constraints", "state", "open-questions", "next-steps"];
var SECTION_HEADINGS = {
  decisions: "Decisions",
  constraints: "Constraints",
  state: "State",
  "open-questions": "Open questions",
  "next-steps": "Next steps"
};
var STATUS_WORDS = ["open", "done", "abandoned"];
var STATUS_INPUTS = [...STATUS_WORDS, "active"];

// src/core/store/summary-sections.ts
var HEADING = /^##[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
function sectionKeyOf(heading) {
  const normalized = heading.trim().toLowerCase().replace(/[\s_]+/g, "-");
  for (const key of SECTION_KEYS) {
    if (normalized === key || normalized === SECTION_HEADINGS[key].toLowerCase().replace(/\s+/g, "-")) return key;
  }
  return null;
}
var FENCE_LINE = /^\s*(```|~~~)/;
var FenceTracker = class {
  fence = null;
  /** Takes the next line; true when it is outside every fenced block (an opening or closing fence line is inside). */
  outside(line) {
    const marker = FENCE_LINE.exec(line)?.[1];
    if (marker !== void 0) {
      if (this.fence === null) this.fence = marker;
      else if (marker === this.fence) this.fence = null;
      return false;
    }
    return this.fence === null;
  }
  /** The fence still open after the last line (null when none): a block that ends inside one must close it. */
  get open() {
    return this.fence;
  }
};

// src/core/store/summary-blocks.ts
var LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
function isListItem(block) {
  return LIST_ITEM.test(block);
}
function splitBlocks(body) {
  const blocks = [];
  let current = null;
  let blankBefore = true;
  const fences = new FenceTracker();
  for (const raw of body.replace(/\r\n/g, "\n").split("\n")) {
    const line = raw.replace(/[ \t]+$/, "") === "" ? "" : raw;
    const inFence = current !== null && fences.open !== null;
    const outside = fences.outside(line);
    if (inFence) {
      current.push(line);
      continue;
    }
    if (line === "") {
      blankBefore = true;
      if (current !== null) current.push("");
      continue;
    }
    const indented = /^[ \t]/.test(line);
    const starts = current === null || !indented && (LIST_ITEM.test(line) || blankBefore) || !outside && !indented;
    if (starts) {
      current = [line];
      blocks.push(current);
    } else current.push(line);
    blankBefore = false;
  }
  return blocks.map((lines) => trimTrailingBlank(lines).join("\n")).filter((b) => b !== "");
}
function trimTrailingBlank(lines) {
  let end = lines.length;
  while (end > 0 && lines[end - 1] === "") end--;
  return lines.slice(0, end);
}
function joinBlocks(blocks) {
  let out = "";
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    if (i > 0) out += isListItem(block) || FENCE_START.test(block) ? "\n" : "\n\n";
    out += block;
  }
  return out;
}
var FENCE_START = /^(```|~~~)/;

// src/core/store/thread-folder-layout.ts
var HEAD_FILE = "thread.md";
var SET_DIRS = ["paths", "related", "removed"];
var FOLDER_SUBDIRS = [...SECTION_KEYS, ...SET_DIRS];
var ITEM_KEY = /^([0-9a-z]*[1-9a-z])-([0-9a-z]{4})$/;
function isItemKey(name) {
  return ITEM_KEY.test(name);
}
function fractionOf(key) {
  return ITEM_KEY.exec(key)?.[1] ?? "";
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

// src/core/store/thread-folder-format.ts
var HEAD_KEYS = [
  "id",
  "title",
  "parentId",
  "author",
  "createdAt",
  "changedAt",
  "commit",
  "status",
  "branch",
  "mergedInto",
  "migratedFrom"
];
function memberFileName(member) {
  return nodeCrypto().createHash("sha1").update(member).digest("hex").slice(0, 16);
}
function pathFileName(recency, member) {
  return `${String(recency).padStart(16, "0")}-${memberFileName(member)}`;
}
var PATH_FILE = /^(\d{16})-[0-9a-f]{16}$/;
function pathRecencyOf(fileName) {
  const m = PATH_FILE.exec(fileName);
  return m === null ? 0 : Number(m[1]);
}
function recencyAt(at) {
  const ms = Date.parse(at);
  return Number.isFinite(ms) && ms > 0 ? ms * 1e3 : 0;
}
function readsBefore(a, b) {
  return a.recency !== b.recency ? a.recency > b.recency : a.path < b.path;
}
function orderPaths(members) {
  const best = /* @__PURE__ */ new Map();
  const duplicates = [];
  for (const [file, path] of members) {
    const entry = { file, path, recency: pathRecencyOf(file.slice(file.indexOf("/") + 1)) };
    const had = best.get(path);
    if (had === void 0) best.set(path, entry);
    else if (entry.recency > had.recency || entry.recency === had.recency && entry.file > had.file) {
      duplicates.push(had.file);
      best.set(path, entry);
    } else duplicates.push(file);
  }
  const entries = [...best.values()].sort((a, b) => readsBefore(a, b) ? -1 : readsBefore(b, a) ? 1 : 0);
  return { entries, duplicates };
}
var LONE_SURROGATE2 = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function assertStorable(what, text) {
  if (LONE_SURROGATE2.test(text))
    throw new FrontmatterError(`the ${what} contains a lone UTF-16 surrogate, which a UTF-8 file cannot hold`);
  if (hasConflictMarkers(text)) {
    throw new FrontmatterError(
      `the ${what} would contain lines that read as git conflict markers (<<<<<<< and >>>>>>> at the start of a line): indent them or put them in other words`
    );
  }
}
function serializeHead(head) {
  const fields = {};
  for (const key of HEAD_KEYS) {
    const value = head[key];
    if (value !== void 0) fields[key] = value;
  }
  assertStorable("title", head.title);
  assertStorable("summary", head.body);
  const text = `---
${frontmatterYaml(fields)}---
${head.body === "" ? "" : `
${head.body}
`}`;
  const back = parseHead(text);
  for (const key of [...HEAD_KEYS, "body"]) {
    if (JSON.stringify(back[key]) !== JSON.stringify(head[key]))
      throw new FrontmatterError(`its ${key} would not read back exactly as given`);
  }
  return text;
}
function serializeItem(item) {
  const fields = { at: item.at, by: item.by };
  if (item.commit !== void 0) fields.commit = item.commit;
  const body = item.blocks.join("\n\n");
  assertStorable("summary", body);
  const text = `---
${frontmatterYaml(fields)}---
${body}
`;
  const back = parseItem(text);
  if (JSON.stringify(back.blocks) !== JSON.stringify(item.blocks)) {
    throw new FrontmatterError("an item of its summary would not read back exactly as given");
  }
  return text;
}
function yamlMapping(text) {
  const bounded = boundedFrontmatter(text);
  const data = frontmatterMapping(bounded.data);
  if (data === null) throw new FrontmatterError("frontmatter is not a mapping of keys to values");
  return { data, body: bounded.body };
}
function stringField(d, key, required) {
  const v = d[key];
  if (v === void 0 || v === null) {
    if (required) throw new FrontmatterError(`frontmatter has no "${key}"`);
    return void 0;
  }
  if (typeof v !== "string")
    throw new FrontmatterError(
      `frontmatter "${key}" must be a string, found ${Array.isArray(v) ? "a list" : v instanceof Date ? "a date (quote it)" : typeof v}`
    );
  return v;
}
function parseHead(text) {
  const { data: d, body } = yamlMapping(text);
  const id = stringField(d, "id", true);
  if (!isValidId(id)) throw new FrontmatterError(`frontmatter id ${JSON.stringify(id)} is not a valid id`);
  const parentRaw = d.parentId;
  if (parentRaw === void 0) throw new FrontmatterError('frontmatter has no "parentId" (use null for main)');
  if (parentRaw !== null && (typeof parentRaw !== "string" || !isValidId(parentRaw))) {
    throw new FrontmatterError(`frontmatter parentId ${JSON.stringify(parentRaw)} is not a valid id`);
  }
  const head = {
    id,
    title: stringField(d, "title", true),
    parentId: parentRaw,
    author: stringField(d, "author", false) ?? "unknown",
    createdAt: stringField(d, "createdAt", true),
    body
  };
  const changedAt = stringField(d, "changedAt", false);
  if (changedAt !== void 0) head.changedAt = changedAt;
  const commit = stringField(d, "commit", false);
  if (commit !== void 0) head.commit = commit;
  const status = stringField(d, "status", false);
  if (status !== void 0) {
    if (status !== "done" && status !== "abandoned")
      throw new FrontmatterError(`frontmatter status "${status}" must be done or abandoned`);
    head.status = status;
  }
  const branch = stringField(d, "branch", false);
  if (branch !== void 0) head.branch = branch;
  const mergedInto = stringField(d, "mergedInto", false);
  if (mergedInto !== void 0) head.mergedInto = mergedInto;
  const migratedFrom = stringField(d, "migratedFrom", false);
  if (migratedFrom !== void 0) head.migratedFrom = migratedFrom;
  return head;
}
function parseItem(text) {
  const { data: d, body } = yamlMapping(text);
  const item = {
    at: stringField(d, "at", false) ?? "",
    by: stringField(d, "by", false) ?? "unknown",
    blocks: splitBlocks(body)
  };
  const commit = stringField(d, "commit", false);
  if (commit !== void 0) item.commit = commit;
  return item;
}

// src/core/store/blob-id.ts
function gitBlobId(bytes) {
  const hash = nodeCrypto().createHash("sha1");
  hash.update(`blob ${bytes.length}\0`);
  hash.update(bytes);
  return hash.digest("hex");
}

// src/core/store/thread-folder-read.ts
var import_node_fs9 = require("fs");
var import_node_path6 = require("path");

// src/core/store/file-stamp.ts
var import_node_fs7 = require("fs");
function fileStamp(path) {
  try {
    const s = (0, import_node_fs7.lstatSync)(path, { bigint: true });
    return s.isFile() ? statStamp(s) : null;
  } catch {
    return null;
  }
}
function pathStamp(path) {
  if (!path.endsWith("/")) return fileStamp(path);
  try {
    const s = (0, import_node_fs7.lstatSync)(path.slice(0, -1), { bigint: true });
    return s.isDirectory() ? statStamp(s) : null;
  } catch {
    return null;
  }
}
function statStamp(s) {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}

// src/core/store/read-strict.ts
var nodeBuffer = __toESM(require("buffer"), 1);
var import_node_fs8 = require("fs");
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
    return (0, import_node_fs8.lstatSync)(path, { bigint });
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
    return (0, import_node_fs8.lstatSync)(path).size;
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
      stat = (0, import_node_fs8.lstatSync)(current);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return;
      throw unreadable(current, reasonOf(e));
    }
    if (stat.isSymbolicLink()) throw linkRefused(current);
  }
}

// src/core/store/thread-folder-read.ts
function assembleFolder(id, texts, pathOf) {
  if (texts.head === null) {
    if (texts.items.size === 0 && texts.members.size === 0) return null;
    throw unreadable(
      pathOf(HEAD_FILE),
      `is missing: the thread folder holds items but no ${HEAD_FILE} (its thread was deleted on one branch while another added items to it): run /thread-mind:resolve (in a terminal: thread-mind-mcp resolve) to restore it with its items, or \`thread-mind-mcp resolve --delete ${pathOf("").replace(/[\\/]+$/, "")}\` to delete it for good`
    );
  }
  let head;
  try {
    head = parseHead(texts.head);
  } catch (e) {
    throw unreadable(pathOf(HEAD_FILE), e instanceof FrontmatterError ? e.message : `cannot be parsed (${reasonOf(e)})`);
  }
  if (head.id !== id) throw errors.threadIdNotFileName(pathOf(HEAD_FILE), head.id, id);
  const members = { paths: /* @__PURE__ */ new Map(), related: /* @__PURE__ */ new Map(), removed: /* @__PURE__ */ new Map() };
  for (const [file, text] of texts.members) {
    const dir = file.split("/")[0];
    const member = memberLine(text);
    if (member.includes("\n") || member === "")
      throw unreadable(pathOf(file), "must hold one line: the path, thread id or item file it stands for");
    if (dir === "removed" && !isItemPath(member))
      throw unreadable(pathOf(file), "must name one item file of the thread (<section>/<key>.md)");
    members[dir].set(file, member);
  }
  const removed = new Set(members.removed.values());
  const items = [];
  for (const file of [...texts.items.keys()].sort()) {
    if (removed.has(file)) continue;
    const [section, name] = file.split("/");
    let item;
    try {
      item = parseItem(texts.items.get(file));
    } catch (e) {
      throw unreadable(pathOf(file), e instanceof FrontmatterError ? e.message : `cannot be parsed (${reasonOf(e)})`);
    }
    items.push({ section, key: name.slice(0, -3), file, item });
  }
  return { thread: threadOf(head, items, members), head, items, members };
}
function memberLine(text) {
  return text.replace(/\r?\n$/, "");
}
function isItemPath(text) {
  const [section, name, ...rest] = text.split("/");
  return rest.length === 0 && section !== void 0 && isSectionDir(section) && name !== void 0 && isItemFileName(name);
}
function sectionBlocks(items, section) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const it of items) {
    if (it.section !== section) continue;
    for (const block of it.item.blocks) {
      if (seen.has(block)) continue;
      seen.add(block);
      out.push(block);
    }
  }
  return out;
}
function summaryOf(body, items) {
  return summaryFromParts(body, (section) => sectionBlocks(items, section));
}
function summaryFromParts(body, blocksOf) {
  const parts = [];
  if (body.trim() !== "") parts.push(body);
  for (const key of SECTION_KEYS) {
    const blocks = blocksOf(key);
    if (blocks.length > 0) parts.push(`## ${SECTION_HEADINGS[key]}
${joinBlocks(blocks)}`);
  }
  return parts.join("\n\n");
}
function threadOf(head, items, members) {
  let updatedAt = head.changedAt !== void 0 && head.changedAt > head.createdAt ? head.changedAt : head.createdAt;
  let commit = head.commit;
  let newest = head.changedAt ?? head.createdAt;
  for (const it of items) {
    if (it.item.at > updatedAt) updatedAt = it.item.at;
    if (it.item.at >= newest && it.item.commit !== void 0) {
      newest = it.item.at;
      commit = it.item.commit;
    }
  }
  const thread = {
    id: head.id,
    title: head.title,
    parentId: head.parentId,
    author: head.author,
    createdAt: head.createdAt,
    updatedAt,
    summary: summaryOf(head.body, items)
  };
  if (head.status !== void 0) thread.status = head.status;
  if (head.branch !== void 0) thread.branch = head.branch;
  if (commit !== void 0) thread.commit = commit;
  const paths = orderPaths(members.paths).entries.slice(0, LIMITS.pathsCount).map((e) => e.path);
  if (paths.length > 0) thread.paths = paths;
  if (head.mergedInto !== void 0) thread.mergedInto = head.mergedInto;
  const related = [...members.related.values()].sort();
  if (related.length > 0) thread.related = related;
  return thread;
}
function readFolderTexts(folder, sections = SECTION_KEYS) {
  const stamps = /* @__PURE__ */ new Map();
  const root = listDir(folder, stamps, LIMITS.threadFolderEntries);
  if (root === null) return null;
  const texts = { head: null, items: /* @__PURE__ */ new Map(), members: /* @__PURE__ */ new Map() };
  for (const name of root) {
    if (!isSetDir(name)) continue;
    const path = (0, import_node_path6.join)(folder, name);
    const names = listDir(path, stamps, subdirEntryLimit(name)) ?? [];
    for (const file of names) {
      if (isAtomicTempFile(file)) continue;
      const text = readFile((0, import_node_path6.join)(path, file), stamps, folderFileBytes(name));
      if (text !== null) texts.members.set(`${name}/${file}`, text);
    }
  }
  const unread = [];
  const removed = /* @__PURE__ */ new Set();
  for (const [file, text] of texts.members) if (file.startsWith("removed/")) removed.add(memberLine(text));
  for (const name of root) {
    if (isAtomicTempFile(name)) continue;
    const path = (0, import_node_path6.join)(folder, name);
    if (name === HEAD_FILE) {
      texts.head = readFile(path, stamps, folderFileBytes(null));
    } else if (isSectionDir(name) && sections.includes(name)) {
      const names = listDir(path, stamps, subdirEntryLimit(name)) ?? [];
      for (const file of names) {
        if (isAtomicTempFile(file)) continue;
        if (!isItemFileName(file))
          throw unreadable((0, import_node_path6.join)(path, file), "is not an item file name (<key>-<4 letters or digits>.md): rename or remove it");
        if (removed.has(`${name}/${file}`)) {
          unread.push((0, import_node_path6.join)(path, file));
          continue;
        }
        const text = readFile((0, import_node_path6.join)(path, file), stamps, folderFileBytes(name));
        if (text !== null) texts.items.set(`${name}/${file}`, text);
      }
    }
  }
  return { texts, stamps, unread };
}
function readFile(path, stamps, maxBytes) {
  const stat = lstatStrict(path, true);
  stamps.set(path, stat?.isFile() ? statStamp(stat) : null);
  return readTextStrictAfter(path, stat, maxBytes);
}
function listDir(path, stamps, limit) {
  const stat = lstatStrict(path, true);
  if (stat === null) {
    stamps.set(`${path}/`, null);
    return null;
  }
  if (stat.isSymbolicLink()) throw linkRefused(path);
  if (!stat.isDirectory()) throw unreadable(path, "is not a directory (a thread folder and its sections are directories)");
  stamps.set(`${path}/`, statStamp(stat));
  let dir;
  try {
    dir = (0, import_node_fs9.opendirSync)(path);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return null;
    throw unreadable(path, reasonOf(e));
  }
  const names = [];
  try {
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      if (isAtomicTempFile(entry.name)) continue;
      names.push(entry.name);
      if (names.length > limit)
        throw unreadable(
          path,
          `holds more than ${limit.toLocaleString("en-US")} entries, over the limit: fold some items together by hand`
        );
    }
  } finally {
    dir.closeSync();
  }
  return names.sort();
}

// src/core/store/item-keys.ts
var DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
var FIRST = "i";
function midpoint(a, b) {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? "0") === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const low = a === "" ? 0 : DIGITS.indexOf(a[0]);
  const high = b === null ? DIGITS.length : DIGITS.indexOf(b[0]);
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)];
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[low] + midpoint(a.slice(1), null);
}
function after(a) {
  if (a === "") return FIRST;
  const d = DIGITS.indexOf(a[0]);
  if (d < DIGITS.length - 1) return DIGITS[d + 1];
  return a[0] + after(a.slice(1));
}
function fractionBetween(a, b) {
  if (b === null) return after(a);
  if (a !== "" && a >= b) return a + FIRST;
  if (a === "" && b === "") return FIRST;
  return midpoint(a, b);
}
function keyBetween(before, next) {
  return `${between(before, next)}-${suffixOf(nodeCrypto().randomBytes(4))}`;
}
function keyBeside(key) {
  return `${fractionOf(key)}-${suffixOf(nodeCrypto().randomBytes(4))}`;
}
function keyOfContent(before, next, content) {
  const fraction = between(before, next);
  return `${fraction}-${contentSuffix(fraction, content)}`;
}
function keysOfParts(key, contents) {
  const base = fractionOf(key);
  let step = "";
  return contents.map((content) => {
    step = after(step);
    const fraction = base + step;
    return `${fraction}-${contentSuffix(fraction, content)}`;
  });
}
function isKeyOfContent(key, content) {
  const fraction = fractionOf(key);
  return key === `${fraction}-${contentSuffix(fraction, content)}`;
}
function between(before, next) {
  return fractionBetween(before === null ? "" : fractionOf(before), next === null ? null : fractionOf(next));
}
function contentSuffix(fraction, content) {
  return suffixOf(nodeCrypto().createHash("sha1").update(`${fraction}
${content}`).digest());
}
function suffixOf(bytes) {
  let out = "";
  for (const b of bytes.subarray(0, 4)) out += DIGITS[b % DIGITS.length];
  return out;
}

// src/core/store/thread-folder-write.ts
function splitSummary(summary) {
  const outside = [];
  const bodies = /* @__PURE__ */ new Map();
  let current = null;
  const fences = new FenceTracker();
  for (const line of summary.split("\n")) {
    const heading = fences.outside(line) ? HEADING.exec(line) : null;
    if (heading && !line.startsWith("###")) {
      current = sectionKeyOf(heading[1]);
      if (current === null) outside.push(line);
      else if (!bodies.has(current)) bodies.set(current, []);
      continue;
    }
    if (current === null) outside.push(line);
    else bodies.get(current).push(line);
  }
  const sections = /* @__PURE__ */ new Map();
  for (const [key, lines] of bodies) sections.set(key, splitBlocks(lines.join("\n")));
  return {
    body: outside.join("\n").replace(/^(?:[ \t]*\n)+/, "").replace(/\s+$/, ""),
    sections
  };
}
function summaryAsStored(summary) {
  const { body, sections } = splitSummary(summary);
  return summaryFromParts(body, (section) => [...new Set(sections.get(section) ?? [])]);
}
function headOf(thread, body, current, stamp, migratedFrom) {
  const head = {
    id: thread.id,
    title: thread.title,
    parentId: thread.parentId,
    author: thread.author,
    createdAt: thread.createdAt,
    body
  };
  if (thread.status !== void 0) head.status = thread.status;
  if (thread.branch !== void 0) head.branch = thread.branch;
  if (thread.mergedInto !== void 0) head.mergedInto = thread.mergedInto;
  const from = migratedFrom ?? current?.migratedFrom;
  if (from !== void 0) head.migratedFrom = from;
  const kept = current !== null && current.body === body;
  const changedAt = kept ? current.changedAt : current === null && stamp.at <= thread.createdAt ? void 0 : stamp.at;
  if (changedAt !== void 0) head.changedAt = changedAt;
  const commit = kept ? current.commit : stamp.commit;
  if (commit !== void 0) head.commit = commit;
  return head;
}
function sameHead(a, b) {
  const keys = [
    "id",
    "title",
    "parentId",
    "author",
    "createdAt",
    "status",
    "branch",
    "mergedInto",
    "migratedFrom",
    "body"
  ];
  return keys.every((k) => a[k] === b[k]);
}
function planFolderWrite(current, thread, stamp, migratedFrom) {
  const { body, sections } = splitSummary(thread.summary);
  const out = { items: /* @__PURE__ */ new Map(), head: null, remove: [] };
  const items = current?.items ?? [];
  const keys = current === null && migratedFrom !== void 0 ? "from-content" : "random";
  for (const key of SECTION_KEYS) {
    const wanted = [...new Set(sections.get(key) ?? [])];
    if (wanted.length > LIMITS.sectionItems)
      throw errors.invalid(
        `The ${key} section of "${thread.id}" has ${wanted.length} items, over the limit of ${LIMITS.sectionItems}: fold some together.`
      );
    planSection(
      items.filter((i) => i.section === key),
      key,
      wanted,
      stamp,
      out,
      keys
    );
  }
  const head = headOf(thread, body, current?.head ?? null, stamp, migratedFrom);
  const headText = serializeHead(head);
  if (current === null || !sameHead(head, current.head)) out.head = headText;
  planPaths(current?.members.paths ?? /* @__PURE__ */ new Map(), thread.paths ?? [], stamp, out);
  const had = current?.members.related ?? /* @__PURE__ */ new Map();
  const want = new Map((thread.related ?? []).map((m) => [`related/${memberFileName(m)}`, m]));
  for (const [file, member] of want) if (had.get(file) !== member) out.items.set(file, `${member}
`);
  for (const file of had.keys()) if (!want.has(file)) out.remove.push(file);
  return out;
}
function planPaths(had, wanted, stamp, out) {
  const { entries, duplicates } = orderPaths(had);
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const keep = /* @__PURE__ */ new Set();
  const now = recencyAt(stamp.at);
  let older = null;
  for (let i = wanted.length - 1; i >= 0; i--) {
    const path = wanted[i];
    const existing = byPath.get(path);
    if (existing !== void 0 && (older === null || readsBefore(existing, older))) {
      keep.add(existing.file);
      older = existing;
      continue;
    }
    const recency = Math.max(now, older === null ? 0 : older.recency + 1);
    const file = `paths/${pathFileName(recency, path)}`;
    out.items.set(file, `${path}
`);
    keep.add(file);
    older = { file, path, recency };
  }
  for (const e of entries) if (!keep.has(e.file)) out.remove.push(e.file);
  out.remove.push(...duplicates);
}
function planSection(items, section, wanted, stamp, out, keys) {
  if (keys === "from-content") {
    planMovedSection(section, wanted, stamp, out);
    return;
  }
  const first = planItems(items, section, wanted, stamp);
  if (first.split.length === 0) {
    addWrite(out, first.write);
    return;
  }
  const parts = new Map(first.split.map((it) => [it, partsOf(it)]));
  const { write } = planItems(
    items.flatMap((it) => parts.get(it) ?? [it]),
    section,
    wanted,
    stamp
  );
  for (const [file, its] of parts) {
    for (const part of its) if (!write.items.has(removedMember(part.file))) write.items.set(part.file, serializeItem(part.item));
    write.items.set(removedMember(file.file), `${file.file}
`);
  }
  addWrite(out, write);
}
function addWrite(out, write) {
  for (const [file, text] of write.items) out.items.set(file, text);
  out.remove.push(...write.remove);
}
function planItems(items, section, wanted, stamp) {
  const out = { items: /* @__PURE__ */ new Map(), head: null, remove: [] };
  const view = [];
  const byText = /* @__PURE__ */ new Map();
  for (const it of items) {
    for (const text of it.item.blocks) {
      const seen = byText.get(text);
      if (seen) seen.files.push(it);
      else {
        const v = { text, files: [it] };
        byText.set(text, v);
        view.push(v);
      }
    }
  }
  const next = new Map(items.map((it) => [it, [...it.item.blocks]]));
  const drop = (v) => {
    for (const f of v.files)
      next.set(
        f,
        next.get(f).filter((b) => b !== v.text)
      );
  };
  const pairs = lcs(
    view.map((v) => v.text),
    wanted
  );
  const fresh = [];
  let vi = 0;
  let wi = 0;
  let lastKey = null;
  const keyOfView = (v) => v.files[0].key;
  for (const [pv, pw] of [...pairs, [view.length, wanted.length]]) {
    const oldGap = view.slice(vi, pv);
    const newGap = wanted.slice(wi, pw);
    const paired = Math.min(oldGap.length, newGap.length);
    for (let i = 0; i < paired; i++) {
      const v = oldGap[i];
      const first = v.files[0];
      const blocks = next.get(first);
      next.set(
        first,
        blocks.map((b) => b === v.text ? newGap[i] : b)
      );
      for (const f of v.files.slice(1))
        next.set(
          f,
          next.get(f).filter((b) => b !== v.text)
        );
      lastKey = keyOfView(v);
    }
    for (const v of oldGap.slice(paired)) drop(v);
    if (newGap.length > paired) {
      const following = pv < view.length ? keyOfView(view[pv]) : null;
      fresh.push({ after: lastKey, before: following, texts: newGap.slice(paired) });
    }
    if (pv < view.length) lastKey = keyOfView(view[pv]);
    vi = pv + 1;
    wi = pw + 1;
  }
  const split = items.filter(
    (it) => it.item.blocks.length > 1 && (JSON.stringify(next.get(it)) !== JSON.stringify(it.item.blocks) || fresh.some((run) => run.before === it.key)) && isMovedItem(it)
  );
  for (const [it, blocks] of next) {
    if (JSON.stringify(blocks) === JSON.stringify(it.item.blocks)) continue;
    if (isMovedItem(it)) {
      if (blocks.length > 0)
        out.items.set(`${section}/${replacementKey(it.key)}.md`, serializeItem({ ...stampFields(stamp), blocks }));
      out.items.set(removedMember(it.file), `${it.file}
`);
    } else if (blocks.length === 0) out.remove.push(it.file);
    else out.items.set(it.file, serializeItem({ ...stampFields(stamp), blocks }));
  }
  for (const run of fresh) {
    let prev = run.after;
    for (const text of run.texts) {
      const key = keyBetween(prev, run.before);
      out.items.set(`${section}/${key}.md`, serializeItem({ ...stampFields(stamp), blocks: [text] }));
      prev = key;
    }
  }
  return { write: out, split };
}
var MOVED_FILE_BYTES = LIMITS.itemFileBytes / 2;
function planMovedSection(section, wanted, stamp, out) {
  const runs = [];
  let bytes = 0;
  for (const text of wanted) {
    const size = Buffer.byteLength(text) + 2;
    const run = runs.at(-1);
    if (run === void 0 || bytes + size > MOVED_FILE_BYTES) {
      runs.push([text]);
      bytes = size;
    } else {
      run.push(text);
      bytes += size;
    }
  }
  let files;
  try {
    files = runs.map((blocks) => serializeItem({ ...stampFields(stamp), blocks }));
  } catch (e) {
    if (!(e instanceof FrontmatterError)) throw e;
    files = wanted.map((text) => serializeItem({ ...stampFields(stamp), blocks: [text] }));
  }
  let prev = null;
  for (const file of files) {
    const key = keyOfContent(prev, null, file);
    out.items.set(`${section}/${key}.md`, file);
    prev = key;
  }
}
function replacementKey(key) {
  for (; ; ) {
    const next = keyBeside(key);
    if (next !== key) return next;
  }
}
function removedMember(file) {
  return `removed/${memberFileName(file)}`;
}
function partsOf(it) {
  const items = it.item.blocks.map((block) => ({ ...it.item, blocks: [block] }));
  const keys = keysOfParts(it.key, items.map(serializeItem));
  return items.map((item, i) => ({ section: it.section, key: keys[i], file: `${it.section}/${keys[i]}.md`, item }));
}
function isMovedItem(it) {
  return isKeyOfContent(it.key, serializeItem(it.item));
}
function stampFields(stamp) {
  return stamp.commit === void 0 ? { at: stamp.at, by: stamp.by } : { at: stamp.at, by: stamp.by, commit: stamp.commit };
}
function lcs(a, b) {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i2 = n - 1; i2 >= 0; i2--) {
    for (let j2 = m - 1; j2 >= 0; j2--) {
      table[i2][j2] = a[i2] === b[j2] ? table[i2 + 1][j2 + 1] + 1 : Math.max(table[i2 + 1][j2], table[i2][j2 + 1]);
    }
  }
  const out = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push([i, j]);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return out;
}

// src/core/store/recent-writes.ts
var recent = [];
var KEEP = 16;
function noteThreadWrite(dir) {
  const at = recent.indexOf(dir);
  if (at !== -1) recent.splice(at, 1);
  recent.push(dir);
  if (recent.length > KEEP) recent.shift();
}

// src/core/store/threads-changed.ts
var import_node_fs10 = require("fs");
var import_node_path7 = require("path");
function threadsChangedPath(storeDir) {
  return (0, import_node_path7.join)(storeDir, "cache", "threads-changed");
}
function noteThreadsChanged(storeDir) {
  const path = threadsChangedPath(storeDir);
  const temp = atomicTempPath(path);
  try {
    assertNoLinksBelow(storeDir, path);
    makeDir((0, import_node_path7.join)(storeDir, "cache"));
    const fd = (0, import_node_fs10.openSync)(temp, "wx", 420);
    try {
      (0, import_node_fs10.writeSync)(fd, `${process.pid} ${Date.now()}
`);
    } finally {
      (0, import_node_fs10.closeSync)(fd);
    }
    (0, import_node_fs10.renameSync)(temp, path);
  } catch (error) {
    try {
      (0, import_node_fs10.rmSync)(temp, { force: true });
    } catch {
    }
    try {
      (0, import_node_fs10.rmSync)(path, { force: true });
    } catch {
      throw error;
    }
  }
}

// src/core/store/folder-write-marker.ts
var import_node_fs11 = require("fs");
var import_node_path8 = require("path");
var MARKER = /^\.writing\.(\d+)\.[0-9a-f]{12}\.tmp$/;
var READER_MARKER = /^\.reading\.(\d+)\.[0-9a-f]{12}\.tmp$/;
var FOLDER_READ_WAIT_MS = 500;
var WRITER_YIELD_MS = 1e3;
var RETRY_PAUSE_MS = 2;
function markerSuffix() {
  return Math.floor(Math.random() * 281474976710656).toString(16).padStart(12, "0");
}
function placeMarker(folder, kind) {
  const path = (0, import_node_path8.join)(folder, `.${kind}.${process.pid}.${markerSuffix()}.tmp`);
  (0, import_node_fs11.writeFileSync)(path, "", { flag: "wx" });
  return () => {
    try {
      (0, import_node_fs11.unlinkSync)(path);
    } catch {
    }
  };
}
function markFolderWrite(folder) {
  const deadline = Date.now() + WRITER_YIELD_MS;
  while (liveMarker(folder, READER_MARKER) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 1);
  return placeMarker(folder, "writing");
}
function liveMarker(folder, kind) {
  let names;
  try {
    names = (0, import_node_fs11.readdirSync)(folder);
  } catch {
    return false;
  }
  for (const name of names) {
    const pid = kind.exec(name)?.[1];
    if (pid !== void 0 && Number(pid) !== process.pid && isProcessAlive(Number(pid))) return true;
  }
  return false;
}
function folderWriteUnderWay(folder) {
  return liveMarker(folder, MARKER);
}
var pause = new Int32Array(new SharedArrayBuffer(4));
function readFolderConsistently(folder, read, unchanged) {
  const deadline = Date.now() + FOLDER_READ_WAIT_MS;
  let unmark = null;
  try {
    for (; ; ) {
      const busyBefore = folderWriteUnderWay(folder);
      let result;
      try {
        result = { ok: true, value: read() };
      } catch (error) {
        result = { ok: false, error };
      }
      const consistent = !busyBefore && !folderWriteUnderWay(folder) && (!result.ok || unchanged(result.value));
      if (consistent || Date.now() >= deadline) {
        if (result.ok) return result.value;
        throw result.error;
      }
      if (unmark === null) {
        try {
          unmark = placeMarker(folder, "reading");
        } catch {
          unmark = () => {
          };
        }
      }
      Atomics.wait(pause, 0, 0, RETRY_PAUSE_MS);
    }
  } finally {
    unmark?.();
  }
}

// src/core/store/project-ids.ts
var import_node_fs12 = require("fs");
function projectIdsIn(dir) {
  return (0, import_node_fs12.readdirSync)(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}

// src/core/store/store-dir.ts
var import_node_fs13 = require("fs");
function storeDirState(storeDir) {
  let stat;
  try {
    stat = (0, import_node_fs13.lstatSync)(storeDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return "absent";
    return { problem: `cannot be examined (${messageOf(e)})` };
  }
  if (stat.isSymbolicLink()) return { problem: "is a symbolic link" };
  if (!stat.isDirectory()) return { problem: "is not a directory" };
  return "directory";
}

// src/core/store/store-gitattributes.ts
var DRIVER_NAME = "threadmind";
var STORE_GITATTRIBUTES = `# ThreadMind: thread and project files merge by meaning (driver set up by \`thread-mind-mcp git-setup\` or the plugin)
threads/**/*.md merge=${DRIVER_NAME}
projects/*.json merge=${DRIVER_NAME}
`;

// src/core/store/store.ts
var IGNORED = [
  "config.json",
  "config.json.*",
  "measurements.jsonl",
  "measurements.1.jsonl",
  "cache/",
  ".lock",
  ".lock.*",
  ".*.tmp"
];
var GITIGNORE = `# ThreadMind local state (per machine): not shared through git
${IGNORED.join("\n")}
`;
var PARSED_CACHE_LIMIT = 2e4;
function copyThread(t) {
  const copy = { ...t };
  if (t.paths) copy.paths = [...t.paths];
  if (t.related) copy.related = [...t.related];
  return copy;
}
var Store = class {
  constructor(workspace, lockOptions = {}, options = {}) {
    this.workspace = workspace;
    this.lockOptions = lockOptions;
    this.dir = workspace.storeDir;
    this.lockPath = (0, import_node_path9.join)(this.dir, ".lock");
    this.swept = options.sweepTempFiles === false;
  }
  workspace;
  lockOptions;
  dir;
  lockPath;
  /** Threads as read, by folder, each valid while every file it was read from has its stamp; errors are never cached. */
  parsed = /* @__PURE__ */ new Map();
  /** Sweeping walks every thread file: long-lived writers do it once; hooks skip it (readers ignore temp files anyway). */
  swept;
  /**
   * True when `.threadmind/` is there. Anything but a real directory at `.threadmind` (a symbolic link, even to another
   * project's store; a file) is refused with the catalogue's storeDirUnusable: nothing is read or written through it.
   */
  exists() {
    const state = storeDirState(this.dir);
    if (state === "absent") return false;
    if (state === "directory") return true;
    throw errors.storeDirUnusable(this.dir, state.problem);
  }
  /** Creates `.threadmind/` with its .gitignore, projects/ and threads/ (idempotent); an older .gitignore gets the missing entries. */
  ensureLayout() {
    if (!this.exists()) {
      try {
        (0, import_node_fs14.mkdirSync)(this.dir);
      } catch (e) {
        const code = errnoCode(e);
        if (code === "ENOENT" || code === "ENOTDIR") throw errors.workspaceMissing(this.workspace.root, this.workspace.source);
        throw e;
      }
    }
    makeDir((0, import_node_path9.join)(this.dir, "projects"));
    makeDir((0, import_node_path9.join)(this.dir, "threads"));
    this.ensureIgnored();
    this.ensureAttributes();
  }
  /**
   * `.threadmind/.gitattributes` sends thread and project files through the "threadmind" merge driver (committed with
   * the project); an older or edited one gets the missing lines. True when it was written.
   */
  ensureAttributes() {
    const wanted = STORE_GITATTRIBUTES.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    return this.ensureLines((0, import_node_path9.join)(this.dir, ".gitattributes"), STORE_GITATTRIBUTES, wanted);
  }
  /** `.threadmind/.gitignore` lists every local file (an older one gets the missing entries). */
  ensureIgnored() {
    this.exists();
    this.ensureLines((0, import_node_path9.join)(this.dir, ".gitignore"), GITIGNORE, IGNORED);
  }
  /** Writes `fresh` at `path` when it is absent, else appends the `wanted` lines it lacks (compared trimmed); true when it wrote. */
  ensureLines(path, fresh, wanted) {
    const current = readTextStrict(path, LIMITS.threadFileBytes);
    if (current === null) {
      writeFenced(this.lockPath, path, fresh);
      return true;
    }
    const lines = new Set(current.split(/\r?\n/).map((l) => l.trim()));
    const missing = wanted.filter((l) => !lines.has(l));
    if (missing.length === 0) return false;
    writeFenced(this.lockPath, path, `${current}${current === "" || current.endsWith("\n") ? "" : "\n"}${missing.join("\n")}
`);
    return true;
  }
  /** Runs `fn` holding the store lock; the first time (unless disabled), temp files of writers that died mid-write are removed first. */
  locked(fn) {
    if (!this.exists()) this.ensureLayout();
    return withLock(
      this.lockPath,
      () => {
        if (!this.swept) sweepDeadTempFiles(this.dir);
        this.swept = true;
        return fn();
      },
      this.lockOptions
    );
  }
  // ---- projects ----
  projectPath(id) {
    return (0, import_node_path9.join)(this.projectsDir(), `${assertId(id, "project id")}.json`);
  }
  /** projects/; refused (named) when it is a symbolic link. */
  projectsDir() {
    this.exists();
    const dir = (0, import_node_path9.join)(this.dir, "projects");
    if (isSymbolicLink(dir)) throw linkRefused(dir);
    return dir;
  }
  projectIds() {
    const dir = this.projectsDir();
    try {
      return projectIdsIn(dir);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return [];
      throw unreadable(dir, reasonOf(e));
    }
  }
  projectExists(id) {
    return entryExists(this.projectPath(id));
  }
  readProject(id) {
    const path = this.projectPath(id);
    const text = readTextStrict(path, LIMITS.threadFileBytes);
    if (text === null) throw errors.projectNotFound(id, this.projectIds());
    let data;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw unreadable(path, `invalid JSON (${reasonOf(e)})`);
    }
    try {
      return validateProject(data, path, id);
    } catch (e) {
      if (e instanceof UnreadableFileError) throw e;
      throw unreadable(path, reasonOf(e));
    }
  }
  async writeProject(project) {
    const ordered = { id: project.id, title: project.title, mode: project.mode, createdAt: project.createdAt };
    if (project.systemContext !== void 0) ordered.systemContext = project.systemContext;
    writeFenced(this.lockPath, this.projectPath(project.id), `${JSON.stringify(ordered, null, 2)}
`);
  }
  // ---- threads ----
  /** threads/<project>/; refuses (naming it) a directory on the way that is a symbolic link, which could lead out of .threadmind/. */
  threadsDir(projectId) {
    this.exists();
    const dir = (0, import_node_path9.join)(this.dir, "threads", assertId(projectId, "project id"));
    for (const path of [(0, import_node_path9.join)(this.dir, "threads"), dir]) {
      if (isSymbolicLink(path)) throw linkRefused(path);
    }
    return dir;
  }
  threadsDirExists(projectId) {
    return entryExists(this.threadsDir(projectId));
  }
  /** The thread's folder (format 2): threads/<project>/<id>/. */
  threadFolder(projectId, threadId) {
    return (0, import_node_path9.join)(this.threadsDir(projectId), assertId(threadId, "thread id"));
  }
  /** The thread's file of format 1 (threads/<project>/<id>.md): still read; frozen once migrated. */
  legacyThreadPath(projectId, threadId) {
    return (0, import_node_path9.join)(this.threadsDir(projectId), `${assertId(threadId, "thread id")}.md`);
  }
  /**
   * The file that names the thread (in messages, history): its head (<id>/thread.md), or its format-1 file while that
   * is all there is.
   */
  threadPath(projectId, threadId) {
    const folder = this.threadFolder(projectId, threadId);
    const legacy = this.legacyThreadPath(projectId, threadId);
    return !entryExists(folder) && entryExists(legacy) ? legacy : (0, import_node_path9.join)(folder, HEAD_FILE);
  }
  /** True when a path (a file of the thread's folder, the folder, or its format-1 file) belongs to this thread. */
  isThreadFile(projectId, threadId, path) {
    const folder = this.threadFolder(projectId, threadId);
    return path === this.legacyThreadPath(projectId, threadId) || path === folder || path.startsWith(`${folder}${import_node_path9.sep}`);
  }
  /**
   * Every file and folder the last read of this thread consulted (folders end with "/"), for a cache keyed by their
   * stamps: adding or removing an item changes its section folder's stamp. Unread: the folder and the format-1 file.
   */
  threadSources(projectId, threadId, part = "whole") {
    const folder = this.threadFolder(projectId, threadId);
    const hit = this.parsed.get(parsedKey(folder, part));
    if (hit !== void 0) return [...hit.stamps.keys()];
    return [`${folder}/`, `${folder}/${HEAD_FILE}`, this.legacyThreadPath(projectId, threadId)];
  }
  /** True when anything (even a damaged file or a dangling link) holds this thread's name: a new thread never takes it. */
  threadExists(projectId, threadId) {
    return entryExists(this.threadFolder(projectId, threadId)) || entryExists(this.legacyThreadPath(projectId, threadId));
  }
  /**
   * Reads one thread; not-found or an unreadable-file error naming the path and the reason. `part` "ancestor": only what
   * a thread's place above another in a context needs (see ThreadPart).
   */
  readThread(projectId, threadId, notFound = errors.threadNotFound, part = "whole") {
    const read = this.readCached(projectId, threadId, part);
    if (read === null) throw notFound(threadId);
    return copyThread(read.thread);
  }
  /** The thread as read, from the cache while every file it was read from is unchanged; null when nothing holds its name. */
  readCached(projectId, threadId, part = "whole") {
    const folder = this.threadFolder(projectId, threadId);
    const key = parsedKey(folder, part);
    const hit = this.parsed.get(key);
    if (hit !== void 0 && stampsUnchanged(hit.stamps)) return hit;
    this.parsed.delete(key);
    const read = this.readFresh(projectId, threadId, part);
    if (read === null) return null;
    this.parsed.set(key, read);
    if (this.parsed.size > PARSED_CACHE_LIMIT) this.parsed.delete(this.parsed.keys().next().value);
    return { ...read, thread: copyThread(read.thread) };
  }
  /**
   * The thread from disk. Its folder wins over its format-1 file; that file beside it is ignored while it holds the
   * bytes the folder was migrated from (frozen); edited since (on a branch that had not migrated, merged here), the
   * blocks it holds that the folder lacks are added, and a close there is kept: the next write absorbs them as items.
   */
  readFresh(projectId, threadId, part = "whole") {
    const folder = this.threadFolder(projectId, threadId);
    return readFolderConsistently(
      folder,
      () => this.readFreshOnce(projectId, threadId, part),
      (read) => read === null || stampsUnchanged(read.stamps)
    );
  }
  readFreshOnce(projectId, threadId, part) {
    const folder = this.threadFolder(projectId, threadId);
    const legacyPath = this.legacyThreadPath(projectId, threadId);
    const disk = readFolderTexts(folder, part === "whole" ? SECTION_KEYS : ANCESTOR_SECTIONS);
    const legacy = readLegacy(legacyPath);
    const stamps = disk?.stamps ?? /* @__PURE__ */ new Map([[`${folder}/`, null]]);
    stamps.set(legacyPath, legacy?.stamp ?? null);
    const folderThread = disk === null ? null : assembleFolder(threadId, disk.texts, (rel) => (0, import_node_path9.join)(folder, rel));
    if (folderThread === null) {
      if (legacy === null) return null;
      return { stamps, thread: parseThreadFile(legacyPath, threadId, legacy.text), folder: null, legacyBlob: legacy.blob };
    }
    if (legacy === null || legacy.blob === folderThread.head.migratedFrom) {
      return { stamps, thread: folderThread.thread, folder: folderThread, legacyBlob: legacy?.blob ?? null };
    }
    const edited = parseThreadFile(legacyPath, threadId, legacy.text);
    return { stamps, thread: absorbLegacy(folderThread, edited), folder: folderThread, legacyBlob: legacy.blob };
  }
  /** Forgets the parsed copies of one thread (each part). */
  forgetThread(folder) {
    for (const part of THREAD_PARTS) this.parsed.delete(parsedKey(folder, part));
  }
  /** Forgets the parsed copies of threads read from these files: the next read parses them from disk whatever their stamps. */
  forgetParsed(paths) {
    const gone = new Set([...paths].map((p) => p.replace(/[/]$/, "")));
    for (const [key, hit] of this.parsed) {
      if ([...hit.stamps.keys()].some((p) => gone.has(p.replace(/[/]$/, "")))) this.parsed.delete(key);
    }
  }
  /** True when the project has more than `limit` threads (stops reading the directory there). */
  threadCountExceeds(projectId, limit) {
    let count = 0;
    for (const _ of this.listedThreadIds(projectId)) if (++count > limit) return true;
    return false;
  }
  /**
   * The ids of the project's threads this Store holds no whole parsed copy of (whether held copies are still current
   * is not checked), at most `limit + 1` of them (reading of the directory stops there): a read of every thread (an
   * index build) from a Store that holds them parses only these and those that changed.
   */
  unparsedThreadIds(projectId, limit) {
    const ids = [];
    for (const id of this.listedThreadIds(projectId)) {
      if (!isValidId(id) || this.parsed.has(parsedKey(this.threadFolder(projectId, id), "whole"))) continue;
      ids.push(id);
      if (ids.length > limit) break;
    }
    return ids;
  }
  /** The project's thread ids as its directory lists them, each once, in directory order; none without the directory. */
  *listedThreadIds(projectId) {
    let dir;
    try {
      dir = (0, import_node_fs14.opendirSync)(this.threadsDir(projectId));
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return;
      throw e;
    }
    try {
      const seen = /* @__PURE__ */ new Set();
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
        const id = threadIdOfEntry(entry.name, entry.isDirectory());
        if (id === null || seen.has(id)) continue;
        seen.add(id);
        yield id;
      }
    } finally {
      dir.closeSync();
    }
  }
  /** Every thread of a project; files that cannot be read are listed in `problems`, never silently dropped. */
  readAllThreads(projectId) {
    const dir = this.threadsDir(projectId);
    const threads = /* @__PURE__ */ new Map();
    const problems = [];
    let entries;
    try {
      entries = (0, import_node_fs14.readdirSync)(dir, { withFileTypes: true });
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return { threads, problems };
      throw unreadable(dir, reasonOf(e));
    }
    const ids = /* @__PURE__ */ new Set();
    for (const entry of entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) {
      const id = threadIdOfDirent(entry);
      if (id === null) continue;
      if (!isValidId(id)) {
        problems.push({
          path: (0, import_node_path9.join)(dir, entry.name),
          threadId: id,
          reason: "file name is not a valid thread id (lowercase a-z, 0-9, -)"
        });
        continue;
      }
      ids.add(id);
    }
    for (const id of [...ids].sort()) {
      try {
        const read = this.readCached(projectId, id);
        if (read === null) continue;
        threads.set(id, copyThread(read.thread));
      } catch (e) {
        const path = e instanceof UnreadableFileError ? e.path : this.threadPath(projectId, id);
        problems.push({ path, threadId: id, reason: reasonOf(e) });
      }
    }
    return { threads, problems };
  }
  /**
   * Writes a thread to its folder by diffing it against what is there (see thread-folder-write.ts): only the files of
   * what changed are written, new item files first, the head next, removed files last, so that a crash in between
   * loses no item. A thread still in format 1 is migrated first (its file is left as it is: frozen, see readFresh).
   * Refuses (invalid input, nothing written) a thread that would not read back exactly. `by`: the writer (its author).
   */
  async writeThread(projectId, thread, by = thread.author) {
    makeDir(this.threadsDir(projectId));
    const folder = this.threadFolder(projectId, thread.id);
    this.forgetThread(folder);
    let current = this.readFresh(projectId, thread.id);
    if (current !== null && current.folder === null) {
      this.migrate(projectId, current.thread, current.legacyBlob);
      current = this.readFresh(projectId, thread.id);
    }
    const migratedFrom = current?.legacyBlob ?? void 0;
    const stamp = { at: thread.updatedAt, by };
    if (thread.commit !== void 0) stamp.commit = thread.commit;
    this.applyPlan(folder, thread.id, () => planFolderWrite(current?.folder ?? null, thread, stamp, migratedFrom));
  }
  /**
   * Writes a thread in format 1 (threads/<p>/<id>.md, the whole thread in one file), for the 0.4 migration only, which
   * replaces 0.4's files in place; the first write after it moves each thread to its folder.
   */
  writeLegacyThread(projectId, thread) {
    let text;
    try {
      text = serializeThreadExactly(thread);
    } catch (e) {
      if (e instanceof FrontmatterError) throw errors.invalid(`Thread "${thread.id}" cannot be written: ${e.message}.`);
      throw e;
    }
    makeDir(this.threadsDir(projectId));
    writeFenced(this.lockPath, this.legacyThreadPath(projectId, thread.id), text);
    this.forgetThread(this.threadFolder(projectId, thread.id));
    noteThreadsChanged(this.dir);
  }
  /** Writes the folder of a format-1 thread (its file untouched), recording that file's blob id; its items carry its stamps. */
  migrate(projectId, legacy, blob) {
    const stamp = { at: legacy.updatedAt, by: legacy.author };
    if (legacy.commit !== void 0) stamp.commit = legacy.commit;
    this.applyPlan(this.threadFolder(projectId, legacy.id), legacy.id, () => planFolderWrite(null, legacy, stamp, blob));
  }
  /**
   * Migrates every thread of the project still in format 1 (their files are left, frozen: see readFresh), under the
   * lock the caller holds. Returns the ids migrated; an unreadable file is reported, never migrated.
   */
  async migrateProject(projectId) {
    const { threads, problems } = this.readAllThreads(projectId);
    const migrated = [];
    for (const id of threads.keys()) {
      const read = this.readFresh(projectId, id);
      if (read === null) continue;
      const state = migrationState(read);
      switch (state) {
        case null:
          continue;
        case "edited":
          await this.writeThread(projectId, read.thread);
          break;
        case "unmigrated":
          this.migrate(projectId, read.thread, read.legacyBlob);
          this.forgetThread(this.threadFolder(projectId, id));
          break;
        default: {
          const unreachable = state;
          throw new Error(`unhandled migration state ${String(unreachable)}`);
        }
      }
      migrated.push(id);
    }
    return { migrated, problems };
  }
  /**
   * The readable threads of a project that `migrateProject` would write (unreadable files are readAllThreads' problems):
   * `unmigrated`, still one format-1 file (<id>.md); `edited`, a folder whose format-1 file was edited since it was
   * migrated (merged from a branch that had not migrated: the next write absorbs it).
   */
  threadsToMigrate(projectId) {
    const { threads } = this.readAllThreads(projectId);
    const found = { unmigrated: [], edited: [] };
    for (const id of threads.keys()) {
      const read = this.readCached(projectId, id);
      const state = read === null ? null : migrationState(read);
      if (state !== null) found[state].push(id);
    }
    return found;
  }
  /**
   * The format-1 files that are frozen (their folder was migrated from exactly these bytes): deleted when `remove`, once
   * every branch has migrated (deleting one while a branch still edits it makes a modify/delete conflict). Returns them.
   */
  finishMigration(projectId, remove) {
    const { threads } = this.readAllThreads(projectId);
    const frozen = [];
    for (const id of threads.keys()) {
      const read = this.readFresh(projectId, id);
      if (read?.folder === null || read === null || read.legacyBlob === null) continue;
      if (read.legacyBlob !== read.folder.head.migratedFrom) continue;
      const path = this.legacyThreadPath(projectId, id);
      frozen.push(path);
      if (remove) removeFenced(this.lockPath, path);
    }
    return frozen;
  }
  applyPlan(folder, id, plan) {
    let write;
    try {
      write = plan();
    } catch (e) {
      if (e instanceof FrontmatterError) throw errors.invalid(`Thread "${id}" cannot be written: ${e.message}.`);
      throw e;
    }
    const made = /* @__PURE__ */ new Set();
    const ensureDir = (dir) => {
      if (made.has(dir)) return;
      makeDir(dir);
      made.add(dir);
    };
    ensureDir(folder);
    sweepThreadFolder(folder);
    const unmark = markFolderWrite(folder);
    let landed = 0;
    try {
      for (const [rel, text] of write.items) {
        const path = (0, import_node_path9.join)(folder, rel);
        ensureDir((0, import_node_path9.dirname)(path));
        writeFenced(this.lockPath, path, text);
        landed++;
      }
      if (write.head !== null) {
        writeFenced(this.lockPath, (0, import_node_path9.join)(folder, HEAD_FILE), write.head);
        landed++;
      }
      for (const rel of write.remove) {
        removeFenced(this.lockPath, (0, import_node_path9.join)(folder, rel));
        landed++;
      }
    } catch (error) {
      unmark();
      if (landed > 0) {
        try {
          noteThreadsChanged(this.dir);
        } catch {
        }
      }
      throw error;
    }
    unmark();
    noteThreadsChanged(this.dir);
    for (const dir of made) noteThreadWrite(dir);
    for (const rel of write.remove) noteThreadWrite((0, import_node_path9.dirname)((0, import_node_path9.join)(folder, rel)));
    this.forgetThread(folder);
  }
  /** `summary` as a thread's folder holds it once written (summaryAsStored): what every later read shows. */
  summaryAsStored(summary) {
    return summaryAsStored(summary);
  }
  /** Deletes a thread: its folder's files (then the emptied folders) and its format-1 file. */
  deleteThreadFile(projectId, threadId) {
    const folder = this.threadFolder(projectId, threadId);
    const disk = readFolderTexts(folder);
    if (disk !== null) {
      const files = [...disk.stamps.keys()].filter((p) => !p.endsWith("/")).concat(disk.unread);
      for (const path of files) removeFenced(this.lockPath, path);
      const dirs = [...disk.stamps.keys()].filter((p) => p.endsWith("/")).sort((a, b) => b.length - a.length);
      for (const dir of dirs) removeEmptyDir(dir.slice(0, -1));
    }
    removeFenced(this.lockPath, this.legacyThreadPath(projectId, threadId));
    this.forgetThread(folder);
    noteThreadsChanged(this.dir);
  }
};
var THREAD_PARTS = ["whole", "ancestor"];
var ANCESTOR_SECTIONS = ["decisions", "constraints"];
function parsedKey(folder, part) {
  return part === "whole" ? folder : `${folder}\0${part}`;
}
function migrationState(read) {
  if (read.folder === null) return "unmigrated";
  return read.legacyBlob !== null && read.legacyBlob !== read.folder.head.migratedFrom ? "edited" : null;
}
function stampsUnchanged(stamps) {
  for (const [path, stamp] of stamps) {
    if (pathStamp(path) !== stamp) return false;
  }
  return true;
}
function threadIdOfDirent(entry) {
  return threadIdOfEntry(entry.name, entry.isDirectory() || entry.isSymbolicLink() && !entry.name.endsWith(".md"));
}
function threadIdOfEntry(name, isDir) {
  if (isAtomicTempFile(name)) return null;
  if (isDir) return name;
  return name.endsWith(".md") ? name.slice(0, -3) : null;
}
function readLegacy(path) {
  const stat = lstatStrict(path, true);
  if (stat === null) return null;
  if (stat.isSymbolicLink()) throw linkRefused(path);
  let bytes;
  try {
    bytes = readRegularFile(path, LIMITS.threadFileBytes);
  } catch (e) {
    if (e instanceof UnreadableFileError) throw e;
    throw unreadable(path, reasonOf(e));
  }
  if (bytes === null) return null;
  if (bytes.length > LIMITS.threadFileBytes) {
    const size = Math.max(bytes.length, Number(stat.size));
    throw unreadable(
      path,
      `is ${size.toLocaleString("en-US")} bytes, over the ${LIMITS.threadFileBytes.toLocaleString("en-US")}-byte limit`
    );
  }
  const text = strictUtf8(bytes);
  if (text === null) throw unreadable(path, "is not valid UTF-8");
  return { text, blob: gitBlobId(bytes), stamp: stat.isFile() ? statStamp(stat) : null };
}
function absorbLegacy(folder, legacy) {
  const thread = copyThread(folder.thread);
  const { sections } = splitSummary(legacy.summary);
  const extra = [];
  for (const [section, blocks] of sections) {
    const have = new Set(sectionBlocks(folder.items, section));
    for (const block of blocks) {
      if (!have.has(block))
        extra.push({ section, key: "", file: "", item: { at: legacy.updatedAt, by: legacy.author, blocks: [block] } });
    }
  }
  if (extra.length > 0) {
    const ordered = SECTION_KEYS.flatMap((k) => [
      ...folder.items.filter((i) => i.section === k),
      ...extra.filter((i) => i.section === k)
    ]);
    thread.summary = summaryOf(folder.head.body, ordered);
  }
  if (legacy.updatedAt > thread.updatedAt) thread.updatedAt = legacy.updatedAt;
  if (thread.status === void 0 && legacy.status !== void 0) {
    thread.status = legacy.status;
    if (legacy.mergedInto !== void 0) thread.mergedInto = legacy.mergedInto;
  }
  for (const key of ["paths", "related"]) {
    const union = [.../* @__PURE__ */ new Set([...thread[key] ?? [], ...legacy[key] ?? []])].sort();
    if (union.length > 0) thread[key] = union;
  }
  return thread;
}
function removeEmptyDir(dir) {
  try {
    (0, import_node_fs14.rmdirSync)(dir);
  } catch (e) {
    const code = errnoCode(e);
    if (code !== "ENOENT" && code !== "ENOTEMPTY" && code !== "EEXIST") throw e;
  }
}
function isSymbolicLink(path) {
  try {
    return (0, import_node_fs14.lstatSync)(path).isSymbolicLink();
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return false;
    throw unreadable(path, reasonOf(e));
  }
}
function entryExists(path) {
  try {
    (0, import_node_fs14.lstatSync)(path);
    return true;
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return false;
    throw unreadable(path, reasonOf(e));
  }
}
function parseThreadFile(path, id, text) {
  let thread;
  try {
    thread = parseThread(text);
  } catch (e) {
    throw unreadable(path, e instanceof FrontmatterError ? e.message : `cannot be parsed (${reasonOf(e)})`);
  }
  if (thread.id !== id) throw errors.threadIdNotFileName(path, thread.id, id);
  return thread;
}
function validateProject(data, path, id) {
  if (typeof data !== "object" || data === null) throw unreadable(path, "is not a JSON object");
  const d = data;
  if (d.id !== id) throw unreadable(path, `"id" is ${JSON.stringify(d.id)}, expected "${id}"`);
  if (typeof d.title !== "string") throw unreadable(path, '"title" must be a string');
  const mode = d.mode === "team" ? "team" : "solo";
  if (d.mode !== void 0 && d.mode !== "team" && d.mode !== "solo") throw unreadable(path, '"mode" must be "solo" or "team"');
  const project = { id, title: d.title, mode, createdAt: typeof d.createdAt === "string" ? d.createdAt : "" };
  if (typeof d.systemContext === "string" && d.systemContext !== "") project.systemContext = d.systemContext;
  return project;
}

// src/cli/statusline-store.ts
function storeTitle(workspace, thread) {
  try {
    return new Store(workspace, {}, { sweepTempFiles: false }).readThread(thread.projectId, thread.threadId).title;
  } catch {
    return null;
  }
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  storeTitle
});
