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
var __export = (target2, all) => {
  for (var name in all)
    __defProp(target2, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target2) => (target2 = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target2, "default", { value: mod, enumerable: true }) : target2,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/core/errors.ts
var ThreadMindError, NoActiveProjectError, errors, UnreadableFileError;
var init_errors = __esm({
  "src/core/errors.ts"() {
    "use strict";
    ThreadMindError = class extends Error {
      constructor(code, message) {
        super(message);
        this.code = code;
        this.name = "ThreadMindError";
      }
      code;
    };
    NoActiveProjectError = class extends ThreadMindError {
      constructor(ids) {
        super("no-active-project", `No active project. Existing projects: ${ids.join(", ")}. Use project_switch to select one.`);
        this.ids = ids;
      }
      ids;
    };
    errors = {
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
      linkOutsideRepository: (rel, target2) => new ThreadMindError(
        "forbidden",
        `Cannot update ${rel}: it leads outside the repository (to ${target2}), through a symbolic link; ThreadMind never writes outside the repository. Nothing was changed. Replace the link with a file, or leave this client out.`
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
    UnreadableFileError = class extends ThreadMindError {
      constructor(path, reason) {
        super("unreadable", `Cannot read ${path}: ${reason}. Fix or remove the file; ThreadMind will not overwrite it.`);
        this.path = path;
        this.reason = reason;
      }
      path;
      reason;
    };
  }
});

// src/core/error-details.ts
function errnoCode(error) {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return void 0;
}
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
var init_error_details = __esm({
  "src/core/error-details.ts"() {
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
function readFirstBytesInto(path, into) {
  const fd = openUnblocked(path, import_node_fs3.constants.O_RDONLY);
  if (fd === null) return null;
  try {
    return into.subarray(0, (0, import_node_fs3.readSync)(fd, into, 0, into.length, 0));
  } finally {
    (0, import_node_fs3.closeSync)(fd);
  }
}
var import_node_fs3;
var init_regular_file = __esm({
  "src/core/store/regular-file.ts"() {
    "use strict";
    import_node_fs3 = require("fs");
    init_errors();
    init_error_details();
  }
});

// src/core/id-pattern.ts
function isValidId(id) {
  return typeof id === "string" && ID_PATTERN.test(id);
}
var ID_PATTERN;
var init_id_pattern = __esm({
  "src/core/id-pattern.ts"() {
    "use strict";
    ID_PATTERN = /^[a-z0-9-]{1,64}$/;
  }
});

// src/core/measure/measurements.ts
function emptyMeasurements() {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}
var init_measurements = __esm({
  "src/core/measure/measurements.ts"() {
    "use strict";
  }
});

// src/core/measure/measurement-log.ts
function measurementLogPath(storeDir) {
  return (0, import_node_path14.join)(storeDir, MEASUREMENT_LOG);
}
function previousMeasurementLogPath(storeDir) {
  return (0, import_node_path14.join)(storeDir, MEASUREMENT_LOG_PREVIOUS);
}
function measurementLogPaths(storeDir) {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}
function isUnreadableMeasurementLog(e, storeDir) {
  return e instanceof UnreadableFileError && measurementLogPaths(storeDir).includes(e.path);
}
function forEachLogFile(storeDir, use) {
  const [previousPath, currentPath] = measurementLogPaths(storeDir);
  const current = openRegularFile(currentPath, import_node_fs18.constants.O_RDONLY);
  try {
    const previous = openRegularFile(previousPath, import_node_fs18.constants.O_RDONLY);
    try {
      const same = previous !== null && current !== null && previous.stat.ino === current.stat.ino && previous.stat.dev === current.stat.dev;
      if (previous !== null && !same) use(previous.fd, previous.stat.size, previous.stat);
    } finally {
      if (previous !== null) (0, import_node_fs18.closeSync)(previous.fd);
    }
    if (current !== null) use(current.fd, current.stat.size, current.stat);
  } finally {
    if (current !== null) (0, import_node_fs18.closeSync)(current.fd);
  }
}
function openLog(path, use) {
  const opened = openRegularFile(path, import_node_fs18.constants.O_RDONLY);
  if (opened === null) return null;
  try {
    return use(opened.fd, opened.stat.size, opened.stat);
  } finally {
    (0, import_node_fs18.closeSync)(opened.fd);
  }
}
function appendMeasurementEvents(storeDir, events) {
  if (events.length === 0) return 0;
  const text = events.map((e) => `${JSON.stringify(e)}
`).join("");
  const bytes2 = Buffer.from(text, "utf8");
  if (bytes2.length > MAX_APPEND_BYTES) throw new Error(`measurement records too large to append (${bytes2.length} bytes)`);
  const opened = openRegularFile(measurementLogPath(storeDir), import_node_fs18.constants.O_RDWR | import_node_fs18.constants.O_APPEND | import_node_fs18.constants.O_CREAT, 420);
  if (opened === null) throw new Error(`${measurementLogPath(storeDir)} could not be created: its directory does not exist`);
  const { fd, stat: before } = opened;
  try {
    let out = bytes2;
    if (before.size > 0) {
      const last2 = Buffer.alloc(1);
      (0, import_node_fs18.readSync)(fd, last2, 0, 1, before.size - 1);
      if (last2[0] !== 10) out = Buffer.concat([Buffer.from("\n"), bytes2]);
    }
    const written = (0, import_node_fs18.writeSync)(fd, out);
    if (written < out.length) {
      throw new Error(
        `${measurementLogPath(storeDir)}: only ${written} of ${out.length} bytes could be appended (is the disk full?)`
      );
    }
    return (0, import_node_fs18.fstatSync)(fd).size;
  } finally {
    (0, import_node_fs18.closeSync)(fd);
  }
}
var import_node_fs18, import_node_path14, MEASUREMENT_LOG, MEASUREMENT_LOG_PREVIOUS, LOG_ROTATE_BYTES, MAX_APPEND_BYTES;
var init_measurement_log = __esm({
  "src/core/measure/measurement-log.ts"() {
    "use strict";
    import_node_fs18 = require("fs");
    init_regular_file();
    init_errors();
    import_node_path14 = require("path");
    MEASUREMENT_LOG = "measurements.jsonl";
    MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
    LOG_ROTATE_BYTES = 1024 * 1024;
    MAX_APPEND_BYTES = 64 * 1024;
  }
});

// src/core/measure/measurement-log-legacy.ts
function legacyEvents(state) {
  return legacyMeasurementEvents(state.measurements, state.conversations);
}
function legacyMeasurementEvents(m, conversations = {}) {
  const events = [];
  for (const [sessionId, c] of Object.entries(conversations)) {
    events.push({ kind: "conversation", at: c.at, sessionId, projectId: c.projectId, threadId: c.threadId });
  }
  for (const r of m.sessionEnds) events.push({ kind: "sessionEnd", ...r });
  for (const r of m.preCompacts) events.push({ kind: "preCompact", ...r });
  for (const r of m.hooksSeen) events.push({ kind: "hookSeen", ...r });
  for (const { receipt, ...injection } of m.injections) {
    events.push({ kind: "injection", ...injection });
    if (receipt !== "pending") {
      events.push({
        kind: "receipt",
        at: injection.at,
        sessionId: injection.sessionId,
        injectionAt: injection.at,
        contentHash: injection.contentHash,
        receipt
      });
    }
  }
  return events;
}
function moveLegacyMeasurements(storeDir, state) {
  const events = legacyEvents(state);
  if (events.length === 0) return false;
  for (let i = 0; i < events.length; i += 100) appendMeasurementEvents(storeDir, events.slice(i, i + 100));
  state.measurements = emptyMeasurements();
  state.conversations = {};
  return true;
}
var init_measurement_log_legacy = __esm({
  "src/core/measure/measurement-log-legacy.ts"() {
    "use strict";
    init_measurements();
    init_measurement_log();
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

// src/core/format-count.ts
function formatCount(n) {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
var init_format_count = __esm({
  "src/core/format-count.ts"() {
    "use strict";
  }
});

// src/core/measure/measurement-index.ts
function measurementIndexPath(storeDir) {
  return (0, import_node_path26.join)(storeDir, "cache", "measurement-index.txt");
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
    const n = (0, import_node_fs27.readSync)(fd, buffer, filled, buffer.length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}
function prefixFingerprint(fd, covered) {
  const headLength = Math.min(HEAD_BYTES, covered);
  const tailLength = Math.min(TAIL_BYTES, covered);
  const bytes2 = Buffer.alloc(headLength + tailLength);
  readAt(fd, bytes2.subarray(0, headLength), 0);
  readAt(fd, bytes2.subarray(headLength), covered - tailLength);
  return bytes2.toString("base64");
}
function openMeasurementIndex(storeDir) {
  let opened = null;
  try {
    opened = openRegularFile(measurementIndexPath(storeDir), import_node_fs27.constants.O_RDONLY);
    if (opened === null) return null;
    const prefix = Buffer.allocUnsafe(Math.min(PREFIX_BYTES, opened.stat.size));
    const length = readAt(opened.fd, prefix, 0);
    const marker = prefix.indexOf("\n@");
    if (length === prefix.length && prefix.subarray(0, HEADER_BYTES.length).equals(HEADER_BYTES) && marker !== -1 && marker + 2 + BUCKETS * ENTRY < prefix.length && prefix[marker + 2 + BUCKETS * ENTRY] === NEWLINE)
      return { fd: opened.fd, size: opened.stat.size, prefix, table: marker + 2 };
  } catch {
  }
  if (opened !== null) (0, import_node_fs27.closeSync)(opened.fd);
  return null;
}
function closeMeasurementIndex(index) {
  (0, import_node_fs27.closeSync)(index.fd);
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
    const bytes2 = Buffer.allocUnsafe(length);
    if (readAt(fd, bytes2, from) !== length) return null;
    if (offset > 0 && bytes2[0] !== NEWLINE) return null;
    const start = offset - from;
    const newline = bytes2.indexOf(NEWLINE, start);
    if (newline !== -1) return newline - start > LOG_LINE_MAX_BYTES ? null : bytes2.subarray(start, newline);
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
var import_node_fs27, import_node_path26, LOG_LINE_MAX_BYTES, INDEX_BEHIND_BYTES, HEADER, HEADER_BYTES, BUCKETS, ENTRY, PREFIX_BYTES, HEAD_BYTES, TAIL_BYTES, NEWLINE;
var init_measurement_index = __esm({
  "src/core/measure/measurement-index.ts"() {
    "use strict";
    import_node_fs27 = require("fs");
    import_node_path26 = require("path");
    init_regular_file();
    LOG_LINE_MAX_BYTES = 64 * 1024 - 1;
    INDEX_BEHIND_BYTES = 64 * 1024;
    HEADER = "threadmind measurement index 2\n";
    HEADER_BYTES = Buffer.from(HEADER);
    BUCKETS = 128;
    ENTRY = 16;
    PREFIX_BYTES = 8 * 1024;
    HEAD_BYTES = 64;
    TAIL_BYTES = 256;
    NEWLINE = 10;
  }
});

// src/core/measure/freshness-events.ts
function isFreshnessEvent(d) {
  if (!isText(d.instance) || !isText(d.projectId) || !isText(d.threadId)) return false;
  switch (d.kind) {
    case "summaryWrite":
      return d.sessionId === null && (d.via === "summary_update" || d.via === "merge" || d.via === "status");
    case "freshnessMark":
      return typeof d.sessionId === "string" && (d.mark === "baseline" || d.mark === "nudge") && isCount2(d.contextTokens) && (d.level === void 0 || isCount2(d.level));
    case "staleness":
      return typeof d.sessionId === "string" && (d.restart === "clear" || d.restart === "compact") && (d.contextTokens === null || isCount2(d.contextTokens)) && (d.sinceWriteTokens === null || isCount2(d.sinceWriteTokens)) && typeof d.written === "boolean" && typeof d.stale === "boolean" && isCount2(d.threshold) && (d.lastWriteAt === null || typeof d.lastWriteAt === "string") && (d.transcriptPath === void 0 || typeof d.transcriptPath === "string");
    default:
      return false;
  }
}
var isCount2, isText;
var init_freshness_events = __esm({
  "src/core/measure/freshness-events.ts"() {
    "use strict";
    isCount2 = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0;
    isText = (v) => typeof v === "string" && v !== "";
  }
});

// src/core/measure/recall-events.ts
function estimatedTokens(text) {
  return Math.ceil(text.length / 3.5);
}
function isRecallLogEvent(d) {
  if (!isStr(d.instance) || d.agentId !== void 0 && !isStr(d.agentId)) return false;
  switch (d.kind) {
    case "recall":
      return isStr(d.file) && Array.isArray(d.threads) && d.threads.every(isStr) && isCount3(d.chars) && isCount3(d.tokens) && optional(d.toolUseId, isStr) && optional(d.fingerprint, isStr) && optional(d.transcriptOffset, isCount3);
    case "fileEdit":
      return isStr(d.file);
    case "subagentContext":
      return isStr(d.agentId) && isStr(d.projectId) && isStr(d.threadId) && isCount3(d.chars) && isCount3(d.tokens) && optional(d.fingerprint, isStr);
    default:
      return false;
  }
}
var isStr, isCount3, optional;
var init_recall_events = __esm({
  "src/core/measure/recall-events.ts"() {
    "use strict";
    init_format_count();
    isStr = (v) => typeof v === "string";
    isCount3 = (v) => Number.isSafeInteger(v) && v >= 0;
    optional = (v, is) => v === void 0 || is(v);
  }
});

// src/core/measure/measurement-log-read.ts
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
      return typeof d.injectionAt === "string" && typeof d.contentHash === "string" && RECEIPTS.has(d.receipt) && (d.firstRequestTokens === void 0 || isCount2(d.firstRequestTokens)) ? d : null;
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
  keyedEvents(storeDir, sessionNeedle(sessionId), (event) => {
    if (event.sessionId === sessionId) events.push(event);
  });
  return events;
}
function scanEvents(storeDir, needle, onEvent) {
  const bytes2 = Buffer.from(needle, "utf8");
  forEachLogFile(
    storeDir,
    (fd, size) => scanLines(fd, size, Math.max(0, size - READ_MAX_BYTES), [bytes2], (line) => emit(line, onEvent))
  );
}
function logBytesOf(paths) {
  return paths.reduce((total, path) => total + ((0, import_node_fs28.lstatSync)(path, { throwIfNoEntry: false })?.size ?? 0), 0);
}
function emit(line, onEvent) {
  const event = parseEventLine(line);
  if (event !== null) onEvent(event);
}
function indexBehind(storeDir) {
  return behindStores.delete(storeDir);
}
function keyedEvents(storeDir, needle, onEvent) {
  const paths = measurementLogPaths(storeDir);
  if (logBytesOf(paths) < INDEX_MIN_LOG_BYTES) {
    scanEvents(storeDir, needle, onEvent);
    return;
  }
  const bytes2 = Buffer.from(needle, "utf8");
  const index = openMeasurementIndex(storeDir);
  let behind = false;
  try {
    forEachLogFile(storeDir, (fd, size, stat) => {
      const known = index === null || size > READ_MAX_BYTES ? null : indexedLines(index, fd, stat, needle);
      if (known !== null) for (const line of known.lines) emit(line, onEvent);
      const from = known?.covered ?? Math.max(0, size - READ_MAX_BYTES);
      if (size <= READ_MAX_BYTES && size - from > INDEX_BEHIND_BYTES) behind = true;
      scanLines(fd, size, from, [bytes2], (line) => emit(line, onEvent));
    });
  } finally {
    if (index !== null) closeMeasurementIndex(index);
  }
  if (behind) behindStores.add(storeDir);
}
function scanLines(fd, size, position, needles, onLine) {
  if (position >= size) return;
  scanBuffer ??= Buffer.allocUnsafe(SCAN_BUFFER_BYTES);
  const buffer = scanBuffer;
  let held = 0;
  let skippingLongLine = false;
  for (; ; ) {
    const n = (0, import_node_fs28.readSync)(fd, buffer, held, buffer.length - held, position);
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
function instanceThread(storeDir, instance) {
  return lastConversation(instanceEvents(storeDir, instance), instance);
}
function linesHolding(bytes2, needle, from, end, onLine) {
  for (let hit = bytes2.indexOf(needle, from); hit !== -1 && hit < end; hit = bytes2.indexOf(needle, from)) {
    const start = bytes2.lastIndexOf(10, hit) + 1;
    const newline = bytes2.indexOf(10, hit);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    onLine(bytes2.toString("utf8", Math.max(start, from), lineEnd));
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
function pendingInjections(events) {
  const settled = new Set(
    events.flatMap(
      (e) => e.kind === "receipt" ? [receiptKey({ sessionId: e.sessionId, at: e.injectionAt, contentHash: e.contentHash })] : []
    )
  );
  return events.flatMap(
    (e) => e.kind === "injection" && !settled.has(receiptKey(e)) ? [{ ...record(e), receipt: "pending" }] : []
  );
}
var import_node_fs28, READ_MAX_BYTES, KINDS, RECEIPTS, INDEX_MIN_LOG_BYTES, behindStores, scanBuffer, SCAN_BUFFER_BYTES, RECENT_BYTES;
var init_measurement_log_read = __esm({
  "src/core/measure/measurement-log-read.ts"() {
    "use strict";
    import_node_fs28 = require("fs");
    init_measurements();
    init_measurement_log();
    init_measurement_log_legacy();
    init_measurement_index();
    init_freshness_events();
    init_id_pattern();
    init_recall_events();
    READ_MAX_BYTES = 8 * 1024 * 1024;
    KINDS = /* @__PURE__ */ new Set([
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
    RECEIPTS = /* @__PURE__ */ new Set(["delivered", "preview", "missing"]);
    INDEX_MIN_LOG_BYTES = 1024 * 1024;
    behindStores = /* @__PURE__ */ new Set();
    scanBuffer = null;
    SCAN_BUFFER_BYTES = LOG_LINE_MAX_BYTES + 1;
    RECENT_BYTES = 64 * 1024;
  }
});

// src/core/text-fingerprint.ts
var text_fingerprint_exports = {};
__export(text_fingerprint_exports, {
  textFingerprint: () => textFingerprint
});
function textFingerprint(text) {
  const bytes2 = Buffer.alloc(Math.ceil(text.length * 3 / 4) * 4 + 4);
  const written = bytes2.write(text, "utf8");
  const words = new Uint32Array(bytes2.buffer, bytes2.byteOffset, Math.ceil(written / 4));
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

// node_modules/fzstd/esm/index.mjs
var esm_exports = {};
__export(esm_exports, {
  Decompress: () => Decompress,
  ZstdErrorCode: () => ZstdErrorCode,
  decompress: () => decompress
});
function decompress(dat, buf) {
  var bufs = [], nb = +!buf;
  var bt = 0, ol = 0;
  for (; dat.length; ) {
    var st = rzfh(dat, nb || buf);
    if (typeof st == "object") {
      if (nb) {
        buf = null;
        if (st.w.length == st.u) {
          bufs.push(buf = st.w);
          ol += st.u;
        }
      } else {
        bufs.push(buf);
        st.e = 0;
      }
      for (; !st.l; ) {
        var blk = rzb(dat, st, buf);
        if (!blk)
          err(5);
        if (buf)
          st.e = st.y;
        else {
          bufs.push(blk);
          ol += blk.length;
          cpw(st.w, 0, blk.length);
          st.w.set(blk, st.w.length - blk.length);
        }
      }
      bt = st.b + st.c * 4;
    } else
      bt = st;
    dat = dat.subarray(bt);
  }
  return cct(bufs, ol);
}
var ab, u8, u16, i16, i32, slc, fill, cpw, ZstdErrorCode, ec, err, rb, b4, rzfh, msb, rfse, rhu, dllt, dmlt, doct, b2bl, llb, llbl, mlb, mlbl, dhu, dhu4, rzb, cct, Decompress;
var init_esm = __esm({
  "node_modules/fzstd/esm/index.mjs"() {
    "use strict";
    ab = ArrayBuffer;
    u8 = Uint8Array;
    u16 = Uint16Array;
    i16 = Int16Array;
    i32 = Int32Array;
    slc = function(v, s, e) {
      if (u8.prototype.slice)
        return u8.prototype.slice.call(v, s, e);
      if (s == null || s < 0)
        s = 0;
      if (e == null || e > v.length)
        e = v.length;
      var n = new u8(e - s);
      n.set(v.subarray(s, e));
      return n;
    };
    fill = function(v, n, s, e) {
      if (u8.prototype.fill)
        return u8.prototype.fill.call(v, n, s, e);
      if (s == null || s < 0)
        s = 0;
      if (e == null || e > v.length)
        e = v.length;
      for (; s < e; ++s)
        v[s] = n;
      return v;
    };
    cpw = function(v, t, s, e) {
      if (u8.prototype.copyWithin)
        return u8.prototype.copyWithin.call(v, t, s, e);
      if (s == null || s < 0)
        s = 0;
      if (e == null || e > v.length)
        e = v.length;
      while (s < e) {
        v[t++] = v[s++];
      }
    };
    ZstdErrorCode = {
      InvalidData: 0,
      WindowSizeTooLarge: 1,
      InvalidBlockType: 2,
      FSEAccuracyTooHigh: 3,
      DistanceTooFarBack: 4,
      UnexpectedEOF: 5
    };
    ec = [
      "invalid zstd data",
      "window size too large (>2046MB)",
      "invalid block type",
      "FSE accuracy too high",
      "match distance too far back",
      "unexpected EOF"
    ];
    err = function(ind, msg, nt) {
      var e = new Error(msg || ec[ind]);
      e.code = ind;
      if (Error.captureStackTrace)
        Error.captureStackTrace(e, err);
      if (!nt)
        throw e;
      return e;
    };
    rb = function(d, b, n) {
      var i = 0, o = 0;
      for (; i < n; ++i)
        o |= d[b++] << (i << 3);
      return o;
    };
    b4 = function(d, b) {
      return (d[b] | d[b + 1] << 8 | d[b + 2] << 16 | d[b + 3] << 24) >>> 0;
    };
    rzfh = function(dat, w) {
      var n3 = dat[0] | dat[1] << 8 | dat[2] << 16;
      if (n3 == 3126568 && dat[3] == 253) {
        var flg = dat[4];
        var ss = flg >> 5 & 1, cc = flg >> 2 & 1, df = flg & 3, fcf = flg >> 6;
        if (flg & 8)
          err(0);
        var bt = 6 - ss;
        var db = df == 3 ? 4 : df;
        var di = rb(dat, bt, db);
        bt += db;
        var fsb = fcf ? 1 << fcf : ss;
        var fss = rb(dat, bt, fsb) + (fcf == 1 && 256);
        var ws = fss;
        if (!ss) {
          var wb = 1 << 10 + (dat[5] >> 3);
          ws = wb + (wb >> 3) * (dat[5] & 7);
        }
        if (ws > 2145386496)
          err(1);
        var buf = new u8((w == 1 ? fss || ws : w ? 0 : ws) + 12);
        buf[0] = 1, buf[4] = 4, buf[8] = 8;
        return {
          b: bt + fsb,
          y: 0,
          l: 0,
          d: di,
          w: w && w != 1 ? w : buf.subarray(12),
          e: ws,
          o: new i32(buf.buffer, 0, 3),
          u: fss,
          c: cc,
          m: Math.min(131072, ws)
        };
      } else if ((n3 >> 4 | dat[3] << 20) == 25481893) {
        return b4(dat, 4) + 8;
      }
      err(0);
    };
    msb = function(val) {
      var bits = 0;
      for (; 1 << bits <= val; ++bits)
        ;
      return bits - 1;
    };
    rfse = function(dat, bt, mal) {
      var tpos = (bt << 3) + 4;
      var al = (dat[bt] & 15) + 5;
      if (al > mal)
        err(3);
      var sz = 1 << al;
      var probs = sz, sym = -1, re = -1, i = -1, ht = sz;
      var buf = new ab(512 + (sz << 2));
      var freq = new i16(buf, 0, 256);
      var dstate = new u16(buf, 0, 256);
      var nstate = new u16(buf, 512, sz);
      var bb1 = 512 + (sz << 1);
      var syms = new u8(buf, bb1, sz);
      var nbits = new u8(buf, bb1 + sz);
      while (sym < 255 && probs > 0) {
        var bits = msb(probs + 1);
        var cbt = tpos >> 3;
        var msk = (1 << bits + 1) - 1;
        var val = (dat[cbt] | dat[cbt + 1] << 8 | dat[cbt + 2] << 16) >> (tpos & 7) & msk;
        var msk1fb = (1 << bits) - 1;
        var msv = msk - probs - 1;
        var sval = val & msk1fb;
        if (sval < msv)
          tpos += bits, val = sval;
        else {
          tpos += bits + 1;
          if (val > msk1fb)
            val -= msv;
        }
        freq[++sym] = --val;
        if (val == -1) {
          probs += val;
          syms[--ht] = sym;
        } else
          probs -= val;
        if (!val) {
          do {
            var rbt = tpos >> 3;
            re = (dat[rbt] | dat[rbt + 1] << 8) >> (tpos & 7) & 3;
            tpos += 2;
            sym += re;
          } while (re == 3);
        }
      }
      if (sym > 255 || probs)
        err(0);
      var sympos = 0;
      var sstep = (sz >> 1) + (sz >> 3) + 3;
      var smask = sz - 1;
      for (var s = 0; s <= sym; ++s) {
        var sf = freq[s];
        if (sf < 1) {
          dstate[s] = -sf;
          continue;
        }
        for (i = 0; i < sf; ++i) {
          syms[sympos] = s;
          do {
            sympos = sympos + sstep & smask;
          } while (sympos >= ht);
        }
      }
      if (sympos)
        err(0);
      for (i = 0; i < sz; ++i) {
        var ns = dstate[syms[i]]++;
        var nb = nbits[i] = al - msb(ns);
        nstate[i] = (ns << nb) - sz;
      }
      return [tpos + 7 >> 3, {
        b: al,
        s: syms,
        n: nbits,
        t: nstate
      }];
    };
    rhu = function(dat, bt) {
      var i = 0, wc = -1;
      var buf = new u8(292), hb = dat[bt];
      var hw = buf.subarray(0, 256);
      var rc = buf.subarray(256, 268);
      var ri = new u16(buf.buffer, 268);
      if (hb < 128) {
        var _a = rfse(dat, bt + 1, 6), ebt = _a[0], fdt = _a[1];
        bt += hb;
        var epos = ebt << 3;
        var lb = dat[bt];
        if (!lb)
          err(0);
        var st1 = 0, st2 = 0, btr1 = fdt.b, btr2 = btr1;
        var fpos = (++bt << 3) - 8 + msb(lb);
        for (; ; ) {
          fpos -= btr1;
          if (fpos < epos)
            break;
          var cbt = fpos >> 3;
          st1 += (dat[cbt] | dat[cbt + 1] << 8) >> (fpos & 7) & (1 << btr1) - 1;
          hw[++wc] = fdt.s[st1];
          fpos -= btr2;
          if (fpos < epos)
            break;
          cbt = fpos >> 3;
          st2 += (dat[cbt] | dat[cbt + 1] << 8) >> (fpos & 7) & (1 << btr2) - 1;
          hw[++wc] = fdt.s[st2];
          btr1 = fdt.n[st1];
          st1 = fdt.t[st1];
          btr2 = fdt.n[st2];
          st2 = fdt.t[st2];
        }
        if (++wc > 255)
          err(0);
      } else {
        wc = hb - 127;
        for (; i < wc; i += 2) {
          var byte = dat[++bt];
          hw[i] = byte >> 4;
          hw[i + 1] = byte & 15;
        }
        ++bt;
      }
      var wes = 0;
      for (i = 0; i < wc; ++i) {
        var wt = hw[i];
        if (wt > 11)
          err(0);
        wes += wt && 1 << wt - 1;
      }
      var mb = msb(wes) + 1;
      var ts = 1 << mb;
      var rem = ts - wes;
      if (rem & rem - 1)
        err(0);
      hw[wc++] = msb(rem) + 1;
      for (i = 0; i < wc; ++i) {
        var wt = hw[i];
        ++rc[hw[i] = wt && mb + 1 - wt];
      }
      var hbuf = new u8(ts << 1);
      var syms = hbuf.subarray(0, ts), nb = hbuf.subarray(ts);
      ri[mb] = 0;
      for (i = mb; i > 0; --i) {
        var pv = ri[i];
        fill(nb, i, pv, ri[i - 1] = pv + rc[i] * (1 << mb - i));
      }
      if (ri[0] != ts)
        err(0);
      for (i = 0; i < wc; ++i) {
        var bits = hw[i];
        if (bits) {
          var code = ri[bits];
          fill(syms, i, code, ri[bits] = code + (1 << mb - bits));
        }
      }
      return [bt, {
        n: nb,
        b: mb,
        s: syms
      }];
    };
    dllt = rfse(/* @__PURE__ */ new u8([
      81,
      16,
      99,
      140,
      49,
      198,
      24,
      99,
      12,
      33,
      196,
      24,
      99,
      102,
      102,
      134,
      70,
      146,
      4
    ]), 0, 6)[1];
    dmlt = rfse(/* @__PURE__ */ new u8([
      33,
      20,
      196,
      24,
      99,
      140,
      33,
      132,
      16,
      66,
      8,
      33,
      132,
      16,
      66,
      8,
      33,
      68,
      68,
      68,
      68,
      68,
      68,
      68,
      68,
      36,
      9
    ]), 0, 6)[1];
    doct = rfse(/* @__PURE__ */ new u8([
      32,
      132,
      16,
      66,
      102,
      70,
      68,
      68,
      68,
      68,
      36,
      73,
      2
    ]), 0, 5)[1];
    b2bl = function(b, s) {
      var len = b.length, bl = new i32(len);
      for (var i = 0; i < len; ++i) {
        bl[i] = s;
        s += 1 << b[i];
      }
      return bl;
    };
    llb = /* @__PURE__ */ new u8((/* @__PURE__ */ new i32([
      0,
      0,
      0,
      0,
      16843009,
      50528770,
      134678020,
      202050057,
      269422093
    ])).buffer, 0, 36);
    llbl = /* @__PURE__ */ b2bl(llb, 0);
    mlb = /* @__PURE__ */ new u8((/* @__PURE__ */ new i32([
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      16843009,
      50528770,
      117769220,
      185207048,
      252579084,
      16
    ])).buffer, 0, 53);
    mlbl = /* @__PURE__ */ b2bl(mlb, 3);
    dhu = function(dat, out, hu) {
      var len = dat.length, ss = out.length, lb = dat[len - 1], msk = (1 << hu.b) - 1, eb = -hu.b;
      if (!lb)
        err(0);
      var st = 0, btr = hu.b, pos = (len << 3) - 8 + msb(lb) - btr, i = -1;
      for (; pos > eb && i < ss; ) {
        var cbt = pos >> 3;
        var val = (dat[cbt] | dat[cbt + 1] << 8 | dat[cbt + 2] << 16) >> (pos & 7);
        st = (st << btr | val) & msk;
        out[++i] = hu.s[st];
        pos -= btr = hu.n[st];
      }
      if (pos != eb || i + 1 != ss)
        err(0);
    };
    dhu4 = function(dat, out, hu) {
      var bt = 6;
      var ss = out.length, sz1 = ss + 3 >> 2, sz2 = sz1 << 1, sz3 = sz1 + sz2;
      dhu(dat.subarray(bt, bt += dat[0] | dat[1] << 8), out.subarray(0, sz1), hu);
      dhu(dat.subarray(bt, bt += dat[2] | dat[3] << 8), out.subarray(sz1, sz2), hu);
      dhu(dat.subarray(bt, bt += dat[4] | dat[5] << 8), out.subarray(sz2, sz3), hu);
      dhu(dat.subarray(bt), out.subarray(sz3), hu);
    };
    rzb = function(dat, st, out) {
      var _a;
      var bt = st.b;
      var b0 = dat[bt], btype = b0 >> 1 & 3;
      st.l = b0 & 1;
      var sz = b0 >> 3 | dat[bt + 1] << 5 | dat[bt + 2] << 13;
      var ebt = (bt += 3) + sz;
      if (btype == 1) {
        if (bt >= dat.length)
          return;
        st.b = bt + 1;
        if (out) {
          fill(out, dat[bt], st.y, st.y += sz);
          return out;
        }
        return fill(new u8(sz), dat[bt]);
      }
      if (ebt > dat.length)
        return;
      if (btype == 0) {
        st.b = ebt;
        if (out) {
          out.set(dat.subarray(bt, ebt), st.y);
          st.y += sz;
          return out;
        }
        return slc(dat, bt, ebt);
      }
      if (btype == 2) {
        var b3 = dat[bt], lbt = b3 & 3, sf = b3 >> 2 & 3;
        var lss = b3 >> 4, lcs2 = 0, s4 = 0;
        if (lbt < 2) {
          if (sf & 1)
            lss |= dat[++bt] << 4 | (sf & 2 && dat[++bt] << 12);
          else
            lss = b3 >> 3;
        } else {
          s4 = sf;
          if (sf < 2)
            lss |= (dat[++bt] & 63) << 4, lcs2 = dat[bt] >> 6 | dat[++bt] << 2;
          else if (sf == 2)
            lss |= dat[++bt] << 4 | (dat[++bt] & 3) << 12, lcs2 = dat[bt] >> 2 | dat[++bt] << 6;
          else
            lss |= dat[++bt] << 4 | (dat[++bt] & 63) << 12, lcs2 = dat[bt] >> 6 | dat[++bt] << 2 | dat[++bt] << 10;
        }
        ++bt;
        var buf = out ? out.subarray(st.y, st.y + st.m) : new u8(st.m);
        var spl = buf.length - lss;
        if (lbt == 0)
          buf.set(dat.subarray(bt, bt += lss), spl);
        else if (lbt == 1)
          fill(buf, dat[bt++], spl);
        else {
          var hu = st.h;
          if (lbt == 2) {
            var hud = rhu(dat, bt);
            lcs2 += bt - (bt = hud[0]);
            st.h = hu = hud[1];
          } else if (!hu)
            err(0);
          (s4 ? dhu4 : dhu)(dat.subarray(bt, bt += lcs2), buf.subarray(spl), hu);
        }
        var ns = dat[bt++];
        if (ns) {
          if (ns == 255)
            ns = (dat[bt++] | dat[bt++] << 8) + 32512;
          else if (ns > 127)
            ns = ns - 128 << 8 | dat[bt++];
          var scm = dat[bt++];
          if (scm & 3)
            err(0);
          var dts = [dmlt, doct, dllt];
          for (var i = 2; i > -1; --i) {
            var md = scm >> (i << 1) + 2 & 3;
            if (md == 1) {
              var rbuf = new u8([0, 0, dat[bt++]]);
              dts[i] = {
                s: rbuf.subarray(2, 3),
                n: rbuf.subarray(0, 1),
                t: new u16(rbuf.buffer, 0, 1),
                b: 0
              };
            } else if (md == 2) {
              _a = rfse(dat, bt, 9 - (i & 1)), bt = _a[0], dts[i] = _a[1];
            } else if (md == 3) {
              if (!st.t)
                err(0);
              dts[i] = st.t[i];
            }
          }
          var _b = st.t = dts, mlt = _b[0], oct = _b[1], llt = _b[2];
          var lb = dat[ebt - 1];
          if (!lb)
            err(0);
          var spos = (ebt << 3) - 8 + msb(lb) - llt.b, cbt = spos >> 3, oubt = 0;
          var lst = (dat[cbt] | dat[cbt + 1] << 8) >> (spos & 7) & (1 << llt.b) - 1;
          cbt = (spos -= oct.b) >> 3;
          var ost = (dat[cbt] | dat[cbt + 1] << 8) >> (spos & 7) & (1 << oct.b) - 1;
          cbt = (spos -= mlt.b) >> 3;
          var mst = (dat[cbt] | dat[cbt + 1] << 8) >> (spos & 7) & (1 << mlt.b) - 1;
          for (++ns; --ns; ) {
            var llc = llt.s[lst];
            var lbtr = llt.n[lst];
            var mlc = mlt.s[mst];
            var mbtr = mlt.n[mst];
            var ofc = oct.s[ost];
            var obtr = oct.n[ost];
            cbt = (spos -= ofc) >> 3;
            var ofp = 1 << ofc;
            var off = ofp + ((dat[cbt] | dat[cbt + 1] << 8 | dat[cbt + 2] << 16 | dat[cbt + 3] << 24) >>> (spos & 7) & ofp - 1);
            cbt = (spos -= mlb[mlc]) >> 3;
            var ml = mlbl[mlc] + ((dat[cbt] | dat[cbt + 1] << 8 | dat[cbt + 2] << 16) >> (spos & 7) & (1 << mlb[mlc]) - 1);
            cbt = (spos -= llb[llc]) >> 3;
            var ll = llbl[llc] + ((dat[cbt] | dat[cbt + 1] << 8 | dat[cbt + 2] << 16) >> (spos & 7) & (1 << llb[llc]) - 1);
            cbt = (spos -= lbtr) >> 3;
            lst = llt.t[lst] + ((dat[cbt] | dat[cbt + 1] << 8) >> (spos & 7) & (1 << lbtr) - 1);
            cbt = (spos -= mbtr) >> 3;
            mst = mlt.t[mst] + ((dat[cbt] | dat[cbt + 1] << 8) >> (spos & 7) & (1 << mbtr) - 1);
            cbt = (spos -= obtr) >> 3;
            ost = oct.t[ost] + ((dat[cbt] | dat[cbt + 1] << 8) >> (spos & 7) & (1 << obtr) - 1);
            if (off > 3) {
              st.o[2] = st.o[1];
              st.o[1] = st.o[0];
              st.o[0] = off -= 3;
            } else {
              var idx = off - (ll != 0);
              if (idx) {
                off = idx == 3 ? st.o[0] - 1 : st.o[idx];
                if (idx > 1)
                  st.o[2] = st.o[1];
                st.o[1] = st.o[0];
                st.o[0] = off;
              } else
                off = st.o[0];
            }
            for (var i = 0; i < ll; ++i) {
              buf[oubt + i] = buf[spl + i];
            }
            oubt += ll, spl += ll;
            var stin = oubt - off;
            if (stin < 0) {
              var len = -stin;
              var bs = st.e + stin;
              if (len > ml)
                len = ml;
              for (var i = 0; i < len; ++i) {
                buf[oubt + i] = st.w[bs + i];
              }
              oubt += len, ml -= len, stin = 0;
            }
            for (var i = 0; i < ml; ++i) {
              buf[oubt + i] = buf[stin + i];
            }
            oubt += ml;
          }
          if (oubt != spl) {
            while (spl < buf.length) {
              buf[oubt++] = buf[spl++];
            }
          } else
            oubt = buf.length;
          if (out)
            st.y += oubt;
          else
            buf = slc(buf, 0, oubt);
        } else if (out) {
          st.y += lss;
          if (spl) {
            for (var i = 0; i < lss; ++i) {
              buf[i] = buf[spl + i];
            }
          }
        } else if (spl)
          buf = slc(buf, spl);
        st.b = ebt;
        return buf;
      }
      err(2);
    };
    cct = function(bufs, ol) {
      if (bufs.length == 1)
        return bufs[0];
      var buf = new u8(ol);
      for (var i = 0, b = 0; i < bufs.length; ++i) {
        var chk = bufs[i];
        buf.set(chk, b);
        b += chk.length;
      }
      return buf;
    };
    Decompress = /* @__PURE__ */ (function() {
      function Decompress2(ondata) {
        this.ondata = ondata;
        this.c = [];
        this.l = 0;
        this.z = 0;
      }
      Decompress2.prototype.push = function(chunk, final) {
        if (typeof this.s == "number") {
          var sub = Math.min(chunk.length, this.s);
          chunk = chunk.subarray(sub);
          this.s -= sub;
        }
        var sl = chunk.length;
        var ncs = sl + this.l;
        if (!this.s) {
          if (final) {
            if (!ncs) {
              this.ondata(new u8(0), true);
              return;
            }
            if (ncs < 5)
              err(5);
          } else if (ncs < 18) {
            this.c.push(chunk);
            this.l = ncs;
            return;
          }
          if (this.l) {
            this.c.push(chunk);
            chunk = cct(this.c, ncs);
            this.c = [];
            this.l = 0;
          }
          if (typeof (this.s = rzfh(chunk)) == "number")
            return this.push(chunk, final);
        }
        if (typeof this.s != "number") {
          if (ncs < (this.z || 3)) {
            if (final)
              err(5);
            this.c.push(chunk);
            this.l = ncs;
            return;
          }
          if (this.l) {
            this.c.push(chunk);
            chunk = cct(this.c, ncs);
            this.c = [];
            this.l = 0;
          }
          if (!this.z && ncs < (this.z = chunk[this.s.b] & 2 ? 4 : 3 + (chunk[this.s.b] >> 3 | chunk[this.s.b + 1] << 5 | chunk[this.s.b + 2] << 13))) {
            if (final)
              err(5);
            this.c.push(chunk);
            this.l = ncs;
            return;
          } else
            this.z = 0;
          for (; ; ) {
            var blk = rzb(chunk, this.s);
            if (!blk) {
              if (final)
                err(5);
              var adc = chunk.subarray(this.s.b);
              this.s.b = 0;
              this.c.push(adc), this.l += adc.length;
              return;
            } else {
              this.ondata(blk, false);
              cpw(this.s.w, 0, blk.length);
              this.s.w.set(blk, this.s.w.length - blk.length);
            }
            if (this.s.l) {
              var rest = chunk.subarray(this.s.b);
              this.s = this.s.c * 4;
              this.push(rest, final);
              return;
            }
          }
        } else if (final)
          err(5);
      };
      return Decompress2;
    })();
  }
});

// src/core/savings/saved-output.ts
function sessionFolderOf(transcriptPath) {
  return (0, import_node_path39.join)((0, import_node_path39.dirname)((0, import_node_path39.resolve)(transcriptPath)), (0, import_node_path39.basename)(transcriptPath, ".jsonl"));
}
function inside(path, folder) {
  return path.startsWith(folder.endsWith(import_node_path39.sep) ? folder : `${folder}${import_node_path39.sep}`);
}
function savedOutputPathOf(record2, transcriptPath) {
  if (!record2.isPersistedOutputPreview) return null;
  const named = SAVED_TO.exec(record2.content[0] ?? "")?.[1]?.trim();
  if (named === void 0 || named === "" || !(0, import_node_path39.isAbsolute)(named)) return null;
  const path = (0, import_node_path39.resolve)(named);
  return inside(path, sessionFolderOf(transcriptPath)) ? path : null;
}
function readSavedOutput(path, transcriptPath) {
  const folder = sessionFolderOf(transcriptPath);
  if (!inside((0, import_node_path39.resolve)(path), folder)) return null;
  let fd;
  try {
    const realFolder = (0, import_node_fs41.realpathSync)(folder);
    const realDir = (0, import_node_fs41.realpathSync)((0, import_node_path39.dirname)((0, import_node_path39.resolve)(path)));
    if (realDir !== realFolder && !inside(realDir, realFolder)) return null;
    fd = (0, import_node_fs41.openSync)((0, import_node_path39.join)(realDir, (0, import_node_path39.basename)(path)), import_node_fs41.constants.O_RDONLY | (import_node_fs41.constants.O_NONBLOCK ?? 0) | (import_node_fs41.constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    if (ABSENT.has(errnoCode(e) ?? "")) return null;
    throw e;
  }
  try {
    const stat = (0, import_node_fs41.fstatSync)(fd);
    if (!stat.isFile() || stat.size > SAVED_MAX_BYTES) return null;
    const buffer = Buffer.alloc(Math.min(stat.size, SAVED_MAX_BYTES) + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = (0, import_node_fs41.readSync)(fd, buffer, length, buffer.length - length, length);
    if (length > SAVED_MAX_BYTES) return null;
    return buffer.subarray(0, length).toString("utf8");
  } finally {
    (0, import_node_fs41.closeSync)(fd);
  }
}
var import_node_fs41, import_node_path39, SAVED_TO, SAVED_MAX_BYTES, ABSENT;
var init_saved_output = __esm({
  "src/core/savings/saved-output.ts"() {
    "use strict";
    import_node_fs41 = require("fs");
    import_node_path39 = require("path");
    init_error_details();
    SAVED_TO = /Full output saved to: ([^\n]+)\n/;
    SAVED_MAX_BYTES = 1024 * 1024;
    ABSENT = /* @__PURE__ */ new Set(["ENOENT", "ENOTDIR", "ELOOP"]);
  }
});

// src/core/savings/receipt-rule.ts
function receiptOf(injection, found, value, seen) {
  if (found.some((r) => seen.identity(r) === value)) return "delivered";
  const previews = found.filter((r) => seen.isPreview(r));
  if (previews.some((r) => seen.savedIdentity(r) === value)) return "preview";
  if (previews.some((r) => seen.previewText(r)?.includes(`(${injection.threadId})`) === true)) return "preview";
  return "missing";
}
function receiptWith(injection, found, identity, savedIdentity) {
  const startRecords = found.filter((r) => r.hookEvent === null || r.hookEvent === "SessionStart");
  return receiptOf(injection, startRecords, identity.value, {
    identity: (r) => identity.of(r.text),
    isPreview: (r) => r.isPersistedOutputPreview,
    savedIdentity,
    previewText: (r) => r.text
  });
}
function savedOutputIdentity(path, transcriptPath, of) {
  const text = path === null ? null : readSavedOutput(path, transcriptPath);
  return text === null ? null : of(text);
}
var init_receipt_rule = __esm({
  "src/core/savings/receipt-rule.ts"() {
    "use strict";
    init_saved_output();
  }
});

// src/core/savings/savings-receipts.ts
var savings_receipts_exports = {};
__export(savings_receipts_exports, {
  checkReceipt: () => checkReceipt,
  receiptFor: () => receiptFor,
  savedOutputHash: () => savedOutputHash,
  summarizeReceipts: () => summarizeReceipts
});
function savedOutputHash(path, transcriptPath) {
  return savedOutputIdentity(path, transcriptPath, contentHash);
}
function receiptFor(injection, found, savedHash = () => null) {
  return receiptWith(injection, found, { of: contentHash, value: injection.contentHash }, savedHash);
}
function checkReceipt(injection, session, savedHash = (seen, transcriptPath) => savedOutputHash(seen.savedOutputPath, transcriptPath)) {
  if (session === void 0) return "not-scanned";
  return receiptOf(injection, [...session.threadMindInjections, ...session.otherInjections], injection.contentHash, {
    identity: (i) => i.contentHash,
    isPreview: (i) => i.preview,
    savedIdentity: (i) => savedHash(i, session.path),
    previewText: (i) => i.previewText
  });
}
function summarizeReceipts(injections, sessions) {
  const byId = /* @__PURE__ */ new Map();
  for (const s of sessions) if (!byId.has(s.sessionId)) byId.set(s.sessionId, s);
  const recorded = { delivered: 0, preview: 0, missing: 0, pending: 0 };
  const checked = { delivered: 0, preview: 0, missing: 0, "not-scanned": 0 };
  const details = [];
  const hashes = /* @__PURE__ */ new Map();
  const cachedHash = (seen2, transcriptPath) => {
    if (!hashes.has(seen2)) hashes.set(seen2, savedOutputHash(seen2.savedOutputPath, transcriptPath));
    return hashes.get(seen2);
  };
  for (const injection of injections.filter(isInjectionRecord)) {
    const status = checkReceipt(injection, byId.get(injection.sessionId), cachedHash);
    if (injection.receipt in recorded) recorded[injection.receipt] += 1;
    checked[status] += 1;
    details.push({
      at: injection.at,
      sessionId: injection.sessionId,
      source: injection.source,
      threadId: injection.threadId,
      chars: injection.chars,
      recorded: injection.receipt,
      checked: status
    });
  }
  let seen = 0;
  let previews = 0;
  for (const s of sessions) {
    seen += s.threadMindInjections.length;
    previews += s.threadMindInjections.filter((i) => i.preview).length;
  }
  return { recorded, checked, seenInTranscripts: seen, previewsInTranscripts: previews, details };
}
var init_savings_receipts = __esm({
  "src/core/savings/savings-receipts.ts"() {
    "use strict";
    init_content_hash();
    init_receipt_rule();
    init_measurement_log_read();
  }
});

// src/hooks/hook-core.ts
var hook_core_exports = {};
__export(hook_core_exports, {
  handle: () => handle,
  rotateMeasurementLog: () => rotateMeasurementLog
});
module.exports = __toCommonJS(hook_core_exports);

// src/core/services.ts
var import_node_fs30 = require("fs");
var import_node_path31 = require("path");
init_errors();

// src/core/store/store.ts
var import_node_fs14 = require("fs");

// src/core/store/make-dir.ts
var import_node_fs = require("fs");
var import_node_path = require("path");
init_error_details();
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
init_error_details();
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
function atomicTempPath(target2, dir = (0, import_node_path2.dirname)(target2)) {
  return (0, import_node_path2.join)(dir, `.${(0, import_node_path2.basename)(target2)}.${process.pid}.${tempSuffix()}.tmp`);
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
async function writeFileAtomic(path, data, { durable = true } = {}) {
  const temp = atomicTempPath(path);
  let tempExists = false;
  try {
    const handle2 = await import_node_fs2.promises.open(temp, "wx");
    tempExists = true;
    try {
      await handle2.writeFile(data);
      if (durable) await handle2.sync();
    } finally {
      await handle2.close();
    }
    await import_node_fs2.promises.rename(temp, path);
    tempExists = false;
    if (durable) await fsyncDirectory((0, import_node_path2.dirname)(path));
  } catch (error) {
    let cleanupError;
    if (tempExists) await import_node_fs2.promises.unlink(temp).catch((e) => cleanupError = missingIsFine(e));
    throw new AtomicWriteError(path, error, temp, cleanupError);
  }
}
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
async function fsyncDirectory(dir) {
  let handle2;
  try {
    handle2 = await import_node_fs2.promises.open(dir, "r");
  } catch (error) {
    if (isDirectorySyncRefusal(error)) return;
    throw error;
  }
  try {
    await handle2.sync();
  } catch (error) {
    if (!isDirectorySyncRefusal(error)) throw error;
  } finally {
    await handle2.close();
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
init_builtin_at_use();

// src/core/monotonic-clock.ts
function monotonicMs() {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

// src/core/store/lock.ts
var import_node_fs4 = require("fs");
var import_node_os = require("os");
var import_node_path3 = require("path");
init_errors();
init_regular_file();
init_error_details();
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
init_error_details();
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
init_error_details();
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

// src/core/store/store.ts
init_errors();

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

// src/core/ids.ts
init_builtin_at_use();
init_errors();

// src/core/limits.ts
init_errors();
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
var fmt = (n) => n.toLocaleString("en-US");
var LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function checkLength(what, value, max) {
  if (value.length > max) {
    throw errors.invalid(`${what} is too long: ${fmt(value.length)} characters (limit ${fmt(max)}).`);
  }
  if (LONE_SURROGATE.test(value)) {
    throw errors.invalid(`${what} contains a lone UTF-16 surrogate (broken Unicode text), which cannot be stored: fix the text.`);
  }
}
function checkNotBlank(what, value) {
  if (value.trim() === "") throw errors.invalid(`${what} must not be empty.`);
}

// src/core/ids.ts
init_id_pattern();
var MAIN_THREAD_ID = "main";
function assertId(id, what = "id") {
  if (!isValidId(id)) {
    const shown = typeof id === "string" ? JSON.stringify(id.length > 80 ? `${id.slice(0, 80)}\u2026` : id) : String(id);
    throw errors.invalid(
      `Invalid ${what} ${shown}: use lowercase letters a-z, digits and "-", at most ${LIMITS.idLength} characters.`
    );
  }
  return id;
}
var SPECIAL_LETTERS = {
  \u00DF: "ss",
  \u00E6: "ae",
  \u00C6: "ae",
  \u00F8: "o",
  \u00D8: "o",
  \u0153: "oe",
  \u0152: "oe",
  \u0142: "l",
  \u0141: "l",
  \u0111: "d",
  \u0110: "d",
  \u00FE: "th",
  \u00DE: "th",
  \u00F0: "d",
  \u00D0: "d",
  \u0131: "i",
  \u0127: "h",
  \u014B: "n"
};
function slugify(title, maxLength = LIMITS.idLength) {
  const latin = title.replace(/[ßæÆøØœŒłŁđĐþÞðÐıħŋ]/g, (c) => SPECIAL_LETTERS[c] ?? c).normalize("NFKD").replace(new RegExp("\\p{M}+", "gu"), "").toLowerCase();
  const slug = latin.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, maxLength).replace(/-+$/g, "");
  if (slug !== "") return slug;
  const hash = nodeCrypto().createHash("sha256").update(title.normalize("NFC")).digest("hex").slice(0, 8);
  return `t-${hash}`;
}
function uniqueId(title, taken, reserved = []) {
  const base = slugify(title);
  const isFree = (id) => !reserved.includes(id) && !taken(id);
  if (isFree(base)) return base;
  for (let n = 2; n < 1e5; n++) {
    const suffix = `-${n}`;
    const head = base.slice(0, LIMITS.idLength - suffix.length).replace(/-+$/g, "");
    const candidate = `${head}${suffix}`;
    if (isFree(candidate)) return candidate;
  }
  throw errors.invalid(`Could not find a free id for "${title}"`);
}
var BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
function suffixedId(title, taken, reserved = []) {
  const base = slugify(title, LIMITS.idLength - 5);
  for (let attempt = 0; attempt < 1e3; attempt++) {
    let suffix = "";
    for (const b of nodeCrypto().randomBytes(4)) suffix += BASE36[b % 36];
    const candidate = `${base}-${suffix}`;
    if (!reserved.includes(candidate) && !taken(candidate)) return candidate;
  }
  throw errors.invalid(`Could not find a free id for "${title}"`);
}

// src/core/store/conflict-markers.ts
var CONFLICT_START = /^<{7}( |$)/m;
var CONFLICT_END = /^>{7}( |$)/m;
function hasConflictMarkers(text) {
  return CONFLICT_START.test(text) && CONFLICT_END.test(text);
}

// src/core/store/frontmatter.ts
init_error_details();
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
  const fmt2 = (n) => n.toLocaleString("en-US");
  if (yamlText.length > FRONTMATTER_LIMITS.chars)
    return `frontmatter too large to parse: ${fmt2(yamlText.length)} characters (limit ${fmt2(FRONTMATTER_LIMITS.chars)})`;
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
    return `frontmatter too large to parse: more than ${fmt2(FRONTMATTER_LIMITS.entries)} lines and list items (keys)`;
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
var LONE_SURROGATE2 = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function serializeThreadExactly(thread) {
  for (const key of [...KEY_ORDER, "summary"]) {
    const value = thread[key];
    const texts = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
    if (texts.some((t) => LONE_SURROGATE2.test(t)))
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
  const normalized2 = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (!normalized2.startsWith(`${FENCE}
`) && !normalized2.startsWith(`${FENCE}\r
`)) return "no-opening-fence";
  const rest = normalized2.slice(normalized2.indexOf("\n") + 1);
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

// src/core/store/thread-folder-format.ts
init_builtin_at_use();

// src/core/types.ts
var THREAD_STATUSES = ["active", "done", "abandoned"];
var SECTION_KEYS = ["decisions", "constraints", "state", "open-questions", "next-steps"];
var SECTION_HEADINGS = {
  decisions: "Decisions",
  constraints: "Constraints",
  state: "State",
  "open-questions": "Open questions",
  "next-steps": "Next steps"
};
function statusWord(status) {
  switch (status) {
    case "active":
      return "open";
    case "done":
    case "abandoned":
      return status;
    default: {
      const unreachable = status;
      throw new Error(`unknown thread status ${JSON.stringify(unreachable)}`);
    }
  }
}
var STATUS_WORDS = ["open", "done", "abandoned"];
var STATUS_INPUTS = [...STATUS_WORDS, "active"];
function threadStatus(meta) {
  return meta.status ?? "active";
}

// src/core/store/summary-sections.ts
var HEADING = /^##[ \t]+(.+?)(?:[ \t]+#+)?[ \t]*$/;
function sectionKeyOf(heading) {
  const normalized2 = heading.trim().toLowerCase().replace(/[\s_]+/g, "-");
  for (const key of SECTION_KEYS) {
    if (normalized2 === key || normalized2 === SECTION_HEADINGS[key].toLowerCase().replace(/\s+/g, "-")) return key;
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
function parseSummary(summary) {
  const lines = summary.split("\n");
  const preamble = [];
  const sections = [];
  const fences = new FenceTracker();
  for (const line of lines) {
    const heading = fences.outside(line) ? HEADING.exec(line) : null;
    if (heading && !line.startsWith("###")) {
      const title = heading[1];
      sections.push({ key: sectionKeyOf(title), heading: title, lines: [] });
      continue;
    }
    const current = sections[sections.length - 1];
    if (current) current.lines.push(line);
    else preamble.push(line);
  }
  return {
    preamble: preamble.join("\n"),
    sections: sections.map((s) => ({ key: s.key, heading: s.heading, body: trimBlankLines(s.lines.join("\n")) }))
  };
}
function renderSummary(parsed2) {
  const parts = [];
  const preamble = trimBlankLines(parsed2.preamble);
  if (preamble !== "") parts.push(preamble);
  for (const s of parsed2.sections) parts.push(s.body === "" ? `## ${s.heading}` : `## ${s.heading}
${s.body}`);
  return parts.join("\n\n");
}
function ancestorExcerpt(summary) {
  const parsed2 = parseSummary(summary);
  if (parsed2.sections.length === 0) return summary.trim();
  const kept = parsed2.sections.filter((s) => s.key === "decisions" || s.key === "constraints");
  return renderSummary({ preamble: "", sections: kept });
}
function updateSection(summary, key, content, replace) {
  const parsed2 = parseSummary(summary);
  const text = trimBlankLines(content);
  const existing = parsed2.sections.find((s) => s.key === key);
  if (existing) {
    if (text === "" && !replace) return summary;
    existing.body = replace || existing.body === "" ? text : `${existing.body}
${text}`;
    return renderSummary(parsed2);
  }
  const order = SECTION_KEYS.indexOf(key);
  let insertAt = parsed2.sections.length;
  for (let i = 0; i < parsed2.sections.length; i++) {
    const k = parsed2.sections[i].key;
    if (k !== null && SECTION_KEYS.indexOf(k) > order) {
      insertAt = i;
      break;
    }
  }
  parsed2.sections.splice(insertAt, 0, { key, heading: SECTION_HEADINGS[key], body: text });
  return renderSummary(parsed2);
}
function trimBlankLines(text) {
  return text.replace(/^(?:[ \t]*\r?\n)+/, "").replace(/(?:\r?\n[ \t]*)+$/, "").replace(/^[ \t]*$/, "");
}

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
function memberFileName(member2) {
  return nodeCrypto().createHash("sha1").update(member2).digest("hex").slice(0, 16);
}
function pathFileName(recency, member2) {
  return `${String(recency).padStart(16, "0")}-${memberFileName(member2)}`;
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
var LONE_SURROGATE3 = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function assertStorable(what, text) {
  if (LONE_SURROGATE3.test(text))
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
init_builtin_at_use();
function gitBlobId(bytes2) {
  const hash = nodeCrypto().createHash("sha1");
  hash.update(`blob ${bytes2.length}\0`);
  hash.update(bytes2);
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
    const s = (0, import_node_fs7.lstatSync)(path, { bigint: true });
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

// src/core/store/read-strict.ts
var nodeBuffer = __toESM(require("buffer"), 1);
var import_node_fs8 = require("fs");
var import_node_path5 = require("path");
init_errors();
init_regular_file();
init_error_details();
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
  let bytes2;
  try {
    bytes2 = readRegularFile(path, maxBytes);
  } catch (e) {
    if (e instanceof UnreadableFileError) throw e;
    throw unreadable(path, reasonOf(e));
  }
  if (bytes2 === null) return null;
  if (bytes2.length > maxBytes) {
    const size = Math.max(bytes2.length, fstatSizeOr(path, bytes2.length));
    throw unreadable(path, `is ${size.toLocaleString("en-US")} bytes, over the ${maxBytes.toLocaleString("en-US")}-byte limit`);
  }
  const text = strictUtf8(bytes2);
  if (text === null) throw unreadable(path, "is not valid UTF-8");
  return text;
}
var isUtf82 = nodeBuffer.isUtf8;
function strictUtf8(bytes2) {
  if (isUtf82 === void 0) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes2);
    } catch {
      return null;
    }
  }
  if (!isUtf82(bytes2)) return null;
  const bom = bytes2.length >= 3 && bytes2[0] === 239 && bytes2[1] === 187 && bytes2[2] === 191 ? 3 : 0;
  return Buffer.from(bytes2.buffer, bytes2.byteOffset + bom, bytes2.length - bom).toString("utf8");
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
init_errors();
init_error_details();
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
    const member2 = memberLine(text);
    if (member2.includes("\n") || member2 === "")
      throw unreadable(pathOf(file), "must hold one line: the path, thread id or item file it stands for");
    if (dir === "removed" && !isItemPath(member2))
      throw unreadable(pathOf(file), "must name one item file of the thread (<section>/<key>.md)");
    members[dir].set(file, member2);
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
init_builtin_at_use();
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
function suffixOf(bytes2) {
  let out = "";
  for (const b of bytes2.subarray(0, 4)) out += DIGITS[b % DIGITS.length];
  return out;
}

// src/core/store/thread-folder-write.ts
init_errors();
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
  for (const [file, member2] of want) if (had.get(file) !== member2) out.items.set(file, `${member2}
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
  let bytes2 = 0;
  for (const text of wanted) {
    const size = Buffer.byteLength(text) + 2;
    const run = runs.at(-1);
    if (run === void 0 || bytes2 + size > MOVED_FILE_BYTES) {
      runs.push([text]);
      bytes2 = size;
    } else {
      run.push(text);
      bytes2 += size;
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

// src/core/store/store.ts
init_regular_file();

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
init_id_pattern();
function projectIdsIn(dir) {
  return (0, import_node_fs12.readdirSync)(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}

// src/core/store/store-dir.ts
var import_node_fs13 = require("fs");
init_error_details();
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
init_error_details();
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
    let count2 = 0;
    for (const _ of this.listedThreadIds(projectId)) if (++count2 > limit) return true;
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
  let bytes2;
  try {
    bytes2 = readRegularFile(path, LIMITS.threadFileBytes);
  } catch (e) {
    if (e instanceof UnreadableFileError) throw e;
    throw unreadable(path, reasonOf(e));
  }
  if (bytes2 === null) return null;
  if (bytes2.length > LIMITS.threadFileBytes) {
    const size = Math.max(bytes2.length, Number(stat.size));
    throw unreadable(
      path,
      `is ${size.toLocaleString("en-US")} bytes, over the ${LIMITS.threadFileBytes.toLocaleString("en-US")}-byte limit`
    );
  }
  const text = strictUtf8(bytes2);
  if (text === null) throw unreadable(path, "is not valid UTF-8");
  return { text, blob: gitBlobId(bytes2), stamp: stat.isFile() ? statStamp(stat) : null };
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

// src/core/clock.ts
var last = 0;
function nextTimestamp(after2) {
  let t = Date.now();
  const floor = after2 ? Date.parse(after2) : Number.NaN;
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

// src/core/git/git.ts
var import_node_fs16 = require("fs");
init_regular_file();
var import_node_path11 = require("path");

// src/core/git/git-refs.ts
var import_node_fs15 = require("fs");
init_regular_file();
var import_node_path10 = require("path");
init_error_details();
var HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
var PER_WORKTREE = /^(?:HEAD|refs\/(?:bisect|worktree|rewritten)\/)/;
var MAX_REF_FILE_BYTES = 64 * 1024 * 1024;
function readIfExists(path) {
  try {
    if ((0, import_node_fs15.statSync)(path, { throwIfNoEntry: false }) === void 0) return null;
    const bytes2 = readRegularFile(path, MAX_REF_FILE_BYTES, true);
    if (bytes2 !== null && bytes2.length > MAX_REF_FILE_BYTES) throw new Error(`${path} is over ${MAX_REF_FILE_BYTES} bytes`);
    return bytes2 === null ? null : bytes2.toString("utf8");
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
  }
}
function commonDir(gitDir2) {
  const pointer = readIfExists((0, import_node_path10.join)(gitDir2, "commondir"));
  return pointer === null ? gitDir2 : (0, import_node_path10.resolve)(gitDir2, pointer.trim());
}
function packedRef(common, name) {
  const packed = readIfExists((0, import_node_path10.join)(common, "packed-refs"));
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
  if ((0, import_node_fs15.existsSync)((0, import_node_path10.join)(common, "reftable"))) return void 0;
  let name = "HEAD";
  for (let depth = 0; depth < 5; depth++) {
    if (!/^(?:HEAD|refs\/[^\0\\]+)$/.test(name) || name.split("/").includes("..")) return void 0;
    const loose = readIfExists((0, import_node_path10.join)(PER_WORKTREE.test(name) ? gitDir2 : common, name));
    const text = loose === null ? name === "HEAD" ? null : packedRef(common, name) : loose.trim();
    if (text === null) return name === "HEAD" ? void 0 : null;
    if (HASH.test(text)) return text;
    const symbolic = /^ref:\s*(\S+)$/.exec(text);
    if (!symbolic) return void 0;
    name = symbolic[1];
  }
  return void 0;
}
var REMOTE_HEAD = /^ref:\s*refs\/remotes\/origin\/(\S+)$/;
function remoteHeadBranchFromFiles(gitDir2) {
  const common = commonDir(gitDir2);
  if ((0, import_node_fs15.existsSync)((0, import_node_path10.join)(common, "reftable"))) return void 0;
  const text = readIfExists((0, import_node_path10.join)(common, "refs", "remotes", "origin", "HEAD"));
  if (text === null) return null;
  const branch = REMOTE_HEAD.exec(text.trim())?.[1];
  if (branch === void 0 || branch.split("/").includes("..")) return void 0;
  return branch;
}

// src/core/git/git.ts
function findGitTop(dir) {
  let current = (0, import_node_path11.resolve)(dir);
  for (; ; ) {
    if ((0, import_node_fs16.existsSync)((0, import_node_path11.join)(current, ".git"))) return current;
    const parent = (0, import_node_path11.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function gitPath(top, path) {
  return (0, import_node_path11.relative)(top, path).split(import_node_path11.sep).join("/");
}
var GIT_POINTER_MAX_BYTES = 64 * 1024;
function gitDir(top) {
  const dotGit = (0, import_node_path11.join)(top, ".git");
  if ((0, import_node_fs16.statSync)(dotGit).isDirectory()) return dotGit;
  const text = readRegularFile(dotGit, GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  const match = /^gitdir:\s*(.+)\s*$/m.exec(text);
  if (!match) throw new Error(`${dotGit} is neither a directory nor a "gitdir:" file`);
  return (0, import_node_path11.resolve)(top, match[1]);
}
function readBranch(top) {
  let dir;
  let head;
  try {
    dir = gitDir(top);
    head = readRegularFile((0, import_node_path11.join)(dir, "HEAD"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  } catch {
    return null;
  }
  const match = /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head);
  if (match) return match[1];
  for (const state of ["rebase-merge", "rebase-apply"]) {
    try {
      const name = readRegularFile((0, import_node_path11.join)(dir, state, "head-name"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
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
var GitError = class extends Error {
};
async function git(top, args) {
  return (await gitBytes(top, args)).toString("utf8");
}
async function gitBytes(top, args) {
  const { execFile } = await import("child_process");
  return new Promise((resolvePromise, reject) => {
    execFile(
      "git",
      args,
      { cwd: top, encoding: "buffer", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: "0" } },
      (error, stdout, stderr) => {
        if (error) {
          reject(new GitError(`git ${args.join(" ")} failed in ${top}: ${(stderr.toString() || error.message).trim()}`));
          return;
        }
        resolvePromise(stdout);
      }
    );
  });
}
async function gitMaybe(top, args) {
  try {
    return (await git(top, args)).trim();
  } catch {
    return null;
  }
}
function headCommitFromWorkTree(top) {
  if (top === null) return null;
  try {
    return headCommitFromFiles(gitDir(top));
  } catch {
    return void 0;
  }
}
async function headCommit(top) {
  const fromFiles = headCommitFromWorkTree(top);
  return fromFiles !== void 0 ? fromFiles : gitMaybe(top, ["rev-parse", "--verify", "-q", "HEAD"]);
}
async function defaultBranch(top) {
  let fromFiles;
  try {
    fromFiles = remoteHeadBranchFromFiles(gitDir(top));
  } catch {
    fromFiles = void 0;
  }
  if (fromFiles !== void 0) return fromFiles;
  const remote = await gitMaybe(top, ["symbolic-ref", "--short", "-q", "refs/remotes/origin/HEAD"]);
  return remote ? remote.replace(/^origin\//, "") : null;
}
async function isDefaultBranch(top, branch) {
  return defaultByRemoteHead(await defaultBranch(top), branch) ?? branch === await gitMaybe(top, ["config", "--get", "init.defaultBranch"]);
}
function defaultByRemoteHead(remote, branch) {
  if (remote) return branch === remote;
  return branch === "main" || branch === "master" ? true : null;
}
function isDefaultBranchFromFiles(top, branch) {
  try {
    const remote = remoteHeadBranchFromFiles(gitDir(top));
    return remote !== void 0 && defaultByRemoteHead(remote, branch) === true;
  } catch {
    return false;
  }
}
async function gitUser(top) {
  const cwd = top ?? process.cwd();
  const [name, email] = await Promise.all([
    gitMaybe(cwd, ["config", "--get", "user.name"]),
    gitMaybe(cwd, ["config", "--get", "user.email"])
  ]);
  return { name: name || null, email: email || null };
}
async function commitsTouchingSince(cwd, commit, paths) {
  if (!/^[0-9a-f]{4,64}$/.test(commit)) return null;
  const known = await gitMaybe(cwd, ["cat-file", "-e", `${commit}^{commit}`]);
  if (known === null) return null;
  const out = await git(cwd, ["rev-list", "--count", `${commit}..HEAD`, "--", ...paths]);
  return Number.parseInt(out.trim(), 10);
}

// src/core/git/default-branch-memo.ts
function defaultBranchMemo() {
  const answers = /* @__PURE__ */ new Map();
  return (top, branch) => {
    let answer = answers.get(branch);
    if (answer === void 0) {
      answer = isDefaultBranch(top, branch);
      answers.set(branch, answer);
    }
    return answer;
  };
}

// src/core/author.ts
init_builtin_at_use();
var import_node_os2 = require("os");
async function resolveAuthorId(env, gitTop) {
  if (env.THREADMIND_AUTHOR) return assertId(env.THREADMIND_AUTHOR, "THREADMIND_AUTHOR");
  const { name, email } = await gitUser(gitTop);
  return authorIdFrom(name, email);
}
function authorIdFrom(name, email) {
  const base = slugify(name ?? safeUsername() ?? "unknown", 40);
  if (!email) return base;
  const hash = nodeCrypto().createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 6);
  return `${base}-${hash}`;
}
function safeUsername() {
  try {
    return (0, import_node_os2.userInfo)().username || null;
  } catch {
    return null;
  }
}

// src/core/store/local-state.ts
var import_node_path12 = require("path");
init_errors();
init_id_pattern();
init_measurements();

// src/core/json-record.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function ownEntry(record2, key) {
  return Object.hasOwn(record2, key) ? record2[key] : void 0;
}

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

// src/core/store/local-state-write.ts
var import_node_fs17 = require("fs");
var import_node_path13 = require("path");
async function writeLocalState(storeDir, state, hadProblem) {
  const path = localStatePath(storeDir);
  let setAside = null;
  if (hadProblem && (0, import_node_fs17.existsSync)(path)) {
    lockFence((0, import_node_path13.join)(storeDir, ".lock"))?.check();
    setAside = `${path}.corrupt-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`;
    (0, import_node_fs17.renameSync)(path, setAside);
  }
  const { measurements, conversations, ...kept } = state;
  if (Object.keys(conversations).length > 0 || Object.values(measurements).some((list) => list.length > 0)) {
    throw new Error("internal: measurements must be moved to measurements.jsonl before config.json is written");
  }
  writeFenced((0, import_node_path13.join)(storeDir, ".lock"), path, `${JSON.stringify(kept, null, 1)}
`);
  return setAside;
}

// src/core/store/local-state-cache.ts
init_measurement_log_legacy();

// src/core/notices.ts
function addNotice(notices, line) {
  if (!notices.includes(line)) notices.push(line);
}

// src/core/store/local-state-cache.ts
var LocalStateCache = class {
  /** `notices`: the services' notices, where problems with config.json are added (once each). */
  constructor(storeDir, notices) {
    this.storeDir = storeDir;
    this.notices = notices;
  }
  storeDir;
  notices;
  /** config.json as last read, with the stamp it had before that read (see readCached). */
  stateRead = null;
  /**
   * config.json, re-read only when its stamp changed since the last read (it is several hundred KB after long use, and
   * one operation asks for it more than once). `take` hands the cached copy over for changing (it leaves the cache).
   */
  readCached(take) {
    const stamp = fileStamp(localStatePath(this.storeDir));
    const cached = this.stateRead;
    if (take) this.stateRead = null;
    if (cached !== null && stamp !== null && cached.stamp === stamp) return cached.read;
    const read = readLocalState(this.storeDir);
    if (!take && stamp !== null) this.stateRead = { stamp, read };
    return read;
  }
  /** config.json as it is now. Read-only: callers must not change the state returned (use update). */
  read() {
    const read = this.readCached(false);
    if (read.problem) this.noteProblem(read.problem);
    return read.state;
  }
  noteProblem(problem) {
    const line = `ThreadMind's local state ${this.storeDir}/config.json could not be used (${problem}); it will be set aside and rebuilt. Thread files are not affected.`;
    addNotice(this.notices, line);
  }
  /** Read-modify-write of config.json; call inside the store lock. Prunes sessions of dead processes. */
  async update(mutate) {
    const read = this.readCached(true);
    if (read.problem) this.noteProblem(read.problem);
    await mutate(read.state);
    moveLegacyMeasurements(this.storeDir, read.state);
    for (const [key, s] of Object.entries(read.state.sessions)) {
      if (s.pid !== void 0 && !isProcessAlive(s.pid)) delete read.state.sessions[key];
    }
    const setAside = await writeLocalState(this.storeDir, read.state, read.problem !== void 0);
    if (setAside) this.notices.push(`The unusable config.json was moved to ${setAside}.`);
  }
};

// src/core/context/token-estimate.ts
var import_node_fs19 = require("fs");
var import_node_path15 = require("path");
init_regular_file();
init_content_hash();
var CACHE_LIMIT = 5e4;
var CACHE_MAX_BYTES = 8e6;
function charsEstimate(text) {
  return Math.ceil(text.length / 3.5);
}
function tokenCachePath(storeDir) {
  return (0, import_node_path15.join)(storeDir, "cache", "token-counts.jsonl");
}
function legacyTokenCachePath(storeDir) {
  return (0, import_node_path15.join)(storeDir, "cache", "token-counts.json");
}
var PRELOAD_AFTER_MS = 20;
var LINE = /^([A-Za-z0-9_-]{20}) (\d{1,9})$/;
var TokenEstimator = class {
  constructor(cacheFile, loadEncoder, legacyCacheFile = null) {
    this.cacheFile = cacheFile;
    this.loadEncoder = loadEncoder;
    this.legacyCacheFile = legacyCacheFile;
  }
  cacheFile;
  loadEncoder;
  legacyCacheFile;
  cache = /* @__PURE__ */ new Map();
  loaded = false;
  /** Counts not yet in the file. */
  pending = [];
  /** Lines in the file (as last read or written). */
  fileLines = 0;
  /** The file must be rewritten whole (damaged lines, a legacy file to replace). */
  rewrite = false;
  encoder = null;
  encoderPromise = null;
  /** countNow has queued a preload (it runs PRELOAD_AFTER_MS later). */
  preloadQueued = false;
  /** How many counts fell back to characters/3.5 because the encoder was not loaded. */
  misses = 0;
  /** Loads the encoder if there is a loader; false when there is none. */
  async ready() {
    if (!this.loadEncoder) return false;
    this.encoderPromise ??= this.loadEncoder();
    this.encoder = await this.encoderPromise;
    return true;
  }
  /** True once the encoder is loaded (counts are exact from then on). */
  get exact() {
    return this.encoder !== null;
  }
  /**
   * Starts loading the encoder without waiting for it (a server calls this once it is idle after initialize). A load
   * that fails is not reported here: the next `ready()` tries again and reports it.
   */
  preload() {
    if (!this.loadEncoder || this.encoderPromise) return;
    const promise = this.loadEncoder();
    this.encoderPromise = promise;
    promise.then(
      (encoder) => {
        if (this.encoderPromise === promise) this.encoder = encoder;
      },
      () => {
        if (this.encoderPromise === promise) this.encoderPromise = null;
      }
    );
  }
  /** Synchronous: a cached count, an exact count if the encoder is loaded, else characters/3.5 (counted as a miss). */
  countSync(text) {
    if (text === "") return 0;
    const key = contentHash(text);
    this.load();
    const hit = this.cache.get(key);
    if (hit !== void 0) return hit;
    if (!this.encoder) {
      this.misses++;
      return charsEstimate(text);
    }
    let n;
    try {
      n = this.encoder.countTokens(text);
    } catch {
      this.encoder = null;
      this.encoderPromise = null;
      this.misses++;
      return charsEstimate(text);
    }
    this.cache.set(key, n);
    this.pending.push(`${key} ${n}
`);
    if (this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== void 0) this.cache.delete(oldest);
    }
    return n;
  }
  /** A cached count, else characters/3.5 (not a miss): what a process without the tokenizer counts, whether or not this one has it. */
  cachedOrEstimate(text) {
    if (text === "") return 0;
    this.load();
    return this.cache.get(contentHash(text)) ?? charsEstimate(text);
  }
  /**
   * A cached or exact count without waiting for the encoder: until it is loaded, characters/3.5 (not cached), and the
   * load starts in the background. For answers that report a size ("~N tokens"), not for fitting a budget.
   */
  countNow(text) {
    if (this.encoder === null && this.encoderPromise === null && !this.preloadQueued) {
      this.preloadQueued = true;
      setTimeout(() => {
        this.preloadQueued = false;
        this.preload();
      }, PRELOAD_AFTER_MS).unref();
    }
    return this.countSync(text);
  }
  /** A cached or exact count; loads the encoder on a miss when there is a loader, else characters/3.5. */
  async count(text) {
    if (this.encoder === null && this.loadEncoder !== null) {
      const before = this.misses;
      const n = this.countSync(text);
      if (this.misses === before) return n;
      await this.ready();
    }
    return this.countSync(text);
  }
  /** Persists new counts (appended; the file is rewritten only when mostly stale). Derived data: a damaged file is replaced, never trusted. */
  async flush() {
    if (!this.cacheFile || this.pending.length === 0 && !this.rewrite) return;
    const lines = this.pending;
    this.pending = [];
    assertNoLinksBelow((0, import_node_path15.dirname)((0, import_node_path15.dirname)(this.cacheFile)), this.cacheFile);
    makeDir((0, import_node_path15.dirname)(this.cacheFile));
    if (this.rewrite || this.fileLines + lines.length > 2 * this.cache.size + 1e3) {
      this.rewrite = false;
      let text = "";
      for (const [k, n] of this.cache) text += `${k} ${n}
`;
      await writeFileAtomic(this.cacheFile, text);
      this.fileLines = this.cache.size;
      if (this.legacyCacheFile) (0, import_node_fs19.rmSync)(this.legacyCacheFile, { force: true });
      return;
    }
    const opened = openRegularFile(this.cacheFile, import_node_fs19.constants.O_WRONLY | import_node_fs19.constants.O_APPEND | import_node_fs19.constants.O_CREAT, 420);
    if (opened === null) throw new Error(`${this.cacheFile} could not be created: its directory does not exist`);
    try {
      const bytes2 = Buffer.from(lines.join(""));
      const written = (0, import_node_fs19.writeSync)(opened.fd, bytes2);
      if (written < bytes2.length) {
        this.rewrite = true;
        throw new Error(`${this.cacheFile}: only ${written} of ${bytes2.length} bytes could be appended (is the disk full?)`);
      }
    } finally {
      (0, import_node_fs19.closeSync)(opened.fd);
    }
    this.fileLines += lines.length;
  }
  load() {
    if (this.loaded) return;
    this.loaded = true;
    if (!this.cacheFile) return;
    const text = readDerived(this.cacheFile);
    if (text === null) {
      this.loadLegacy();
      return;
    }
    const lines = text.split("\n");
    const tail = lines.pop();
    if (tail !== void 0 && tail !== "") {
      this.fileLines++;
      this.rewrite = true;
    }
    for (const line of lines) {
      if (line === "") continue;
      this.fileLines++;
      const m = LINE.exec(line);
      if (!m) {
        this.rewrite = true;
        continue;
      }
      this.cache.delete(m[1]);
      this.cache.set(m[1], Number(m[2]));
    }
    while (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value);
  }
  /** Counts of the 0.5.0 whole-file cache, when there is no log yet; the next save writes the log and removes the old file. */
  loadLegacy() {
    if (!this.legacyCacheFile) return;
    const text = readDerived(this.legacyCacheFile);
    if (text === null) return;
    try {
      const data = JSON.parse(text);
      if (typeof data !== "object" || data === null) return;
      for (const [k, v] of Object.entries(data)) if (typeof v === "number" && Number.isInteger(v) && v >= 0) this.cache.set(k, v);
      this.rewrite = this.cache.size > 0;
    } catch {
    }
  }
};
function readDerived(path) {
  try {
    return readTextStrict(path, CACHE_MAX_BYTES);
  } catch {
    return null;
  }
}

// src/core/context/context-sources.ts
var import_node_path16 = require("path");
init_errors();

// src/core/context/title-line.ts
function titleLine(title, max) {
  const line = title.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}\u2026`;
}

// src/core/context/context-assembly.ts
var SEPARATOR = "\n\n---\n\n";
var LEFT_OUT_TITLES = 3;
var HEADING_TITLE_CHARS = 200;
var NOTICE_TITLE_CHARS = 60;
var ANCESTOR_WALK_LIMIT = 1e3;
var ENOUGH_SUMMARY_CHARS = 200;
function ancestorBlock(t) {
  const excerpt = ancestorExcerpt(t.summary);
  if (excerpt === "") return "";
  return `## Thread: ${titleLine(t.title, HEADING_TITLE_CHARS)}
${demoteHeadings(excerpt)}`;
}
function readChainWithinBudget(walk, start, budget) {
  const nearestFirst = [start];
  const blocks = /* @__PURE__ */ new Map();
  const bounded = budget.maxChars !== void 0 || budget.maxTokens !== void 0;
  const tokenLimit = budget.maxTokens === void 0 ? Infinity : budget.maxTokens * 1.5 + 50;
  const own = start.summary.trim();
  let chars = own.length;
  let tokens = budget.maxTokens === void 0 || own === "" ? 0 : budget.estimate(own);
  let cut2 = false;
  for (let t = walk.next(); t !== null; t = walk.next()) {
    nearestFirst.push(t);
    const block = ancestorBlock(t);
    blocks.set(t, block);
    if (!bounded) continue;
    if (block !== "") {
      chars += block.length + SEPARATOR.length;
      if (budget.maxTokens !== void 0) tokens += budget.estimate(block);
    }
    if (budget.maxChars !== void 0 && chars > budget.maxChars || tokens > tokenLimit) {
      cut2 = !walk.ended;
      break;
    }
    if (walk.count >= ANCESTOR_WALK_LIMIT && !walk.ended) {
      walk.notices.push(
        `_\u26A0 The chain above "${t.id}" is more than ${ANCESTOR_WALK_LIMIT.toLocaleString("en-US")} threads deep: farther ancestors are not read._`
      );
      break;
    }
  }
  return { threads: nearestFirst.reverse(), notices: walk.notices, cut: cut2, blocks };
}
function assembleContext(input) {
  const active = input.chain[input.chain.length - 1];
  if (!active) throw new Error("assembleContext needs at least the active thread");
  const ancestors = [];
  for (let i = 0; i < input.chain.length - 1; i++) {
    const t = input.chain[i];
    const block = input.ancestorBlocks?.get(t) ?? ancestorBlock(t);
    if (block !== "") ancestors.push({ threadId: t.id, title: t.title, text: withWarning(block, input.warnings.get(t.id)) });
  }
  const activeBody = active.summary.trim() === "" ? "_(no summary yet)_" : demoteHeadings(active.summary.trim());
  const activeTitle = titleLine(active.title, HEADING_TITLE_CHARS);
  const activeHead = `## Thread: ${activeTitle} (current)
`;
  const relatedLine = input.related && input.related.length > 0 ? `

${relatedText(input.related, input.relatedBeyond ?? 0)}` : "";
  const activeWarning = input.warnings.get(active.id);
  const system = input.project.systemContext?.trim() ? `## System Context
${input.project.systemContext.trim()}` : null;
  const depth = input.chain.length;
  const cutChain = input.chainCut === true;
  const depthText = `${depth}${cutChain ? "+" : ""} thread${depth === 1 && !cutChain ? "" : "s"}`;
  const withFooter = (main) => {
    const footed = (n) => `${main}${SEPARATOR}_ThreadMind context: ~${n} tokens | depth: ${depthText}_`;
    let tokens = input.estimate(main);
    for (let i = 0; i < 4; i++) {
      const total = input.estimate(footed(tokens));
      if (total === tokens) break;
      tokens = total;
    }
    const text = footed(tokens);
    return { text, tokens: Math.max(tokens, input.estimate(text)) };
  };
  const render = (keptFrom, withSystem, body, cutNote2, framing) => {
    if (framing === "bare") {
      const text = `${activeHead}${body}`;
      return { text, tokens: input.estimate(text) };
    }
    if (framing === "compact") return withFooter(`${activeHead}${body}${cutNote2 ? `

${cutNote2}` : ""}`);
    const blocks = [];
    const top = [...input.notices];
    if (keptFrom > 0 || cutChain) top.push(leftOutNotice(ancestors.slice(0, keptFrom), cutChain));
    if (system !== null && !withSystem) top.push("_Left out to fit the budget: the project's system context._");
    if (withSystem && system !== null) blocks.push(system);
    if (top.length > 0) blocks.push(top.join("\n"));
    for (let i = keptFrom; i < ancestors.length; i++) blocks.push(ancestors[i].text);
    blocks.push(withWarning(`${activeHead}${body}${relatedLine}${cutNote2 ? `

${cutNote2}` : ""}`, activeWarning));
    return withFooter(blocks.join(SEPARATOR));
  };
  const fits = (r) => (input.maxChars === void 0 || r.text.length <= input.maxChars) && (input.maxTokens === void 0 || r.tokens <= input.maxTokens);
  const done = (result, keptFrom, withSystem, truncated) => ({
    text: result.text,
    tokens: result.tokens,
    depth,
    threadId: active.id,
    omitted: ancestors.slice(0, keptFrom).map((b) => b.threadId),
    omittedBeyond: cutChain,
    systemContextOmitted: system !== null && !withSystem,
    truncated,
    notices: input.notices
  });
  const all = ancestors.length;
  const whole = render(0, system !== null, activeBody, null, "full");
  if (fits(whole)) return done(whole, 0, system !== null, false);
  if (system !== null || all > 0) {
    const noAncestors = render(all, system !== null, activeBody, null, "full");
    if (fits(noAncestors)) {
      let lo = 1;
      let hi = all;
      let best = noAncestors;
      let bestFrom = all;
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        const candidate = render(mid, system !== null, activeBody, null, "full");
        if (fits(candidate)) {
          best = candidate;
          bestFrom = mid;
          hi = mid;
        } else lo = mid + 1;
      }
      return done(best, bestFrom, system !== null, false);
    }
  }
  if (system !== null) {
    const noSystem = render(all, false, activeBody, null, "full");
    if (fits(noSystem)) return done(noSystem, all, false, false);
  }
  const cut2 = cutActive(activeBody, (body, note, framing) => render(all, false, body, note, framing), fits, input);
  return done(cut2, all, false, true);
}
function leftOutNotice(omitted, beyond) {
  const n = omitted.length;
  const named = omitted.slice(-LEFT_OUT_TITLES).reverse().map((b) => titleLine(b.title, NOTICE_TITLE_CHARS));
  const more = n > named.length ? `, and ${n - named.length} more` : "";
  const unread = beyond ? `${n > 0 ? ", and" : ""} the ancestors above them, not read` : "";
  const list = n > 0 ? `${n} farther ancestor thread${n === 1 ? "" : "s"} (nearest first: ${named.join("; ")}${more})` : "";
  return `_Left out to fit the budget: ${list}${unread}._`;
}
function cutActive(body, render, fits, input) {
  const budget = [
    input.maxChars !== void 0 ? `${input.maxChars} characters` : null,
    input.maxTokens !== void 0 ? `${input.maxTokens} tokens` : null
  ].filter(Boolean).join(" / ");
  const notes = {
    full: `_[Summary cut to fit the budget of ${budget}: ${body.length} characters in all. Read the whole summary with context_get or the thread resource.]_`,
    compact: "_[Summary cut to fit the budget: read it whole with context_get.]_",
    bare: null
  };
  let best = null;
  for (const framing of ["full", "compact", "bare"]) {
    const note = notes[framing];
    const tryLength = (n) => render(n === 0 ? "\u2026" : closeFence(`${body.slice(0, n).trimEnd()}\u2026`), note, framing);
    let found = null;
    let lo2 = 0;
    let hi2 = body.length;
    while (lo2 <= hi2) {
      const mid = Math.floor((lo2 + hi2) / 2);
      const candidate = tryLength(mid);
      if (fits(candidate)) {
        found = { rendered: candidate, kept: mid };
        lo2 = mid + 1;
      } else hi2 = mid - 1;
    }
    if (found !== null && (best === null || found.kept > best.kept)) best = found;
    if (best !== null && best.kept >= Math.min(body.length, ENOUGH_SUMMARY_CHARS)) return best.rendered;
  }
  if (best !== null) return best.rendered;
  const heading = render("", null, "bare").text;
  let lo = 0;
  let hi = heading.length;
  let prefix = { text: "", tokens: 0 };
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const text = heading.slice(0, mid);
    const candidate = { text, tokens: input.estimate(text) };
    if (fits(candidate)) {
      prefix = candidate;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return prefix;
}
function relatedText(refs, beyond) {
  const items = refs.map((r) => {
    if (r.problem === "missing") return `${r.id} (missing: no such thread)`;
    if (r.problem === "unreadable") return `${r.id} (its file cannot be read)`;
    return `${(r.title ?? r.id).replace(/\s*\n\s*/g, " ")} (${r.id}${r.status && r.status !== "active" ? `, ${r.status}` : ""})`;
  });
  const more = beyond > 0 ? `; and ${beyond} more, not read` : "";
  return `_Related threads (summaries not loaded; read one on demand through its thread resource or thread_switch): ${items.join("; ")}${more}._`;
}
function withWarning(text, warning) {
  return warning ? `${text}

${warning}` : text;
}
function demoteHeadings(text) {
  const fences = new FenceTracker();
  const demoted = text.split("\n").map((line) => fences.outside(line) && /^ {0,3}##(?!#)/.test(line) ? line.replace("##", "###") : line).join("\n");
  return fences.open === null ? demoted : `${demoted}
${fences.open}`;
}
function closeFence(text) {
  const fences = new FenceTracker();
  for (const line of text.split("\n")) fences.outside(line);
  return fences.open === null ? text : `${text}
${fences.open}`;
}

// src/core/context/thread-chain.ts
init_errors();
var AncestorWalk = class {
  constructor(start, read) {
    this.read = read;
    this.current = start;
    this.seen = /* @__PURE__ */ new Set([start.id]);
  }
  read;
  notices = [];
  seen;
  current;
  done = false;
  /** How many ancestors were read. */
  count = 0;
  /** True when the walk reached the root or stopped at a notice: there is nothing more to read. */
  get ended() {
    return this.done || this.current.parentId === null;
  }
  /** The next ancestor, or null when the walk has ended (root reached, or a missing, unreadable or cyclic parent). */
  next() {
    if (this.ended) return null;
    const parentId = this.current.parentId;
    if (this.seen.has(parentId)) {
      this.notices.push(
        `_\u26A0 The parentIds of "${this.current.id}" form a cycle through "${parentId}": ancestors beyond it are not shown. Fix the parentId in the thread files._`
      );
      this.done = true;
      return null;
    }
    let parent;
    try {
      parent = this.read(parentId);
    } catch (e) {
      if (e instanceof UnreadableFileError) {
        this.notices.push(
          `_\u26A0 Ancestor "${parentId}" could not be read (${e.path}: ${e.reason}); its context and anything above it are not shown._`
        );
      } else if (e instanceof ThreadMindError && e.code === "not-found") {
        this.notices.push(`_\u26A0 Parent thread "${parentId}" of "${this.current.id}" does not exist; ancestors are not shown._`);
      } else throw e;
      this.done = true;
      return null;
    }
    this.seen.add(parentId);
    this.current = parent;
    this.count++;
    return parent;
  }
};
function descendantsOf(id, threads) {
  const children = /* @__PURE__ */ new Map();
  for (const t of threads.values()) {
    if (t.parentId === null) continue;
    const list = children.get(t.parentId) ?? [];
    list.push(t.id);
    children.set(t.parentId, list);
  }
  const out = [];
  const seen = /* @__PURE__ */ new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

// src/core/context/stale-path-warnings.ts
function hasPathsToCheck(t) {
  return Boolean(t.commit && t.paths && t.paths.length > 0);
}
var CHECKS_AT_ONCE = 4;
async function stalePathWarnings(root, threads) {
  const warnings = /* @__PURE__ */ new Map();
  const toCheck = threads.filter(hasPathsToCheck);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CHECKS_AT_ONCE, toCheck.length) }, async () => {
      for (let t = toCheck[next++]; t !== void 0; t = toCheck[next++]) await checkOne(root, t, warnings);
    })
  );
  return warnings;
}
async function checkOne(root, t, warnings) {
  let n;
  try {
    n = await commitsTouchingSince(root, t.commit, t.paths);
  } catch (e) {
    if (!(e instanceof GitError)) throw e;
    warnings.set(
      t.id,
      `_\u26A0 Could not check whether ${t.paths.join(", ")} changed since this summary was written (${e.message.split("\n")[0]}). Fix the thread's paths._`
    );
    return;
  }
  if (n && n > 0) {
    warnings.set(
      t.id,
      `_\u26A0 ${n} commit${n === 1 ? "" : "s"} changed ${t.paths.join(", ")} since this summary was written: check it is still accurate._`
    );
  }
}

// src/core/context/context-sources.ts
init_id_pattern();
var RELATED_ID_CHARS = 80;
async function contextWithSources(deps, project, thread, options) {
  const { store, tokens } = deps;
  const consulted = /* @__PURE__ */ new Set([store.projectPath(project.id)]);
  try {
    readConsulted(store, project.id, thread.id, consulted);
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
  }
  const read = (id) => readConsulted(store, project.id, id, consulted, "ancestor");
  const related = relatedRefs(store, project.id, thread, consulted);
  const estimate = options.estimateOnly === true ? (text) => tokens.cachedOrEstimate(text) : (text) => tokens.countSync(text);
  const chain = readChainWithinBudget(new AncestorWalk(thread, read), thread, { ...options, estimate });
  const { gitTop, root } = deps.workspace;
  const warnings = gitTop ? await stalePathWarnings(root, chain.threads) : /* @__PURE__ */ new Map();
  const assemble = () => assembleContext({
    project,
    chain: chain.threads,
    chainCut: chain.cut,
    warnings,
    notices: [...options.notices ?? [], ...chain.notices],
    ...options.maxChars !== void 0 ? { maxChars: options.maxChars } : {},
    ...options.maxTokens !== void 0 ? { maxTokens: options.maxTokens } : {},
    estimate,
    related,
    relatedBeyond: Math.max(0, (thread.related?.length ?? 0) - related.length),
    ancestorBlocks: chain.blocks
  });
  const missesBefore = tokens.misses;
  let assembled = assemble();
  if (options.estimateOnly !== true && tokens.misses > missesBefore && await tokens.ready()) assembled = assemble();
  await deps.saveTokenCache();
  const dependsOnHead = gitTop !== null && chain.threads.some(hasPathsToCheck);
  const sources = [...consulted].map((p) => `${(0, import_node_path16.relative)(store.dir, p)}${p.endsWith("/") ? "/" : ""}`);
  return { context: assembled, sources, dependsOnHead };
}
function readConsulted(store, projectId, id, consulted, part = "whole") {
  try {
    return store.readThread(projectId, id, void 0, part);
  } finally {
    for (const p of store.threadSources(projectId, id, part)) consulted.add(p);
  }
}
function relatedRefs(store, projectId, thread, consulted) {
  return (thread.related ?? []).slice(0, LIMITS.relatedCount).map((id) => {
    if (!isValidId(id)) return { id: titleLine(id, RELATED_ID_CHARS), title: null, problem: "missing" };
    try {
      const t = readConsulted(store, projectId, id, consulted, "ancestor");
      return { id, title: t.title, status: threadStatus(t) };
    } catch (e) {
      if (e instanceof UnreadableFileError) return { id, title: null, problem: "unreadable" };
      if (e instanceof ThreadMindError && e.code === "not-found") return { id, title: null, problem: "missing" };
      throw e;
    }
  });
}

// src/core/context/tree-render.ts
var import_node_path17 = require("path");
function buildTree(threads) {
  const children = /* @__PURE__ */ new Map();
  const roots = [];
  const detached = [];
  for (const t of threads.values()) {
    if (t.parentId === null) {
      roots.push(t.id);
      continue;
    }
    if (!threads.has(t.parentId)) {
      detached.push({ id: t.id, why: `parent "${t.parentId}" does not exist` });
      continue;
    }
    const list = children.get(t.parentId) ?? [];
    list.push(t.id);
    children.set(t.parentId, list);
  }
  const reachable = /* @__PURE__ */ new Set();
  const stack = [...roots, ...detached.map((d) => d.id)];
  while (stack.length > 0) {
    const id = stack.pop();
    if (reachable.has(id)) continue;
    reachable.add(id);
    for (const child of children.get(id) ?? []) stack.push(child);
  }
  for (const [id, why] of cycleReasons(threads, reachable)) detached.push({ id, why });
  const byCreated = (a, b) => threads.get(a).createdAt < threads.get(b).createdAt ? -1 : threads.get(a).createdAt > threads.get(b).createdAt ? 1 : a < b ? -1 : 1;
  for (const list of children.values()) list.sort(byCreated);
  roots.sort((a, b) => a === MAIN_THREAD_ID ? -1 : b === MAIN_THREAD_ID ? 1 : byCreated(a, b));
  return { roots, children, detached };
}
function detachedReason(detached, threads, problems) {
  const parentId = threads.get(detached.id)?.parentId ?? null;
  if (parentId === null || threads.has(parentId)) return detached.why;
  const file = problems.find((p) => (0, import_node_path17.basename)(p.path) === `${parentId}.md`);
  return file === void 0 ? detached.why : `parent "${parentId}" could not be read (${file.path}): fix that file, not this parentId`;
}
var CYCLE_IDS_SHOWN = 5;
function cycleReasons(threads, reachable) {
  const reasons = /* @__PURE__ */ new Map();
  const cycleOfThread = /* @__PURE__ */ new Map();
  for (const t of threads.values()) {
    if (reachable.has(t.id) || cycleOfThread.has(t.id)) continue;
    const path = [];
    const onPath = /* @__PURE__ */ new Map();
    let id = t.id;
    while (id !== null && !onPath.has(id) && !cycleOfThread.has(id) && !reachable.has(id)) {
      onPath.set(id, path.length);
      path.push(id);
      id = threads.get(id)?.parentId ?? null;
    }
    if (id === null || reachable.has(id)) continue;
    let ids;
    let leadIn;
    if (onPath.has(id)) {
      leadIn = onPath.get(id);
      ids = path.slice(leadIn);
      for (const [i, c] of ids.entries()) cycleOfThread.set(c, { ids, at: i });
    } else {
      leadIn = path.length;
      ids = cycleOfThread.get(id).ids;
    }
    for (const p of path.slice(0, leadIn)) cycleOfThread.set(p, { ids, at: null });
  }
  for (const [id, { ids, at }] of cycleOfThread) {
    reasons.set(
      id,
      at === null ? `its parentIds lead into a cycle (${describeCycle(ids, 0)})` : `its parentIds form a cycle (${describeCycle(ids, at)})`
    );
  }
  return reasons;
}
function describeCycle(ids, from) {
  const n = ids.length;
  const shown = [];
  for (let k = 0; k < Math.min(n, CYCLE_IDS_SHOWN); k++) shown.push(ids[(from + k) % n]);
  if (n > CYCLE_IDS_SHOWN) shown.push("\u2026");
  shown.push(ids[from]);
  return `${shown.join(" \u2192 ")}${n > CYCLE_IDS_SHOWN ? `, ${n.toLocaleString("en-US")} threads` : ""}`;
}
var INDENT_LEVELS = 40;
function renderTree(threads, options) {
  const shape = buildTree(threads);
  const lines = [`Project: ${options.title}`];
  const label = (t) => threadLabel(t, options);
  const stack = [];
  const seen = /* @__PURE__ */ new Set();
  for (const r of [...shape.roots].reverse()) stack.push({ id: r, prefix: "", last: true, level: 0 });
  while (stack.length > 0) {
    const { id, prefix, last: last2, level } = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    const t = threads.get(id);
    const deep = level > INDENT_LEVELS ? `[depth ${level + 1}] ` : "";
    lines.push(level === 0 ? label(t) : `${prefix}${last2 ? "\u2514\u2500\u2500 " : "\u251C\u2500\u2500 "}${deep}${label(t)}`);
    const kids = shape.children.get(id) ?? [];
    const childPrefix = level === 0 ? "" : level >= INDENT_LEVELS ? prefix : `${prefix}${last2 ? "    " : "\u2502   "}`;
    for (let i = kids.length - 1; i >= 0; i--)
      stack.push({ id: kids[i], prefix: childPrefix, last: i === kids.length - 1, level: level + 1 });
  }
  if (shape.detached.length > 0) {
    lines.push("", "\u26A0 Detached threads (fix their parentId):");
    for (const d of shape.detached) lines.push(`  ${label(threads.get(d.id))}: ${detachedReason(d, threads, options.problems)}`);
  }
  if (options.problems.length > 0) {
    lines.push(
      "",
      `\u26A0 ${options.problems.length} thread file${options.problems.length === 1 ? "" : "s"} could not be read (left as they are):`
    );
    for (const p of options.problems) lines.push(`  ${p.path}: ${p.reason}`);
  }
  return lines.join("\n");
}
function oneLine(s) {
  return s.replace(/\s*\n\s*/g, " \u23CE ");
}
function threadLabel(t, options) {
  const parts = [`${oneLine(t.title)} (${t.id})`];
  if (t.status) parts.push(`[${t.status}${t.mergedInto ? ` \u2192 ${t.mergedInto}` : ""}]`);
  if (t.branch) parts.push(`\u2387 ${t.branch}`);
  const extra = options.extra?.(t);
  if (extra) parts.push(extra);
  if (t.id === options.activeId) parts.push("\u25C0 current");
  return parts.join(" ");
}
function relatedMark(t, threads) {
  return t.related && t.related.length > 0 ? `\u2194 ${t.related.map((r) => threads.has(r) ? r : `${r} (missing)`).join(", ")}` : "";
}

// src/core/context/tree-text.ts
var FULL_TREE_LIMIT = 200;
function renderTreeOf(project, threads, problems, activeId) {
  return renderTree(threads, {
    title: project.title,
    activeId,
    problems,
    extra: (t) => relatedMark(t, threads)
  });
}

// src/core/context/thread-list-catalog.ts
var import_node_path21 = require("path");

// src/core/search/thread-search.ts
init_errors();

// src/core/search/scratch.ts
var Scratch = class {
  f64 = /* @__PURE__ */ new Map();
  u32 = /* @__PURE__ */ new Map();
  /** A Float64Array of at least `n` zeros under `name`; the caller sets every entry it wrote back to 0. */
  floats(name, n) {
    let a = this.f64.get(name);
    if (!a || a.length < n) {
      a = new Float64Array(Math.max(n, 1024, (a?.length ?? 0) * 2));
      this.f64.set(name, a);
    }
    return a;
  }
  /** A Uint32Array of at least `n` zeros under `name`; the caller sets every entry it wrote back to 0. */
  uints(name, n) {
    let a = this.u32.get(name);
    if (!a || a.length < n) {
      a = new Uint32Array(Math.max(n, 1024, (a?.length ?? 0) * 2));
      this.u32.set(name, a);
    }
    return a;
  }
};

// src/core/search/term-index.ts
var TermIndex = class {
  /** term → flat [doc, tf, doc, tf, …]; dead documents are skipped by readers until compaction drops them. */
  postingLists = /* @__PURE__ */ new Map();
  /** doc → number of terms; -1 once removed. */
  lengths = [];
  live = 0;
  dead = 0;
  totalLength = 0;
  /** Bumped by every add and remove (the norms cache is valid for one version). */
  version = 0;
  normCache = null;
  normVersion = -1;
  /** Live documents. */
  get size() {
    return this.live;
  }
  get averageLength() {
    return this.live === 0 ? 0 : this.totalLength / this.live;
  }
  isLive(doc) {
    const len = this.lengths[doc];
    return len !== void 0 && len >= 0;
  }
  /** Adds a document (a fresh number: numbers are never reused) with its terms, repeats counting. */
  add(doc, terms2) {
    if (this.lengths[doc] !== void 0) throw new Error(`TermIndex: document ${doc} was already added`);
    const tf = /* @__PURE__ */ new Map();
    for (const t of terms2) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [term, n] of tf) {
      const list = this.postingLists.get(term);
      if (list) list.push(doc, n);
      else this.postingLists.set(term, [doc, n]);
    }
    this.lengths[doc] = terms2.length;
    this.version++;
    this.live++;
    this.totalLength += terms2.length;
  }
  remove(doc) {
    const len = this.lengths[doc];
    if (len === void 0 || len < 0) return;
    this.lengths[doc] = -1;
    this.version++;
    this.live--;
    this.dead++;
    this.totalLength -= len;
    if (this.dead > 256 && this.dead > this.live / 4) this.compact();
  }
  /** The raw posting list of a term: flat [doc, tf, …], dead documents included (check `isLive`). Do not modify. */
  postings(term) {
    return this.postingLists.get(term);
  }
  /** How many live documents contain the term. */
  documentFrequency(list) {
    let n = 0;
    for (let i = 0; i < list.length; i += 2) if (this.lengths[list[i]] >= 0) n++;
    return n;
  }
  /**
   * Per document the BM25 length normalisation k1·(1 − b + b·len/avg), NaN for removed documents; recomputed only
   * when documents were added or removed since the last call.
   */
  norms() {
    if (this.normCache && this.normVersion === this.version) return this.normCache;
    const avg = this.averageLength || 1;
    const out = new Float64Array(this.lengths.length);
    for (let doc = 0; doc < this.lengths.length; doc++) {
      const len = this.lengths[doc];
      out[doc] = len === void 0 || len < 0 ? Number.NaN : BM25.k1 * (1 - BM25.b + BM25.b * len / avg);
    }
    this.normCache = out;
    this.normVersion = this.version;
    return out;
  }
  /** Every term of the vocabulary that starts with `prefix` (itself included when present). */
  termsStartingWith(prefix) {
    const out = [];
    for (const term of this.postingLists.keys()) if (term.startsWith(prefix)) out.push(term);
    return out;
  }
  compact() {
    for (const [term, list] of this.postingLists) {
      const kept = [];
      for (let i = 0; i < list.length; i += 2) if (this.lengths[list[i]] >= 0) kept.push(list[i], list[i + 1]);
      if (kept.length === 0) this.postingLists.delete(term);
      else this.postingLists.set(term, kept);
    }
    this.dead = 0;
  }
};
function bm25Idf(docCount, docFrequency) {
  return Math.log(1 + (docCount - docFrequency + 0.5) / (docFrequency + 0.5));
}
var BM25 = { k1: 1.2, b: 0.75 };

// src/core/search/text-terms.ts
var STOPWORDS = new Set(
  "a an and are as at be but by can could did do does for from had has have how i if in into is it its me my no not of on or our so than that the their them then there these they this to us was we were what when where which who why will with would you your any all about did does done should shall may might just also".split(" ")
);
var WORD = /[\p{L}\p{N}]+/gu;
function stem(word) {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  for (const suffix of ["ing", "ed"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      if (/([bdfgklmnprt])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  return w;
}
function fold(word) {
  return word.normalize("NFKD").replace(new RegExp("\\p{M}+", "gu"), "").toLowerCase();
}
function termsAt(text) {
  const out = [];
  for (const m of text.matchAll(WORD)) {
    const folded = fold(m[0]);
    if (folded.length < 2 || STOPWORDS.has(folded)) continue;
    out.push({ term: stem(folded), start: m.index, end: m.index + m[0].length });
  }
  return out;
}
function terms(text) {
  return termsAt(text).map((t) => t.term);
}
function queryTerms(query) {
  return [...new Set(terms(query))];
}

// src/core/search/catalog-index.ts
var META_FIELDS = ["title", "id", "headings", "paths", "branch"];
function fieldText(meta, field) {
  switch (field) {
    case "title":
      return meta.title;
    case "id":
      return meta.id;
    case "headings":
      return meta.headings.join("\n");
    case "paths":
      return (meta.paths ?? []).join("\n");
    case "branch":
      return meta.branch ?? "";
    default: {
      const unknown = field;
      throw new Error(`unknown metadata field ${String(unknown)}`);
    }
  }
}
var CatalogIndex = class {
  scratch = new Scratch();
  fields = {
    title: new TermIndex(),
    id: new TermIndex(),
    headings: new TermIndex(),
    paths: new TermIndex(),
    branch: new TermIndex()
  };
  slots = /* @__PURE__ */ new Map();
  metas = [];
  /** Live threads. */
  get size() {
    return this.slots.size;
  }
  /** Slots ever given out (the length of per-slot arrays). */
  get slotCount() {
    return this.metas.length;
  }
  put(meta) {
    this.delete(meta.id);
    const slot = this.metas.length;
    this.metas.push(meta);
    this.slots.set(meta.id, slot);
    for (const field of META_FIELDS) this.fields[field].add(slot, terms(fieldText(meta, field)));
  }
  delete(threadId) {
    const slot = this.slots.get(threadId);
    if (slot === void 0) return;
    this.slots.delete(threadId);
    this.metas[slot] = void 0;
    for (const field of META_FIELDS) this.fields[field].remove(slot);
  }
  /** Every live thread's metadata (read-only: the index keeps these objects). */
  *live() {
    for (const slot of this.slots.values()) {
      const meta = this.metas[slot];
      if (meta !== void 0) yield meta;
    }
  }
  at(slot) {
    return this.metas[slot];
  }
  /** The live slot of a thread, -1 when it is not in the catalog. */
  slotOf(threadId) {
    return this.slots.get(threadId) ?? -1;
  }
};

// src/core/search/snippet.ts
var SNIPPET_MAX_CHARS = 160;
function snippetOf(text, isMatch, max = SNIPPET_MAX_CHARS) {
  const lines = text.split("\n");
  let best = { line: "", count: 0, first: 0 };
  for (const line of lines) {
    const hits = termsAt(line).filter((t) => isMatch(t.term));
    const count2 = new Set(hits.map((h) => h.term)).size;
    if (count2 > best.count) best = { line, count: count2, first: hits[0].start };
  }
  if (best.count === 0) return clip(collapse(lines.find((l) => l.trim() !== "") ?? ""), max);
  return around(best.line, best.first, max);
}
function clip(text, max = SNIPPET_MAX_CHARS) {
  const t = collapse(text);
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}\u2026`;
}
function around(line, at, max) {
  const raw = line.trim();
  const offset = at - (line.length - line.trimStart().length);
  if (raw.length <= max) return collapse(raw);
  let start = Math.max(0, offset - Math.floor(max / 3));
  let end = Math.min(raw.length, start + max - 2);
  start = Math.max(0, end - (max - 2));
  if (start > 0) {
    const space = raw.indexOf(" ", start);
    if (space !== -1 && space < offset) start = space + 1;
  }
  if (end < raw.length) {
    const space = raw.lastIndexOf(" ", end);
    if (space > offset) end = space;
  }
  return `${start > 0 ? "\u2026" : ""}${collapse(raw.slice(start, end))}${end < raw.length ? "\u2026" : ""}`;
}
function collapse(text) {
  return text.replace(/\s+/g, " ").trim();
}

// src/core/search/overview-tier.ts
var FIELD_WEIGHTS = { title: 3, id: 2, headings: 1.5, paths: 1.5, branch: 1.5 };
var FIELD_LABELS = {
  title: "Title",
  id: "Id",
  headings: "Section headings",
  paths: "Paths",
  branch: "Branch"
};
var PREFIX_WEIGHT = 0.5;
var PREFIX_MIN_CHARS = 3;
function variantsOf(term, relaxed, startingWith) {
  if (!relaxed || term.length < PREFIX_MIN_CHARS) return [[term, 1]];
  return startingWith(term).map((t) => [t, t === term ? 1 : PREFIX_WEIGHT]);
}
function termMatcher(queryTerms2, relaxed) {
  return (t) => queryTerms2.some((q) => t === q || relaxed && q.length >= PREFIX_MIN_CHARS && t.startsWith(q));
}
function matchCatalog(index, queryTerms2, accept, relaxed) {
  const n = index.slotCount;
  const score = index.scratch.floats("score", n);
  const mask2 = index.scratch.uints("mask", n);
  const byField = META_FIELDS.map((f) => index.scratch.floats(`field-${f}`, n));
  const termBest = index.scratch.floats("term-best", n);
  const termField = index.scratch.uints("term-field", n);
  const touched = [];
  queryTerms2.forEach((term, qi) => {
    const termTouched = [];
    META_FIELDS.forEach((field, fi) => {
      const fieldIndex = index.fields[field];
      for (const [variant, variantWeight] of variantsOf(term, relaxed, (p) => fieldIndex.termsStartingWith(p))) {
        const list = fieldIndex.postings(variant);
        if (!list) continue;
        const weight = FIELD_WEIGHTS[field] * bm25Idf(index.size, fieldIndex.documentFrequency(list)) * variantWeight;
        for (let i = 0; i < list.length; i += 2) {
          const slot = list[i];
          if (!fieldIndex.isLive(slot) || weight <= termBest[slot]) continue;
          if (termBest[slot] === 0) termTouched.push(slot);
          termBest[slot] = weight;
          termField[slot] = fi;
        }
      }
    });
    for (const slot of termTouched) {
      if (mask2[slot] === 0) touched.push(slot);
      score[slot] = score[slot] + termBest[slot];
      mask2[slot] = mask2[slot] | 1 << qi;
      const fieldSums = byField[termField[slot]];
      fieldSums[slot] = fieldSums[slot] + termBest[slot];
      termBest[slot] = 0;
      termField[slot] = 0;
    }
  });
  const out = [];
  for (const slot of touched) {
    const meta = index.at(slot);
    if (meta && accept(meta)) {
      let best = 0;
      for (let fi = 1; fi < META_FIELDS.length; fi++) if (byField[fi][slot] > byField[best][slot]) best = fi;
      out.push({ slot, meta, score: score[slot], mask: mask2[slot], field: META_FIELDS[best] });
    }
    score[slot] = 0;
    mask2[slot] = 0;
    for (const sums of byField) sums[slot] = 0;
  }
  return out;
}
function metaSnippet(match, isMatch) {
  const matches = (text) => terms(text).some(isMatch);
  switch (match.field) {
    case "title":
    case "id":
    case "branch":
      return clip(fieldText(match.meta, match.field));
    case "paths":
      return clip((match.meta.paths ?? []).filter(matches).join(", "));
    case "headings":
      return clip(
        match.meta.headings.filter(matches).map((h) => `## ${h}`).join(" \xB7 ")
      );
    default: {
      const unknown = match.field;
      throw new Error(`unknown metadata field ${String(unknown)}`);
    }
  }
}

// src/core/search/section-weights.ts
var SECTION_WEIGHTS = {
  decisions: 1.6,
  constraints: 1.4,
  "open-questions": 1,
  "next-steps": 0.9,
  state: 0.8
};
var OTHER_SECTION_WEIGHT = 1;
var REASON_WEIGHT = 1.5;
function sectionWeight(doc) {
  if (doc.kind === "reason") return REASON_WEIGHT;
  return doc.key === null ? OTHER_SECTION_WEIGHT : SECTION_WEIGHTS[doc.key];
}
function sectionLabel(doc) {
  return doc.kind === "reason" ? "Closing reason" : doc.heading === "" ? "Summary" : doc.heading;
}

// src/core/search/thread-verdicts.ts
var ThreadVerdicts = class {
  // 0 not asked yet, 1 accepted, 2 refused
  constructor(scratch, name, threads, accept) {
    this.accept = accept;
    this.verdict = scratch.uints(name, threads);
  }
  accept;
  /** The threads asked so far, in the order they were first met. */
  asked = [];
  verdict;
  accepts(threadNo) {
    let v = this.verdict[threadNo];
    if (v === 0) {
      v = this.accept(threadNo) ? 1 : 2;
      this.verdict[threadNo] = v;
      this.asked.push(threadNo);
    }
    return v === 1;
  }
  /** Sets the scratch entries back to 0 (the scratch contract); call once the pass is over. */
  clear() {
    for (const t of this.asked) this.verdict[t] = 0;
  }
};

// src/core/search/section-tier.ts
var OTHER_SECTIONS_SHARE = 0.25;
function matchSections(index, queryTerms2, acceptThread, relaxed) {
  const ti = index.terms;
  const scores = index.scratch.floats("doc-score", index.docCount);
  const masks = index.scratch.uints("doc-mask", index.docCount);
  const threads = index.threadIds.length;
  const verdicts = new ThreadVerdicts(index.scratch, "verdict", threads, acceptThread);
  const touched = [];
  const norms = ti.norms();
  const tfBoost = BM25.k1 + 1;
  queryTerms2.forEach((term, qi) => {
    for (const [variant, variantWeight] of variantsOf(term, relaxed, (p) => ti.termsStartingWith(p))) {
      const list = ti.postings(variant);
      if (!list) continue;
      const factor = bm25Idf(ti.size, ti.documentFrequency(list)) * tfBoost * variantWeight;
      for (let i = 0; i < list.length; i += 2) {
        const doc = list[i];
        const norm = norms[doc];
        if (Number.isNaN(norm)) continue;
        if (!verdicts.accepts(index.docThread[doc])) continue;
        if (masks[doc] === 0) touched.push(doc);
        const tf = list[i + 1];
        scores[doc] = scores[doc] + factor * tf / (tf + norm) * index.docWeight[doc];
        masks[doc] = masks[doc] | 1 << qi;
      }
    }
  });
  verdicts.clear();
  const bestScore = index.scratch.floats("thread-best", threads);
  const sum = index.scratch.floats("thread-sum", threads);
  const threadMask = index.scratch.uints("thread-mask", threads);
  const bestDoc = index.scratch.uints("thread-best-doc", threads);
  const touchedThreads = [];
  for (const doc of touched) {
    const t = index.docThread[doc];
    if (bestDoc[t] === 0) touchedThreads.push(t);
    sum[t] = sum[t] + scores[doc];
    threadMask[t] = threadMask[t] | masks[doc];
    if (bestDoc[t] === 0 || scores[doc] > bestScore[t]) {
      bestScore[t] = scores[doc];
      bestDoc[t] = doc + 1;
    }
    scores[doc] = 0;
    masks[doc] = 0;
  }
  const out = [];
  for (const t of touchedThreads) {
    out.push({
      threadNo: t,
      score: bestScore[t] + OTHER_SECTIONS_SHARE * (sum[t] - bestScore[t]),
      mask: threadMask[t],
      best: index.doc(bestDoc[t] - 1)
    });
    bestScore[t] = 0;
    sum[t] = 0;
    threadMask[t] = 0;
    bestDoc[t] = 0;
  }
  return out;
}
function sectionSnippet(match, isMatch) {
  return snippetOf(match.best.text, isMatch);
}

// src/core/search/search-types.ts
var SEARCH_INTENTS = ["overview", "lookup", "semantic", "deep"];
var SEARCH_SCOPES = ["project", "all-projects"];
var SEARCH_LIMIT = { min: 1, max: 50, default: 10, deepDefault: 20 };

// src/core/search/section-vectors.ts
function embedTerms(words, termList, weightOf) {
  const out = new Float32Array(words.dims);
  let known = 0;
  for (const t of termList) {
    const row = words.rowOf(t);
    if (row < 0) continue;
    known++;
    words.addTo(out, row, weightOf ? weightOf(t, row) : words.weight(row));
  }
  if (known === 0) return null;
  return normalize2(out) ? out : null;
}
function embedText(words, text) {
  return embedTerms(words, terms(text));
}
function normalize2(v) {
  let n = 0;
  for (let d = 0; d < v.length; d++) n += v[d] * v[d];
  if (n === 0) return false;
  const inv = 1 / Math.sqrt(n);
  for (let d = 0; d < v.length; d++) v[d] = v[d] * inv;
  return true;
}
function dot(a, aOffset, b, dims) {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += a[aOffset + d] * b[d];
    s1 += a[aOffset + d + 1] * b[d + 1];
    s2 += a[aOffset + d + 2] * b[d + 2];
    s3 += a[aOffset + d + 3] * b[d + 3];
  }
  for (; d < dims; d++) s0 += a[aOffset + d] * b[d];
  return s0 + s1 + s2 + s3;
}
var SectionVectors = class {
  constructor(words) {
    this.words = words;
    this.flat = new Float32Array(1024 * words.dims);
    this.known = new Uint8Array(1024);
  }
  words;
  flat;
  /** doc → 1 when it has a vector. */
  known;
  titles = /* @__PURE__ */ new Map();
  get dims() {
    return this.words.dims;
  }
  get data() {
    return this.flat;
  }
  /** doc → 1 when it has a vector (read-only for scanning). */
  get knownFlags() {
    return this.known;
  }
  /** Upper bound of document numbers seen. */
  get capacity() {
    return this.known.length;
  }
  set(doc, text) {
    const v = embedText(this.words, text);
    if (v === null) {
      this.remove(doc);
      return;
    }
    this.grow(doc + 1);
    this.flat.set(v, doc * this.dims);
    this.known[doc] = 1;
  }
  remove(doc) {
    if (doc < this.known.length) this.known[doc] = 0;
  }
  /** A thread's title vector (thread numbers are never reused, so a cached one stays right); null when no word is known. */
  titleVector(threadNo, title) {
    let v = this.titles.get(threadNo);
    if (v === void 0) {
      v = embedText(this.words, title());
      this.titles.set(threadNo, v);
    }
    return v;
  }
  /** Forgets a replaced or removed thread's title vector. */
  dropTitle(threadNo) {
    this.titles.delete(threadNo);
  }
  grow(n) {
    if (n <= this.known.length) return;
    const size = Math.max(n, this.known.length * 2);
    const flat = new Float32Array(size * this.dims);
    flat.set(this.flat);
    const known = new Uint8Array(size);
    known.set(this.known);
    this.flat = flat;
    this.known = known;
  }
};

// src/core/search/semantic-tier.ts
var SEMANTIC_SECTION_SHARE = 0.25;
var SEMANTIC_MIN_SIMILARITY = 0.35;
var SEMANTIC_STRONG_SIMILARITY = 0.5;
function queryVector(index, words, queryTerms2) {
  const ti = index.terms;
  return embedTerms(words, queryTerms2, (term, row) => {
    const list = ti.postings(term);
    return words.weight(row) * bm25Idf(ti.size, list ? ti.documentFrequency(list) : 0);
  });
}
function matchMeaning(index, words, query, acceptThread, titleOf, keep) {
  const vectors = index.sectionVectors(words);
  const data = vectors.data;
  const dims = vectors.dims;
  const threads = index.threadIds.length;
  const best = index.scratch.floats("meaning-best", threads);
  const bestDoc = index.scratch.uints("meaning-doc", threads);
  const verdicts = new ThreadVerdicts(index.scratch, "meaning-verdict", threads, acceptThread);
  const end = Math.min(index.docCount, vectors.capacity);
  const known = vectors.knownFlags;
  const docThread = index.docThread;
  for (let doc = 0; doc < end; doc++) {
    if (known[doc] !== 1) continue;
    const t = docThread[doc];
    if (!verdicts.accepts(t)) continue;
    const sim = dot(data, doc * dims, query, dims) * (1 + SEMANTIC_SECTION_SHARE * (index.docWeight[doc] - 1));
    if (bestDoc[t] === 0 || sim > best[t]) {
      best[t] = sim;
      bestDoc[t] = doc + 1;
    }
  }
  const found = [];
  for (const t of verdicts.asked) {
    const accepted = verdicts.accepts(t);
    const title = accepted ? vectors.titleVector(t, () => titleOf(t)) : null;
    const sim = Math.max(best[t], title ? dot(title, 0, query, dims) : -Infinity);
    if (accepted && bestDoc[t] > 0 && sim >= SEMANTIC_MIN_SIMILARITY) {
      best[t] = sim;
      found.push(t);
    } else {
      best[t] = 0;
      bestDoc[t] = 0;
    }
  }
  verdicts.clear();
  let cut2 = -Infinity;
  if (found.length > keep) cut2 = Float64Array.from(found, (t) => best[t]).sort()[found.length - keep];
  const out = [];
  for (const t of found) {
    if (best[t] >= cut2) out.push({ threadNo: t, similarity: best[t], best: index.doc(bestDoc[t] - 1) });
    best[t] = 0;
    bestDoc[t] = 0;
  }
  return out;
}
function meaningSnippet(words, doc, query) {
  let bestLine = "";
  let bestSim = -Infinity;
  for (const line of doc.text.split("\n")) {
    if (line.trim() === "") continue;
    const v = embedText(words, line);
    const sim = v ? dot(v, 0, query, words.dims) : -1;
    if (sim > bestSim) [bestLine, bestSim] = [line, sim];
  }
  return clip(bestLine);
}

// src/core/search/word-vectors.ts
init_builtin_at_use();
var import_node_fs20 = require("fs");
var import_node_url = require("url");
init_regular_file();
var import_meta = {};
var WORD_VECTORS_FILE = "word-vectors.bin";
var FORMAT = "threadmind-word-vectors";
var MAX_ASSET_BYTES = 16e6;
var SIF_A = 1e-3;
var ZIPF_H = 13.5;
var WordVectors = class {
  constructor(dims, unit, weights, terms2) {
    this.dims = dims;
    this.unit = unit;
    this.weights = weights;
    terms2.forEach((t, row) => {
      if (!this.rows.has(t)) this.rows.set(t, row);
    });
  }
  dims;
  unit;
  weights;
  rows = /* @__PURE__ */ new Map();
  get size() {
    return this.rows.size;
  }
  /** The row of a search term (as `terms()` makes them), or -1 when the vocabulary lacks it. */
  rowOf(term) {
    return this.rows.get(term) ?? -1;
  }
  /** How much a term counts in a text's vector: rare words more than frequent ones. */
  weight(row) {
    return this.weights[row];
  }
  /** out += w · vector(row). */
  addTo(out, row, w) {
    const base = row * this.dims;
    for (let d = 0; d < this.dims; d++) out[d] = out[d] + w * this.unit[base + d];
  }
};
function parseWordVectors(bytes2, path) {
  const newline = bytes2.indexOf(10);
  if (newline < 0 || newline > 4096) throw new Error(`${path} has no header line`);
  let header;
  try {
    header = JSON.parse(bytes2.subarray(0, newline).toString("utf8"));
  } catch {
    throw new Error(`${path} has a header that is not JSON`);
  }
  const { count: count2, dims, wordsBytes, sha256 } = header;
  if (header.format !== FORMAT || header.version !== 1) throw new Error(`${path} is not a ${FORMAT} file of version 1`);
  if (!isCount(count2) || !isCount(dims) || !isCount(wordsBytes) || typeof sha256 !== "string")
    throw new Error(`${path} has a malformed header`);
  const start = newline + 1;
  if (bytes2.length !== start + wordsBytes + count2 * dims)
    throw new Error(`${path} is ${bytes2.length} bytes, not what its header announces`);
  const body = bytes2.subarray(start);
  if (nodeCrypto().createHash("sha256").update(body).digest("hex") !== sha256)
    throw new Error(`${path} does not match its checksum`);
  const words = body.subarray(0, wordsBytes).toString("utf8").split("\n");
  if (words.length !== count2) throw new Error(`${path} lists ${words.length} words, not ${count2}`);
  const raw = new Int8Array(body.buffer, body.byteOffset + wordsBytes, count2 * dims);
  const unit = new Float32Array(count2 * dims);
  const weights = new Float32Array(count2);
  for (let row = 0; row < count2; row++) {
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += raw[row * dims + d] ** 2;
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dims; d++) unit[row * dims + d] = raw[row * dims + d] * inv;
    const p = 1 / ((row + 1) * ZIPF_H);
    weights[row] = SIF_A / (SIF_A + p);
  }
  return new WordVectors(
    dims,
    unit,
    weights,
    words.map((w) => stem(fold(w)))
  );
}
function isCount(v) {
  return typeof v === "number" && Number.isInteger(v) && v > 0;
}
function locateWordVectors(moduleUrl = import_meta.url) {
  const candidates = [new URL(`./assets/${WORD_VECTORS_FILE}`, moduleUrl)];
  if (moduleUrl.endsWith(".ts")) candidates.push(new URL(`../../../assets/${WORD_VECTORS_FILE}`, moduleUrl));
  for (const url of candidates) {
    const path = (0, import_node_url.fileURLToPath)(url);
    if ((0, import_node_fs20.existsSync)(path)) return path;
  }
  return null;
}
var loaded2 = null;
function wordVectors() {
  if (loaded2 === null) loaded2 = loadOnce();
  if (loaded2 instanceof Error) throw loaded2;
  return loaded2;
}
function loadOnce() {
  const started = performance.now();
  const path = locateWordVectors();
  const missing = () => new Error(`the word vectors (${WORD_VECTORS_FILE}) are missing from the plugin's assets`);
  if (path === null) return missing();
  try {
    const bytes2 = readRegularFile(path, MAX_ASSET_BYTES, true);
    if (bytes2 === null) return missing();
    if (bytes2.length > MAX_ASSET_BYTES) return new Error(`${path} is over ${MAX_ASSET_BYTES} bytes`);
    const vectors = parseWordVectors(bytes2, path);
    return { vectors, path, loadMs: Math.round(performance.now() - started) };
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

// src/core/search/thread-search.ts
init_error_details();
var STRONG_HITS_WANTED = 3;
var LOOKUP_MIN_COVERAGE = 0.5;
var QUERY_MAX_CHARS = 500;
var QUERY_MAX_TERMS = 30;
var DEFAULT_INTENT = "semantic";
function normalizeSearchQuery(input) {
  const query = input.query.trim();
  if (query === "") throw errors.invalid("The search query must not be empty.");
  if (query.length > QUERY_MAX_CHARS)
    throw errors.invalid(`The search query is too long: ${query.length} characters (limit ${QUERY_MAX_CHARS}).`);
  const terms2 = queryTerms(query);
  if (terms2.length === 0)
    throw errors.invalid(
      `The search query "${query}" has no words to search for (common words such as "the" or "what" are ignored).`
    );
  if (terms2.length > QUERY_MAX_TERMS)
    throw errors.invalid(
      `The search query has ${terms2.length} distinct words (limit ${QUERY_MAX_TERMS}): keep the ones that matter.`
    );
  const intent = input.intent ?? DEFAULT_INTENT;
  if (!SEARCH_INTENTS.includes(intent))
    throw errors.invalid(`Unknown search intent "${String(intent)}": use ${SEARCH_INTENTS.join(", ")}.`);
  const scope = input.scope ?? "project";
  if (!SEARCH_SCOPES.includes(scope))
    throw errors.invalid(`Unknown search scope "${String(scope)}": use ${SEARCH_SCOPES.join(", ")}.`);
  if (input.status !== void 0 && !THREAD_STATUSES.includes(input.status)) {
    throw errors.invalid(`Unknown thread status "${String(input.status)}": use ${THREAD_STATUSES.join(", ")}.`);
  }
  const limit = input.limit ?? (intent === "deep" ? SEARCH_LIMIT.deepDefault : SEARCH_LIMIT.default);
  if (!Number.isInteger(limit) || limit < SEARCH_LIMIT.min || limit > SEARCH_LIMIT.max) {
    throw errors.invalid(
      `The search limit must be a whole number from ${SEARCH_LIMIT.min} to ${SEARCH_LIMIT.max}, not ${String(limit)}.`
    );
  }
  return { query, terms: terms2, scope, status: input.status, limit, intent };
}
var ProjectFinds = class {
  constructor(project) {
    this.project = project;
  }
  project;
  meta = [];
  section = [];
  /** Slots with a match, each once. */
  slots = [];
  addMeta(m) {
    if (this.meta[m.slot] === void 0 && this.section[m.slot] === void 0) this.slots.push(m.slot);
    this.meta[m.slot] = m;
  }
  addSection(slot, m) {
    if (this.meta[slot] === void 0 && this.section[slot] === void 0) this.slots.push(slot);
    this.section[slot] = m;
  }
};
async function searchThreads(store, projectIds2, input) {
  const q = normalizeSearchQuery(input);
  return store.exclusive(async () => {
    const cost = { threadFilesRead: 0, swept: false, bodyTextUsed: false };
    const projects = projectIds2.map((id) => store.project(id));
    for (const p of projects) {
      const r = await p.refresh();
      cost.threadFilesRead += r.filesRead;
      cost.swept ||= r.swept;
    }
    const wanted = Math.min(q.limit, STRONG_HITS_WANTED);
    const statusOk = (meta) => q.status === void 0 || statusOf(meta) === q.status;
    const tiers = [];
    const notices = [];
    const finish2 = (top) => ({
      query: q.query,
      terms: q.terms,
      scope: q.scope,
      projects: projectIds2,
      intent: q.intent,
      limit: q.limit,
      tiers,
      hits: top.map((c) => toHit(c, q.terms)),
      notices: [...notices, ...projects.flatMap(noticesOf)],
      cost
    });
    const metaMatches = (relaxed) => projects.map((p) => {
      const finds = new ProjectFinds(p);
      for (const m of matchCatalog(p.catalogIndex, q.terms, statusOk, relaxed)) finds.addMeta(m);
      return finds;
    });
    const overview = metaMatches(false);
    let strongOverview = 0;
    for (const f of overview) for (const slot of f.slots) if (bitCount(f.meta[slot].mask) === q.terms.length) strongOverview++;
    tiers.push({ tier: "overview", strongHits: strongOverview, weak: strongOverview < wanted });
    if (q.intent === "overview" || strongOverview >= wanted)
      return finish2(collect(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "overview", q.limit).top);
    cost.bodyTextUsed = true;
    for (const p of projects) cost.threadFilesRead += (await p.loadBodies()).filesRead;
    const weigh = strongRule(projects, q.terms);
    addSections(overview, q.terms, statusOk, false);
    const lookupFinds = overview;
    const openSections = q.status === void 0 ? (meta) => statusOf(meta) === "active" : void 0;
    let lookup = collect(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "lookup", q.limit, weigh, void 0, openSections);
    let closedSearched = q.status !== void 0 && q.status !== "active";
    if (lookup.strong < wanted && q.status === void 0) {
      lookup = collect(overview, q.terms.length, LOOKUP_MIN_COVERAGE, "lookup", q.limit, weigh);
      closedSearched = true;
    }
    tiers.push({
      tier: "lookup",
      strongHits: lookup.strong,
      weak: lookup.strong < wanted,
      ...closedSearched ? { closedThreads: true } : {}
    });
    if (q.intent === "lookup" || lookup.strong >= wanted) return finish2(lookup.top);
    const meaning = meaningMatches(projects, q.terms, statusOk, cost, notices, Math.max(4 * q.limit, 40));
    const semantic = mergeMeaning(lookup.top, meaning, q.limit);
    tiers.push({ tier: "semantic", strongHits: semantic.strong, weak: semantic.strong < wanted });
    if (q.intent === "semantic" || semantic.strong >= wanted) return finish2(semantic.top);
    const deep = metaMatches(true);
    addSections(deep, q.terms, statusOk, true);
    const deepRanked = collect(deep, q.terms.length, Number.MIN_VALUE, "deep", q.limit, weigh, {
      finds: lookupFinds,
      minCoverage: LOOKUP_MIN_COVERAGE,
      tier: "lookup"
    });
    const merged = mergeMeaning(deepRanked.top, meaning, q.limit);
    tiers.push({ tier: "deep", strongHits: merged.strong, weak: false });
    return finish2(merged.top);
  });
}
function strongRule(projects, queryTerms2) {
  let docs = 0;
  const df = queryTerms2.map(() => 0);
  for (const p of projects) {
    const ti = p.bodyLayer?.terms;
    if (!ti) continue;
    docs += ti.size;
    queryTerms2.forEach((t, i) => {
      const list = ti.postings(t);
      if (list) df[i] = df[i] + ti.documentFrequency(list);
    });
  }
  const idf = df.map((n) => bm25Idf(docs, n));
  const total = idf.reduce((a, b) => a + b, 0);
  return (mask2) => {
    let covered = 0;
    idf.forEach((w, i) => {
      if (mask2 & 1 << i) covered += w;
    });
    return total > 0 ? covered / total : 0;
  };
}
function meaningMatches(projects, queryTerms2, accept, cost, notices, keep) {
  const started = performance.now();
  let words;
  try {
    words = wordVectors();
  } catch (e) {
    notices.push(`The semantic tier is unavailable (${messageOf(e)}): only words were matched.`);
    return [];
  }
  const out = [];
  for (const p of projects) {
    const bodies = p.bodyLayer;
    if (!bodies) throw new Error(`search: the section index of project "${p.projectId}" was not loaded`);
    const loadedBefore = bodies.hasSectionVectors(words.vectors);
    const query = queryVector(bodies, words.vectors, queryTerms2);
    if (query === null) continue;
    const catalog = p.catalogIndex;
    const metaOf = (threadNo) => {
      const slot = catalog.slotOf(bodies.threadIds[threadNo]);
      return slot >= 0 ? catalog.at(slot) : void 0;
    };
    const accepted = (t) => {
      const meta = metaOf(t);
      return meta !== void 0 && accept(meta);
    };
    for (const m of matchMeaning(bodies, words.vectors, query, accepted, (t) => metaOf(t)?.title ?? "", keep)) {
      const vectors = words.vectors;
      out.push({
        projectId: p.projectId,
        meta: metaOf(m.threadNo),
        similarity: m.similarity,
        best: m.best,
        snippet: () => meaningSnippet(vectors, m.best, query)
      });
    }
    if (!loadedBefore) cost.semanticLoadMs = Math.round(performance.now() - started);
  }
  return out.sort((a, b) => b.similarity - a.similarity || (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0)).slice(0, keep);
}
var LEXICAL_SHARE = 0.2;
function mergeMeaning(lexical, meaning, limit) {
  const key = (projectId, id) => `${projectId}/${id}`;
  const similar = new Map(meaning.map((m) => [key(m.projectId, m.meta.id), m]));
  const first = [];
  const rest = [];
  const seen = /* @__PURE__ */ new Set();
  for (const c of lexical) {
    const m = similar.get(key(c.projectId, c.meta.id));
    seen.add(key(c.projectId, c.meta.id));
    const withSim = m ? { ...c, similarity: m.similarity } : c;
    if (c.strong) first.push(withSim);
    else rest.push({ c: withSim, fused: (m?.similarity ?? 0) + LEXICAL_SHARE * c.weightedCoverage });
  }
  for (const m of meaning) {
    if (seen.has(key(m.projectId, m.meta.id))) continue;
    const c = {
      projectId: m.projectId,
      meta: m.meta,
      metaMatch: void 0,
      sectionMatch: void 0,
      score: m.similarity,
      coverage: 0,
      weightedCoverage: 0,
      strong: false,
      tier: "semantic",
      similarity: m.similarity,
      meaning: m
    };
    rest.push({ c, fused: m.similarity });
  }
  rest.sort((a, b) => b.fused - a.fused);
  const top = [...first, ...rest.map((r) => r.c)].slice(0, limit);
  const firstKeys = new Set(first.map((c) => key(c.projectId, c.meta.id)));
  const strong = first.length + meaning.filter((m) => m.similarity >= SEMANTIC_STRONG_SIMILARITY && !firstKeys.has(key(m.projectId, m.meta.id))).length;
  return { strong, top };
}
function addSections(finds, terms2, accept, relaxed) {
  for (const f of finds) {
    const p = f.project;
    const bodies = p.bodyLayer;
    if (!bodies) throw new Error(`search: the section index of project "${p.projectId}" was not loaded`);
    const catalog = p.catalogIndex;
    const slotOf = (threadNo) => {
      const hint = bodies.catalogSlot[threadNo];
      const id = bodies.threadIds[threadNo];
      if (hint >= 0 && catalog.at(hint)?.id === id) return hint;
      const slot = catalog.slotOf(id);
      bodies.catalogSlot[threadNo] = slot;
      return slot;
    };
    const acceptThread = (threadNo) => {
      const slot = slotOf(threadNo);
      return slot >= 0 && accept(catalog.at(slot));
    };
    for (const m of matchSections(bodies, terms2, acceptThread, relaxed)) f.addSection(slotOf(m.threadNo), m);
  }
}
function collect(finds, termCount, minCoverage, tier, limit, weigh, earlier, sectionsOf) {
  const scores = [];
  const where = [];
  let strong = 0;
  const weighted = (mask2) => weigh ? weigh(mask2) : bitCount(mask2) / termCount;
  const sectionOf = (f, slot) => sectionsOf && !sectionsOf(f.project.catalogIndex.at(slot)) ? void 0 : f.section[slot];
  const evidence = (f, slot) => ({ meta: f.meta[slot], section: sectionOf(f, slot) });
  finds.forEach((f, pi) => {
    for (const slot of f.slots) {
      let source = 0;
      let { meta, section } = evidence(f, slot);
      let coverage = bitCount((meta?.mask ?? 0) | (section?.mask ?? 0)) / termCount;
      if (coverage < minCoverage) continue;
      const before = earlier?.finds[pi];
      if (earlier && before) {
        const e = evidence(before, slot);
        const c = bitCount((e.meta?.mask ?? 0) | (e.section?.mask ?? 0)) / termCount;
        if ((e.meta || e.section) && c >= earlier.minCoverage) [source, meta, section, coverage] = [1, e.meta, e.section, c];
      }
      if (weighted((meta?.mask ?? 0) | (section?.mask ?? 0)) >= LOOKUP_MIN_COVERAGE) strong++;
      scores.push((meta?.score ?? 0) + (section?.score ?? 0));
      where.push(pi, slot, source);
    }
  });
  let threshold = -Infinity;
  if (scores.length > limit * 4) threshold = Float64Array.from(scores).sort()[scores.length - limit];
  const top = [];
  for (let i = 0; i < scores.length; i++) {
    if (scores[i] < threshold) continue;
    const [pi, slot, source] = [where[3 * i], where[3 * i + 1], where[3 * i + 2]];
    const f = source === 1 ? earlier.finds[pi] : finds[pi];
    const metaMatch = f.meta[slot];
    const sectionMatch = sectionOf(f, slot);
    const mask2 = (metaMatch?.mask ?? 0) | (sectionMatch?.mask ?? 0);
    const coverage = bitCount(mask2) / termCount;
    const meta = f.project.catalogIndex.at(slot);
    const weightedCoverage = weighted(mask2);
    top.push({
      projectId: f.project.projectId,
      meta,
      metaMatch,
      sectionMatch,
      score: scores[i],
      coverage,
      weightedCoverage,
      strong: weightedCoverage >= LOOKUP_MIN_COVERAGE,
      tier: source === 1 ? earlier.tier : tier
    });
  }
  return { strong, top: top.sort(byScore).slice(0, limit) };
}
function toHit(c, terms2) {
  const isMatch = termMatcher(terms2, c.tier === "deep");
  const base = {
    projectId: c.projectId,
    threadId: c.meta.id,
    title: c.meta.title,
    status: statusOf(c.meta),
    score: Math.round(c.score * 100) / 100,
    coverage: c.coverage,
    ...c.similarity !== void 0 ? { similarity: Math.round(c.similarity * 100) / 100 } : {}
  };
  if (c.meaning) {
    const best = c.meaning.best;
    return {
      ...base,
      section: sectionLabel(best),
      field: best.kind === "reason" ? "reason" : "section",
      snippet: c.meaning.snippet(),
      tier: "semantic"
    };
  }
  if (c.sectionMatch) {
    const s = c.sectionMatch;
    return {
      ...base,
      section: sectionLabel(s.best),
      field: s.best.kind === "reason" ? "reason" : "section",
      snippet: sectionSnippet(s, isMatch),
      tier: c.tier
    };
  }
  const m = c.metaMatch;
  if (!m) throw new Error(`search: thread "${c.meta.id}" was found without evidence`);
  return {
    ...base,
    section: FIELD_LABELS[m.field],
    field: m.field,
    snippet: metaSnippet(m, isMatch),
    tier: c.tier === "deep" ? "deep" : "overview"
  };
}
function noticesOf(p) {
  const out = p.takeNotices();
  const problems = p.problems();
  if (problems.length > 0) {
    const shown = problems.slice(0, 3).map((x) => `${x.path}: ${x.reason}`);
    const more = problems.length > 3 ? `; and ${problems.length - 3} more` : "";
    out.push(
      `${problems.length} thread file${problems.length === 1 ? "" : "s"} could not be read and ${problems.length === 1 ? "is" : "are"} not searched: ${shown.join("; ")}${more}.`
    );
  }
  return out;
}
function bitCount(mask2) {
  let n = 0;
  for (let m = mask2; m !== 0; m &= m - 1) n++;
  return n;
}
function statusOf(meta) {
  return meta.status ?? "active";
}
function byScore(a, b) {
  return b.score - a.score || (a.projectId < b.projectId ? -1 : a.projectId > b.projectId ? 1 : 0) || (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0);
}

// src/core/search/format-search.ts
function formatSearchAnswer(answer) {
  const where = answer.scope === "all-projects" ? `all projects (${answer.projects.length})` : `project ${answer.projects[0] ?? "?"}`;
  const lines = [];
  const n = answer.hits.length;
  lines.push(
    n === 0 ? `No thread matches "${answer.query}" in ${where}.` : `${n} thread${n === 1 ? " matches" : "s match"} "${answer.query}" in ${where}:`
  );
  answer.hits.forEach((h, i) => {
    const id = answer.scope === "all-projects" ? `${h.projectId}/${h.threadId}` : h.threadId;
    const found = h.similarity !== void 0 && h.tier !== "semantic" ? `${foundBy(h.tier)} and meaning` : foundBy(h.tier);
    lines.push(`${i + 1}. ${oneLine2(h.title)} (${id}) \xB7 ${statusWord(h.status)} \xB7 ${h.section} \xB7 found ${found}`);
    if (h.snippet !== "") lines.push(`   ${h.snippet}`);
  });
  const last2 = answer.tiers[answer.tiers.length - 1];
  if (last2?.weak && answer.intent !== "deep") lines.push(hintAfter(last2));
  lines.push(...answer.notices.map((x) => `\u26A0 ${x}`));
  return lines.join("\n");
}
function hintAfter(last2) {
  switch (last2.tier) {
    case "overview":
      return "Only ids, titles, branches, paths and headings were searched: intent=lookup searches the summaries.";
    case "lookup":
      return "Only words were matched: intent=semantic (the default) also finds threads that say it in other words.";
    case "semantic":
      return "intent=deep also matches words by their beginning (auth \u2192 authentication) and threads with any one query word.";
    case "deep":
      return "";
    default: {
      const unknown = last2.tier;
      throw new Error(`unknown search tier ${String(unknown)}`);
    }
  }
}
function foundBy(tier) {
  switch (tier) {
    case "overview":
      return "by name";
    case "lookup":
      return "by its words";
    case "semantic":
      return "by meaning";
    case "deep":
      return "by word beginnings";
    default: {
      const unknown = tier;
      throw new Error(`unknown search tier ${String(unknown)}`);
    }
  }
}
function oneLine2(s) {
  return s.replace(/\s*\n\s*/g, " \u23CE ");
}

// src/core/search/store-search-index.ts
var import_node_path20 = require("path");

// src/core/search/project-index.ts
var import_node_fs22 = require("fs");
var import_node_path19 = require("path");
init_errors();
init_content_hash();

// src/core/search/body-index.ts
var BodyIndex = class {
  terms = new TermIndex();
  scratch = new Scratch();
  docThread = [];
  docWeight = [];
  /** thread number → thread id. */
  threadIds = [];
  /** thread number → its slot in the catalog index when last resolved (a hint: check it, slots change when a file does). */
  catalogSlot = [];
  docs = [];
  /** The semantic tier's section vectors: null until that tier first runs, then kept up to date by put and delete. */
  vectors = null;
  current = /* @__PURE__ */ new Map();
  threadNumbers = /* @__PURE__ */ new Map();
  get docCount() {
    return this.docs.length;
  }
  put(threadId, entry) {
    this.delete(threadId);
    const threadNo = this.threadIds.length;
    this.threadIds.push(threadId);
    this.threadNumbers.set(threadId, threadNo);
    this.catalogSlot.push(-1);
    const slots = [];
    for (const doc of entry.docs) {
      const slot = this.docs.length;
      this.docs.push(doc);
      this.docThread[slot] = threadNo;
      this.docWeight[slot] = sectionWeight(doc);
      this.terms.add(slot, terms(doc.text));
      this.vectors?.set(slot, doc.text);
      slots.push(slot);
    }
    this.current.set(threadId, slots);
  }
  delete(threadId) {
    const threadNo = this.threadNumbers.get(threadId);
    if (threadNo !== void 0) this.vectors?.dropTitle(threadNo);
    this.threadNumbers.delete(threadId);
    for (const slot of this.current.get(threadId) ?? []) {
      this.docs[slot] = void 0;
      this.terms.remove(slot);
      this.vectors?.remove(slot);
    }
    this.current.delete(threadId);
  }
  hasSectionVectors(words) {
    return this.vectors !== null && this.vectors.words === words;
  }
  /** The section vectors, computed for every current section on first call (the semantic tier's first run). */
  sectionVectors(words) {
    if (this.vectors && this.vectors.words === words) return this.vectors;
    const vectors = new SectionVectors(words);
    this.docs.forEach((doc, slot) => {
      if (doc) vectors.set(slot, doc.text);
    });
    this.vectors = vectors;
    return vectors;
  }
  doc(slot) {
    return this.docs[slot];
  }
};

// src/core/search/directory-watch.ts
var import_node_fs21 = require("fs");
init_error_details();
var DirectoryWatch = class {
  changed = true;
  watcher = null;
  watchedDir = null;
  /** Why the last start failed (reported by the caller), null when watching works. */
  failure = null;
  get active() {
    return this.watcher !== null;
  }
  /** Starts watching `dir` (again, if it was another directory or the watcher died); false when the platform refuses. */
  start(dir) {
    if (this.watcher && this.watchedDir === dir) return true;
    this.close();
    let watcher;
    try {
      watcher = (0, import_node_fs21.watch)(dir, { persistent: false }, () => {
        this.changed = true;
      });
    } catch (e) {
      this.failure = messageOf(e);
      return false;
    }
    this.failure = null;
    watcher.on("error", () => {
      this.close();
      this.changed = true;
    });
    this.watcher = watcher;
    this.watchedDir = dir;
    this.changed = true;
    return true;
  }
  close() {
    this.watcher?.close();
    this.watcher = null;
    this.watchedDir = null;
    this.changed = true;
  }
};

// src/core/search/index-files.ts
var import_node_path18 = require("path");
init_error_details();
var CATALOG_VERSION = 2;
var BODIES_VERSION = 1;
var CATALOG_FORMAT = "threadmind-search-catalog";
var BODIES_FORMAT = "threadmind-search-bodies";
var MAX_INDEX_FILE_BYTES = 512e6;
function searchCacheDir(storeDir) {
  return (0, import_node_path18.join)(storeDir, "cache", "search");
}
function catalogPath(storeDir, projectId) {
  return (0, import_node_path18.join)(searchCacheDir(storeDir), `${projectId}.catalog.json`);
}
function bodiesPath(storeDir, projectId) {
  return (0, import_node_path18.join)(searchCacheDir(storeDir), `${projectId}.bodies.json`);
}
function readCatalogFile(path) {
  return loadFile(path, CATALOG_FORMAT, CATALOG_VERSION, (key, v) => {
    const e = v;
    if (!isRecord(v) || e.file !== key || typeof e.hash !== "string" || !isStamp(e.stamp)) return null;
    if (e.meta === null)
      return typeof e.problem === "string" ? { file: key, stamp: e.stamp, hash: e.hash, meta: null, problem: e.problem } : null;
    const meta = asMeta(e.meta);
    return meta ? { file: key, stamp: e.stamp, hash: e.hash, meta } : null;
  });
}
function readBodiesFile(path) {
  return loadFile(path, BODIES_FORMAT, BODIES_VERSION, (_key, v) => {
    const e = v;
    if (!isRecord(v) || typeof e.hash !== "string" || !Array.isArray(e.docs)) return null;
    const docs = [];
    for (const d of e.docs) {
      const doc = asDoc(d);
      if (!doc) return null;
      docs.push(doc);
    }
    return { hash: e.hash, docs };
  });
}
async function writeCatalogFile(path, entries) {
  const out = {};
  for (const e of entries) out[e.file] = e;
  await save(path, { format: CATALOG_FORMAT, version: CATALOG_VERSION, entries: out });
}
async function writeBodiesFile(path, entries) {
  await save(path, { format: BODIES_FORMAT, version: BODIES_VERSION, entries: Object.fromEntries(entries) });
}
async function save(path, data) {
  assertNoLinksBelow((0, import_node_path18.join)(path, "..", "..", ".."), path);
  makeDir((0, import_node_path18.join)(path, ".."));
  await writeFileAtomic(path, JSON.stringify(data));
}
function loadFile(path, format, version, validate) {
  const entries = /* @__PURE__ */ new Map();
  let text;
  try {
    text = readTextStrict(path, MAX_INDEX_FILE_BYTES);
  } catch (e) {
    return { entries, problem: messageOf(e) };
  }
  if (text === null) return { entries, problem: null };
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { entries, problem: `${path} is not valid JSON (${e.message})` };
  }
  const d = data;
  if (!isRecord(data) || d.format !== format || !isRecord(d.entries))
    return { entries, problem: `${path} is not a ${format} file` };
  if (d.version !== version) return { entries, problem: `${path} has format version ${String(d.version)}, expected ${version}` };
  for (const [key, value] of Object.entries(d.entries)) {
    const entry = validate(key, value);
    if (entry === null) return { entries: /* @__PURE__ */ new Map(), problem: `${path} has a malformed entry "${key}"` };
    entries.set(key, entry);
  }
  return { entries, problem: null };
}
function isStamp(v) {
  if (!isRecord(v)) return false;
  return ["mtimeMs", "ctimeMs", "size", "ino"].every((k) => typeof v[k] === "number");
}
var isStringList = (v) => Array.isArray(v) && v.every((x) => typeof x === "string");
var optionalString = (v) => v === void 0 || typeof v === "string";
function asMeta(v) {
  if (!isRecord(v)) return null;
  if (typeof v.id !== "string" || typeof v.title !== "string" || typeof v.createdAt !== "string" || typeof v.updatedAt !== "string")
    return null;
  if (v.parentId !== null && typeof v.parentId !== "string") return null;
  if (!isStringList(v.headings)) return null;
  if (v.status !== void 0 && v.status !== "done" && v.status !== "abandoned") return null;
  if (!optionalString(v.branch) || !optionalString(v.mergedInto)) return null;
  if (v.paths !== void 0 && !isStringList(v.paths) || v.related !== void 0 && !isStringList(v.related)) return null;
  const meta = {
    id: v.id,
    title: v.title,
    parentId: v.parentId,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    headings: v.headings
  };
  if (v.status !== void 0) meta.status = v.status;
  if (typeof v.branch === "string") meta.branch = v.branch;
  if (v.paths !== void 0) meta.paths = v.paths;
  if (typeof v.mergedInto === "string") meta.mergedInto = v.mergedInto;
  if (v.related !== void 0) meta.related = v.related;
  return meta;
}
function asDoc(v) {
  if (!isRecord(v)) return null;
  if (v.kind !== "section" && v.kind !== "reason" || typeof v.heading !== "string" || typeof v.text !== "string") return null;
  if (v.key !== null && !SECTION_KEYS.includes(v.key)) return null;
  return { kind: v.kind, key: v.key, heading: v.heading, text: v.text };
}

// src/core/search/index-entries.ts
init_content_hash();
init_errors();
var CLOSING_LINE = /^\s*-\s*(Closed as done|Abandoned)\s*\(\d{4}-\d{2}-\d{2}\):/;
function entryThreadId(file) {
  return file.endsWith("/") ? file.slice(0, -1) : file.slice(0, -3);
}
function entriesFromText(file, stamp, text) {
  const hash = contentHash(text);
  const expectedId = entryThreadId(file);
  let thread;
  try {
    thread = parseThread(text);
  } catch (e) {
    if (e instanceof FrontmatterError) return { catalog: { file, stamp, hash, meta: null, problem: e.message }, body: null };
    throw e;
  }
  if (thread.id !== expectedId) {
    return {
      catalog: {
        file,
        stamp,
        hash,
        meta: null,
        problem: errors.threadIdNotFileName(file, thread.id, expectedId).reason
      },
      body: null
    };
  }
  return entriesFromThread(file, stamp, hash, thread);
}
function entriesFromThread(file, stamp, hash, thread) {
  const parsed2 = parseSummary(thread.summary);
  const meta = {
    id: thread.id,
    title: thread.title,
    parentId: thread.parentId,
    createdAt: thread.createdAt,
    updatedAt: thread.updatedAt,
    headings: parsed2.sections.map((s) => s.heading)
  };
  if (thread.status) meta.status = thread.status;
  if (thread.branch) meta.branch = thread.branch;
  if (thread.paths && thread.paths.length > 0) meta.paths = thread.paths;
  if (thread.mergedInto) meta.mergedInto = thread.mergedInto;
  if (thread.related && thread.related.length > 0) meta.related = thread.related;
  const docs = [];
  const reasons = [];
  if (parsed2.preamble.trim() !== "") docs.push({ kind: "section", key: null, heading: "", text: parsed2.preamble.trim() });
  for (const s of parsed2.sections) {
    let text = s.body;
    if (thread.status && s.key === "decisions") {
      const lines = text.split("\n");
      reasons.push(...lines.filter((l) => CLOSING_LINE.test(l)));
      text = lines.filter((l) => !CLOSING_LINE.test(l)).join("\n");
    }
    if (text.trim() !== "") docs.push({ kind: "section", key: s.key, heading: s.heading, text });
  }
  if (reasons.length > 0) docs.push({ kind: "reason", key: null, heading: "Closing reason", text: reasons.join("\n") });
  return { catalog: { file, stamp, hash, meta }, body: { hash, docs } };
}

// src/core/search/project-index.ts
init_error_details();
var RACY_MS = 2e3;
var ProjectIndex = class {
  constructor(projectId, threadsDir, storeDir) {
    this.projectId = projectId;
    this.threadsDir = threadsDir;
    this.storeDir = storeDir;
  }
  projectId;
  threadsDir;
  storeDir;
  catalog = /* @__PURE__ */ new Map();
  catalogLoaded = false;
  catalogDirty = false;
  meta = new CatalogIndex();
  watch = new DirectoryWatch();
  dirStamp = null;
  racy = /* @__PURE__ */ new Set();
  /** Section texts by thread id; null until the lookup tier first needs them. */
  bodies = null;
  bodyIndex = null;
  bodiesDirty = false;
  /** Body updates (null: removed) waiting for the body layer, which the overview tier never loads. */
  pendingBodies = /* @__PURE__ */ new Map();
  /** Notices for the next answer (a rebuilt index file, no file watching). */
  notices = [];
  filesRead = 0;
  /** The last sweep met thread folders (format 2). */
  hasFolders = false;
  /** Changes to the catalog's entries so far (a thread added, changed or gone): equal counts mean the same catalog. */
  changes = 0;
  get version() {
    return this.changes;
  }
  get catalogIndex() {
    return this.meta;
  }
  /** The body layer (loaded by `loadBodies`), null before. */
  get bodyLayer() {
    return this.bodyIndex;
  }
  /** Brings the catalog up to date with the thread files (see the class comment for how little a warm check costs). */
  async refresh() {
    await new Promise((resolve8) => setImmediate(resolve8));
    await new Promise((resolve8) => setImmediate(resolve8));
    this.filesRead = 0;
    if (!this.catalogLoaded) this.loadCatalogFile();
    const dirStamp = stampOf2(this.threadsDir);
    let swept = false;
    if (dirStamp === null) {
      this.watch.close();
      if (this.catalog.size > 0) for (const file of [...this.catalog.keys()]) this.drop(file);
      this.dirStamp = null;
    } else {
      if (this.dirStamp !== null && dirStamp.ino !== this.dirStamp.ino) this.watch.close();
      if (!this.watch.start(this.threadsDir)) this.noteNoWatch();
      if (this.watch.changed || !this.watch.active || this.hasFolders || !sameStamp(dirStamp, this.dirStamp)) {
        this.watch.changed = false;
        this.sweep();
        this.dirStamp = dirStamp;
        swept = true;
      } else {
        for (const file of [...this.racy]) this.reread(file);
      }
    }
    if (this.catalogDirty) this.catalogDirty = !await this.persist(() => this.saveCatalog());
    return { swept, filesRead: this.filesRead };
  }
  /** Loads the body layer (section texts and their BM25 index), reading only files whose cached sections are out of date. */
  async loadBodies() {
    this.filesRead = 0;
    if (this.bodies === null || this.bodyIndex === null) {
      const loaded3 = readBodiesFile(bodiesPath(this.storeDir, this.projectId));
      if (loaded3.problem)
        this.notices.push(
          `The search index's section texts could not be used (${loaded3.problem}); they were rebuilt from the thread files.`
        );
      this.bodies = /* @__PURE__ */ new Map();
      this.bodyIndex = new BodyIndex();
      for (const entry of this.catalog.values()) {
        if (!entry.meta) continue;
        const cached = loaded3.entries.get(entry.meta.id);
        if (cached && cached.hash === entry.hash && !this.pendingBodies.has(entry.meta.id)) {
          this.bodies.set(entry.meta.id, cached);
          this.bodyIndex.put(entry.meta.id, cached);
        } else if (!this.pendingBodies.has(entry.meta.id)) {
          this.reread(entry.file, true);
        }
      }
      if (loaded3.entries.size !== this.bodies.size || loaded3.problem) this.bodiesDirty = true;
    }
    for (const [id, body] of this.pendingBodies) {
      this.bodiesDirty = true;
      if (body) {
        this.bodies.set(id, body);
        this.bodyIndex.put(id, body);
      } else {
        this.bodies.delete(id);
        this.bodyIndex.delete(id);
      }
    }
    this.pendingBodies.clear();
    if (this.catalogDirty) this.catalogDirty = !await this.persist(() => this.saveCatalog());
    const bodies = this.bodies;
    if (this.bodiesDirty)
      this.bodiesDirty = !await this.persist(() => writeBodiesFile(bodiesPath(this.storeDir, this.projectId), bodies));
    return { filesRead: this.filesRead, index: this.bodyIndex };
  }
  saveCatalog() {
    return writeCatalogFile(catalogPath(this.storeDir, this.projectId), this.catalog.values());
  }
  /**
   * Saves a layer of the index; false when it could not be saved (a cache/ that is read-only, owned by another user, not
   * a directory, or a link, which is never written through): derived data, so the answer stands, with a notice, and
   * the next query tries again.
   */
  async persist(save2) {
    try {
      await save2();
      return true;
    } catch (e) {
      addNotice(
        this.notices,
        `The search index could not be saved (${messageOf(e)}); it is kept in memory and saved once it can be.`
      );
      return false;
    }
  }
  /** Thread files that could not be used, with the reason. */
  problems() {
    const out = [];
    for (const e of this.catalog.values())
      if (e.problem !== void 0) out.push({ path: (0, import_node_path19.join)(this.threadsDir, e.file), reason: e.problem });
    return out;
  }
  takeNotices() {
    const out = this.notices;
    this.notices = [];
    return out;
  }
  close() {
    this.watch.close();
  }
  loadCatalogFile() {
    this.catalogLoaded = true;
    const loaded3 = readCatalogFile(catalogPath(this.storeDir, this.projectId));
    if (loaded3.problem) {
      this.notices.push(`The search index could not be used (${loaded3.problem}); it was rebuilt from the thread files.`);
      this.catalogDirty = true;
    }
    this.catalog = loaded3.entries;
    for (const entry of this.catalog.values()) if (entry.meta) this.meta.put(entry.meta);
  }
  noteNoWatch() {
    const line = `File watching is unavailable for ${this.threadsDir} (${this.watch.failure ?? "unknown reason"}): every search checks each thread file.`;
    addNotice(this.notices, line);
  }
  /** One lstat per file; reads only new files, files whose stamp changed and racy ones; forgets files that are gone. */
  sweep() {
    let names;
    try {
      names = (0, import_node_fs22.readdirSync)(this.threadsDir);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") names = [];
      else throw unreadable(this.threadsDir, reasonOf(e));
    }
    const seen = /* @__PURE__ */ new Set();
    const folders = new Set(names.filter((n) => isValidId(n) && isDirectory((0, import_node_path19.join)(this.threadsDir, n))));
    this.hasFolders = folders.size > 0;
    for (const entry of names) {
      if (isAtomicTempFile(entry)) continue;
      const isFolder = folders.has(entry);
      if (!isFolder && (!entry.endsWith(".md") || folders.has(entry.slice(0, -3)))) continue;
      const name = isFolder ? `${entry}/` : entry;
      const stamp = isFolder ? folderStampOf((0, import_node_path19.join)(this.threadsDir, entry)) : stampOf2((0, import_node_path19.join)(this.threadsDir, name));
      if (stamp === null) continue;
      seen.add(name);
      const previous = this.catalog.get(name);
      if (previous && sameStamp(previous.stamp, stamp) && !this.racy.has(name)) continue;
      this.reread(name, false, stamp);
    }
    for (const file of [...this.catalog.keys()]) if (!seen.has(file)) this.drop(file);
  }
  /**
   * Reads one file and updates its entries. Unchanged content (same hash) only refreshes the stamp. `force` re-parses
   * even then (the body layer lacks its sections).
   */
  reread(file, force = false, knownStamp) {
    if (file.endsWith("/")) {
      this.rereadFolder(file, force, knownStamp);
      return;
    }
    const path = (0, import_node_path19.join)(this.threadsDir, file);
    const stamp = knownStamp ?? stampOf2(path);
    if (stamp === null) {
      this.drop(file);
      return;
    }
    const previous = this.catalog.get(file);
    const id = entryThreadId(file);
    if (!isValidId(id)) {
      this.racy.delete(file);
      this.setEntry({ file, stamp, hash: "", meta: null, problem: "file name is not a valid thread id (lowercase a-z, 0-9, -)" });
      return;
    }
    const readAt2 = Date.now();
    let text;
    try {
      text = readTextStrict(path, LIMITS.threadFileBytes);
    } catch (e) {
      if (!(e instanceof UnreadableFileError)) throw e;
      this.racy.delete(file);
      this.setEntry({ file, stamp, hash: "", meta: null, problem: e.reason });
      return;
    }
    this.filesRead++;
    if (text === null) {
      this.drop(file);
      return;
    }
    if (stamp.mtimeMs >= readAt2 - RACY_MS) this.racy.add(file);
    else this.racy.delete(file);
    const hash = contentHash(text);
    if (previous && previous.hash === hash && !force) {
      if (!sameStamp(previous.stamp, stamp)) {
        previous.stamp = stamp;
        this.catalogDirty = true;
      }
      return;
    }
    const parsed2 = entriesFromText(file, stamp, text);
    this.setEntry(parsed2.catalog);
    this.pendingBodies.set(id, parsed2.body);
  }
  /** A thread folder read as the store reads it (a damaged piece makes a catalog entry with its problem). */
  rereadFolder(file, force, knownStamp) {
    const id = entryThreadId(file);
    const folder = (0, import_node_path19.join)(this.threadsDir, id);
    const stamp = knownStamp ?? folderStampOf(folder);
    if (stamp === null) {
      this.drop(file);
      return;
    }
    const previous = this.catalog.get(file);
    const readAt2 = Date.now();
    let thread;
    let hash;
    try {
      const read = readFolderTexts(folder);
      thread = read === null ? null : assembleFolder(id, read.texts, (rel) => (0, import_node_path19.join)(folder, rel))?.thread ?? null;
      hash = read === null ? "" : contentHash(JSON.stringify([read.texts.head, [...read.texts.items], [...read.texts.members]]));
    } catch (e) {
      if (!(e instanceof UnreadableFileError)) throw e;
      this.racy.delete(file);
      this.setEntry({ file, stamp, hash: "", meta: null, problem: `${e.path}: ${e.reason}` });
      return;
    }
    this.filesRead++;
    if (thread === null) {
      this.drop(file);
      return;
    }
    if (stamp.mtimeMs >= readAt2 - RACY_MS || stamp.ctimeMs >= readAt2 - RACY_MS) this.racy.add(file);
    else this.racy.delete(file);
    if (previous && previous.hash === hash && !force) {
      if (!sameStamp(previous.stamp, stamp)) {
        previous.stamp = stamp;
        this.catalogDirty = true;
      }
      return;
    }
    const parsed2 = entriesFromThread(file, stamp, hash, thread);
    this.setEntry(parsed2.catalog);
    this.pendingBodies.set(id, parsed2.body);
  }
  setEntry(entry) {
    const id = entryThreadId(entry.file);
    this.catalog.set(entry.file, entry);
    this.catalogDirty = true;
    this.changes++;
    if (entry.meta) this.meta.put(entry.meta);
    else {
      this.meta.delete(id);
      if (isValidId(id)) this.pendingBodies.set(id, null);
    }
  }
  drop(file) {
    const entry = this.catalog.get(file);
    this.racy.delete(file);
    if (!entry) return;
    this.catalog.delete(file);
    this.catalogDirty = true;
    this.changes++;
    const id = entryThreadId(file);
    this.meta.delete(id);
    if (isValidId(id)) this.pendingBodies.set(id, null);
  }
};
function stampOf2(path) {
  try {
    const s = (0, import_node_fs22.lstatSync)(path);
    return { mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, size: s.size, ino: s.ino };
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
  }
}
function isDirectory(path) {
  try {
    return (0, import_node_fs22.lstatSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function folderStampOf(folder) {
  const top = stampOf2(folder);
  if (top === null) return null;
  const acc = { mtimeMs: top.mtimeMs, ctimeMs: top.ctimeMs, size: 0, ino: top.ino };
  const add = (path, depth) => {
    let names;
    try {
      names = (0, import_node_fs22.readdirSync)(path);
    } catch {
      return;
    }
    for (const name of names) {
      const child = (0, import_node_path19.join)(path, name);
      let st;
      try {
        st = (0, import_node_fs22.lstatSync)(child);
      } catch {
        continue;
      }
      acc.mtimeMs = Math.max(acc.mtimeMs, st.mtimeMs);
      acc.ctimeMs = Math.max(acc.ctimeMs, st.ctimeMs);
      acc.size += st.size + 1;
      acc.ino = (acc.ino + st.ino) % 2 ** 48;
      if (depth === 0 && st.isDirectory()) add(child, 1);
    }
  };
  add(folder, 0);
  return acc;
}
function sameStamp(a, b) {
  return b !== null && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.size === b.size && a.ino === b.ino;
}

// src/core/search/store-search-index.ts
var StoreSearchIndex = class {
  constructor(storeDir) {
    this.storeDir = storeDir;
  }
  storeDir;
  projects = /* @__PURE__ */ new Map();
  queue = Promise.resolve();
  /** The index of one project (created on first use; its files are read by `refresh`). Ids are validated by the caller. */
  project(projectId) {
    let index = this.projects.get(projectId);
    if (!index) {
      index = new ProjectIndex(projectId, (0, import_node_path20.join)(this.storeDir, "threads", projectId), this.storeDir);
      this.projects.set(projectId, index);
    }
    return index;
  }
  /** Runs `fn` after every earlier call has finished: one search at a time updates the indexes and their files. */
  exclusive(fn) {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => void 0);
    return run;
  }
  close() {
    for (const p of this.projects.values()) p.close();
    this.projects.clear();
  }
};
var shared = /* @__PURE__ */ new Map();
function searchIndexFor(storeDir) {
  let index = shared.get(storeDir);
  if (!index) {
    index = new StoreSearchIndex(storeDir);
    shared.set(storeDir, index);
  }
  return index;
}

// src/core/context/thread-list-view.ts
init_errors();
init_format_count();
var THREAD_LIST_MAX_BYTES = 8 * 1024;
var NEAR_SHOWN = 20;
var RECENT_SHOWN = 15;
var LINE_MAX_CHARS = 300;
var PROBLEMS_NAMED = 5;
function listDerived(threads) {
  const open = [...threads.values()].filter((t) => t.status === void 0);
  open.sort((a, b) => a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0);
  return { shape: buildTree(threads), openByRecency: open };
}
var statusOf2 = (t) => t.status ?? "active";
var bytes = (s) => Buffer.byteLength(s, "utf8");
var plural = (n, one, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;
function threadListText(input, options = {}) {
  const narrowed = options.rootId !== void 0 || options.depth !== void 0 || options.status !== void 0;
  if (!narrowed) {
    const whole = wholeTree(input);
    if (whole !== null) return whole;
    return boundedView(input);
  }
  return narrowedView(input, options);
}
function wholeTree(input) {
  if (input.threads.size > THREAD_LIST_MAX_BYTES / 40) return null;
  const text = renderTree(input.threads, {
    title: input.projectTitle,
    activeId: input.activeId,
    problems: input.problems.map((p) => ({ ...p, threadId: "" })),
    extra: (t) => relatedMark(t, input.threads)
  });
  return bytes(text) <= THREAD_LIST_MAX_BYTES ? text : null;
}
function boundedView(input) {
  const { threads, activeId } = input;
  const derived = input.derived ?? listDerived(threads);
  const shape = derived.shape;
  const shown = /* @__PURE__ */ new Map();
  const notes = [];
  for (let id = activeId; id !== null && !shown.has(id); ) {
    const t = threads.get(id);
    if (!t) break;
    shown.set(id, t);
    id = t.parentId;
  }
  const active = threads.get(activeId);
  const near = (parentId, one, many, skip) => {
    const ids = (shape.children.get(parentId) ?? []).filter((c) => c !== skip);
    for (const id of ids.slice(0, NEAR_SHOWN)) shown.set(id, threads.get(id));
    if (ids.length > NEAR_SHOWN)
      notes.push(
        `(${plural(ids.length - NEAR_SHOWN, `more ${one}`, `more ${many}`)} of the current thread not shown: thread_list with rootId "${parentId}" and depth 1 lists them.)`
      );
  };
  if (active) {
    near(active.id, "child", "children", null);
    if (active.parentId !== null && threads.has(active.parentId)) near(active.parentId, "sibling", "siblings", active.id);
  }
  const tree = treeLines(shown, activeId, threads);
  const recent2 = mostRecentOpen(derived.openByRecency, shown, RECENT_SHOWN);
  const recentLines = recent2.length === 0 ? [] : [
    "",
    "Open threads, most recently updated first:",
    ...recent2.map(
      (t) => `- ${threadLabel(t, { activeId, extra: (x) => relatedMark(x, threads) })}, under ${t.parentId ?? "(none)"}, updated ${t.updatedAt.slice(0, 10)}`
    )
  ];
  for (const t of recent2) shown.set(t.id, t);
  const counts = countByStatus(threads.values());
  const inView = countByStatus(shown.values());
  const rest = {
    total: counts.total - inView.total,
    active: counts.active - inView.active,
    done: counts.done - inView.done,
    abandoned: counts.abandoned - inView.abandoned
  };
  const head = [`Project: ${input.projectTitle} (${plural(threads.size, "thread")}: ${statusCounts(counts)}; a bounded view)`];
  const tail = [
    "",
    `Not shown: ${plural(rest.total, "thread")}${rest.total > 0 ? ` (${statusCounts(rest)})` : ""}. thread_list narrows with rootId (a subtree), depth and status; the thread resources (threadmind://threads/{id}) list every thread.`,
    ...problemLines(input, shape.detached)
  ];
  return fitLines(head, [...tree, ...notes, ...recentLines], tail);
}
function narrowedView(input, options) {
  const { threads, activeId } = input;
  if (options.depth !== void 0 && (!Number.isInteger(options.depth) || options.depth < 0)) {
    throw errors.invalid(`Invalid depth ${String(options.depth)}: use a whole number, 0 or more.`);
  }
  const shape = input.derived?.shape ?? buildTree(threads);
  let rootIds;
  if (options.rootId !== void 0) {
    if (!threads.has(options.rootId)) throw errors.threadNotFound(options.rootId);
    rootIds = [options.rootId];
  } else rootIds = [...shape.roots, ...shape.detached.map((d) => d.id)];
  const depth = options.depth ?? Number.POSITIVE_INFINITY;
  const inScope = [];
  const seen = /* @__PURE__ */ new Set();
  let level = rootIds.filter((id) => !seen.has(id) && seen.add(id));
  for (let d = 0; level.length > 0 && d <= depth; d++) {
    inScope.push(...level);
    const next = [];
    for (const id of level) {
      for (const c of shape.children.get(id) ?? []) {
        if (seen.has(c)) continue;
        next.push(c);
        seen.add(c);
      }
    }
    level = next;
  }
  const matching = options.status === void 0 ? inScope : inScope.filter((id) => statusOf2(threads.get(id)) === options.status);
  const shown = /* @__PURE__ */ new Map();
  for (const id of matching) {
    for (let a = id; a !== null && !shown.has(a); ) {
      const t = threads.get(a);
      if (a === options.rootId) {
        shown.set(a, { ...t, parentId: null });
        break;
      }
      shown.set(a, t);
      a = t.parentId !== null && threads.has(t.parentId) ? t.parentId : null;
    }
  }
  const tree = treeLines(shown, activeId, threads);
  const what = [
    options.rootId !== void 0 ? `the subtree of "${options.rootId}"` : "the whole tree",
    options.depth !== void 0 ? `${plural(options.depth, "level")} deep` : null,
    options.status !== void 0 ? `${options.status} threads` : null
  ].filter((x) => x !== null);
  const head = [
    `Project: ${input.projectTitle} (${what.join(", ")}: ${plural(matching.length, "thread")} of ${plural(threads.size, "thread")})`
  ];
  return fitLines(head, tree, problemLines(input, shape.detached));
}
function treeLines(shown, activeId, threads) {
  return renderTree(shown, { title: "", activeId, problems: [], extra: (t) => relatedMark(t, threads) }).split("\n").slice(1);
}
function mostRecentOpen(openByRecency, shown, limit) {
  const top = [];
  for (const t of openByRecency) {
    if (top.length === limit) break;
    if (!shown.has(t.id)) top.push(t);
  }
  return top;
}
function countByStatus(threads) {
  const c = { total: 0, active: 0, done: 0, abandoned: 0 };
  for (const t of threads) {
    c.total++;
    c[statusOf2(t)]++;
  }
  return c;
}
function statusCounts(c) {
  return `${formatCount(c.active)} open, ${formatCount(c.done)} done, ${formatCount(c.abandoned)} abandoned`;
}
function problemLines(input, detached) {
  const lines = [];
  if (detached.length > 0) {
    lines.push("", `\u26A0 ${plural(detached.length, "detached thread")} (fix their parentId):`);
    for (const d of detached.slice(0, PROBLEMS_NAMED))
      lines.push(
        `  ${threadLabel(input.threads.get(d.id), { activeId: input.activeId })}: ${detachedReason(d, input.threads, input.problems)}`
      );
    if (detached.length > PROBLEMS_NAMED) lines.push(`  \u2026 and ${formatCount(detached.length - PROBLEMS_NAMED)} more`);
  }
  if (input.problems.length > 0) {
    lines.push("", `\u26A0 ${plural(input.problems.length, "thread file")} could not be read (left as they are):`);
    for (const p of input.problems.slice(0, PROBLEMS_NAMED)) lines.push(`  ${p.path}: ${p.reason}`);
    if (input.problems.length > PROBLEMS_NAMED) lines.push(`  \u2026 and ${formatCount(input.problems.length - PROBLEMS_NAMED)} more`);
  }
  return lines;
}
function fitLines(head, body, tail) {
  const clip3 = (l) => l.length > LINE_MAX_CHARS ? `${l.slice(0, LINE_MAX_CHARS - 1)}\u2026` : l;
  const headText = head.map(clip3).join("\n");
  const tailText = tail.map(clip3).join("\n");
  const cutNote2 = (n) => `(\u2026 ${plural(n, "more line")} left out to keep this answer under ${THREAD_LIST_MAX_BYTES / 1024} KB: narrow with rootId, depth or status.)`;
  const budget = THREAD_LIST_MAX_BYTES - bytes(headText) - bytes(tailText) - bytes(cutNote2(body.length)) - 3;
  const kept = [];
  let used = 0;
  for (const line of body.map(clip3)) {
    const size = bytes(line) + 1;
    if (used + size > budget) break;
    kept.push(line);
    used += size;
  }
  if (kept.length < body.length) kept.push(cutNote2(body.length - kept.length));
  return [headText, ...kept, ...tailText === "" ? [] : [tailText]].join("\n");
}

// src/core/context/thread-list-catalog.ts
var CatalogThreadList = class {
  kept = null;
  /** The project's threads as the catalog has them now (no file read or lstat per thread on a warm server). */
  async read(storeDir, projectId) {
    const index = searchIndexFor(storeDir);
    return index.exclusive(async () => {
      const catalog = index.project(projectId);
      await catalog.refresh();
      const kept = this.kept;
      if (kept !== null && kept.projectId === projectId && kept.catalog === catalog && kept.version === catalog.version)
        return kept;
      const threads = /* @__PURE__ */ new Map();
      for (const meta of catalog.catalogIndex.live()) threads.set(meta.id, meta);
      const problems = catalog.problems().map((p) => ({ ...p, threadId: (0, import_node_path21.basename)(p.path).replace(/\.md$/, "") }));
      this.kept = { projectId, catalog, version: catalog.version, threads, derived: listDerived(threads), problems };
      return this.kept;
    });
  }
};

// src/core/store/branch-link-candidates.ts
var import_node_fs23 = require("fs");
var import_node_path22 = require("path");
init_regular_file();
init_error_details();
var HEAD_SEARCH_BYTES = 64 * 1024;
var BRANCH = Buffer.from("branch");
var CLOSING_FENCE = Buffer.from("\n---");
var KEY_LEAD = /* @__PURE__ */ new Set([32, 9, 34, 39, 63]);
var ODD_SYNTAX = [92, 42, 123, 33, 38];
function atKeyPosition(head, at) {
  for (let i = at - 1; i >= 0 && head[i] !== 10; i--) if (!KEY_LEAD.has(head[i])) return false;
  return true;
}
function mayNameABranch(bytes2) {
  if (bytes2 === null) return true;
  const end = bytes2.indexOf(CLOSING_FENCE, 3);
  if (end < 0) return true;
  const head = bytes2.subarray(0, end);
  if (ODD_SYNTAX.some((b) => head.includes(b))) return true;
  for (let at = head.indexOf(BRANCH); at >= 0; at = head.indexOf(BRANCH, at + 1)) if (atKeyPosition(head, at)) return true;
  return false;
}
function headBytes(path, into) {
  try {
    return readFirstBytesInto(path, into);
  } catch {
    return null;
  }
}
function branchLinkCandidates(threadsDir) {
  let entries;
  try {
    entries = (0, import_node_fs23.readdirSync)(threadsDir, { withFileTypes: true });
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return [];
    throw e;
  }
  const ids = /* @__PURE__ */ new Set();
  const buffer = Buffer.allocUnsafe(HEAD_SEARCH_BYTES);
  for (const entry of entries) {
    const id = threadIdOfDirent(entry);
    if (id === null || !isValidId(id) || ids.has(id)) continue;
    const path = `${threadsDir}${import_node_path22.sep}${entry.name}`;
    if (!entry.isFile() && !entry.isDirectory()) ids.add(id);
    else if (mayNameABranch(headBytes(entry.isDirectory() ? `${path}${import_node_path22.sep}${HEAD_FILE}` : path, buffer))) ids.add(id);
  }
  return [...ids].sort();
}

// src/core/linked-thread-memo.ts
var LinkedThreadMemo = class _LinkedThreadMemo {
  known = /* @__PURE__ */ new Map();
  static key(projectId, branch) {
    return `${projectId}\0${branch}`;
  }
  remember(projectId, branch, threadId) {
    this.known.set(_LinkedThreadMemo.key(projectId, branch), threadId);
  }
  forget(projectId, branch) {
    this.known.delete(_LinkedThreadMemo.key(projectId, branch));
  }
  /** The thread to check first, if one was seen; undefined otherwise. */
  candidate(projectId, branch) {
    return this.known.get(_LinkedThreadMemo.key(projectId, branch));
  }
};

// src/core/store/migrate-v04.ts
var import_node_fs24 = require("fs");
var import_node_path23 = require("path");
init_errors();
async function migrateV04IfNeeded(store, author) {
  const treesDir = (0, import_node_path23.join)(store.dir, "trees");
  if (!(0, import_node_fs24.existsSync)(treesDir)) return null;
  const stat = (0, import_node_fs24.lstatSync)(treesDir);
  if (stat.isSymbolicLink()) throw linkRefused(treesDir);
  if (!stat.isDirectory()) throw unreadable(treesDir, "is not a directory, as the 0.4 layout's trees/ is");
  const report = { projects: [], removed: [], notes: [], text: "" };
  const me = await author();
  const plans = [];
  for (const name of (0, import_node_fs24.readdirSync)(treesDir).sort()) {
    if (!name.endsWith(".json")) continue;
    const projectId = name.slice(0, -5);
    const treePath = (0, import_node_path23.join)(treesDir, name);
    if (!isValidId(projectId))
      throw new ThreadMindError(
        "unreadable",
        `Cannot migrate ${treePath}: "${projectId}" is not a valid project id. Nothing was changed.`
      );
    const nodes = readTree(treePath);
    const threadsDir = store.threadsDir(projectId);
    let parentsFromTree = 0;
    let rewritten = 0;
    const files = (0, import_node_fs24.existsSync)(threadsDir) ? (0, import_node_fs24.readdirSync)(threadsDir).filter((f) => f.endsWith(".md")).sort() : [];
    const threads = [];
    for (const file of files) {
      const id = file.slice(0, -3);
      const path = (0, import_node_path23.join)(threadsDir, file);
      if (!isValidId(id))
        throw new ThreadMindError(
          "unreadable",
          `Cannot migrate ${path}: "${id}" is not a valid thread id; rename the file (and its id in trees/${name}). Nothing was changed.`
        );
      const text = readTextStrict(path, LIMITS.threadFileBytes);
      if (text === null) continue;
      const { thread, naive } = parseOldThread(path, id, text, me);
      const node = ownEntry(nodes, id);
      if (node !== void 0) {
        if (node.parentId !== thread.parentId) parentsFromTree++;
        thread.parentId = node.parentId;
      }
      if (naive || node !== void 0) rewritten++;
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
          `trees/${name} listed "${id}" but threads/${projectId}/${id}.md does not exist: nothing to migrate for it.`
        );
    }
    plans.push({ projectId, treePath, threads, parentsFromTree, rewritten });
  }
  store.ensureLayout();
  for (const plan of plans) {
    for (const t of plan.threads) store.writeLegacyThread(plan.projectId, t);
    (0, import_node_fs24.rmSync)(plan.treePath);
    report.removed.push(plan.treePath);
    report.projects.push({
      id: plan.projectId,
      threads: plan.threads.length,
      parentsFromTree: plan.parentsFromTree,
      rewritten: plan.rewritten
    });
  }
  if ((0, import_node_fs24.readdirSync)(treesDir).length === 0) (0, import_node_fs24.rmdirSync)(treesDir);
  if ((0, import_node_fs24.existsSync)((0, import_node_path23.join)(store.dir, "stats"))) {
    report.notes.push("stats/ (0.4 statistics) was left as it is; 0.5 measures sessions from Claude Code's transcripts instead.");
  }
  const lines = [
    "ThreadMind upgraded this store from the 0.4 layout:",
    ...report.projects.map(
      (p) => `- project "${p.id}": ${p.threads} thread file${p.threads === 1 ? "" : "s"} now carry their parentId (${p.rewritten} rewritten); every summary kept`
    ),
    ...report.removed.map((r) => `- removed ${r} (the tree is now derived from the thread files)`),
    ...report.notes.map((n) => `- ${n}`)
  ];
  report.text = lines.join("\n");
  return report;
}
function readTree(path) {
  let data;
  const text = readTextStrict(path, LIMITS.threadFileBytes);
  if (text === null) throw errors.migrationFileGone(path);
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ThreadMindError(
      "unreadable",
      `Cannot migrate ${path}: invalid JSON (${e.message}). Nothing was changed.`
    );
  }
  const nodes = data?.nodes;
  if (typeof nodes !== "object" || nodes === null)
    throw new ThreadMindError("unreadable", `Cannot migrate ${path}: no "nodes" object. Nothing was changed.`);
  const out = {};
  for (const [id, node] of Object.entries(nodes)) {
    const parent = node?.parentId;
    if (!isValidId(id))
      throw new ThreadMindError(
        "unreadable",
        `Cannot migrate ${path}: node id ${JSON.stringify(id)} is not a valid id. Nothing was changed.`
      );
    if (parent !== null && parent !== void 0 && parent !== "null" && !isValidId(parent)) {
      throw new ThreadMindError(
        "unreadable",
        `Cannot migrate ${path}: parentId of "${id}" is not a valid id. Nothing was changed.`
      );
    }
    out[id] = { parentId: typeof parent === "string" && parent !== "null" ? parent : null };
  }
  return out;
}
function parseOldThread(path, id, text, author) {
  try {
    const thread2 = parseThread(text);
    if (thread2.id === id && serializeThread(thread2) === text) return { thread: thread2, naive: false };
  } catch (e) {
    if (!(e instanceof FrontmatterError)) throw e;
  }
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw new ThreadMindError("unreadable", `Cannot migrate ${path}: no '---' frontmatter block. Nothing was changed.`);
  const fields = {};
  for (const line of match[1].split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at <= 0) continue;
    fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  const mtime = (0, import_node_fs24.statSync)(path).mtime.toISOString();
  const status = fields.status === "done" || fields.status === "abandoned" ? fields.status : void 0;
  const parent = fields.parentId && fields.parentId !== "null" && isValidId(fields.parentId) ? fields.parentId : null;
  const thread = {
    id,
    title: fields.title || id,
    parentId: parent,
    author: fields.author && fields.author !== "null" ? fields.author : author,
    createdAt: fields.createdAt && fields.createdAt !== "null" ? fields.createdAt : mtime,
    updatedAt: fields.updatedAt && fields.updatedAt !== "null" ? fields.updatedAt : mtime,
    summary: match[2].replace(/^\r?\n/, "").replace(/\s+$/, "")
  };
  if (status) thread.status = status;
  return { thread, naive: true };
}

// src/core/store/migrate-v04-active-thread.ts
async function carryOverActiveThread(store, branch, updateState, report) {
  await updateState((state) => {
    const legacy = state.legacyActiveThread;
    delete state.legacyActiveThread;
    if (!legacy || !branch || !store.threadExists(legacy.projectId, legacy.threadId)) return;
    state.branches[branch] = { ...state.branches[branch] ?? {}, [legacy.projectId]: legacy.threadId };
    const line = `- the 0.4 active thread "${legacy.threadId}" is where new sessions on branch ${branch} start`;
    report.text += `
${line}`;
  });
}

// src/core/thread-history.ts
var import_node_path24 = require("path");
init_errors();
var HISTORY_LIMIT = { min: 1, max: 50, default: 10 };
var ITEMS_SHOWN = 8;
var ITEM_CHARS = 140;
function checkHistoryLimit(limit) {
  const n = limit ?? HISTORY_LIMIT.default;
  if (!Number.isInteger(n) || n < HISTORY_LIMIT.min || n > HISTORY_LIMIT.max) {
    throw errors.invalid(
      `The history limit must be a whole number from ${HISTORY_LIMIT.min} to ${HISTORY_LIMIT.max}, not ${String(limit)}.`
    );
  }
  return n;
}
async function threadHistory(req) {
  const limit = checkHistoryLimit(req.limit);
  if (req.gitTop === null) {
    if (req.workingText === null) throw errors.threadNotFound(req.threadId);
    return {
      threadId: req.threadId,
      path: req.file,
      gitAvailable: false,
      message: `No history for thread "${req.threadId}": this workspace is not in a git repository. ThreadMind's history is git's: commit .threadmind/ in a repository to get it.`,
      entries: [],
      truncated: false,
      limit
    };
  }
  const top = req.gitTop;
  const path = (0, import_node_path24.relative)(top, req.file).split(import_node_path24.sep).join("/");
  const head = await headCommit(top);
  const headText = head === null ? null : await blobAtHead(top, path);
  const entries = [];
  if (req.workingText !== headText) {
    entries.push({ commit: null, author: null, date: null, subject: null, ...compare(headText, req.workingText) });
  }
  const wanted = limit - entries.length;
  const commits = head === null || wanted === 0 ? [] : await commitVersions(top, path, wanted + 1);
  if (entries.length === 0 && commits.length === 0 && req.workingText === null) throw errors.threadNotFound(req.threadId);
  const truncated = commits.length > wanted || wanted === 0 && head !== null && (await commitVersions(top, path, 1)).length > 0;
  entries.push(...commits.slice(0, wanted));
  const history = { threadId: req.threadId, path, gitAvailable: true, entries, truncated, limit };
  if (commits.length === 0 && !truncated)
    history.message = `Thread "${req.threadId}" has never been committed (${path}): only uncommitted changes are shown.`;
  return history;
}
async function blobAtHead(top, path) {
  const blob = await gitMaybe(top, ["rev-parse", "--verify", "-q", `HEAD:${path}`]);
  return blob ? git(top, ["cat-file", "blob", blob]) : null;
}
var RECORD = "";
var FIELD = "";
async function commitVersions(top, path, max, from = []) {
  return (await commitPatches(top, path, max, from)).map(({ patch, ...commit }) => {
    const { before, after: after2 } = sidesOfPatch(patch, commit.commit);
    return { ...commit, ...compare(before, after2) };
  });
}
async function commitPatches(top, path, max, from = []) {
  const commits = (await git(top, ["log", "--format=%H", `-n${max}`, ...from, "--", `:(literal)${path}`])).split("\n").filter((l) => l !== "");
  return patchesOf(top, path, commits);
}
async function patchesOf(top, path, commits) {
  if (commits.length === 0) return [];
  const pathspec = `:(literal)${path}`;
  const out = await git(top, [
    "log",
    "--no-walk=unsorted",
    `--format=${RECORD}%H${FIELD}%an${FIELD}%aI${FIELD}%s`,
    "-p",
    "--unified=1000000000",
    "--diff-merges=first-parent",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    "--no-renames",
    ...commits,
    "--",
    pathspec
  ]);
  return out.split(RECORD).slice(1).map((record2) => {
    const newline = record2.indexOf("\n");
    const header = newline === -1 ? record2 : record2.slice(0, newline);
    const [commit, author, date, subject] = header.split(FIELD);
    return { commit, author, date, subject, patch: newline === -1 ? "" : record2.slice(newline + 1) };
  });
}
function sidesOfPatch(patch, commit) {
  const lines = patch.split("\n");
  let before = [];
  let after2 = [];
  let inHunk = false;
  let sawPatch = false;
  let endsWithNewline = { before: true, after: true };
  let last2 = "both";
  for (const line of lines) {
    if (!inHunk) {
      if (line.startsWith("diff --git ")) sawPatch = true;
      else if (line === "--- /dev/null") before = null;
      else if (line === "+++ /dev/null") after2 = null;
      else if (line.startsWith("Binary files ")) throw new Error(`git log shows ${commit} as a binary change of a thread file`);
      else if (line.startsWith("@@ ")) inHunk = true;
      continue;
    }
    if (line.startsWith("@@ ")) continue;
    const body = line.slice(1);
    switch (line[0]) {
      case " ":
        before?.push(body);
        after2?.push(body);
        last2 = "both";
        break;
      case "-":
        before?.push(body);
        last2 = "before";
        break;
      case "+":
        after2?.push(body);
        last2 = "after";
        break;
      case "\\":
        if (last2 === "before" || last2 === "both") endsWithNewline = { ...endsWithNewline, before: false };
        if (last2 === "after" || last2 === "both") endsWithNewline = { ...endsWithNewline, after: false };
        break;
      case void 0:
        break;
      // the blank line that ends the output
      default:
        throw new Error(`Unexpected line in the patch of ${commit}: ${JSON.stringify(line.slice(0, 80))}`);
    }
  }
  if (!sawPatch) {
    return { before: "", after: "" };
  }
  const join38 = (side, newline) => side === null ? null : side.join("\n") + (side.length > 0 && newline ? "\n" : "");
  return { before: join38(before, endsWithNewline.before), after: join38(after2, endsWithNewline.after) };
}
function compare(before, after2) {
  const change = before === null ? "created" : after2 === null ? "deleted" : "modified";
  const parse = (text, which) => {
    if (text === null || text === "") return null;
    try {
      return parseThread(text);
    } catch (e) {
      if (e instanceof FrontmatterError) return `the ${which} version could not be parsed: ${e.message}`;
      throw e;
    }
  };
  const old = parse(before, "previous");
  const now = parse(after2, "new");
  if (typeof old === "string" || typeof now === "string") {
    return { change, meta: [], sections: [], problem: typeof now === "string" ? now : old };
  }
  return { change, meta: metaChanges(old, now), sections: sectionChanges(old?.summary ?? "", now?.summary ?? "") };
}
function headChanges(old, now) {
  const out = [];
  const scalar = (label, a, b, none) => {
    if ((a ?? null) !== (b ?? null)) out.push(`${label}: ${a ?? none} \u2192 ${b ?? none}`);
  };
  scalar("title", old.title, now.title, "\u2014");
  scalar("parent", old.parentId, now.parentId, "none");
  scalar("status", statusWord(old.status ?? "active"), statusWord(now.status ?? "active"), "open");
  scalar("branch", old.branch, now.branch, "none");
  scalar("merged into", old.mergedInto, now.mergedInto, "none");
  return out;
}
function metaChanges(old, now) {
  if (old === null || now === null) return [];
  const out = headChanges(old, now);
  const list = (label, a, b) => {
    const added = (b ?? []).filter((x) => !(a ?? []).includes(x));
    const removed = (a ?? []).filter((x) => !(b ?? []).includes(x));
    if (added.length + removed.length > 0)
      out.push(`${label}: ${[...added.map((x) => `+ ${x}`), ...removed.map((x) => `\u2212 ${x}`)].join(", ")}`);
  };
  list("related", old.related, now.related);
  list("paths", old.paths, now.paths);
  return out;
}
function sectionChanges(before, after2) {
  const a = sectionLines(before);
  const b = sectionLines(after2);
  const names = [.../* @__PURE__ */ new Set([...a.keys(), ...b.keys()])].sort((x, y) => rank(x) - rank(y));
  const out = [];
  for (const name of names) {
    const { added, removed } = multisetDiff(a.get(name) ?? [], b.get(name) ?? []);
    if (added.length + removed.length > 0) out.push({ section: name, added, removed });
  }
  return out;
}
function sectionLines(summary) {
  const parsed2 = parseSummary(summary);
  const out = /* @__PURE__ */ new Map();
  const add = (name, text) => {
    const lines = text.split("\n").map((l) => l.trim()).filter((l) => l !== "");
    out.set(name, [...out.get(name) ?? [], ...lines]);
  };
  if (parsed2.preamble.trim() !== "") add("Summary", parsed2.preamble);
  for (const s of parsed2.sections) add(s.key ? SECTION_HEADINGS[s.key] : s.heading, s.body);
  return out;
}
function rank(name) {
  const i = SECTION_KEYS.findIndex((k) => SECTION_HEADINGS[k] === name);
  return name === "Summary" ? -1 : i === -1 ? SECTION_KEYS.length : i;
}
function multisetDiff(before, after2) {
  const count2 = /* @__PURE__ */ new Map();
  for (const l of before) count2.set(l, (count2.get(l) ?? 0) + 1);
  const added = [];
  for (const l of after2) {
    const n = count2.get(l) ?? 0;
    if (n > 0) count2.set(l, n - 1);
    else added.push(l);
  }
  const removed = [];
  const left = new Map(count2);
  for (const l of before) {
    const n = left.get(l) ?? 0;
    if (n > 0) {
      removed.push(l);
      left.set(l, n - 1);
    }
  }
  return { added, removed };
}
function formatThreadHistory(h, title) {
  const name = title ? `"${title.replace(/\s*\n\s*/g, " ")}" (${h.threadId})` : `"${h.threadId}"`;
  if (!h.gitAvailable) return h.message ?? `No history for ${name}.`;
  const lines = [
    `History of ${name}, ${h.path}, newest first: ${h.entries.length} version${h.entries.length === 1 ? "" : "s"}${h.truncated ? ` (older ones left out; limit ${h.limit})` : ""}.`
  ];
  if (h.message) lines.push(h.message);
  for (const e of h.entries) {
    const what = e.change === "modified" ? "" : ` (${e.change})`;
    lines.push(
      e.commit === null ? `\u25CF Uncommitted changes${what}` : `\u25CF ${e.date?.slice(0, 10)} ${e.commit.slice(0, 8)} ${e.author} \u2014 ${e.subject}${what}`
    );
    if (e.problem) lines.push(`  \u26A0 ${e.problem}`);
    for (const m of e.meta) lines.push(`  ${m}`);
    for (const s of e.sections) {
      const items = [...s.added.map((x) => `+ ${clip2(x)}`), ...s.removed.map((x) => `\u2212 ${clip2(x)}`)];
      const more = items.length > ITEMS_SHOWN ? ` (and ${items.length - ITEMS_SHOWN} more)` : "";
      lines.push(`  ${s.section}: ${items.slice(0, ITEMS_SHOWN).join(" | ")}${more}`);
    }
    if (!e.problem && e.meta.length === 0 && e.sections.length === 0) lines.push("  (no change to the summary or its metadata)");
  }
  return lines.join("\n");
}
function clip2(s) {
  return s.length <= ITEM_CHARS ? s : `${s.slice(0, ITEM_CHARS - 1)}\u2026`;
}
async function threadFileHistory(req) {
  const workingText = readTextStrict(req.file, LIMITS.threadFileBytes);
  const history = await threadHistory({ ...req, workingText });
  let title = null;
  if (workingText !== null) {
    try {
      title = parseThread(workingText).title;
    } catch (e) {
      if (!(e instanceof FrontmatterError)) throw e;
    }
  }
  return { ...history, text: formatThreadHistory(history, title) };
}

// src/core/measure/measurement-recording.ts
var import_node_fs26 = require("fs");
init_measurement_log();

// src/core/measure/measurement-log-rotate.ts
var import_node_fs25 = require("fs");
var import_node_path25 = require("path");
init_error_details();
init_measurement_log();
function rotateMeasurementLogIfFull(storeDir, pause2) {
  const path = measurementLogPath(storeDir);
  const size = openLog(path, (_fd, bytes2) => bytes2);
  if (size === null || size <= LOG_ROTATE_BYTES) return false;
  const fence = lockFence((0, import_node_path25.join)(storeDir, ".lock"));
  if (fence === null) {
    (0, import_node_fs25.renameSync)(path, previousMeasurementLogPath(storeDir));
    return true;
  }
  fence.check();
  pause2?.("checked");
  const linked = atomicTempPath(path, fence.tempDir);
  if (!fencedStep(fence.check, () => (0, import_node_fs25.linkSync)(path, linked))) return false;
  pause2?.("linked");
  fencedStep(fence.check, () => (0, import_node_fs25.renameSync)(linked, previousMeasurementLogPath(storeDir)));
  pause2?.("kept");
  const grave = atomicTempPath(path, fence.tempDir);
  if (fencedStep(fence.check, () => (0, import_node_fs25.renameSync)(path, grave))) (0, import_node_fs25.rmSync)(grave, { force: true });
  return true;
}
function fencedStep(check, step) {
  try {
    step();
    return true;
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    check();
    return false;
  }
}

// src/core/measure/measurement-recording.ts
init_error_details();
async function recordMeasurementEvents(store, events) {
  store.exists();
  if (!(0, import_node_fs26.existsSync)(measurementLogPath(store.dir))) store.ensureIgnored();
  const size = appendMeasurementEvents(store.dir, events);
  if (size > LOG_ROTATE_BYTES) await rotateMeasurementLogLocked(store);
}
async function rotateMeasurementLogLocked(store) {
  try {
    await store.locked(async () => void rotateMeasurementLogIfFull(store.dir));
  } catch (e) {
    if (!(e instanceof LockTimeoutError)) throw e;
  }
}
async function logSummaryWrite(store, notices, instance, write) {
  const { projectId, threadId, via } = write;
  try {
    await recordMeasurementEvents(store, [
      { kind: "summaryWrite", at: nextTimestamp(), sessionId: null, instance, projectId, threadId, via }
    ]);
  } catch (e) {
    addNotice(
      notices,
      `ThreadMind wrote the summary of "${threadId}" but could not log the write (${messageOf(e)}); the freshness figure misses it.`
    );
  }
}

// src/core/thread-choice.ts
function chooseProjectId(ids, state, sessionKey, followed = () => null) {
  const exists = (id) => id !== void 0 && ids.includes(id);
  const own = state.sessions[sessionKey]?.projectId;
  if (exists(own)) return own;
  if (ids.length === 1) return ids[0];
  const last2 = followed()?.projectId;
  if (exists(last2)) return last2;
  return exists(state.lastProjectId) ? state.lastProjectId : null;
}
function sessionChoice(state, sessionKey, projectId) {
  const persisted = state.sessions[sessionKey];
  return persisted?.projectId === projectId && persisted.threadId ? persisted.threadId : null;
}
function* ownThreadCandidates(state, sessionKey, projectId, followed) {
  const own = sessionChoice(state, sessionKey, projectId);
  if (own !== null) yield own;
  const last2 = followed();
  if (last2 !== null && last2.projectId === projectId) yield last2.threadId;
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

// src/core/services.ts
init_measurement_log_read();

// src/core/recall/path-match.ts
function slashed(path) {
  const s = path.replace(/\\/g, "/");
  return /^[A-Za-z]:\//.test(s) ? s[0].toLowerCase() + s.slice(1) : s;
}
function isAbsolute(p) {
  return p.startsWith("/") || /^[a-z]:\//.test(p);
}
function normalized(p) {
  const drive = /^[a-z]:\//.test(p) ? p.slice(0, 2) : "";
  const rest = drive === "" ? p : p.slice(2);
  const out = [];
  for (const seg of rest.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  return `${drive}/${out.join("/")}`;
}
function repoRelative(filePath, cwd, root) {
  const rel = rootRelative(filePath, cwd, root);
  return rel === "" ? null : rel;
}
function rootRelative(filePath, cwd, root) {
  if (filePath === "" || filePath.includes("\0")) return null;
  const file = slashed(filePath);
  const abs = normalized(isAbsolute(file) ? file : `${slashed(cwd)}/${file}`);
  const top = normalized(slashed(root));
  if (abs === null || top === null) return null;
  if (abs === top) return "";
  const prefix = top.endsWith("/") ? top : `${top}/`;
  return abs.startsWith(prefix) ? abs.slice(prefix.length) : null;
}
function patternOf(path) {
  let p = slashed(path.trim());
  while (p.startsWith("./")) p = p.slice(2);
  while (p.endsWith("/")) p = p.slice(0, -1);
  return p === "." ? "" : p;
}
var GLOB_CHARS = /[*?[]/;
function segmentMatches(seg, name) {
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
    if (c !== void 0) {
      const step = oneChar(seg, s, name[n]);
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
function oneChar(seg, s, ch) {
  const c = seg[s];
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
          if (ch >= seg[i] && ch <= seg[i + 2]) hit = true;
          i += 2;
        } else if (seg[i] === ch) hit = true;
      }
      return hit !== negate ? close - s + 1 : 0;
    }
  }
  return c === ch ? 1 : 0;
}
function globMatches(pattern, file) {
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
    if (p < ps.length && segmentMatches(ps[p], fs[f])) {
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
function matchPath(path, file, normalized2 = false) {
  const pattern = normalized2 ? path : patternOf(path);
  if (GLOB_CHARS.test(pattern)) {
    if (!globMatches(pattern, file) && !globMatches(`${pattern}/**`, file)) return null;
    return { pattern: path, kind: "glob", score: 2e6 + pattern.replace(/[*?[\]]/g, "").length };
  }
  if (pattern === file) return { pattern: path, kind: "exact", score: 3e6 };
  if (pattern === "" || file.startsWith(`${pattern}/`)) {
    return { pattern: path, kind: "directory", score: 1e6 + (pattern === "" ? 0 : pattern.split("/").length) };
  }
  return null;
}
function nearestMatch(paths, file, normalized2 = false) {
  let best = null;
  for (const path of paths) {
    const m = matchPath(path, file, normalized2);
    if (m !== null && (best === null || m.score > best.score)) best = m;
  }
  return best;
}

// src/core/recall/changed-files.ts
function changedFilesSince(events, projectId, threadId) {
  let from = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === "summaryWrite" && e.projectId === projectId && e.threadId === threadId) {
      from = i + 1;
      break;
    }
  }
  const files = [];
  const seen = /* @__PURE__ */ new Set();
  for (let i = events.length - 1; i >= from; i--) {
    const e = events[i];
    if (e.kind === "fileEdit" && !seen.has(e.file)) {
      seen.add(e.file);
      files.push(e.file);
    }
  }
  return files;
}
function joinChangedPaths(existing, changed) {
  const added = changed.filter((f) => f.length <= LIMITS.pathChars && nearestMatch(existing, f) === null);
  const paths = [...added, ...existing].slice(0, LIMITS.pathsCount);
  return { paths, added: added.filter((f) => paths.includes(f)) };
}

// src/core/thread-folder-history.ts
var import_node_path28 = require("path");

// src/core/git/committed-thread.ts
var import_node_path27 = require("path");
function fileHasConflictMarkers(path) {
  try {
    const text = readTextStrict(path, LIMITS.threadFileBytes);
    return text !== null && hasConflictMarkers(text);
  } catch {
    return false;
  }
}
async function committedThread(gitTop, folder, legacyPath, id) {
  if (gitTop === null) return null;
  const relFolder = gitPath(gitTop, folder);
  if (relFolder.startsWith("..")) return null;
  const listed = await gitMaybe(gitTop, ["ls-tree", "-r", "-z", "--name-only", "HEAD", "--", `${relFolder}/`]);
  if (listed !== null && listed !== "") return committedFolder(gitTop, relFolder, listed, id);
  return committedFile(gitTop, legacyPath, id);
}
async function committedFolder(gitTop, relFolder, listed, id) {
  const texts = { head: null, items: /* @__PURE__ */ new Map(), members: /* @__PURE__ */ new Map() };
  const names = listed.split("\0").filter((n) => n !== "");
  if (names.length > LIMITS.sectionItems * 6) return null;
  for (const name of names) {
    const rel = name.slice(relFolder.length + 1);
    const parts = rel.split("/");
    const text = await gitMaybe(gitTop, ["show", `HEAD:${name}`]);
    if (text === null || text.length > LIMITS.threadFileBytes) return null;
    if (rel === HEAD_FILE) texts.head = `${text}
`;
    else if (parts.length === 2 && isSectionDir(parts[0]) && parts[1].endsWith(".md")) texts.items.set(rel, `${text}
`);
    else if (parts.length === 2 && SET_DIRS.includes(parts[0])) texts.members.set(rel, text);
  }
  try {
    return assembleFolder(id, texts, (rel) => `HEAD:${relFolder}/${rel}`)?.thread ?? null;
  } catch {
    return null;
  }
}
async function committedFile(gitTop, path, id) {
  const rel = gitPath(gitTop, path);
  if (rel.startsWith("..")) return null;
  const text = await gitMaybe(gitTop, ["show", `HEAD:${rel}`]);
  if (text === null || text.length > LIMITS.threadFileBytes) return null;
  try {
    const thread = parseThread(`${text}
`);
    return thread.id === id ? thread : null;
  } catch {
    return null;
  }
}
function conflictNotice(root, path) {
  const file = (0, import_node_path27.relative)(root, path) || path;
  return `_\u26A0 ${file} is in conflict (a merge left it unresolved), so its last committed version is loaded; fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal), or edit between the <<<<<<< and >>>>>>> markers. Updates to this thread are refused until then._`;
}

// src/core/thread-folder-history.ts
init_errors();
async function threadFolderHistory(req) {
  const limit = checkHistoryLimit(req.limit);
  const title = req.working?.title ?? null;
  if (req.gitTop === null) {
    if (req.working === null) throw errors.threadNotFound(req.threadId);
    const h = {
      threadId: req.threadId,
      path: req.folder,
      gitAvailable: false,
      message: `No history for thread "${req.threadId}": this workspace is not in a git repository. ThreadMind's history is git's: commit .threadmind/ in a repository to get it.`,
      entries: [],
      truncated: false,
      limit
    };
    return { ...h, text: formatThreadHistory(h, title) };
  }
  const top = req.gitTop;
  const path = `${(0, import_node_path28.relative)(top, req.folder).split(import_node_path28.sep).join("/")}/`;
  const head = await headCommit(top);
  const atHead = head === null ? null : await committedThread(top, req.folder, req.legacyPath, req.threadId);
  const entries = [];
  if (JSON.stringify(atHead) !== JSON.stringify(req.working)) {
    const change = atHead === null ? "created" : req.working === null ? "deleted" : "modified";
    entries.push({
      commit: null,
      author: null,
      date: null,
      subject: null,
      change,
      meta: metaChanges(atHead, req.working),
      sections: sectionChanges(atHead?.summary ?? "", req.working?.summary ?? "")
    });
  }
  const wanted = limit - entries.length;
  const commits = head === null || wanted === 0 ? [] : await folderVersions(top, path, wanted + 1);
  const legacy = gitPath(top, req.legacyPath);
  const moves = await settleMoves(top, commits, legacy);
  if (head !== null && wanted > 0 && commits.length <= wanted && (moves.length > 0 || commits.length === 0)) {
    const seen = new Set(commits.map((c) => c.commit));
    const older = await commitVersions(top, legacy, wanted + 1 - commits.length + moves.length, moves);
    commits.push(...older.filter((c) => !seen.has(c.commit)).slice(0, wanted + 1 - commits.length));
  }
  if (entries.length === 0 && commits.length === 0 && req.working === null) throw errors.threadNotFound(req.threadId);
  const truncated = commits.length > wanted || wanted === 0 && head !== null && (await folderVersions(top, path, 1)).length > 0;
  entries.push(...commits.slice(0, wanted));
  const history = { threadId: req.threadId, path, gitAvailable: true, entries, truncated, limit };
  if (commits.length === 0 && !truncated)
    history.message = `Thread "${req.threadId}" has never been committed (${path}): only uncommitted changes are shown.`;
  return { ...history, text: formatThreadHistory(history, title) };
}
async function folderVersions(top, folder, max) {
  const kept = [];
  const page = Math.max(max, 50);
  for (let skip = 0; kept.length < max; skip += page) {
    const listed = await folderCommits(top, folder, page, skip);
    kept.push(...listed.filter((c) => c.own === null || c.own.size > 0).slice(0, max - kept.length));
    if (listed.length < page) break;
  }
  const own = new Map(kept.map((c) => [c.commit, c.own]));
  const out = [];
  for (const { patch, ...commit } of await patchesOf(
    top,
    folder,
    kept.map((c) => c.commit)
  )) {
    const { sides, named, ...changes } = commitChanges(patch, commit.commit, folder, own.get(commit.commit) ?? null);
    for (const { file, gone } of named) {
      const blocks = await committedBlocks(top, commit.commit, `${folder}${file}`);
      const side = sideOf(sides, SECTION_HEADINGS[file.split("/")[0]]);
      (gone ? side.before : side.after).push(...blocks);
    }
    const order = (n) => SECTION_KEYS.findIndex((k) => SECTION_HEADINGS[k] === n);
    const sections = [...sides].map(([section, d]) => ({ section, ...multisetDiff(d.before, d.after) })).filter((d) => d.added.length + d.removed.length > 0).sort((a, b) => order(a.section) - order(b.section));
    out.push({ ...commit, ...changes, sections });
  }
  return out;
}
async function committedBlocks(top, commit, path) {
  try {
    return parseItem(await committedText(top, `${commit}:${path}`, LIMITS.itemFileBytes)).blocks;
  } catch (e) {
    if (e instanceof FrontmatterError) return [];
    throw e;
  }
}
async function committedText(top, spec, maxBytes) {
  const sizeText = await gitMaybe(top, ["cat-file", "-s", spec]);
  if (sizeText === null) throw new FrontmatterError("it is not in this repository");
  const size = Number(sizeText);
  if (size > maxBytes) throw new FrontmatterError(`${size} bytes, over the limit of ${maxBytes}`);
  const text = await gitMaybe(top, ["cat-file", "blob", spec]);
  if (text === null) throw new FrontmatterError("it is not in this repository");
  return text;
}
function sideOf(sides, name) {
  let d = sides.get(name);
  if (d === void 0) {
    d = { before: [], after: [] };
    sides.set(name, d);
  }
  return d;
}
async function settleMoves(top, entries, legacy) {
  const moves = [];
  for (const entry of entries) {
    const blob = entry.movedFrom;
    delete entry.movedFrom;
    if (blob === void 0 || entry.commit === null) continue;
    moves.push(entry.commit);
    entry.change = "modified";
    entry.meta.unshift(`moved from ${legacy} to its folder (one file per item)`);
    let sections;
    try {
      const text = await committedText(top, blob, LIMITS.threadFileBytes);
      sections = splitSummary(parseThread(`${text}
`).summary).sections;
    } catch (e) {
      if (!(e instanceof FrontmatterError)) throw e;
      entry.problem ??= `the version of ${legacy} it was moved from (blob ${blob.slice(0, 8)}) cannot be read (${e.message}): its items are shown as added`;
      continue;
    }
    const holds = new Map(entry.sections.map((d) => [d.section, d.added]));
    entry.sections = SECTION_KEYS.map((key) => {
      const section = SECTION_HEADINGS[key];
      return { section, ...multisetDiff(sections.get(key) ?? [], holds.get(section) ?? []) };
    }).filter((d) => d.added.length + d.removed.length > 0);
  }
  return moves;
}
var RECORD2 = "";
var FIELD2 = "";
async function folderCommits(top, folder, count2, skip) {
  const out = await git(top, [
    "log",
    "-z",
    `--format=${RECORD2}%H${FIELD2}%P`,
    "-c",
    "--name-only",
    "--no-renames",
    `-n${count2}`,
    `--skip=${skip}`,
    "--",
    `:(literal)${folder}`
  ]);
  return out.split(RECORD2).slice(1).map((record2) => {
    const [header = "", ...names] = record2.split("\0");
    const [commit = "", parents = ""] = header.split(FIELD2);
    const isMerge = parents.trim().split(" ").length > 1;
    const files = names.map((n) => n.replace(/^\n/, "")).filter((n) => n !== "");
    return { commit, own: isMerge ? new Set(files) : null };
  });
}
function commitChanges(patch, commit, folder, only) {
  const sides = /* @__PURE__ */ new Map();
  const named = [];
  const meta = [];
  let change = "modified";
  let problem;
  let movedFrom;
  for (const filePatch of patch.split(/^(?=diff --git )/m)) {
    const first = /^diff --git a\/(.+?) b\//.exec(filePatch);
    if (first === null || only !== null && !only.has(first[1])) continue;
    const rel = first[1].slice(folder.length);
    const { before, after: after2 } = sidesOfPatch(filePatch, commit);
    const [dir, name] = rel.split("/");
    try {
      if (rel === HEAD_FILE) {
        const [old, now] = [before === null ? null : parseHead(before), after2 === null ? null : parseHead(after2)];
        if (before === null) change = "created";
        else if (after2 === null) change = "deleted";
        if (old === null && now?.migratedFrom !== void 0) movedFrom = now.migratedFrom;
        meta.push(...headChangesOrNone(old, now));
      } else if (dir !== void 0 && name !== void 0 && isSectionDir(dir)) {
        const blocks = (text) => text === null || text === "" ? [] : parseItem(text).blocks;
        const [was, is] = [blocks(before), blocks(after2)];
        const d = sideOf(sides, SECTION_HEADINGS[dir]);
        d.before.push(...was);
        d.after.push(...is);
      } else if (dir === "removed") {
        const [a, b] = [memberOrNull(before), memberOrNull(after2)];
        if (a !== b) {
          if (b !== null && isItemPath(b)) named.push({ file: b, gone: true });
          if (a !== null && isItemPath(a)) named.push({ file: a, gone: false });
        }
      } else if (dir === "paths" || dir === "related") {
        const [a, b] = [memberOrNull(before), memberOrNull(after2)];
        if (a !== b) meta.push(`${dir}: ${[...b !== null ? [`+ ${b}`] : [], ...a !== null ? [`\u2212 ${a}`] : []].join(", ")}`);
      }
    } catch (e) {
      if (!(e instanceof FrontmatterError)) throw e;
      problem = `${rel} could not be parsed in this version: ${e.message}`;
    }
  }
  const out = { change, meta, sides, named };
  if (problem !== void 0) out.problem = problem;
  if (movedFrom !== void 0) out.movedFrom = movedFrom;
  return out;
}
function memberOrNull(text) {
  return text === null ? null : memberLine(text);
}
function headChangesOrNone(old, now) {
  return old === null || now === null ? [] : headChanges(old, now);
}

// src/core/project-list.ts
init_errors();
init_error_details();
function listProjects(store, currentProject) {
  const { projects, problems } = readProjects(store);
  let activeId = null;
  try {
    activeId = currentProject().id;
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
  }
  return { projects, activeId, problems };
}
function readProjects(store) {
  const projects = [];
  const problems = [];
  for (const id of store.exists() ? store.projectIds() : []) {
    try {
      projects.push(store.readProject(id));
    } catch (e) {
      problems.push(messageOf(e));
    }
  }
  return { projects, problems };
}

// src/core/secrets/secret-scan.ts
init_errors();

// src/core/secrets/secret-patterns.ts
var GENERIC_MIN_LENGTH = 12;
var GENERIC_MIN_ENTROPY = 2.5;
var TOKEN_MIN_ENTROPY = 2.5;
function shannonEntropy(value) {
  const counts = /* @__PURE__ */ new Map();
  let total = 0;
  for (const ch of value) {
    counts.set(ch, (counts.get(ch) ?? 0) + 1);
    total += 1;
  }
  let bits = 0;
  for (const count2 of counts.values()) {
    const p = count2 / total;
    bits -= p * Math.log2(p);
  }
  return bits;
}
var PLACEHOLDER_WORDS = [
  "example",
  "changeme",
  "change_me",
  "change-me",
  "placeholder",
  "redacted",
  "dummy",
  "sample",
  "notreal",
  "not_real",
  "insert",
  "replace",
  "****",
  "\u2026",
  "...",
  "123456789",
  "abcdefgh"
];
var SHORT_PLACEHOLDER_WORDS = ["your", "fake", "xxxx"];
function looksLikePlaceholder(value) {
  if (PLACEHOLDER_WORDS.some((word) => containsWord(value, word))) return true;
  if (/^<.*>$|^\[.*\]$|^\{.*\}$/.test(value)) return true;
  return /(.)\1{5}/.test(value);
}
function looksLikeValuePlaceholder(value) {
  return looksLikePlaceholder(value) || SHORT_PLACEHOLDER_WORDS.some((word) => containsWord(value, word));
}
function containsWord(value, word) {
  const capitalized = word.charAt(0).toUpperCase() + word.slice(1);
  return value.includes(word) || value.includes(word.toUpperCase()) || value.includes(capitalized);
}
function looksLikeReference(value) {
  if (/\$\{|\{\{|%\(/.test(value)) return true;
  if (/^\$[A-Za-z_]/.test(value)) return true;
  if (/^%[A-Za-z_]\w*%$/.test(value)) return true;
  if (/^(?:process\.env|import\.meta\.env|os\.environ|os\.getenv|env\b|ENV\[)/.test(value)) return true;
  return /^[A-Za-z_$][\w$]*(?:(?:\.|\?\.|::)[A-Za-z_$][\w$]*)+$/.test(value);
}
function looksLikeCredentialValue(value, minLength = GENERIC_MIN_LENGTH) {
  if (value.length < minLength) return false;
  if (/\s/.test(value)) return false;
  if (looksLikeValuePlaceholder(value) || looksLikeReference(value)) return false;
  if (/^\d+$/.test(value)) return false;
  if (/^[A-Za-z_./:-]+$/.test(value)) return false;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false;
  if (/\//.test(value) && /\.[A-Za-z][A-Za-z0-9]{0,4}$/.test(value)) return false;
  if (/^(?:\.{1,2}\/|~\/|\/[A-Za-z])/.test(value) && !/[+=]/.test(value)) return false;
  if (/[()[\]{}<>]/.test(value)) return false;
  if (!/[A-Za-z]/.test(value) || !/[0-9!@$%^&+~|]/.test(value)) return false;
  if (looksLikeWordsJoined(value)) return false;
  return shannonEntropy(value) >= GENERIC_MIN_ENTROPY;
}
function looksLikeWordsJoined(value) {
  const parts = value.split(/[-_.]+/).filter((part) => part !== "");
  if (parts.length < 2) return false;
  return parts.every((part) => /^(?:[A-Z]?[a-z]+|[A-Z]+|\d+|[A-Z0-9]{1,3}|[a-z0-9]{1,3})$/.test(part));
}
function groupSpan(match, group) {
  const span = match.indices?.[group];
  if (span === void 0) throw new Error(`secret pattern ${String(match)} has no indices for group ${group}`);
  return { start: span[0], end: span[1] };
}
function prefixedTokenRule(kind, pattern, prefix, accept = looksGenerated) {
  return {
    pattern,
    detect(match) {
      const { start, end } = groupSpan(match, 1);
      const token = match[1] ?? "";
      const publicPrefix = prefix.exec(token)?.[0] ?? "";
      const body = token.slice(publicPrefix.length);
      if (looksLikePlaceholder(body)) return null;
      if (shannonEntropy(body) < TOKEN_MIN_ENTROPY) return null;
      if (!accept(body)) return null;
      return { kind, start, end, publicPrefix };
    }
  };
}
var hasDigit = (s) => /\d/.test(s);
var hasLetterAndDigit = (s) => /\d/.test(s) && /[A-Za-z]/.test(s);
function looksGenerated(body) {
  if (looksLikeWordsJoined(body)) return false;
  return hasDigit(body) || /[a-z]/.test(body) && /[A-Z]/.test(body);
}
var PRIVATE_KEY_BODY = /(?:[ \t\r\n]|\\[rn])*(?:[A-Za-z][\w-]*: [^\r\n\\]*(?:\r?\n|\\[rn])(?:[ \t\r\n]|\\[rn])*){0,4}[A-Za-z0-9+/]{40}(?:[A-Za-z0-9+/=\s]|\\[rn])*(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?/y;
var privateKeyRule = {
  multiLine: true,
  pattern: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----/dg,
  detect(match, text) {
    const { start, end: headerEnd } = groupSpan(match, 0);
    const body = new RegExp(PRIVATE_KEY_BODY.source, PRIVATE_KEY_BODY.flags);
    body.lastIndex = headerEnd;
    if (body.exec(text) === null) return null;
    return { kind: "private key", start, end: body.lastIndex, publicPrefix: match[0] };
  }
};
var jwtRule = {
  pattern: /(?<![A-Za-z0-9_-])([A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,})(?![A-Za-z0-9_-])/dg,
  detect(match) {
    const token = match[1] ?? "";
    const header = token.slice(0, token.indexOf("."));
    if (!isJwtHeader(header)) return null;
    const { start, end } = groupSpan(match, 1);
    return { kind: "JWT", start, end, publicPrefix: token.startsWith("eyJ") ? "eyJ" : "" };
  }
};
function isJwtHeader(segment) {
  const decoded = Buffer.from(segment, "base64url").toString("utf8");
  if (!decoded.trimStart().startsWith("{")) return false;
  let parsed2;
  try {
    parsed2 = JSON.parse(decoded);
  } catch {
    return false;
  }
  return typeof parsed2 === "object" && parsed2 !== null && "alg" in parsed2 && typeof parsed2.alg === "string";
}
var bearerRule = {
  pattern: /(?<![A-Za-z0-9_])bearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)/dgi,
  detect(match) {
    const { start, end: rawEnd } = groupSpan(match, 1);
    const raw = match[1] ?? "";
    const token = raw.replace(/\.+$/, "");
    if (!looksLikeCredentialValue(token, 16)) return null;
    return { kind: "bearer token", start, end: rawEnd - (raw.length - token.length), publicPrefix: "" };
  }
};
var urlPasswordRule = {
  pattern: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/[^\s:@/?#]{1,100}:([^\s:@/?#]{1,200})@/dg,
  detect(match) {
    const password = match[1] ?? "";
    if (!looksLikeCredentialValue(password, 8)) return null;
    return { kind: "password in URL", ...groupSpan(match, 1), publicPrefix: "" };
  }
};
var AWS_SECRET_KEY_NAME = String.raw`(?:aws[_-]?)?secret[_-]?access[_-]?key|aws[_-]?secret[_-]?key`;
var awsSecretRule = {
  pattern: new RegExp(
    String.raw`(?:${AWS_SECRET_KEY_NAME})["'\x60]?[ \t]*(?:=>|:=|=|:)[ \t]*["'\x60]?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
    "dgi"
  ),
  detect(match) {
    const secret = match[1] ?? "";
    if (looksLikePlaceholder(secret) || shannonEntropy(secret) < 3.5 || !hasDigit(secret)) return null;
    return { kind: "AWS secret access key", ...groupSpan(match, 1), publicPrefix: "" };
  }
};
function assignmentKind(keyword) {
  const k = keyword.toLowerCase().replace(/[_-]/g, "");
  if (k.startsWith("pass")) return "password assignment";
  if (k.startsWith("secret")) return "secret assignment";
  if (k === "token") return "token assignment";
  if (k === "apikey") return "API key assignment";
  if (k === "accesskey") return "access key assignment";
  if (k === "privatekey") return "private key assignment";
  throw new Error(`secret-patterns: keyword ${keyword} has no assignment kind`);
}
var ASSIGNMENT = new RegExp(
  String.raw`(pass(?:word|wd|phrase)|secret(?:[_-]?key)?|token|api[_-]?key|access[_-]?key|private[_-]?key)(?![A-Za-z0-9_-])` + String.raw`["'\x60\]]?([ \t]*)(?:=>|:=|=|:)[ \t]*` + String.raw`(?:"([^"\r\n]{0,500})"|'([^'\r\n]{0,500})'|\x60([^\x60\r\n]{0,500})\x60|([^\s"'\x60,;&)\]}]{1,500}))`,
  "dgi"
);
var assignmentRule = { pattern: ASSIGNMENT, detect: detectAssignment };
function detectAssignment(match, text) {
  const kind = assignmentKind(match[1] ?? "");
  const quotedGroup = [3, 4, 5].find((g) => match[g] !== void 0);
  if (quotedGroup !== void 0) {
    const value2 = match[quotedGroup] ?? "";
    if (!looksLikeCredentialValue(value2)) return null;
    return { kind, ...groupSpan(match, quotedGroup), publicPrefix: "" };
  }
  const raw = match[6];
  if (raw === void 0) throw new Error("secret-patterns: assignment matched without a value");
  const value = raw.replace(/[.:!?]+$/, "");
  if (!looksLikeCredentialValue(value)) return null;
  const span = groupSpan(match, 6);
  if (/^[A-Za-z_$][\w$]*$/.test(value)) {
    const spaceBeforeSeparator = (match[2] ?? "") !== "";
    const after2 = text.slice(span.end, span.end + 200);
    const endsLiteral = /^(?:[.:!?]*[ \t]*(?:#[^\r\n]*)?(?:\r?\n|$)|&)/.test(after2);
    if (spaceBeforeSeparator || !endsLiteral) return null;
  }
  return { kind, start: span.start, end: span.start + value.length, publicPrefix: "" };
}
var B = String.raw`(?<![A-Za-z0-9_-])`;
var E = String.raw`(?![A-Za-z0-9_-])`;
var rx = (source, flags = "dg") => new RegExp(source, flags);
var SECRET_RULES = [
  privateKeyRule,
  prefixedTokenRule(
    "AWS access key ID",
    rx(String.raw`(?<![A-Za-z0-9])((?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Za-z0-9])`),
    /^(?:AKIA|ASIA)/,
    () => true
    // base32 ids may lack digits; 16 capitals glued to AKIA do not occur in prose
  ),
  awsSecretRule,
  prefixedTokenRule(
    "GitHub token",
    rx(String.raw`(?<![A-Za-z0-9_])(gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{50,251})(?![A-Za-z0-9_])`),
    /^(?:gh[pousr]_|github_pat_)/
  ),
  prefixedTokenRule("GitLab token", rx(String.raw`${B}(glpat-[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9_-]+)*)${E}`), /^glpat-/),
  prefixedTokenRule("npm token", rx(String.raw`${B}(npm_[A-Za-z0-9]{36})${E}`), /^npm_/),
  prefixedTokenRule(
    "Slack token",
    rx(String.raw`${B}(xox[abposr]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,})${E}`),
    /^(?:xox[abposr]|xapp)-/,
    (body) => body.length >= 20 && body.includes("-") && hasLetterAndDigit(body)
  ),
  {
    pattern: /(hooks\.slack\.com\/(?:services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{20,}|(?:workflows|triggers)\/T[A-Z0-9]{6,}\/[A-Za-z0-9/]{20,}))/dg,
    detect(match) {
      const url = match[1] ?? "";
      const secret = url.slice(url.lastIndexOf("/") + 1);
      if (looksLikePlaceholder(url) || shannonEntropy(secret) < TOKEN_MIN_ENTROPY) return null;
      return { kind: "Slack webhook URL", ...groupSpan(match, 1), publicPrefix: "hooks.slack.com/" };
    }
  },
  prefixedTokenRule("Anthropic API key", rx(String.raw`${B}(sk-ant-[A-Za-z0-9_-]{20,})${E}`), /^sk-ant-(?:[a-z]+\d*-)?/),
  prefixedTokenRule(
    "OpenAI API key",
    rx(String.raw`${B}(sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{32,}))${E}`),
    /^sk-(?:(?:proj|svcacct|admin|None)-)?/,
    (body) => looksGenerated(body) && /[a-z]/.test(body) && /[A-Z]/.test(body)
  ),
  prefixedTokenRule(
    "Stripe live key",
    rx(String.raw`(?<![A-Za-z0-9_])((?:sk|rk)_live_[A-Za-z0-9]{24,247})(?![A-Za-z0-9_])`),
    /^(?:sk|rk)_live_/
  ),
  prefixedTokenRule("Google API key", rx(String.raw`${B}(AIza[A-Za-z0-9_-]{35})${E}`), /^AIza/),
  jwtRule,
  bearerRule,
  urlPasswordRule,
  assignmentRule
];

// src/core/secrets/secret-scan.ts
var FINDINGS_NAMED_IN_MESSAGE = 3;
function scanForSecrets(text) {
  const candidates = [];
  SECRET_RULES.forEach((rule, priority) => {
    for (const match of text.matchAll(rule.pattern)) {
      const candidate = rule.detect(match, text);
      if (candidate !== null) candidates.push({ candidate, priority });
    }
  });
  const masked = maskLinePrefixes(text);
  if (masked !== text) {
    SECRET_RULES.forEach((rule, priority) => {
      if (rule.multiLine !== true) return;
      for (const match of masked.matchAll(rule.pattern)) {
        const candidate = rule.detect(match, masked);
        if (candidate !== null) candidates.push({ candidate, priority });
      }
    });
  }
  if (candidates.length === 0) return [];
  const kept = keepMostSpecific(candidates);
  const lineStarts = lineStartOffsets(text);
  return kept.map((c) => {
    const line = lineOf(lineStarts, c.start);
    const lineStart = lineStarts[line - 1] ?? 0;
    return { kind: c.kind, line, column: c.start - lineStart + 1, masked: mask(c) };
  });
}
var LINE_PREFIX = /^(?:[ \t]*(?:>[ \t]?|(?:[|*+#-]|\/\/|;)[ \t]+))+/gm;
var TABLE_ROW_END = /[ \t]*\|[ \t]*(?=\r?$)/gm;
function maskLinePrefixes(text) {
  const blank = (m) => " ".repeat(m.length);
  return text.replace(LINE_PREFIX, blank).replace(TABLE_ROW_END, blank);
}
var SecretDetectedError = class extends ThreadMindError {
  findings;
  what;
  constructor(what, findings) {
    super("secret", refusalMessage(what, findings));
    this.name = "SecretDetectedError";
    this.what = what;
    this.findings = findings;
  }
};
function assertNoSecrets(text, what) {
  if (what.trim() === "") throw new TypeError("assertNoSecrets: `what` must describe the text being written");
  const findings = scanForSecrets(text);
  if (findings.length > 0) throw new SecretDetectedError(what, findings);
}
function refusalMessage(what, findings) {
  const first = findings[0];
  if (first === void 0) throw new Error("SecretDetectedError needs at least one finding");
  const named = findings.slice(0, FINDINGS_NAMED_IN_MESSAGE).map((f) => `${f.kind} on line ${f.line}`);
  const rest = findings.length - named.length;
  const list = rest > 0 ? `${named.join(", ")} and ${rest} more` : joinWithAnd(named);
  const plural2 = findings.length > 1;
  const example = maskExample(first.masked);
  return `Refused to write ${what}: it contains what looks like ${plural2 ? "credentials" : "a credential"} (${list}). Nothing was written. Remove or mask the ${plural2 ? "secrets" : "secret"} (e.g. ${example}) and try again.`;
}
function joinWithAnd(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
function maskExample(masked) {
  const prefix = masked.slice(0, masked.indexOf("\u2026"));
  return prefix.length > 0 && prefix.length <= 16 ? `${prefix}****` : "****";
}
function mask(c) {
  return `${c.publicPrefix}\u2026(${c.end - c.start - c.publicPrefix.length} chars)`;
}
function keepMostSpecific(all) {
  const byPosition = [...all].sort((a, b) => a.candidate.start - b.candidate.start || a.priority - b.priority);
  const kept = [];
  let cluster = [];
  let clusterEnd = -1;
  const flush = () => {
    const chosen = [];
    for (const { candidate } of [...cluster].sort((a, b) => a.priority - b.priority)) {
      if (chosen.every((c) => candidate.end <= c.start || candidate.start >= c.end)) chosen.push(candidate);
    }
    kept.push(...chosen.sort((a, b) => a.start - b.start));
    cluster = [];
  };
  for (const entry of byPosition) {
    if (entry.candidate.start >= clusterEnd && cluster.length > 0) flush();
    cluster.push(entry);
    clusterEnd = Math.max(clusterEnd, entry.candidate.end);
  }
  flush();
  return kept;
}
function lineStartOffsets(text) {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}
function lineOf(lineStarts, offset) {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

// src/core/thread-input-checks.ts
var import_node_fs29 = require("fs");
var import_node_path29 = require("path");
init_errors();
function oneOf(what, value, allowed, optional2) {
  if (value === void 0 && optional2) return;
  if (!allowed.includes(value)) {
    throw errors.invalid(`Invalid ${what} ${JSON.stringify(value)}: use one of ${allowed.join(", ")}.`);
  }
}
function checkPaths(paths) {
  if (paths.length > LIMITS.pathsCount) throw errors.invalid(`Too many paths: ${paths.length} (limit ${LIMITS.pathsCount}).`);
  const checked = paths.map((p) => {
    checkLength("A path", p, LIMITS.pathChars);
    if (p.includes("\0")) throw errors.invalid("A path must not contain NUL characters.");
    return p.trim();
  }).filter((p) => p !== "");
  assertNoSecrets(checked.join("\n"), "the paths");
  return checked;
}
function checkGivenPaths(paths, root) {
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  let realRoot;
  for (const path of checkPaths(paths)) {
    let rel = rootRelative(path, root, root);
    if (rel === null && (0, import_node_path29.isAbsolute)(path)) {
      realRoot ??= realPathOrNull(root);
      if (realRoot !== null && realRoot !== root) rel = rootRelative(path, realRoot, realRoot);
    }
    if (rel === null) throw errors.pathOutsideWorkspace(path, root);
    const kept = rel === "" ? "." : /[\\/]$/.test(path) ? `${rel}/` : rel;
    if (seen.has(rel)) continue;
    seen.add(rel);
    out.push(kept);
  }
  return out;
}
function realPathOrNull(path) {
  try {
    return import_node_fs29.realpathSync.native(path);
  } catch {
    return null;
  }
}
function checkRelated(related) {
  if (!related) return [];
  if (related.length > LIMITS.relatedCount)
    throw errors.invalid(`Too many related threads: ${related.length} (limit ${LIMITS.relatedCount}).`);
  const ids = [...new Set(related.map((r) => assertId(r, "related thread id")))];
  assertNoSecrets(ids.join("\n"), "the related thread ids");
  return ids;
}
function missingRelated(store, projectId, related) {
  return related.filter((r) => !store.threadExists(projectId, r)).map((r) => `Related thread "${r}" does not exist (kept as a reference).`);
}

// src/core/writes/project-create.ts
init_errors();
async function createProject(ctx, input) {
  oneOf("mode", input.mode, ["solo", "team"], true);
  checkNotBlank("The project title", input.title);
  checkLength("The project title", input.title, LIMITS.titleChars);
  if (input.systemContext !== void 0) {
    checkLength("The system context", input.systemContext, LIMITS.systemContextChars);
    assertNoSecrets(input.systemContext, "the project's system context");
  }
  assertNoSecrets(input.title, "the project title");
  const author = await ctx.author();
  const result = await ctx.store.locked(async () => {
    ctx.store.ensureLayout();
    await ctx.migrateIfNeeded();
    const same = projectTitled(ctx.store, input.title);
    if (same !== null) throw errors.projectTitleTaken(same.title, same.id);
    const id = uniqueId(input.title, (c) => ctx.store.projectExists(c) || ctx.store.threadsDirExists(c));
    const now = nextTimestamp();
    const project = { id, title: input.title, mode: input.mode ?? "solo", createdAt: now };
    if (input.systemContext?.trim()) project.systemContext = input.systemContext.trim();
    const thread = {
      id: MAIN_THREAD_ID,
      title: input.title,
      parentId: null,
      author,
      createdAt: now,
      updatedAt: now,
      summary: ""
    };
    await ctx.store.writeProject(project);
    await ctx.store.writeThread(id, thread);
    const unremembered = await ctx.rememberAfterWrite(id, MAIN_THREAD_ID);
    if (unremembered !== null) addNotice(ctx.notices, unremembered);
    return { project, thread };
  });
  return result;
}
function titleKey(title) {
  return title.normalize("NFC").trim().toLowerCase();
}
function projectTitled(store, title) {
  const key = titleKey(title);
  return readProjects(store).projects.find((project) => titleKey(project.title) === key) ?? null;
}

// src/core/writes/thread-create.ts
init_errors();

// src/core/git/git-remote.ts
var import_node_path30 = require("path");
init_regular_file();
var CONFIG_MAX_BYTES = 1024 * 1024;
function hasGitRemote(top) {
  try {
    const config = readRegularFile((0, import_node_path30.join)(commonDir(gitDir(top)), "config"), CONFIG_MAX_BYTES, true);
    return config !== null && /^\s*\[remote\s+"[^"]*"\s*\]/m.test(config.toString("utf8"));
  } catch {
    return false;
  }
}

// src/core/writes/thread-create.ts
async function createThread(ctx, input) {
  checkNotBlank("The thread title", input.title);
  checkLength("The thread title", input.title, LIMITS.titleChars);
  assertNoSecrets(input.title, "the thread title");
  if (input.parentId !== void 0) assertId(input.parentId, "parent thread id");
  const related = checkRelated(input.related);
  const author = await ctx.author();
  const project = ctx.currentProject();
  const branch = ctx.branch();
  const linkable = branch !== null && ctx.gitTop !== null && !await ctx.isDefaultBranch(ctx.gitTop, branch);
  return ctx.store.locked(async () => {
    const parentId = input.parentId ?? (await ctx.currentThreadRef()).threadId;
    const parent = ctx.store.readThread(project.id, parentId, errors.parentNotFound);
    const warnings = [];
    if (parent.summary.trim() === "") {
      warnings.push(
        `Parent thread "${parent.id}" has no summary yet: consider writing one (summary_update) so its decisions carry over to this thread.`
      );
    }
    const parentStatus = threadStatus(parent);
    if (parentStatus !== "active") {
      warnings.push(
        `Parent thread "${parent.id}" is ${statusWord(parentStatus)}: its decisions still carry over; thread_status it open again if the work goes on there.`
      );
    }
    let linkedBranch = null;
    if (linkable && branch && !ctx.hasLinkedOpenThread(project.id, branch)) linkedBranch = branch;
    const taken = (c) => ctx.store.threadExists(project.id, c);
    const suffixed = project.mode === "team" || ctx.gitTop !== null && hasGitRemote(ctx.gitTop);
    const id = suffixed ? suffixedId(input.title, taken, [MAIN_THREAD_ID]) : uniqueId(input.title, taken, [MAIN_THREAD_ID]);
    const now = nextTimestamp();
    const thread = { id, title: input.title, parentId: parent.id, author, createdAt: now, updatedAt: now, summary: "" };
    if (linkedBranch) thread.branch = linkedBranch;
    if (related.length > 0) {
      thread.related = related;
      warnings.push(...missingRelated(ctx.store, project.id, related));
    }
    await ctx.store.writeThread(project.id, thread);
    if (linkedBranch) ctx.rememberLinkedThread(project.id, linkedBranch, id);
    const unremembered = await ctx.rememberAfterWrite(project.id, id);
    if (unremembered !== null) warnings.push(unremembered);
    return { thread, linkedBranch, warnings };
  });
}

// src/core/writes/thread-status.ts
init_errors();

// src/core/writes/write-context.ts
init_errors();
async function sessionWriteRef(ctx, threadId) {
  const ref = await ctx.currentThreadRef();
  if (threadId === void 0 && ref.lost !== null) throw errors.sessionThreadGone(ref.lost, ref.threadId);
  return ref;
}
function target(ctx, project, threadId, activeId) {
  return ctx.store.readThread(project.id, threadId === void 0 ? activeId : assertId(threadId, "thread id"));
}
async function assertCanModify(ctx, project, thread) {
  if (project.mode !== "team") return;
  if (!await isMine(ctx, thread)) throw errors.notOwner(thread.id, thread.author);
}
async function isMine(ctx, thread) {
  return (await mineTest(ctx))(thread);
}
async function mineTest(ctx) {
  const author = await ctx.author();
  let legacy = null;
  return (thread) => {
    if (thread.author === author) return true;
    legacy ??= ctx.readState().legacyAuthorIds;
    return legacy.includes(thread.author);
  };
}
async function headBeforeLock(ctx) {
  return ctx.gitTop ? await headCommit(ctx.gitTop) : null;
}

// src/core/writes/thread-status.ts
async function setThreadStatus(ctx, input) {
  oneOf("status", input.status, THREAD_STATUSES, false);
  if (input.threadId !== void 0) assertId(input.threadId, "thread id");
  if (input.reason !== void 0) {
    checkLength("The reason", input.reason, LIMITS.reasonChars);
    assertNoSecrets(input.reason, "the reason");
  }
  const { project, threadId: sessionThreadId } = await sessionWriteRef(ctx, input.threadId);
  const result = await ctx.store.locked(async () => {
    const thread = target(ctx, project, input.threadId, sessionThreadId);
    if (thread.id === MAIN_THREAD_ID && input.status !== "active") throw errors.cannotCloseMain();
    await assertCanModify(ctx, project, thread);
    const updated = { ...thread, updatedAt: nextTimestamp(thread.updatedAt) };
    if (input.status === "active") {
      delete updated.status;
      delete updated.mergedInto;
    } else updated.status = input.status;
    if (input.reason?.trim()) {
      const label = input.status === "done" ? "Closed as done" : input.status === "abandoned" ? "Abandoned" : "Reopened";
      updated.summary = updateSection(
        updated.summary,
        "decisions",
        `- ${label} (${updated.updatedAt.slice(0, 10)}): ${input.reason.trim()}`,
        false
      );
    }
    checkLength(`The summary of "${thread.id}"`, updated.summary, LIMITS.summaryChars);
    const unchanged = threadStatus(thread) === input.status && !input.reason?.trim();
    if (!unchanged) await ctx.store.writeThread(project.id, updated);
    let activeId = sessionThreadId;
    let note = null;
    if (input.status !== "active" && thread.id === sessionThreadId && thread.parentId) {
      activeId = thread.parentId;
      note = await ctx.rememberAfterWrite(project.id, activeId);
    }
    const warnings = note === null ? [] : [note];
    return { thread: unchanged ? thread : updated, activeId, moved: activeId !== sessionThreadId, warnings, unchanged };
  });
  if (input.reason?.trim()) await ctx.recordSummaryWrite(project.id, result.thread.id, "status");
  return result;
}

// src/core/writes/thread-merge.ts
init_errors();
async function mergeThread(ctx, input) {
  if (input.threadId !== void 0) assertId(input.threadId, "thread id");
  checkNotBlank("The parent summary", input.parentSummary);
  checkLength("The parent summary", input.parentSummary, LIMITS.summaryChars);
  const { project, threadId: sessionThreadId } = await sessionWriteRef(ctx, input.threadId);
  const commit = await headBeforeLock(ctx);
  const merged = await ctx.store.locked(async () => {
    const thread = target(ctx, project, input.threadId, sessionThreadId);
    if (thread.parentId === null)
      throw errors.invalid(`Thread "${thread.id}" has no parent to merge into (the main thread cannot be closed)`);
    const parent = ctx.store.readThread(project.id, thread.parentId, errors.parentNotFound);
    assertNoSecrets(input.parentSummary, `the merged summary of thread "${parent.id}"`);
    await assertCanModify(ctx, project, thread);
    await assertCanModify(ctx, project, parent);
    const newParent = { ...parent, summary: input.parentSummary.trim(), updatedAt: nextTimestamp(parent.updatedAt) };
    if (commit) newParent.commit = commit;
    const carried = [.../* @__PURE__ */ new Set([...parent.related ?? [], ...thread.related ?? []])].filter(
      (r) => r !== parent.id && r !== thread.id
    );
    if (carried.length > 0) newParent.related = carried;
    const closed = { ...thread, status: "done", mergedInto: parent.id, updatedAt: nextTimestamp(thread.updatedAt) };
    await ctx.store.writeThread(project.id, newParent);
    await ctx.store.writeThread(project.id, closed);
    const note = await ctx.rememberAfterWrite(project.id, parent.id);
    return { thread: closed, parent: newParent, warnings: note === null ? [] : [note] };
  });
  await ctx.recordSummaryWrite(project.id, merged.parent.id, "merge");
  return merged;
}

// src/core/writes/thread-delete.ts
init_errors();
async function deleteThread(ctx, threadId) {
  assertId(threadId, "thread id");
  if (threadId === MAIN_THREAD_ID) throw errors.cannotDeleteMain();
  const { project, threadId: sessionThreadId } = await ctx.currentThreadRef();
  return ctx.store.locked(async () => {
    const thread = ctx.store.readThread(project.id, threadId);
    const { threads, problems } = ctx.store.readAllThreads(project.id);
    const doomed = [thread.id, ...descendantsOf(thread.id, threads)];
    const isDoomed = new Set(doomed);
    if (project.mode === "team") {
      await assertCanModify(ctx, project, thread);
      const isMine2 = await mineTest(ctx);
      const others = doomed.filter((id) => !isMine2(threads.get(id)));
      if (others.length > 0) {
        throw new ThreadMindError(
          "forbidden",
          `Cannot delete thread "${thread.id}": its descendants include threads owned by others (${others.join(", ")})`
        );
      }
    }
    for (const id of doomed.slice().reverse()) ctx.store.deleteThreadFile(project.id, id);
    const warnings = problems.map((p) => `${p.path} could not be read and was left as it is: ${p.reason}`);
    for (const t of threads.values()) {
      if (isDoomed.has(t.id) || !t.related?.some((r) => isDoomed.has(r))) continue;
      const related = t.related.filter((r) => !isDoomed.has(r));
      const updated = { ...t, updatedAt: nextTimestamp(t.updatedAt) };
      if (related.length > 0) updated.related = related;
      else delete updated.related;
      await ctx.store.writeThread(project.id, updated);
    }
    let activeId = sessionThreadId;
    if (isDoomed.has(sessionThreadId)) {
      activeId = thread.parentId ?? MAIN_THREAD_ID;
      const note = await ctx.rememberAfterWrite(project.id, activeId);
      if (note !== null) warnings.push(note);
    }
    return { deleted: doomed, activeId, warnings };
  });
}

// src/core/writes/thread-rebase.ts
init_errors();

// src/core/rebase-check.ts
init_errors();
function assertNotAboveNewParent(threadId, newParent, read) {
  const seen = /* @__PURE__ */ new Set();
  let current = newParent;
  for (; ; ) {
    if (current.id === threadId) throw errors.isDescendant(newParent.id, threadId);
    if (current.parentId === null || seen.has(current.id)) return;
    seen.add(current.id);
    try {
      current = read(current.parentId);
    } catch (e) {
      if (e instanceof UnreadableFileError) throw errors.rebaseChainDamaged(threadId, newParent.id, e.path, e.reason);
      if (e instanceof ThreadMindError && e.code === "not-found") return;
      throw e;
    }
  }
}

// src/core/writes/thread-rebase.ts
async function rebaseThread(ctx, threadId, newParentId) {
  assertId(threadId, "thread id");
  assertId(newParentId, "new parent id");
  if (threadId === MAIN_THREAD_ID) throw errors.cannotRebaseMain();
  const { project } = await ctx.currentThreadRef();
  return ctx.store.locked(async () => {
    const thread = ctx.store.readThread(project.id, threadId);
    const newParent = ctx.store.readThread(project.id, newParentId, errors.parentNotFound);
    if (newParentId === threadId) throw errors.invalid(`Cannot rebase "${threadId}" onto itself`);
    if (thread.parentId === newParentId) throw errors.invalid(`"${threadId}" is already a child of "${newParentId}"`);
    assertNotAboveNewParent(threadId, newParent, (id) => ctx.store.readThread(project.id, id));
    await assertCanModify(ctx, project, thread);
    const updated = { ...thread, parentId: newParentId, updatedAt: nextTimestamp(thread.updatedAt) };
    await ctx.store.writeThread(project.id, updated);
    return { thread: updated };
  });
}

// src/core/writes/summary-update.ts
init_error_details();
init_errors();
async function updateSummary(ctx, input) {
  oneOf("section", input.section, SECTION_KEYS, true);
  if (input.replaceSection === true && input.section === void 0) {
    throw errors.invalid(
      `replaceSection needs a section (${SECTION_KEYS.slice(0, -1).join(", ")} or ${SECTION_KEYS[SECTION_KEYS.length - 1]}): without one, content replaces the whole summary. Nothing was written.`
    );
  }
  if (input.section === void 0 && input.content.trim() === "") throw errors.emptySummaryReplacement();
  if (input.threadId !== void 0) assertId(input.threadId, "thread id");
  checkLength("The content", input.content, input.section ? LIMITS.sectionChars : LIMITS.summaryChars);
  const paths = input.paths === void 0 ? void 0 : checkGivenPaths(input.paths, ctx.store.workspace.root);
  const related = input.related === void 0 ? void 0 : checkRelated(input.related);
  const { project, threadId: sessionThreadId } = await sessionWriteRef(ctx, input.threadId);
  const commit = await headBeforeLock(ctx);
  const warnings = [];
  let pathsAdded = [];
  let unchanged = false;
  const updated = await ctx.store.locked(async () => {
    const thread = target(ctx, project, input.threadId, sessionThreadId);
    assertNoSecrets(input.content, `the summary of thread "${thread.id}"`);
    await assertCanModify(ctx, project, thread);
    const summary = ctx.store.summaryAsStored(
      input.section ? updateSection(thread.summary, input.section, input.content, input.replaceSection === true) : input.content.trim()
    );
    checkLength(`The summary of "${thread.id}"`, summary, LIMITS.summaryChars);
    const next = { ...thread, summary, updatedAt: nextTimestamp(thread.updatedAt) };
    if (commit) next.commit = commit;
    if (paths !== void 0) {
      if (paths.length > 0) next.paths = paths;
      else delete next.paths;
    } else if (thread.id === sessionThreadId && ctx.changedFilesSinceWrite !== void 0) {
      const joined = joinChangedPaths(thread.paths ?? [], ctx.changedFilesSinceWrite(project.id, thread.id));
      if (joined.added.length > 0) {
        next.paths = checkPaths(joined.paths);
        pathsAdded = joined.added;
      }
    }
    if (related !== void 0) {
      const others = related.filter((r) => r !== thread.id);
      if (others.length < related.length) warnings.push(`A thread cannot be related to itself: "${thread.id}" was left out.`);
      warnings.push(...missingRelated(ctx.store, project.id, others));
      if (others.length > 0) next.related = others;
      else delete next.related;
    }
    if (holdsAlready(ctx.store.summaryAsStored(thread.summary), thread, next)) {
      unchanged = true;
      return thread;
    }
    await ctx.store.writeThread(project.id, next);
    return next;
  });
  await ctx.recordSummaryWrite(project.id, updated.id, "summary_update");
  let tokens;
  try {
    tokens = ctx.tokens.countNow(updated.summary);
  } catch (e) {
    tokens = charsEstimate(updated.summary);
    warnings.push(
      `The summary was saved, but its tokens could not be counted exactly (${messageOf(e)}): ~${tokens} is an estimate.`
    );
  }
  await ctx.saveTokenCache();
  return { thread: updated, chars: updated.summary.length, tokens, warnings, pathsAdded, unchanged };
}
function holdsAlready(storedSummary, thread, next) {
  const sameList = (a = [], b = []) => a.length === b.length && a.every((x, i) => x === b[i]);
  const sorted = (a = []) => [...a].sort();
  return storedSummary === next.summary && sameList(thread.paths, next.paths) && sameList(sorted(thread.related), sorted(next.related));
}

// src/core/services.ts
init_error_details();
var ThreadMindServices = class {
  store;
  tokens;
  env;
  session;
  projectId = null;
  threadId = null;
  authorId = null;
  migration = void 0;
  /** Problems seen with local state (config.json), reported once by the adapters. */
  notices = [];
  /** config.json, read again only when it changed (see local-state-cache.ts). */
  localState;
  /** thread_list's threads of a large project, from the search catalog (see threadList). */
  catalogList = new CatalogThreadList();
  /** Whether a branch is the repository's default one, asked of git once per branch (see default-branch-memo.ts). */
  isDefaultBranch = defaultBranchMemo();
  /** The open thread last seen linked to each branch (see linked-thread-memo.ts). */
  linkedMemo = new LinkedThreadMemo();
  constructor(options) {
    const lockOptions = {
      ...options.lockTimeoutMs !== void 0 ? { timeoutMs: options.lockTimeoutMs } : {},
      ...options.lockStaleMs !== void 0 ? { staleMs: options.lockStaleMs } : {}
    };
    this.store = new Store(options.workspace, lockOptions, {
      sweepTempFiles: options.sweepTempFiles !== false
    });
    this.env = options.env ?? {};
    this.session = options.session;
    this.tokens = new TokenEstimator(
      tokenCachePath(this.store.dir),
      options.encoder ?? null,
      legacyTokenCachePath(this.store.dir)
    );
    this.localState = new LocalStateCache(this.store.dir, this.notices);
  }
  get workspace() {
    return this.store.workspace;
  }
  get gitTop() {
    return this.workspace.gitTop;
  }
  // ------------------------------------------------------------------ state
  /** True when `.threadmind/` holds at least one project (or an 0.4 store to migrate). */
  hasProjects() {
    return this.store.exists() && this.store.projectIds().length > 0;
  }
  /** True when `.threadmind/` still has the 0.4 layout (trees/), which the first use migrates. */
  hasOldLayout() {
    return this.store.exists() && (0, import_node_fs30.existsSync)((0, import_node_path31.join)(this.store.dir, "trees"));
  }
  /** Runs the 0.4 migration once per services object, when an old layout is present (under the store lock, which re-enters). */
  async migrateIfNeeded() {
    if (this.migration !== void 0) return this.migration;
    if (!this.hasOldLayout()) {
      this.migration = null;
      return null;
    }
    this.migration = await this.store.locked(async () => {
      const report = await migrateV04IfNeeded(this.store, () => this.author());
      if (report) await carryOverActiveThread(this.store, this.startKey(), (mutate) => this.updateState(mutate), report);
      return report;
    });
    return this.migration;
  }
  async author() {
    this.authorId ??= await resolveAuthorId(this.env, this.workspace.gitTop);
    return this.authorId;
  }
  /** HEAD's commit read from git's files; undefined when only git itself could tell (or outside git: null). */
  headCommitFromFiles() {
    return headCommitFromWorkTree(this.workspace.gitTop);
  }
  branch() {
    return this.workspace.gitTop ? readBranch(this.workspace.gitTop) : null;
  }
  /** The key the branch's start thread is recorded under (startKey: the branch, or a fixed key outside git). */
  startKey() {
    return startKey(this.workspace.gitTop);
  }
  /** config.json as it is now. Read-only: callers must not change the state returned (use updateState). */
  readState() {
    return this.localState.read();
  }
  /** Read-modify-write of config.json; call inside the store lock. Prunes sessions of dead processes. */
  updateState(mutate) {
    return this.localState.update(mutate);
  }
  /**
   * Appends measurement events to measurements.jsonl (no lock: one O_APPEND write). When the log has grown past its
   * size, it is rotated under the lock; a busy lock leaves that to the next writer.
   */
  async recordEvents(events) {
    await recordMeasurementEvents(this.store, events);
  }
  /**
   * Logs one write to a thread's summary (see freshness-events.ts). The summary is written already: a failure to log it
   * is a notice, never a failed write.
   */
  changedFilesSinceWrite(projectId, threadId) {
    return changedFilesSince(instanceEvents(this.store.dir, this.session.key), projectId, threadId);
  }
  async recordSummaryWrite(projectId, threadId, via) {
    await logSummaryWrite(this.store, this.notices, this.session.key, { projectId, threadId, via });
  }
  /** Rotates measurements.jsonl under the lock if it is past its size; a busy lock leaves that to the next writer. */
  async rotateMeasurementLog() {
    await rotateMeasurementLogLocked(this.store);
  }
  /** Saves new token counts. The cache is derived data: failing to save it is a notice, never a failed operation. */
  async saveTokenCache() {
    try {
      await this.tokens.flush();
    } catch (e) {
      const line = `ThreadMind could not save its token-count cache (${messageOf(e)}); counts will be recomputed. Nothing else is affected.`;
      addNotice(this.notices, line);
    }
  }
  async remember(projectId, threadId) {
    this.projectId = projectId;
    this.threadId = threadId;
    const branch = this.startKey();
    await this.updateState((state) => {
      state.lastProjectId = projectId;
      const entry = {
        projectId,
        updatedAt: nextTimestamp(),
        ...threadId ? { threadId } : {},
        ...this.session.pid !== void 0 ? { pid: this.session.pid } : {}
      };
      state.sessions[this.session.key] = entry;
      if (branch && threadId) state.branches[branch] = { ...state.branches[branch] ?? {}, [projectId]: threadId };
    });
  }
  // ------------------------------------------------------------------ projects
  /** `followed`: the thread this session's client instance last followed (chooseProjectId); by default, from the log. */
  currentProject(followed = () => instanceThread(this.store.dir, this.session.key)) {
    if (this.projectId && this.store.projectExists(this.projectId)) return this.store.readProject(this.projectId);
    const ids = this.store.exists() ? this.store.projectIds() : [];
    if (ids.length === 0) throw errors.noProject();
    const id = chooseProjectId(ids, this.readState(), this.session.key, followed);
    if (id === null) throw errors.noActiveProject(ids);
    this.projectId = id;
    return this.store.readProject(id);
  }
  async projectCreate(input) {
    return createProject(this, input);
  }
  projectList() {
    return listProjects(this.store, () => this.currentProject());
  }
  async projectSwitch(projectId) {
    assertId(projectId, "project id");
    const ids = this.store.exists() ? this.store.projectIds() : [];
    if (!ids.includes(projectId)) throw errors.projectNotFound(projectId, ids);
    const project = this.store.readProject(projectId);
    this.projectId = projectId;
    this.threadId = null;
    const thread = await this.startThread(projectId);
    await this.chooseThread(projectId, thread.id);
    return { project, thread };
  }
  // ------------------------------------------------------------------ threads
  /**
   * The session's active thread: this session's choice, else the thread of the last conversation this session (a
   * Claude Code process) was on, else the branch's last choice, its linked thread, else main. `newProcess` (a Claude
   * Code process starting) skips the conversations: a reused process id must not inherit a dead process's thread.
   * `followed`: that last conversation, when the caller has already read the instance's events (the log is not read
   * again).
   */
  async currentThread(options = {}) {
    const { project, threadId, lost } = await this.currentThreadRef(options);
    return { project, thread: this.store.readThread(project.id, threadId), lost };
  }
  /**
   * currentThread for reading only: when git left the thread's file in conflict, its last committed version (HEAD) and
   * a notice saying so (writes to that file are still refused: it is never overwritten).
   */
  async currentThreadForReading(options = {}) {
    try {
      return { ...await this.currentThread(options), conflictNotice: null };
    } catch (e) {
      if (!(e instanceof UnreadableFileError) || !fileHasConflictMarkers(e.path)) throw e;
      const { project, threadId, lost } = await this.currentThreadRef(options);
      if (!this.store.isThreadFile(project.id, threadId, e.path)) throw e;
      const thread = await committedThread(
        this.workspace.gitTop,
        this.store.threadFolder(project.id, threadId),
        this.store.legacyThreadPath(project.id, threadId),
        threadId
      );
      if (thread === null) throw e;
      return { project, thread, lost, conflictNotice: conflictNotice(this.workspace.root, e.path) };
    }
  }
  /** Makes `threadId` the session's thread (as thread_switch does, without assembling its context). */
  async chooseThread(projectId, threadId) {
    await this.store.locked(() => this.remember(projectId, threadId));
  }
  /**
   * The id of the session's active thread (as currentThread) without reading its file, which may be damaged. `lost`:
   * the session's own thread when its file is gone (deleted, or on another branch since it was chosen; the rule of
   * sessionThreadRef): reading goes on elsewhere with a notice, and a write that names no thread is refused
   * (sessionWriteRef). Not remembered then, so that every call says so until the session chooses a thread again.
   */
  async currentThreadRef(options = {}) {
    let last2;
    const followed = () => {
      if (last2 === void 0)
        last2 = options.newProcess ? null : options.followed !== void 0 ? options.followed : instanceThread(this.store.dir, this.session.key);
      return last2;
    };
    const project = this.currentProject(followed);
    if (this.threadId && this.store.threadExists(project.id, this.threadId))
      return { project, threadId: this.threadId, lost: null };
    const exists = (id) => this.store.threadExists(project.id, id);
    const { threadId: own, lost } = ownThread(this.readState(), this.session.key, project.id, followed, exists);
    if (own !== null) {
      this.threadId = own;
      return { project, threadId: own, lost };
    }
    const threadId = await this.startThreadId(project.id);
    if (lost === null) this.threadId = threadId;
    else {
      const line = `The thread "${lost}" this session was on has no file here (deleted, or on another branch since it was chosen): this is "${threadId}" instead. thread_switch to choose a thread.`;
      addNotice(this.notices, line);
    }
    return { project, threadId, lost };
  }
  /**
   * Where a new session starts: last chosen on this branch (if open), else the open thread linked to the branch (none
   * on the default branch, which thread_create never links), else main.
   */
  async startThread(projectId) {
    return this.store.readThread(projectId, await this.startThreadId(projectId));
  }
  /** startThread's id; main is not read, so a damaged main still lets the session list the tree that names it. */
  async startThreadId(projectId) {
    const branch = this.branch();
    let unreadable2 = null;
    const fallback = (id) => {
      if (unreadable2 !== null && unreadable2.chosen !== id) addNotice(this.notices, unreadable2.line);
      return id;
    };
    const key = this.startKey();
    if (key) {
      const chosen = branchChoice(this.readState(), key, projectId);
      if (chosen && this.store.threadExists(projectId, chosen)) {
        try {
          const t = this.store.readThread(projectId, chosen);
          if (threadStatus(t) === "active") return t.id;
        } catch (e) {
          if (e instanceof UnreadableFileError) {
            const where = branch ? `on branch "${branch}"` : "in this folder";
            const line = `The thread last chosen ${where} could not be read (${e.path}: ${e.reason}); this session starts elsewhere.`;
            unreadable2 = { chosen, line };
          } else if (!(e instanceof ThreadMindError && e.code === "not-found")) throw e;
        }
      }
    }
    const top = this.workspace.gitTop;
    if (branch && !(top !== null && isDefaultBranchFromFiles(top, branch))) {
      const linked = this.linkedOpenThread(projectId, branch);
      if (linked) return fallback(linked.id);
    }
    if (this.store.threadExists(projectId, MAIN_THREAD_ID)) return fallback(MAIN_THREAD_ID);
    const { threads } = this.store.readAllThreads(projectId);
    const root = [...threads.values()].find((t) => t.parentId === null);
    if (!root) throw errors.threadNotFound(MAIN_THREAD_ID);
    return fallback(root.id);
  }
  /**
   * The most recently updated open thread linked to `branch`, if any. Only the threads whose head may name a branch are
   * read (branch-link-candidates.ts); an unreadable one is left out, as readAllThreads leaves it out (the tree and
   * doctor report it).
   */
  linkedOpenThread(projectId, branch) {
    let best = null;
    for (const id of branchLinkCandidates(this.store.threadsDir(projectId))) {
      const t = this.readIfReadable(projectId, id);
      if (t !== null && t.branch === branch && threadStatus(t) === "active" && (!best || t.updatedAt > best.updatedAt)) best = t;
    }
    if (best === null) this.linkedMemo.forget(projectId, branch);
    else this.linkedMemo.remember(projectId, branch, best.id);
    return best;
  }
  /**
   * Whether any open thread is linked to `branch` (thread_create links a new thread only when none is): the thread last
   * seen so, read again, answers when it still is; otherwise every head is searched (linkedOpenThread).
   */
  hasLinkedOpenThread(projectId, branch) {
    const known = this.linkedMemo.candidate(projectId, branch);
    const t = known === void 0 ? null : this.readIfReadable(projectId, known);
    if (t !== null && t.branch === branch && threadStatus(t) === "active") return true;
    return this.linkedOpenThread(projectId, branch) !== null;
  }
  /** A thread this process has just linked to `branch` (thread_create): the next hasLinkedOpenThread reads it first. */
  rememberLinkedThread(projectId, branch, threadId) {
    this.linkedMemo.remember(projectId, branch, threadId);
  }
  /** The thread, or null when it cannot be read (gone, damaged: the tree and doctor report it; readAllThreads leaves it out too). */
  readIfReadable(projectId, id) {
    try {
      return this.store.readThread(projectId, id);
    } catch {
      return null;
    }
  }
  async threadCreate(input) {
    return createThread(this, input);
  }
  async threadSwitch(threadId, options = {}) {
    assertId(threadId, "thread id");
    const project = this.currentProject();
    const thread = this.store.readThread(project.id, threadId);
    await this.chooseThread(project.id, thread.id);
    return { thread, context: await this.contextFor(project, thread, options) };
  }
  /**
   * thread_list: the whole tree while it fits in THREAD_LIST_MAX_BYTES, else a bounded view (see thread-list-view.ts);
   * `full` (the CLI's tree command, for a person at a terminal) always renders the whole tree. Above FULL_TREE_LIMIT
   * threads the threads come from the search catalog, kept fresh by a directory watch (no file read or lstat per
   * thread on a warm server), not from the files one by one.
   */
  async threadList(options = {}) {
    const { project, threadId } = await this.currentThreadRef();
    if (options.full === true || !this.store.threadCountExceeds(project.id, FULL_TREE_LIMIT)) {
      const { threads: threads2, problems: problems2 } = this.store.readAllThreads(project.id);
      const text = options.full === true ? renderTreeOf(project, threads2, problems2, threadId) : threadListText({ projectTitle: project.title, threads: threads2, problems: problems2, activeId: threadId }, options);
      return { text, problems: problems2 };
    }
    const { threads, derived, problems } = await this.catalogList.read(this.store.dir, project.id);
    return {
      text: threadListText({ projectTitle: project.title, threads, problems, activeId: threadId, derived }, options),
      problems: [...problems]
    };
  }
  /** remember() after a write: its failure is returned as a line for the result, never thrown (the write stands). */
  async rememberAfterWrite(projectId, threadId) {
    try {
      await this.remember(projectId, threadId);
      return null;
    } catch (e) {
      return `The change was saved, but this session's active thread could not be recorded (${messageOf(e)}); it is "${threadId}" until this session ends.`;
    }
  }
  async threadStatus(input) {
    return setThreadStatus(this, input);
  }
  async threadMerge(input) {
    return mergeThread(this, input);
  }
  async threadDelete(threadId) {
    return deleteThread(this, threadId);
  }
  async threadRebase(threadId, newParentId) {
    return rebaseThread(this, threadId, newParentId);
  }
  // ------------------------------------------------------------------ summaries
  async summaryUpdate(input) {
    return updateSummary(this, input);
  }
  // ------------------------------------------------------------------ context
  async contextGet(options = {}) {
    const { project, thread, conflictNotice: conflictNotice2 } = await this.currentThreadForReading();
    const notices = [...conflictNotice2 === null ? [] : [conflictNotice2], ...options.notices ?? []];
    return { ...await this.contextFor(project, thread, { ...options, notices }), project, thread };
  }
  async contextFor(project, thread, options) {
    return (await this.contextWithSources(project, thread, options)).context;
  }
  /**
   * contextFor, and what it was built from: every file consulted (paths relative to the store; absent ones included)
   * and whether it depends on HEAD (stale-path warnings), so that it can be cached.
   */
  async contextWithSources(project, thread, options) {
    return contextWithSources(this, project, thread, options);
  }
  // ------------------------------------------------------------------ recall
  /** thread_search: tiers cheapest first over a derived index in the local cache (see src/core/search/). */
  async threadSearch(input) {
    const q = normalizeSearchQuery(input);
    const projectIds2 = q.scope === "all-projects" ? this.store.exists() ? this.store.projectIds() : [] : [this.currentProject().id];
    if (projectIds2.length === 0) throw errors.noProject();
    for (const id of projectIds2) this.store.threadsDir(id);
    const answer = await searchThreads(searchIndexFor(this.store.dir), projectIds2, input);
    return { ...answer, text: formatSearchAnswer(answer) };
  }
  /** thread_history: the versions of a thread's file in git (default: the active thread), newest first. */
  async threadHistory(input = {}) {
    if (input.threadId !== void 0) assertId(input.threadId, "thread id");
    checkHistoryLimit(input.limit);
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    const threadId = input.threadId ?? sessionThreadId;
    const folder = this.store.threadFolder(project.id, threadId);
    if ((0, import_node_fs30.existsSync)(folder) || !(0, import_node_fs30.existsSync)(this.store.legacyThreadPath(project.id, threadId))) {
      let working = null;
      try {
        working = this.store.readThread(project.id, threadId);
      } catch (e) {
        if (!(e instanceof UnreadableFileError) && !(e instanceof ThreadMindError && e.code === "not-found")) throw e;
      }
      return threadFolderHistory({
        gitTop: this.workspace.gitTop,
        folder,
        legacyPath: this.store.legacyThreadPath(project.id, threadId),
        threadId,
        working,
        ...input.limit !== void 0 ? { limit: input.limit } : {}
      });
    }
    const file = this.store.threadPath(project.id, threadId);
    return threadFileHistory({
      gitTop: this.workspace.gitTop,
      file,
      threadId,
      ...input.limit !== void 0 ? { limit: input.limit } : {}
    });
  }
};

// src/core/workspace.ts
var import_node_fs31 = require("fs");
var import_node_path32 = require("path");
var import_node_url2 = require("url");
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = (0, import_node_path32.resolve)(dir);
  const stop = gitTop ? (0, import_node_path32.resolve)(gitTop) : current;
  for (; ; ) {
    if (isDirectory2((0, import_node_path32.join)(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = (0, import_node_path32.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom((0, import_node_path32.resolve)(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory2(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory2(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom((0, import_node_path32.resolve)(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom((0, import_node_path32.resolve)(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: (0, import_node_path32.join)(root, STORE_DIR_NAME), gitTop, source };
}
function rootToPath(uri) {
  if (uri.startsWith("file://")) {
    try {
      return (0, import_node_url2.fileURLToPath)(uri);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") ? uri : null;
}
function isDirectory2(path) {
  try {
    return (0, import_node_fs31.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}

// src/agents/codex/rollout-paths.ts
var import_node_os3 = require("os");
var import_node_path33 = require("path");
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
function isClaudeInstance(session) {
  if (session.pid === void 0) return false;
  return session.key === claudeInstanceSession(session.pid).key || session.key === codexInstanceSession(session.pid).key;
}

// src/hooks/hook-services.ts
function hookServices(input, env, lockTimeoutMs) {
  const workspace = resolveWorkspace({ env, cwd: input.cwd });
  const session = hookSessionOr(env, input);
  return new ThreadMindServices({ workspace, session, env, encoder: null, lockTimeoutMs, sweepTempFiles: false });
}
function openHookServices(input, env, lockTimeoutMs) {
  const services = hookServices(input, env, lockTimeoutMs);
  return services.hasProjects() || services.hasOldLayout() ? services : null;
}

// src/core/write-stdout.ts
var import_node_fs32 = require("fs");
init_error_details();

// src/hooks/hook-output.ts
function failureLine(what, error) {
  const reason = error instanceof Error ? error.message : String(error);
  const short = reason.length > 300 ? `${reason.slice(0, 300)}\u2026` : reason;
  return `ThreadMind: ${what}: ${short.replace(/\s*\n\s*/g, " ")}`;
}

// src/hooks/session-start.ts
init_errors();

// src/core/conversation-threads.ts
init_measurement_log_read();
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
function adoptConversation(state, session, conversation) {
  if (state.sessions[session.key]?.threadId) return false;
  state.sessions[session.key] = {
    projectId: conversation.projectId,
    threadId: conversation.threadId,
    updatedAt: nextTimestamp(),
    ...session.pid !== void 0 ? { pid: session.pid } : {}
  };
  return true;
}
function resumedConversationToAdopt(state, session, events, sessionId) {
  if (sessionThread(state, session) !== null) return null;
  const conversation = conversationThread(state, sessionId, events);
  return conversation !== null && mustAdopt(conversation, session) ? conversation : null;
}

// src/core/context/context-cache.ts
init_regular_file();
var import_node_path35 = require("path");
var import_node_fs34 = require("fs");
init_id_pattern();

// src/core/store/thread-file-exists.ts
var import_node_fs33 = require("fs");
var import_node_path34 = require("path");
init_error_details();
init_id_pattern();
function threadFileRel(projectId, threadId) {
  return (0, import_node_path34.join)("threads", projectId, `${threadId}.md`);
}
function threadFileExists(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId)) return false;
  return entryThere((0, import_node_path34.join)(storeDir, "threads", projectId, threadId)) || entryThere((0, import_node_path34.join)(storeDir, "threads", projectId, `${threadId}.md`));
}
function entryThere(path) {
  try {
    (0, import_node_fs33.lstatSync)(path);
    return true;
  } catch (e) {
    const code = errnoCode(e);
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}

// src/core/context/context-cache.ts
init_text_fingerprint();

// src/core/context/context-cache-starts.ts
function sharedTailChars(a, b) {
  const max = Math.min(a.length, b.length);
  let n = 0;
  while (n < max && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n += 1;
  return n;
}
function packStarts(starts) {
  const entries = Object.entries(starts);
  const first = entries[0];
  if (first === void 0) return {};
  const [firstSource, firstStart] = first;
  const out = { [firstSource]: firstStart };
  for (const [source, start] of entries.slice(1)) {
    const tail = sharedTailChars(start.text, firstStart.text);
    if (tail < 64) {
      out[source] = start;
      continue;
    }
    const { text, ...rest } = start;
    out[source] = { ...rest, prefix: text.slice(0, text.length - tail), tailOf: firstSource, tailChars: tail };
  }
  return out;
}
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
  return fileStamp((0, import_node_path35.join)(distDir, "hook-core.cjs"));
}
function contextCachePath(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId))
    throw new Error(`invalid id for the context cache: ${projectId}/${threadId}`);
  return (0, import_node_path35.join)(storeDir, "cache", "context", projectId, `${threadId}.json`);
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
  const own = [legacy, folder, (0, import_node_path35.join)(folder, "thread.md")];
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
    const bytes2 = readRegularFile(path, ENTRY_MAX_BYTES);
    if (bytes2 === null || bytes2.length > ENTRY_MAX_BYTES) return null;
    const data = JSON.parse(bytes2.toString("utf8"));
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
function sourcePath(storeDir, rel) {
  return rel.endsWith("/") ? `${(0, import_node_path35.join)(storeDir, rel.slice(0, -1))}/` : (0, import_node_path35.join)(storeDir, rel);
}
function stampsOf(storeDir, paths) {
  const out = {};
  for (const rel of paths) out[rel] = pathStamp(sourcePath(storeDir, rel));
  return out;
}
function racyPaths(stamps, assemblyStartedAtMs) {
  return Object.entries(stamps).filter(([, stamp]) => stamp !== null && stampSettledAtMs(stamp) >= assemblyStartedAtMs).map(([rel]) => rel);
}
function trustedStamps(storeDir, paths, assemblyStartedAtMs) {
  const sources = stampsOf(storeDir, paths);
  return racyPaths(sources, assemblyStartedAtMs).length === 0 ? sources : null;
}
function sameRecord(a, b) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}
function sameInputs(a, b) {
  return a.builtBy === b.builtBy && a.head === b.head && a.threadStatus === b.threadStatus && sameRecord(a.verify ?? {}, b.verify ?? {}) && sameRecord(a.sources, b.sources);
}

// src/core/context/context-cache-write.ts
var import_node_path36 = require("path");
function threadCacheEntry(builtBy, projectId, thread, read) {
  const { verify, ...rest } = read;
  return {
    version: CONTEXT_CACHE_VERSION,
    builtBy,
    projectId,
    threadId: thread.id,
    threadStatus: threadStatus(thread),
    ...rest,
    ...verify !== void 0 ? { verify } : {}
  };
}
function saveContextCacheEntry(storeDir, entry) {
  const path = contextCachePath(storeDir, entry.projectId, entry.threadId);
  const previous = readContextCacheEntry(storeDir, entry.projectId, entry.threadId);
  const merged = previous !== null && sameInputs(previous, entry) ? { ...entry, starts: { ...previous.starts, ...entry.starts } } : entry;
  assertNoLinksBelow(storeDir, path);
  makeDir((0, import_node_path36.dirname)(path));
  writeFileAtomicSync(path, `${JSON.stringify({ ...merged, starts: packStarts(merged.starts) })}
`, void 0, {
    durable: false
  });
}

// src/hooks/hooks-build.ts
function hooksBuild() {
  try {
    return hooksBuildIn(__dirname);
  } catch {
    return null;
  }
}

// src/core/context/branch-start.ts
var import_node_fs35 = require("fs");
var import_node_path37 = require("path");
init_regular_file();
init_id_pattern();
var MAX_BRANCHES = 32;
var FILE_MAX_BYTES = 64 * 1024;
function branchStartsPath(storeDir, projectId) {
  if (!isValidId(projectId)) throw new Error(`invalid project id for the context cache: ${projectId}`);
  return (0, import_node_path37.join)(storeDir, "cache", "context", projectId, "_branch-starts.json");
}
function threadsDirStamp(storeDir, projectId) {
  try {
    const s = (0, import_node_fs35.lstatSync)((0, import_node_path37.join)(storeDir, "threads", projectId), { bigint: true });
    return s.isDirectory() ? statStamp(s) : null;
  } catch {
    return null;
  }
}
function readStarts(storeDir, projectId) {
  try {
    const path = branchStartsPath(storeDir, projectId);
    assertNoLinksBelow(storeDir, path);
    const bytes2 = readRegularFile(path, FILE_MAX_BYTES);
    if (bytes2 === null || bytes2.length > FILE_MAX_BYTES) return {};
    const data = JSON.parse(bytes2.toString("utf8"));
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
function saveBranchStart(storeDir, projectId, startKey2, threadId, threadsDir) {
  const path = branchStartsPath(storeDir, projectId);
  const others = Object.entries(readStarts(storeDir, projectId)).filter(([key]) => key !== startKey2);
  const kept = Object.fromEntries([...others.slice(-(MAX_BRANCHES - 1)), [startKey2, { threadId, threadsDir }]]);
  assertNoLinksBelow(storeDir, path);
  makeDir((0, import_node_path37.dirname)(path));
  writeFileAtomicSync(path, `${JSON.stringify(kept)}
`, void 0, { durable: false });
}

// src/hooks/hook-fast-store.ts
var import_node_fs36 = require("fs");
var import_node_path38 = require("path");
init_measurement_log();
init_measurement_log_read();
function projectIds(storeDir) {
  const dir = (0, import_node_path38.join)(storeDir, "projects");
  try {
    if ((0, import_node_fs36.lstatSync)(dir).isSymbolicLink()) return null;
    return projectIdsIn(dir);
  } catch {
    return null;
  }
}

// src/hooks/start-record.ts
var import_node_fs37 = require("fs");
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
    const stat = (0, import_node_fs37.statSync)(path, { throwIfNoEntry: false });
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

// src/hooks/session-start.ts
init_measurement_log_read();
init_measurement_log();

// src/core/context/context-header.ts
var CHARACTER_CAP = 1e4;
var HEADER_TITLE_CHARS = 200;
function contextHeader(source, threadId, title) {
  const when = source === "clear" ? "after /clear" : source === "compact" ? "after compaction" : "at session start";
  const named = titleLine(title, HEADER_TITLE_CHARS);
  return `ThreadMind memory, loaded ${when}: the context of thread "${named}" (${threadId}). Keep it current with summary_update.

`;
}

// src/hooks/freshness-start.ts
init_format_count();
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
  const last2 = time === null ? "never written by this window" : `last written ${time}`;
  const transcript = record2.transcriptPath ?? "unknown";
  const grew = record2.written ? `grew ${behind} tokens after it last updated the summary of '${name}' (${last2})` : `grew ${behind} tokens without updating the summary of '${name}' (${last2})`;
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

// src/core/context/start-context.ts
init_format_count();
init_content_hash();
init_text_fingerprint();
function userLine(notice) {
  const plain = notice.trim().replace(/^_⚠\s*/, "").replace(/_$/, "");
  return plain.startsWith("ThreadMind") ? plain : `ThreadMind: ${plain}`;
}
async function assembleStarts(services, project, thread, sources, leading, notices = []) {
  const headers = sources.map((source) => contextHeader(source, thread.id, thread.title));
  const longest = Math.max(...headers.map((h) => h.length));
  const budget = (header) => ({
    maxChars: Math.max(0, CHARACTER_CAP - header),
    estimateOnly: true,
    ...notices.length > 0 ? { notices: [...notices] } : {}
  });
  const base = await services.contextWithSources(project, thread, budget(longest));
  const files = new Set(base.sources);
  let dependsOnHead = base.dependsOnHead;
  const contexts = [];
  for (const header of headers) {
    let context2 = base.context;
    if (trimmed(context2) && header.length !== longest) {
      const own = await services.contextWithSources(project, thread, budget(header.length));
      context2 = own.context;
      for (const f of own.sources) files.add(f);
      dependsOnHead ||= own.dependsOnHead;
    }
    contexts.push(context2);
  }
  const lines = leading();
  const starts = {};
  for (const [i, source] of sources.entries())
    starts[source] = startOf(`${headers[i]}${contexts[i].text}`, contexts[i], thread.id, lines);
  return { starts, sources: [...files], dependsOnHead };
}
function trimmed(c) {
  return c.omitted.length > 0 || c.omittedBeyond || c.truncated;
}
function startOf(text, context2, threadId, leading) {
  const notes = [...leading, ...context2.notices.map(userLine)];
  if (trimmed(context2)) {
    const left = `${context2.omitted.length}${context2.omittedBeyond ? "+" : ""} ancestor${context2.omitted.length === 1 && !context2.omittedBeyond ? "" : "s"}`;
    notes.push(
      `ThreadMind: context of "${threadId}" trimmed to fit ${formatCount(CHARACTER_CAP)} characters (${left} left out${context2.truncated ? ", summary cut" : ""}).`
    );
  }
  return {
    text,
    contentHash: contentHash(text),
    fingerprint: textFingerprint(text),
    tokens: context2.tokens,
    omitted: context2.omitted.length,
    userMessage: notes.length > 0 ? notes.join(" ") : null
  };
}

// src/hooks/session-start.ts
async function sessionStart(services, input) {
  try {
    return await startOrResume(services, input);
  } catch (e) {
    if (!(e instanceof NoActiveProjectError)) throw e;
    return severalProjectsNoneChosen(e.ids);
  }
}
function unchosenStart(services) {
  const storeDir = services.store.dir;
  const key = services.startKey();
  if (key === null) return null;
  const ids = projectIds(storeDir);
  const exists = (projectId, threadId) => threadFileExists(storeDir, projectId, threadId);
  if (sessionThreadRef(
    ids,
    services.readState(),
    services.session.key,
    () => null,
    () => key,
    exists
  ) !== null)
    return null;
  const before = new Map((ids ?? []).map((id) => [id, threadsDirStamp(storeDir, id)]));
  return {
    save: (projectId, threadId, startedAt) => {
      const stamp = before.get(projectId) ?? null;
      if (stamp === null || threadsDirStamp(storeDir, projectId) !== stamp || stampSettledAtMs(stamp) > startedAt) return;
      saveBranchStart(storeDir, projectId, key, threadId, stamp);
    }
  };
}
function severalProjectsNoneChosen(ids) {
  const list = ids.join(", ");
  return {
    additionalContext: `ThreadMind: this workspace has several projects (${list}) and none is chosen in this window yet, so no thread's context was loaded. Ask the user which project this session is about, then call project_switch with its id.`,
    userMessage: `ThreadMind: several projects here (${list}) and none chosen on this machine yet: /thread-mind:project switch <id> loads one's context.`
  };
}
async function startOrResume(services, input) {
  const source = input.source ?? "startup";
  if (source === "resume") {
    const conversation = resumedConversationToAdopt(
      services.readState(),
      services.session,
      sessionEvents(services.store.dir, input.sessionId),
      input.sessionId
    );
    if (conversation !== null) {
      await services.store.locked(
        () => services.updateState((state) => void adoptConversation(state, services.session, conversation))
      );
    }
    return services.notices.length > 0 ? { userMessage: services.notices.map(userLine).join(" ") } : {};
  }
  const assemblyStartedAt = Date.now();
  const headBefore = services.headCommitFromFiles();
  const migration = await services.migrateIfNeeded();
  const logFailures = [];
  const events = source === "startup" ? null : await withoutUnreadableLog(
    services.store.dir,
    logFailures,
    async () => instanceEvents(services.store.dir, services.session.key),
    async () => null
  );
  const unchosen = source === "startup" ? unchosenStart(services) : null;
  const { project, thread, lost, conflictNotice: conflictNotice2 } = await services.currentThreadForReading(
    events === null ? { newProcess: true } : { followed: lastConversation(events, services.session.key) }
  );
  const chosen = lost === null ? [] : await chooseStartThread(services, project.id, thread.id);
  const leading = () => [...services.notices.map(userLine), ...migration ? [userLine(migration.text.split("\n")[0])] : []];
  const { starts, sources, dependsOnHead } = await assembleStarts(
    services,
    project,
    thread,
    [source],
    leading,
    conflictNotice2 === null ? [] : [conflictNotice2]
  );
  const start = starts[source];
  const noticed = await startAfterRestart(start, events, input, source);
  const sent = await fittedStart(input, noticed.start);
  const failures = [...logFailures, ...chosen];
  if (logFailures.length === 0) {
    try {
      await services.recordEvents(startEvents(input, services.session, source, project.id, thread.id, sent));
    } catch (e) {
      failures.push(failureLine("context loaded, but the injection could not be recorded", e));
    }
  }
  if (migration === null && services.notices.length === 0 && failures.length === 0 && conflictNotice2 === null) {
    const head = dependsOnHead ? services.headCommitFromFiles() : null;
    const headSettled = !dependsOnHead || typeof head === "string" && head === headBefore;
    const stamps = headSettled ? trustedStamps(services.store.dir, sources, assemblyStartedAt) : null;
    const builtBy = hooksBuild();
    if (stamps !== null && builtBy !== null) {
      try {
        saveContextCacheEntry(
          services.store.dir,
          threadCacheEntry(builtBy, project.id, thread, {
            sources: stamps,
            head: dependsOnHead ? head : null,
            starts: { [source]: start }
          })
        );
        if (unchosen !== null && lost === null) unchosen.save(project.id, thread.id, assemblyStartedAt);
      } catch (e) {
        failures.push(
          failureLine("could not save the context cache (derived data; the next session start assembles it again)", e)
        );
      }
    }
  }
  return startOutput(sent, [...noticed.userLines, ...failures]);
}
async function chooseStartThread(services, projectId, threadId) {
  try {
    await services.chooseThread(projectId, threadId);
    return [];
  } catch (e) {
    return [failureLine(`context loaded, but "${threadId}" could not be made this window's thread`, e)];
  }
}
async function withoutUnreadableLog(storeDir, failures, read, instead) {
  try {
    return await read();
  } catch (e) {
    if (!isUnreadableMeasurementLog(e, storeDir)) throw e;
    if (failures.length === 0)
      failures.push(
        failureLine(
          "context loaded, but the measurement log could not be read (the thread this window followed and the summary's freshness are unknown)",
          e
        )
      );
    return instead();
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
function optionalString2(obj, key, where) {
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
function readMeta(record2, type) {
  return {
    type,
    sessionId: optionalString2(record2, "sessionId", "record"),
    timestamp: optionalString2(record2, "timestamp", "record"),
    uuid: optionalString2(record2, "uuid", "record")
  };
}
function skipped(reason, meta) {
  return { kind: "skipped", reason, meta };
}
function classifyAssistant(record2, meta) {
  if (optionalFlag(record2, "isApiErrorMessage")) return skipped("api-error", meta);
  const message = requiredObject(record2, "message", "record");
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
      requestId: optionalString2(record2, "requestId", "record"),
      model,
      usage: tokens,
      contextTokens: contextTokensOf(tokens)
    }
  };
}
function classifySystem(record2, meta) {
  if (optionalString2(record2, "subtype", "record") !== "compact_boundary") return { kind: "other", meta };
  const metadata = record2.compactMetadata;
  if (metadata === void 0) {
    return { kind: "compact-boundary", record: { meta, trigger: null, preTokens: null, postTokens: null } };
  }
  if (!isObject(metadata)) throw new ShapeProblem("record.compactMetadata is not an object");
  return {
    kind: "compact-boundary",
    record: {
      meta,
      trigger: optionalString2(metadata, "trigger", "compactMetadata"),
      preTokens: optionalCount(metadata, "preTokens", "compactMetadata"),
      postTokens: optionalCount(metadata, "postTokens", "compactMetadata")
    }
  };
}
function classifyAttachment(record2, meta) {
  const attachment = requiredObject(record2, "attachment", "record");
  if (optionalString2(attachment, "type", "attachment") !== "hook_additional_context") return { kind: "other", meta };
  const content = attachment.content;
  if (!Array.isArray(content) || !content.every((item) => typeof item === "string")) {
    throw new ShapeProblem("attachment.content is not an array of strings");
  }
  const first = content[0];
  return {
    kind: "hook-context",
    record: {
      meta,
      hookEvent: optionalString2(attachment, "hookEvent", "attachment"),
      hookName: optionalString2(attachment, "hookName", "attachment"),
      content,
      text: content.join("\n"),
      isPersistedOutputPreview: first?.trimStart().startsWith(PERSISTED_OUTPUT_OPEN) === true,
      fromHook: true
    }
  };
}
function classifyKnown(type, record2, meta) {
  switch (type) {
    case "progress":
      return skipped("progress", meta);
    case "assistant":
      return classifyAssistant(record2, meta);
    case "system":
      return classifySystem(record2, meta);
    case "attachment":
      return classifyAttachment(record2, meta);
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
  const type = value.type;
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
function notJson(error) {
  if (error instanceof SyntaxError) return { kind: "malformed", problem: `not JSON: ${error.message}` };
  throw error;
}
function classifyLine(text) {
  if (text.trim() === "") return { kind: "blank" };
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return notJson(error);
  }
  return classifyRecord(value);
}

// src/transcript/line-splitter.ts
var NEWLINE2 = 10;
var ByteRangeSplitter = class {
  /**
   * `ownsChunks`: the caller will write into a chunk again once push() returns, so the start of a line that goes on in
   * the next chunk is copied rather than kept as a view.
   */
  constructor(sink, ownsChunks = false) {
    this.sink = sink;
    this.ownsChunks = ownsChunks;
  }
  sink;
  ownsChunks;
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
      let stop;
      if (this.pending.length === 0) {
        this.takenBytes += newline - start + 1;
        stop = this.sink(chunk, start, newline, true);
      } else {
        const line = Buffer.concat([...this.pending, chunk.subarray(start, newline)]);
        this.pending = [];
        this.pendingBytes = 0;
        this.takenBytes += line.length + 1;
        stop = this.sink(line, 0, line.length, true);
      }
      if (stop) {
        this.stoppedBySink = true;
        return;
      }
      start = newline + 1;
      newline = chunk.indexOf(NEWLINE2, start);
    }
    if (start < chunk.length) {
      this.pending.push(this.ownsChunks ? Buffer.from(chunk.subarray(start)) : chunk.subarray(start));
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
    this.stoppedBySink = this.sink(line, 0, line.length, false);
  }
};
var ByteLineSplitter = class extends ByteRangeSplitter {
  constructor(sink) {
    super(
      (buffer, start, end, terminated) => sink(start === 0 && end === buffer.length ? buffer : buffer.subarray(start, end), terminated)
    );
  }
};
var LineSplitter = class {
  bytes;
  constructor(sink) {
    this.bytes = new ByteRangeSplitter((buffer, start, end, terminated) => {
      sink(buffer.toString("utf8", start, end), terminated);
      return false;
    });
  }
  push(chunk) {
    this.bytes.push(chunk);
  }
  end() {
    this.bytes.end();
  }
};

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
var MALFORMED_SAMPLE_LIMIT = 10;
function emptySkipCounts() {
  return { sidechain: 0, synthetic: 0, "api-error": 0, progress: 0, "unknown-type": 0 };
}
function zeroUsage() {
  return { inputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: 0 };
}
function addUsage(target2, usage, sign) {
  target2.inputTokens += sign * usage.inputTokens;
  target2.cacheCreationInputTokens += sign * usage.cacheCreationInputTokens;
  target2.cacheReadInputTokens += sign * usage.cacheReadInputTokens;
  target2.outputTokens += sign * usage.outputTokens;
}
function responseKey(record2) {
  return record2.requestId === null ? record2.messageId : `${record2.messageId}\0${record2.requestId}`;
}
var SessionAccumulator = class {
  lineCount = 0;
  blankLines = 0;
  malformedLines = 0;
  malformedSamples = [];
  skipped = emptySkipCounts();
  sessionIds = [];
  seenSessionIds = /* @__PURE__ */ new Set();
  firstTimestamp = null;
  lastTimestamp = null;
  responses = /* @__PURE__ */ new Map();
  models = /* @__PURE__ */ new Map();
  totals = zeroUsage();
  assistantRecords = 0;
  firstContextTokens = null;
  peakContextTokens = null;
  lastAssistant = null;
  compactions = [];
  /** Compactions seen since the last assistant record: the next one gives their contextTokensAfter. */
  awaitingContextAfter = [];
  hookContexts = [];
  /** Classifies and adds the next line of the file (text without its newline). Returns the classification. */
  addLine(text) {
    const classified = classifyLine(text);
    this.add(classified);
    return classified;
  }
  /**
   * Counts the next line of the file without classifying it: a reader that knows from its bytes that the line has
   * nothing to count (see uncounted-line.ts) keeps later line numbers those of the file. It adds to `lines` only.
   */
  skipLine() {
    this.lineCount += 1;
  }
  /** Adds the next line of the file, already classified. Every line counts, so line numbers stay those of the file. */
  add(line) {
    this.lineCount += 1;
    const lineNumber = this.lineCount;
    switch (line.kind) {
      case "blank":
        this.blankLines += 1;
        return;
      case "malformed":
        this.malformedLines += 1;
        if (this.malformedSamples.length < MALFORMED_SAMPLE_LIMIT) {
          this.malformedSamples.push({ lineNumber, problem: line.problem });
        }
        return;
      case "skipped":
        this.skipped[line.reason] += 1;
        return;
      case "assistant":
        this.noteMeta(line.record.meta);
        this.addAssistant(line.record);
        return;
      case "compact-boundary": {
        this.noteMeta(line.record.meta);
        const compaction = {
          lineNumber,
          timestamp: line.record.meta.timestamp,
          trigger: line.record.trigger,
          preTokens: line.record.preTokens,
          postTokens: line.record.postTokens,
          contextTokensBefore: this.lastAssistant === null ? null : this.lastAssistant.contextTokens,
          contextTokensAfter: null
        };
        this.compactions.push(compaction);
        this.awaitingContextAfter.push(compaction);
        return;
      }
      case "hook-context":
        this.noteMeta(line.record.meta);
        this.hookContexts.push({ ...line.record, lineNumber });
        return;
      case "other":
        this.noteMeta(line.meta);
        return;
      default: {
        const unreachable = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  }
  noteMeta(meta) {
    if (meta.sessionId !== null && !this.seenSessionIds.has(meta.sessionId)) {
      this.seenSessionIds.add(meta.sessionId);
      this.sessionIds.push(meta.sessionId);
    }
    if (meta.timestamp !== null) {
      if (this.firstTimestamp === null) this.firstTimestamp = meta.timestamp;
      this.lastTimestamp = meta.timestamp;
    }
  }
  addAssistant(record2) {
    this.assistantRecords += 1;
    const context2 = record2.contextTokens;
    if (this.firstContextTokens === null) this.firstContextTokens = context2;
    if (this.peakContextTokens === null || context2 > this.peakContextTokens) this.peakContextTokens = context2;
    this.lastAssistant = record2;
    for (const compaction of this.awaitingContextAfter) compaction.contextTokensAfter = context2;
    this.awaitingContextAfter.length = 0;
    const key = responseKey(record2);
    const kept = this.responses.get(key);
    if (kept !== void 0) {
      if (record2.usage.outputTokens < kept.usage.outputTokens) return;
      this.count(kept, -1);
    }
    const response = { usage: record2.usage, model: record2.model };
    this.responses.set(key, response);
    this.count(response, 1);
  }
  count(response, sign) {
    addUsage(this.totals, response.usage, sign);
    let model = this.models.get(response.model);
    if (model === void 0) {
      model = { model: response.model, apiResponses: 0, outputTokens: 0 };
      this.models.set(response.model, model);
    }
    model.apiResponses += sign;
    model.outputTokens += sign * response.usage.outputTokens;
  }
  /** Whether an API response of this key (responseKey) has been added already. */
  hasResponse(key) {
    return this.responses.has(key);
  }
  /** A snapshot of the figures so far (the accumulator can keep being fed). */
  result() {
    return {
      sessionIds: [...this.sessionIds],
      firstTimestamp: this.firstTimestamp,
      lastTimestamp: this.lastTimestamp,
      models: [...this.models.values()].filter((m) => m.apiResponses > 0).map((m) => ({ ...m })),
      firstContextTokens: this.firstContextTokens,
      finalContextTokens: this.lastAssistant === null ? null : this.lastAssistant.contextTokens,
      peakContextTokens: this.peakContextTokens,
      lastAssistant: this.lastAssistant,
      compactions: this.compactions.map((c) => ({ ...c })),
      apiResponses: this.responses.size,
      assistantRecords: this.assistantRecords,
      totals: { ...this.totals },
      hookContexts: [...this.hookContexts],
      skipped: { ...this.skipped },
      lines: this.lineCount,
      blankLines: this.blankLines,
      malformedLines: this.malformedLines,
      malformedSamples: this.malformedSamples.map((m) => ({ ...m }))
    };
  }
};

// src/transcript/transcript-file.ts
var import_node_fs38 = require("fs");
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
    const before = (0, import_node_fs38.statSync)(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    fd = (0, import_node_fs38.openSync)(path, import_node_fs38.constants.O_RDONLY | (import_node_fs38.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = (0, import_node_fs38.fstatSync)(fd);
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, fd, size: stats.size };
  } catch (error) {
    (0, import_node_fs38.closeSync)(fd);
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
    (0, import_node_fs38.closeSync)(file.fd);
  }
}
async function readExactly(file, buffer, position) {
  let filled = 0;
  while (filled < buffer.length) {
    const bytesRead = (0, import_node_fs38.readSync)(file.fd, buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) {
      throw new TranscriptReadError(
        file.path,
        `file ended at byte ${position + filled} while ${buffer.length - filled} more bytes were expected (was it truncated while being read?)`,
        { code: null }
      );
    }
    filled += bytesRead;
  }
}
async function readRange(file, sink, start, maxBytes, chunkSize) {
  const limit = Math.min(start + maxBytes, file.size);
  let position = start;
  while (position < limit && !sink.stopped) {
    const chunk = Buffer.allocUnsafe(Math.min(chunkSize, limit - position));
    await readExactly(file, chunk, position);
    position += chunk.length;
    sink.push(chunk);
  }
  if (position === file.size) sink.end();
  return position;
}

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
  take(bytes2, terminated) {
    this.lines += 1;
    if (terminated && !mayBeNeededRecord(bytes2, NEEDED_IN_HEAD)) {
      this.unparsedLines += 1;
      return false;
    }
    const line = classifyLine(bytes2.toString("utf8"));
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
    const splitter = new ByteLineSplitter((bytes2, terminated) => {
      if (dropFirst) {
        dropFirst = false;
        return false;
      }
      return collector.take(bytes2, terminated);
    });
    const start = from > 0 ? Math.min(from - 1, file.size) : 0;
    const position = await readRange(file, splitter, start, maxBytes, chunkSize);
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

// src/transcript/walk-back.ts
var DEFAULT_TAIL_CHUNK_BYTES = 64 * 1024;
var NEWLINE3 = 10;
async function walkBack(file, chunkSize, limits, sink) {
  const { maxBytes, maxRecords } = limits;
  let position = file.size;
  let bytesRead = 0;
  let carry = [];
  let atEndOfFile = true;
  let stopped = false;
  let stoppedAtByteLimit = false;
  let stoppedAtRecordLimit = false;
  const takeLine = (bytes2) => {
    const isLastLine = atEndOfFile;
    atEndOfFile = false;
    if (isLastLine && bytes2.length === 0) return false;
    if (sink.take(bytes2, isLastLine)) return true;
    if (maxRecords !== null && sink.lines - sink.unparsedLines >= maxRecords) stoppedAtRecordLimit = true;
    return stoppedAtRecordLimit;
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
    let newline = chunk.lastIndexOf(NEWLINE3, end - 1);
    while (newline !== -1 && !stopped) {
      const piece = chunk.subarray(newline + 1, end);
      const bytes2 = carry.length === 0 ? piece : Buffer.concat([piece, ...carry]);
      carry = [];
      stopped = takeLine(bytes2);
      end = newline;
      newline = end === 0 ? -1 : chunk.lastIndexOf(NEWLINE3, end - 1);
    }
    if (!stopped && end > 0) carry.unshift(Buffer.from(chunk.subarray(0, end)));
  }
  if (!stopped && !stoppedAtByteLimit && position === 0) {
    stopped = takeLine(Buffer.concat(carry));
  }
  return {
    bytesRead,
    reachedStartOfFile: position === 0 && !stoppedAtByteLimit && !stoppedAtRecordLimit,
    stoppedAtByteLimit,
    stoppedAtRecordLimit
  };
}
function tailReading(path, fileSize, walk, counts, found) {
  return {
    path,
    fileSize,
    bytesRead: walk.bytesRead,
    reachedStartOfFile: walk.reachedStartOfFile,
    stoppedAtByteLimit: walk.stoppedAtByteLimit,
    stoppedAtRecordLimit: walk.stoppedAtRecordLimit,
    lastAssistant: found.lastAssistant,
    contextTokens: found.lastAssistant?.contextTokens ?? null,
    compactBoundaries: found.compactBoundaries,
    hookContexts: found.hookContexts,
    skipped: { ...counts.skipped },
    lines: counts.lines,
    unparsedLines: counts.unparsedLines,
    malformedLines: counts.malformedLines,
    truncatedLastLine: counts.truncatedLastLine
  };
}

// src/transcript/read-tail.ts
var NEEDED_BEFORE_LAST_RESPONSE = ["assistant", "compact-boundary", "hook-context"];
var NEEDED_AFTER_LAST_RESPONSE = ["compact-boundary", "hook-context"];
var NEEDED_FOR_SIZE = ["assistant", "compact-boundary"];
var TailCollector = class {
  constructor(backToLastCompaction, sizeOnly) {
    this.backToLastCompaction = backToLastCompaction;
    this.sizeOnly = sizeOnly;
  }
  backToLastCompaction;
  sizeOnly;
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
  take(bytes2, isUnterminatedLastLine) {
    this.lines += 1;
    const needed = this.sizeOnly ? NEEDED_FOR_SIZE : this.lastAssistant === null ? NEEDED_BEFORE_LAST_RESPONSE : NEEDED_AFTER_LAST_RESPONSE;
    if (!isUnterminatedLastLine && !mayBeNeededRecord(bytes2, needed)) {
      this.unparsedLines += 1;
      return false;
    }
    const line = classifyLine(bytes2.toString("utf8"));
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
        if (!this.sizeOnly) this.hookContextsLastFirst.push(line.record);
        break;
      default: {
        const unreachable = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
    if (this.sizeOnly) return this.lastAssistant !== null || this.boundariesLastFirst.length > 0;
    if (this.lastAssistant === null) return false;
    return !this.backToLastCompaction || this.boundariesLastFirst.length > 0;
  }
};
async function readTail(path, options = {}) {
  const chunkSize = options.chunkSize ?? DEFAULT_TAIL_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  const maxBytes = options.maxBytes ?? null;
  if (maxBytes !== null) checkPositiveInteger("maxBytes", maxBytes);
  const maxRecords = options.maxRecords ?? null;
  if (maxRecords !== null) checkPositiveInteger("maxRecords", maxRecords);
  return withTranscript(path, async (file) => {
    const collector = new TailCollector(options.backToLastCompaction ?? false, options.sizeOnly ?? false);
    const walk = await walkBack(file, chunkSize, { maxBytes, maxRecords }, collector);
    return tailReading(path, file.size, walk, collector, {
      lastAssistant: collector.lastAssistant,
      compactBoundaries: collector.boundariesLastFirst.reverse(),
      hookContexts: collector.hookContextsLastFirst.reverse()
    });
  });
}

// src/transcript/for-each-line.ts
var import_node_fs39 = require("fs");
var DEFAULT_STREAM_CHUNK_BYTES = 1024 * 1024;
async function forEachLine(path, sink, options = {}) {
  return streamLines(path, new LineSplitter(sink), options);
}
var BYTES_BETWEEN_YIELDS = 8 * 1024 * 1024;
async function streamLines(path, splitter, options) {
  const beforeReuse = options.beforeChunkReuse;
  const given = beforeReuse === void 0 ? void 0 : options.buffer;
  const chunkSize = given?.length ?? options.chunkSize ?? DEFAULT_STREAM_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  return withTranscript(path, async (file) => {
    let bytesRead = 0;
    let sinceYield = 0;
    let reused = null;
    for (; ; ) {
      let chunk;
      if (beforeReuse === void 0) chunk = Buffer.allocUnsafeSlow(chunkSize);
      else if (reused === null) chunk = reused = given ?? Buffer.allocUnsafeSlow(chunkSize);
      else {
        beforeReuse(reused);
        chunk = reused;
      }
      const n = (0, import_node_fs39.readSync)(file.fd, chunk, 0, chunkSize, bytesRead);
      if (n === 0) break;
      bytesRead += n;
      splitter.push(n === chunkSize ? chunk : chunk.subarray(0, n));
      sinceYield += n;
      if (sinceYield >= BYTES_BETWEEN_YIELDS) {
        sinceYield = 0;
        await new Promise((resolve8) => setImmediate(resolve8));
      }
    }
    splitter.end();
    return { bytesRead };
  });
}

// src/transcript/read-transcript.ts
async function readTranscript(path, options = {}) {
  const accumulator = new SessionAccumulator();
  let truncatedLastLine = false;
  const { bytesRead } = await forEachLine(
    path,
    (text, terminated) => {
      const classified = accumulator.addLine(text);
      if (!terminated && classified.kind === "malformed") truncatedLastLine = true;
    },
    options
  );
  return { ...accumulator.result(), path, bytesRead, truncatedLastLine };
}

// src/agents/claude-code/agent.ts
var claudeCode = {
  ...PROFILES["claude-code"],
  ownsTranscript: (path) => path.endsWith(".jsonl") && !isRolloutPath(path),
  readTail: (path, options) => readTail(path, options),
  readHeadFrom: async (path, from) => {
    const read = await readHead(path, { from });
    const last2 = read.records.at(-1);
    const firstRequestTokens = read.stoppedAtFirstResponse && last2 !== void 0 && last2.kind === "assistant" ? last2.record.contextTokens : null;
    return { fileSize: read.fileSize, hookContexts: read.hookContexts, firstRequestTokens };
  },
  readSession: (path) => readTranscript(path)
};

// src/transcript/codex/classify-rollout.ts
var ROLLOUT_LINE_TYPES = ["session_meta", "turn_context", "response_item", "event_msg", "compacted"];
var CODEX_PREVIEW_OPEN = "Warning: truncated output";
var UNKNOWN_CODEX_MODEL = "unknown";
var ShapeProblem2 = class extends Error {
};
function isObject2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isRolloutLineType(type) {
  return ROLLOUT_LINE_TYPES.includes(type);
}
function isCount4(value) {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}
function count(obj, key, where) {
  const value = obj[key];
  if (value === void 0 || value === null) return 0;
  if (!isCount4(value)) throw new ShapeProblem2(`${where}.${key} is not a token count`);
  return value;
}
function requiredCount2(obj, key, where) {
  const value = obj[key];
  if (!isCount4(value)) throw new ShapeProblem2(`${where}.${key} is missing or not a token count`);
  return value;
}
function optionalString3(obj, key, where) {
  const value = obj[key];
  if (value === void 0 || value === null) return null;
  if (typeof value !== "string") throw new ShapeProblem2(`${where}.${key} is not a string`);
  return value;
}
function requiredObject2(obj, key, where) {
  const value = obj[key];
  if (!isObject2(value)) throw new ShapeProblem2(`${where}.${key} is missing or not an object`);
  return value;
}
var RolloutClassifier = class {
  model = UNKNOWN_CODEX_MODEL;
  sessionId = null;
  /** The running totals of the last token count: a line with the same ones is a copy (no new request). */
  lastResponseKey = null;
  /** The model the line just classified named: a turn_context line's, else null (read backwards, see read-rollout-tail.ts). */
  namedModel = null;
  /** Classifies the next line of the rollout (text without its newline). */
  classifyLine(text) {
    this.namedModel = null;
    if (text.trim() === "") return { kind: "blank" };
    let value;
    try {
      value = JSON.parse(text);
    } catch (error) {
      if (error instanceof SyntaxError) return { kind: "malformed", problem: `not JSON: ${error.message}` };
      throw error;
    }
    return this.classifyValue(value);
  }
  /** Classifies the next line of the rollout, already parsed. */
  classifyValue(value) {
    this.namedModel = null;
    if (!isObject2(value)) return { kind: "malformed", problem: "not a JSON object" };
    const type = value.type;
    if (typeof type !== "string") return { kind: "malformed", problem: "line.type is missing or not a string" };
    try {
      const meta = {
        type,
        sessionId: this.sessionId,
        timestamp: optionalString3(value, "timestamp", "line"),
        uuid: null
      };
      if (!isRolloutLineType(type)) return { kind: "skipped", reason: "unknown-type", meta };
      return this.classifyKnown(type, requiredObject2(value, "payload", "line"), meta);
    } catch (error) {
      if (error instanceof ShapeProblem2) return { kind: "malformed", problem: `${type} line: ${error.message}` };
      throw error;
    }
  }
  classifyKnown(type, payload, meta) {
    switch (type) {
      case "session_meta": {
        const id = optionalString3(payload, "id", "payload");
        if (this.sessionId === null && id !== null) this.sessionId = id;
        return { kind: "other", meta: { ...meta, sessionId: this.sessionId } };
      }
      case "turn_context": {
        const model = optionalString3(payload, "model", "payload");
        if (model !== null) this.model = model;
        this.namedModel = model;
        return { kind: "other", meta };
      }
      case "compacted":
        return { kind: "compact-boundary", record: { meta, trigger: null, preTokens: null, postTokens: null } };
      case "event_msg":
        return this.classifyEvent(payload, meta);
      case "response_item":
        return classifyResponseItem(payload, meta);
      default: {
        const unreachable = type;
        throw new Error(`unhandled rollout line type ${String(unreachable)}`);
      }
    }
  }
  classifyEvent(payload, meta) {
    if (payload.type !== "token_count") return { kind: "other", meta };
    const info = payload.info;
    if (info === null || info === void 0) return { kind: "other", meta };
    if (!isObject2(info)) throw new ShapeProblem2("payload.info is not an object");
    const last2 = requiredObject2(info, "last_token_usage", "info");
    const total = requiredObject2(info, "total_token_usage", "info");
    const input = requiredCount2(last2, "input_tokens", "last_token_usage");
    if (input === 0) return { kind: "other", meta };
    const cached = Math.min(count(last2, "cached_input_tokens", "last_token_usage"), input);
    const usage = {
      inputTokens: input - cached,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: cached,
      outputTokens: count(last2, "output_tokens", "last_token_usage")
    };
    const messageId = [
      "codex-total",
      count(total, "input_tokens", "total_token_usage"),
      count(total, "cached_input_tokens", "total_token_usage"),
      count(total, "output_tokens", "total_token_usage"),
      count(total, "total_tokens", "total_token_usage")
    ].join(":");
    if (messageId === this.lastResponseKey) return { kind: "other", meta };
    this.lastResponseKey = messageId;
    return {
      kind: "assistant",
      record: { meta, messageId, requestId: null, model: this.model, usage, contextTokens: input }
    };
  }
};
var CODEX_HOOK_CONTEXT_KIND = "hooks.additional_context";
function hookParts(payload, parts) {
  const meta = payload.internal_chat_message_metadata_passthrough;
  if (!isObject2(meta)) return null;
  const kinds = Array.isArray(meta.content_item_kinds) ? meta.content_item_kinds : null;
  const items = Array.isArray(meta.content_item_metadata) ? meta.content_item_metadata : null;
  if (kinds === null && items === null) return null;
  return Array.from({ length: parts }, (_, i) => {
    const item = items?.[i];
    const provenance = isObject2(item) ? item.provenance : void 0;
    return kinds?.[i] === CODEX_HOOK_CONTEXT_KIND || isObject2(provenance) && provenance.hook === true;
  });
}
function classifyResponseItem(payload, meta) {
  if (payload.type !== "message" || payload.role !== "developer") return { kind: "other", meta };
  const content = payload.content;
  if (!Array.isArray(content)) throw new ShapeProblem2("payload.content is not an array");
  const marked = hookParts(payload, content.length);
  if (marked !== null && !marked.includes(true)) return { kind: "other", meta };
  const texts = [];
  for (const [i, part] of content.entries()) {
    if (!isObject2(part)) throw new ShapeProblem2("payload.content holds a part that is not an object");
    const text = optionalString3(part, "text", "content part");
    if (text !== null && (marked === null || marked[i] === true)) texts.push(text);
  }
  const first = texts[0];
  return {
    kind: "hook-context",
    record: {
      meta,
      hookEvent: null,
      hookName: null,
      content: texts,
      text: texts.join("\n"),
      isPersistedOutputPreview: first?.trimStart().startsWith(CODEX_PREVIEW_OPEN) === true,
      fromHook: marked !== null
    }
  };
}

// src/transcript/codex/zstd-lines.ts
var import_node_fs40 = require("fs");

// src/transcript/codex/zstd-frame-guard.ts
var ZSTD_MAGIC = 4247762216;
var SKIPPABLE_MAGIC = 407710288;
var SKIPPABLE_MASK = 4294967280;
var ZSTD_MAX_BLOCK_BYTES = 128 * 1024;
var ZstdFrameError = class extends Error {
  name = "ZstdFrameError";
};
function le(bytes2, from, length) {
  let value = 0;
  for (let i = length - 1; i >= 0; i -= 1) value = value * 256 + bytes2[from + i];
  return value;
}
var ZstdFrameGuard = class {
  constructor(bounds) {
    this.bounds = bounds;
  }
  bounds;
  field = "magic";
  held = new Uint8Array(14);
  heldLength = 0;
  need = 4;
  skip = 0;
  afterSkip = "magic";
  descriptor = 0;
  checksum = false;
  window = 0;
  windowMoves = 0;
  /**
   * Follows `chunk`; throws ZstdFrameError at a frame whose window is over the bound, at the block that takes the window
   * bytes moved over theirs, or at headers no decoder takes.
   */
  push(chunk) {
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        if (this.skip === 0) this.skipped();
        continue;
      }
      this.held[this.heldLength] = chunk[i];
      this.heldLength += 1;
      i += 1;
      if (this.heldLength === this.need) {
        this.heldLength = 0;
        this.read();
      }
    }
  }
  expect(field, bytes2) {
    this.field = field;
    this.need = bytes2;
  }
  skipThen(bytes2, then) {
    this.afterSkip = then;
    this.skip = bytes2;
    if (bytes2 === 0) this.skipped();
  }
  skipped() {
    switch (this.afterSkip) {
      case "magic":
        this.expect("magic", 4);
        return;
      case "block-header":
        this.expect("block-header", 3);
        return;
      case "checksum":
        this.skipThen(4, "magic");
        return;
      default: {
        const unreachable = this.afterSkip;
        throw new Error(`unknown zstd step ${String(unreachable)}`);
      }
    }
  }
  read() {
    const held = this.held;
    switch (this.field) {
      case "magic": {
        const magic = le(held, 0, 4);
        if (magic === ZSTD_MAGIC) this.expect("descriptor", 1);
        else if ((magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC) this.expect("skippable-size", 4);
        else throw new ZstdFrameError("no zstd frame starts here");
        return;
      }
      case "skippable-size":
        this.skipThen(le(held, 0, 4), "magic");
        return;
      case "descriptor": {
        const d = held[0];
        if ((d & 8) !== 0) throw new ZstdFrameError("a frame header's reserved bit is set");
        this.descriptor = d;
        this.checksum = (d & 4) !== 0;
        const singleSegment = (d & 32) !== 0;
        const sizeFlag = d >> 6;
        const sizeBytes = sizeFlag === 0 ? singleSegment ? 1 : 0 : 1 << sizeFlag;
        this.expect("header", (singleSegment ? 0 : 1) + [0, 1, 2, 4][d & 3] + sizeBytes);
        return;
      }
      case "header": {
        const d = this.descriptor;
        let window;
        if ((d & 32) === 0) {
          const base = 2 ** (10 + (held[0] >> 3));
          window = base + base / 8 * (held[0] & 7);
        } else {
          const sizeFlag = d >> 6;
          const sizeBytes = sizeFlag === 0 ? 1 : 1 << sizeFlag;
          window = le(held, this.need - sizeBytes, sizeBytes) + (sizeBytes === 2 ? 256 : 0);
        }
        if (window > this.bounds.maxWindowBytes)
          throw new ZstdFrameError(`a frame asks for a ${window}-byte window, over the ${this.bounds.maxWindowBytes}-byte bound`);
        this.window = window;
        this.expect("block-header", 3);
        return;
      }
      case "block-header": {
        const header = le(held, 0, 3);
        const last2 = (header & 1) === 1;
        const type = header >> 1 & 3;
        const size = header >>> 3;
        if (type === 3) throw new ZstdFrameError("a block of the reserved type");
        if (size > ZSTD_MAX_BLOCK_BYTES) throw new ZstdFrameError(`a ${size}-byte block, over ${ZSTD_MAX_BLOCK_BYTES} bytes`);
        this.windowMoves += this.window;
        if (this.windowMoves > this.bounds.maxWindowMoveBytes)
          throw new ZstdFrameError(
            `its blocks would have the decoder move over ${this.bounds.maxWindowMoveBytes} bytes of window (too many blocks for its window)`
          );
        this.skipThen(type === 1 ? 1 : size, last2 ? this.checksum ? "checksum" : "magic" : "block-header");
        return;
      }
      default: {
        const unreachable = this.field;
        throw new Error(`unknown zstd field ${String(unreachable)}`);
      }
    }
  }
};

// src/transcript/codex/zstd-lines.ts
var ZSTD_BOUNDS = {
  maxWindowBytes: 8 * 1024 * 1024,
  maxWindowMoveBytes: 16 * 1024 * 1024 * 1024,
  maxLineBytes: 64 * 1024 * 1024,
  maxOutputBytes: 1024 * 1024 * 1024
};
var Stop = class extends Error {
};
async function forEachZstdLine(path, sink, options) {
  const bounds = { ...ZSTD_BOUNDS, ...options.bounds };
  const { Decompress: Decompress2 } = await Promise.resolve().then(() => (init_esm(), esm_exports));
  return withTranscript(path, async (file) => {
    const splitter = new ByteRangeSplitter(sink);
    const guard = new ZstdFrameGuard(bounds);
    const stop = new Stop();
    let stopped = null;
    let output = 0;
    const decompress2 = new Decompress2((data) => {
      if (data.length === 0) return;
      output += data.length;
      if (output > bounds.maxOutputBytes) stopped = "output-bound";
      else {
        splitter.push(Buffer.from(data));
        if (splitter.stopped) stopped = "sink";
        else if (splitter.bytesPending > bounds.maxLineBytes) stopped = "line-bound";
      }
      if (stopped !== null) throw stop;
    });
    let bytesRead = 0;
    for (; ; ) {
      const chunk = Buffer.allocUnsafeSlow(options.chunkSize);
      const n = (0, import_node_fs40.readSync)(file.fd, chunk, 0, options.chunkSize, bytesRead);
      bytesRead += n;
      const input = n === 0 ? new Uint8Array(0) : chunk.subarray(0, n);
      try {
        guard.push(input);
        decompress2.push(input, n === 0);
      } catch (error) {
        if (error === stop) break;
        const message = error instanceof Error ? error.message : String(error);
        throw new TranscriptReadError(path, `not a readable zstd file (${message})`, { code: null, cause: error });
      }
      if (n === 0) break;
      await new Promise((resolve8) => setImmediate(resolve8));
    }
    if (stopped === null) splitter.end();
    return { bytesRead, stopped };
  });
}

// src/transcript/codex/read-rollout.ts
var ZSTD_ROLLOUT_SUFFIX = ".jsonl.zst";
function isCompressedRollout(path) {
  return path.endsWith(ZSTD_ROLLOUT_SUFFIX);
}
async function forEachZstdText(path, sink, chunkSize) {
  const read = await forEachZstdLine(
    path,
    (buffer, start, end, terminated) => {
      sink(buffer.toString("utf8", start, end), terminated);
      return false;
    },
    { chunkSize }
  );
  switch (read.stopped) {
    case null:
    case "sink":
      return read.bytesRead;
    case "line-bound":
      throw new TranscriptReadError(path, `a line longer than ${mib(ZSTD_BOUNDS.maxLineBytes)} once decompressed`, {
        code: null
      });
    case "output-bound":
      throw new TranscriptReadError(path, `more than ${mib(ZSTD_BOUNDS.maxOutputBytes)} once decompressed`, { code: null });
    default: {
      const unreachable = read.stopped;
      throw new Error(`unknown end of a zstd read ${String(unreachable)}`);
    }
  }
}
function mib(bytes2) {
  return `${bytes2 / (1024 * 1024)} MiB`;
}
async function forEachRolloutLine(path, sink, options = {}) {
  const chunkSize = options.chunkSize ?? DEFAULT_STREAM_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  return isCompressedRollout(path) ? forEachZstdText(path, sink, chunkSize) : (await forEachLine(path, sink, { chunkSize })).bytesRead;
}
async function readRollout(path, options = {}) {
  const classifier = new RolloutClassifier();
  const accumulator = new SessionAccumulator();
  let truncatedLastLine = false;
  const sink = (text, terminated) => {
    const classified = classifier.classifyLine(text);
    accumulator.add(classified);
    if (!terminated && classified.kind === "malformed") truncatedLastLine = true;
  };
  const bytesRead = await forEachRolloutLine(path, sink, options);
  return { ...accumulator.result(), path, bytesRead, truncatedLastLine };
}

// src/transcript/codex/read-rollout-head.ts
var DEFAULT_ROLLOUT_HEAD_BYTES = 256 * 1024;
var NEWLINE4 = 10;
async function readRolloutHead(path, options = {}) {
  const maxBytes = options.maxBytes ?? DEFAULT_ROLLOUT_HEAD_BYTES;
  checkPositiveInteger("maxBytes", maxBytes);
  const from = options.from ?? 0;
  return withTranscript(path, async (file) => {
    const hookContexts = [];
    const reading = { path, fileSize: file.size, hookContexts, firstRequestTokens: null };
    if (from >= file.size) return reading;
    const start = from === 0 ? 0 : from - 1;
    const length = Math.min(file.size - start, maxBytes);
    const buffer = Buffer.allocUnsafe(length);
    await readExactly(file, buffer, start);
    let at = from === 0 ? 0 : buffer[0] === NEWLINE4 ? 1 : buffer.indexOf(NEWLINE4) + 1;
    if (at === 0 && from > 0) return reading;
    const classifier = new RolloutClassifier();
    while (at < length) {
      const newline = buffer.indexOf(NEWLINE4, at);
      if (newline === -1 && start + length < file.size) break;
      const end = newline === -1 ? length : newline;
      const line = classifier.classifyLine(buffer.toString("utf8", at, end));
      if (line.kind === "hook-context") hookContexts.push(line.record);
      if (line.kind === "assistant") {
        reading.firstRequestTokens = line.record.contextTokens;
        break;
      }
      at = end + 1;
    }
    return reading;
  });
}

// src/transcript/codex/rollout-prefilter.ts
var MARKERS2 = {
  "token-count": member("type", "token_count"),
  compaction: member("type", "compacted"),
  "developer-message": member("role", "developer"),
  "turn-context": member("type", "turn_context")
};
function mayBeNeededRolloutLine(line, needed) {
  return needed.some((kind) => hasMember(line, MARKERS2[kind]));
}

// src/transcript/codex/rollout-tail-collector.ts
var RolloutTailCollector = class {
  constructor(goal) {
    this.goal = goal;
  }
  goal;
  lines = 0;
  unparsedLines = 0;
  malformedLines = 0;
  truncatedLastLine = false;
  skipped = emptySkipCounts();
  /** The last run of equal token counts: its key (the totals) and its earliest line walked so far. */
  run = null;
  /** A token count of other totals came before the run: its earliest line is the last response. */
  resolved = false;
  /** The model named by the first turn_context line walked since the run's earliest line (null: none yet). */
  model = null;
  /** Compactions after the run's earliest line (or after every token count, while there is no run), last first. */
  boundariesLastFirst = [];
  /** Compactions walked since the run's earliest line: after the response only if the run goes on past them. */
  boundariesBeforeRun = [];
  /** The last compaction was walked: hook contexts before it are not the tail's. */
  pastLastCompaction = false;
  hookContextsLastFirst = [];
  take(bytes2, isUnterminatedLastLine) {
    this.lines += 1;
    if (!isUnterminatedLastLine && !mayBeNeededRolloutLine(bytes2, this.needs())) {
      this.unparsedLines += 1;
      return false;
    }
    const classifier = new RolloutClassifier();
    const line = classifier.classifyLine(bytes2.toString("utf8"));
    switch (line.kind) {
      case "blank":
        break;
      case "other":
        if (classifier.namedModel !== null) this.takeModel(classifier.namedModel);
        break;
      case "malformed":
        this.malformedLines += 1;
        if (isUnterminatedLastLine) this.truncatedLastLine = true;
        break;
      case "skipped":
        this.skipped[line.reason] += 1;
        break;
      case "assistant":
        this.takeTokenCount(line.record);
        break;
      case "compact-boundary":
        this.takeCompaction(line.record);
        break;
      case "hook-context":
        if (this.collectsHookContexts()) this.hookContextsLastFirst.push(line.record);
        break;
      default: {
        const unreachable = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
    return this.done();
  }
  /** The last response (null: none walked), with the model of the turn_context before it when one was walked. */
  lastAssistant() {
    if (this.run === null) return null;
    return { ...this.run.earliest, model: this.model ?? UNKNOWN_CODEX_MODEL };
  }
  /** The compactions after the last response, in file order. */
  compactBoundaries() {
    return [...this.boundariesLastFirst].reverse();
  }
  /** The hook contexts walked after the last compaction, in file order. */
  hookContexts() {
    return [...this.hookContextsLastFirst].reverse();
  }
  collectsHookContexts() {
    return this.goal !== "size" && !this.pastLastCompaction;
  }
  looksForModel() {
    return this.goal !== "size" && this.run !== null && this.model === null;
  }
  /** The lines that can still change the result. */
  needs() {
    const needs = [];
    if (!this.resolved) needs.push("token-count");
    if (!this.resolved || this.collectsHookContexts()) needs.push("compaction");
    if (this.collectsHookContexts()) needs.push("developer-message");
    if (this.looksForModel()) needs.push("turn-context");
    return needs;
  }
  takeTokenCount(record2) {
    if (this.resolved) return;
    if (this.run === null) {
      this.run = { key: record2.messageId, earliest: record2 };
      return;
    }
    if (record2.messageId !== this.run.key) {
      this.resolved = true;
      return;
    }
    this.run.earliest = record2;
    this.boundariesLastFirst.push(...this.boundariesBeforeRun);
    this.boundariesBeforeRun = [];
    this.model = null;
  }
  takeCompaction(record2) {
    this.pastLastCompaction = true;
    if (this.resolved) return;
    if (this.run === null) this.boundariesLastFirst.push(record2);
    else this.boundariesBeforeRun.push(record2);
  }
  takeModel(model) {
    if (this.looksForModel()) this.model = model;
  }
  done() {
    switch (this.goal) {
      case "size":
        return this.resolved || this.run === null && this.boundariesLastFirst.length > 0;
      case "last-response":
        return this.resolved && this.model !== null;
      case "last-compaction":
        return this.resolved && this.model !== null && this.pastLastCompaction;
      default: {
        const unreachable = this.goal;
        throw new Error(`unknown rollout tail goal ${String(unreachable)}`);
      }
    }
  }
};

// src/transcript/codex/read-rollout-tail.ts
var DEFAULT_ROLLOUT_TAIL_BYTES = 4 * 1024 * 1024;
function goalOf(options) {
  if (options.sizeOnly === true) return "size";
  return options.backToLastCompaction === true ? "last-compaction" : "last-response";
}
async function readRolloutTail(path, options = {}) {
  const chunkSize = options.chunkSize ?? DEFAULT_TAIL_CHUNK_BYTES;
  checkPositiveInteger("chunkSize", chunkSize);
  const maxBytes = options.maxBytes ?? DEFAULT_ROLLOUT_TAIL_BYTES;
  checkPositiveInteger("maxBytes", maxBytes);
  const maxRecords = options.maxRecords ?? null;
  if (maxRecords !== null) checkPositiveInteger("maxRecords", maxRecords);
  if (isCompressedRollout(path)) return tailOfWholeReading(path);
  return withTranscript(path, async (file) => {
    const collector = new RolloutTailCollector(goalOf(options));
    const walk = await walkBack(file, chunkSize, { maxBytes, maxRecords }, collector);
    return tailReading(path, file.size, walk, collector, {
      lastAssistant: collector.lastAssistant(),
      compactBoundaries: collector.compactBoundaries(),
      hookContexts: collector.hookContexts()
    });
  });
}
async function tailOfWholeReading(path) {
  const whole = await readRollout(path);
  const last2 = whole.lastAssistant;
  const lastCompaction = whole.compactions.at(-1);
  const afterLast = last2 === null ? whole.compactions : whole.compactions.filter((c) => c.contextTokensAfter === null);
  return {
    path,
    fileSize: whole.bytesRead,
    bytesRead: whole.bytesRead,
    reachedStartOfFile: true,
    stoppedAtByteLimit: false,
    stoppedAtRecordLimit: false,
    lastAssistant: last2,
    contextTokens: last2?.contextTokens ?? null,
    compactBoundaries: afterLast.map((c) => ({
      meta: { type: "compacted", sessionId: null, timestamp: c.timestamp, uuid: null },
      trigger: c.trigger,
      preTokens: c.preTokens,
      postTokens: c.postTokens
    })),
    hookContexts: whole.hookContexts.filter((h) => lastCompaction === void 0 || h.lineNumber > lastCompaction.lineNumber),
    skipped: whole.skipped,
    lines: whole.lines,
    unparsedLines: 0,
    malformedLines: whole.malformedLines,
    truncatedLastLine: whole.truncatedLastLine
  };
}

// src/agents/codex/agent.ts
var codex = {
  ...PROFILES.codex,
  ownsTranscript: isRolloutPath,
  readTail: (path, options) => readRolloutTail(path, options),
  readHeadFrom: (path, from) => readRolloutHead(path, { from }),
  readSession: (path) => readRollout(path)
};

// src/agents/detect.ts
var AGENTS = { "claude-code": claudeCode, codex };
function agentOfTranscript(transcriptPath) {
  return AGENTS[agentIdOfTranscript(transcriptPath)];
}
function agentOfHook(input) {
  return agentOfTranscript(input.transcriptPath);
}

// src/core/freshness/conversation-size.ts
var TAIL_MAX_BYTES = 4 * 1024 * 1024;
var TAIL_MAX_RECORDS = 1e4;
async function firstRequestSize(transcriptPath) {
  if (!transcriptPath) return null;
  return (await agentOfTranscript(transcriptPath).readHeadFrom(transcriptPath, 0)).firstRequestTokens;
}

// src/hooks/measure-size.ts
init_measurement_log_read();

// src/hooks/receipts.ts
init_text_fingerprint();
init_receipt_rule();
init_saved_output();
async function readReceiptHeads(pending, transcriptPath) {
  const offsets = /* @__PURE__ */ new Set();
  for (const i of pending) {
    const offset = injectionOffset(i);
    if (offset !== null) offsets.add(offset);
  }
  const records = [];
  const firstRequestTokens = /* @__PURE__ */ new Map();
  const agent = agentOfTranscript(transcriptPath);
  for (const from of offsets) {
    const read = await agent.readHeadFrom(transcriptPath, from);
    if (from > 0 && from >= read.fileSize) {
      records.push(...(await agent.readHeadFrom(transcriptPath, 0)).hookContexts);
      continue;
    }
    records.push(...read.hookContexts);
    if (read.firstRequestTokens !== null) firstRequestTokens.set(from, read.firstRequestTokens);
  }
  return { records, firstRequestTokens };
}
function injectionOffset(injection) {
  if (injection.transcriptOffset !== void 0) return injection.transcriptOffset;
  return injection.source !== "compact" ? 0 : null;
}
function firstRequestAfter(reading, injection) {
  const offset = injectionOffset(injection);
  return offset === null ? null : reading.firstRequestTokens.get(offset) ?? null;
}
async function receiptEvents(pending, found, transcriptPath, firstRequest = () => null) {
  const legacy = pending.some((i) => i.fingerprint === void 0) ? await Promise.resolve().then(() => (init_savings_receipts(), savings_receipts_exports)) : null;
  return pending.flatMap((injection) => {
    const fingerprint = injection.fingerprint;
    const receipt = fingerprint !== void 0 ? (
      // A text of another length is not the injected one: only texts of its length are fingerprinted.
      receiptWith(
        injection,
        found,
        { of: (t) => t.length === injection.chars ? textFingerprint(t) : "", value: fingerprint },
        (r) => savedOutputIdentity(savedOutputPathOf(r, transcriptPath), transcriptPath, textFingerprint)
      )
    ) : legacy.receiptFor(
      injection,
      found,
      (r) => legacy.savedOutputHash(savedOutputPathOf(r, transcriptPath), transcriptPath)
    );
    if (receipt === "pending") return [];
    const after2 = firstRequest(injection);
    return [
      {
        kind: "receipt",
        at: nextTimestamp(),
        sessionId: injection.sessionId,
        injectionAt: injection.at,
        contentHash: injection.contentHash,
        receipt,
        ...after2 !== null ? { firstRequestTokens: after2 } : {}
      }
    ];
  });
}

// src/agents/claude-code/subagent-transcript.ts
var import_node_path40 = require("path");
var AGENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
function subagentTranscriptPath(transcriptPath, agentId) {
  if (!AGENT_ID.test(agentId)) return null;
  const folder = (0, import_node_path40.join)((0, import_node_path40.dirname)((0, import_node_path40.resolve)(transcriptPath)), (0, import_node_path40.basename)(transcriptPath, ".jsonl"));
  return (0, import_node_path40.join)(folder, "subagents", `agent-${agentId}.jsonl`);
}

// src/hooks/recall-receipts.ts
init_measurement_log_read();
init_receipt_rule();
init_text_fingerprint();

// src/transcript/read-hook-attachments.ts
var isObject3 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
var optionalString4 = (o, key) => {
  const v = o[key];
  return typeof v === "string" ? v : null;
};
function hookAttachmentOf(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!isObject3(value) || value.type !== "attachment" || !isObject3(value.attachment)) return null;
  const a = value.attachment;
  if (a.type !== "hook_additional_context") return null;
  const content = a.content;
  if (!Array.isArray(content) || !content.every((c) => typeof c === "string")) return null;
  return {
    hookEvent: optionalString4(a, "hookEvent"),
    toolUseId: optionalString4(a, "toolUseID"),
    content,
    text: content.join("\n"),
    isPersistedOutputPreview: content[0]?.trimStart().startsWith(PERSISTED_OUTPUT_OPEN) === true
  };
}
async function readHookAttachments(path, options) {
  checkPositiveInteger("maxBytes", options.maxBytes);
  const chunkSize = options.chunkSize ?? 64 * 1024;
  checkPositiveInteger("chunkSize", chunkSize);
  if (!Number.isInteger(options.from) || options.from < 0)
    throw new RangeError(`from must be a non-negative integer, got ${options.from}`);
  return withTranscript(path, async (file) => {
    const found = [];
    let matched = false;
    const from = options.from > file.size ? 0 : options.from;
    let dropFirst = from > 0;
    const splitter = new ByteLineSplitter((bytes2) => {
      if (dropFirst) {
        dropFirst = false;
        return false;
      }
      if (!mayBeNeededRecord(bytes2, ["hook-context"])) return false;
      const attachment = hookAttachmentOf(bytes2.toString("utf8"));
      if (attachment === null) return false;
      found.push(attachment);
      matched = options.until(attachment);
      return matched;
    });
    const start = from > 0 ? Math.min(from - 1, file.size) : 0;
    await readRange(file, splitter, start, options.maxBytes, chunkSize);
    return { fileSize: file.size, found, matched };
  });
}

// src/hooks/recall-receipts.ts
var RECALL_RECEIPT_MAX_BYTES = 1024 * 1024;
var RECALL_RECEIPTS_PER_HOOK = 32;
function handedOverKey(e) {
  return receiptKey({ sessionId: e.sessionId, at: e.at, contentHash: e.fingerprint });
}
function pendingHandedOver(events) {
  const settled = /* @__PURE__ */ new Set();
  for (const e of events)
    if (e.kind === "receipt") settled.add(receiptKey({ sessionId: e.sessionId, at: e.injectionAt, contentHash: e.contentHash }));
  const pending = [];
  for (const e of events) {
    if (e.kind !== "recall" && e.kind !== "subagentContext") continue;
    const fingerprint = e.fingerprint;
    if (fingerprint === void 0) continue;
    const withPrint = { ...e, fingerprint };
    if (!settled.has(handedOverKey(withPrint))) pending.push(withPrint);
  }
  return pending;
}
function recordPlace(e, transcriptPath) {
  switch (e.kind) {
    case "recall": {
      const path = e.agentId === void 0 ? transcriptPath : subagentTranscriptPath(transcriptPath, e.agentId);
      return path === null ? null : { path, from: e.transcriptOffset ?? 0 };
    }
    case "subagentContext": {
      const path = subagentTranscriptPath(transcriptPath, e.agentId);
      return path === null ? null : { path, from: 0 };
    }
    default: {
      const unreachable = e;
      throw new Error(`unknown injection ${JSON.stringify(unreachable)}`);
    }
  }
}
function ofThisCall(e, a) {
  switch (e.kind) {
    case "recall":
      return a.hookEvent === "PreToolUse" && (e.toolUseId === void 0 || a.toolUseId === e.toolUseId);
    case "subagentContext":
      return a.hookEvent === "SubagentStart";
    default: {
      const unreachable = e;
      throw new Error(`unknown injection ${JSON.stringify(unreachable)}`);
    }
  }
}
async function recallReceiptEvents(events, transcriptPath) {
  const out = [];
  let reads = 0;
  for (const e of pendingHandedOver(events)) {
    if (reads >= RECALL_RECEIPTS_PER_HOOK) break;
    const place = recordPlace(e, transcriptPath);
    if (place === null) continue;
    const identity = (a) => a.text.length === e.chars ? textFingerprint(a.text) : "";
    let found;
    try {
      reads += 1;
      const read = await readHookAttachments(place.path, {
        from: place.from,
        maxBytes: RECALL_RECEIPT_MAX_BYTES,
        until: (a) => ofThisCall(e, a) && (a.isPersistedOutputPreview || identity(a) === e.fingerprint)
      });
      found = read.found.filter((a) => ofThisCall(e, a));
    } catch (error) {
      if (!(error instanceof TranscriptReadError)) throw error;
      if (error.code === "ENOENT") reads -= 1;
      continue;
    }
    const threadId = e.kind === "recall" ? e.threads[0]?.split("/")[1] ?? "" : e.threadId;
    const receipt = receiptOf({ threadId }, found, e.fingerprint, {
      identity,
      isPreview: (a) => a.isPersistedOutputPreview,
      // Within 2,000 characters these never reach the 10,000-character cap: no saved full text is looked for.
      savedIdentity: () => null,
      previewText: (a) => a.text
    });
    out.push({
      kind: "receipt",
      at: nextTimestamp(),
      sessionId: e.sessionId,
      injectionAt: e.at,
      contentHash: e.fingerprint,
      receipt
    });
  }
  return out;
}

// src/core/freshness/freshness.ts
var DEFAULT_NUDGE_TOKENS = 3e4;
var sameThread = (e, ref) => e.projectId === ref.projectId && e.threadId === ref.threadId;
function freshnessView(events, sessionId, thread) {
  let segmentStart = -1;
  let lastWriteAt = null;
  events.forEach((e, i) => {
    if (e.kind === "conversation" && e.sessionId === sessionId && segmentStart === -1) segmentStart = i;
    if (e.kind === "staleness" && e.sessionId === sessionId && e.restart === "compact") segmentStart = i;
    if (e.kind === "summaryWrite" && sameThread(e, thread)) lastWriteAt = e.at;
  });
  const firstSegment = segmentStart === -1 || events[segmentStart].kind === "conversation";
  const view = { written: false, baseline: null, firstSegment, lastLevel: 0, lastWriteAt };
  for (let i = segmentStart + 1; i < events.length; i++) {
    const e = events[i];
    if (e.kind === "summaryWrite" && sameThread(e, thread)) {
      view.written = true;
      view.baseline = null;
      view.lastLevel = 0;
    } else if (e.kind === "freshnessMark" && e.sessionId === sessionId && sameThread(e, thread)) {
      if (e.mark === "baseline" && view.baseline === null) view.baseline = e.contextTokens;
      if (e.mark === "nudge") view.lastLevel = Math.max(view.lastLevel, e.level ?? 1);
    }
  }
  return view;
}
function tokensSinceWrite(view, contextTokens, firstRequest = null) {
  if (contextTokens === null) return null;
  if (view.baseline !== null) return Math.max(0, contextTokens - view.baseline);
  if (view.written) return 0;
  return firstRequest === null ? null : Math.max(0, contextTokens - firstRequest);
}
function verdictThreshold(nudgeTokens) {
  return nudgeTokens > 0 ? nudgeTokens : DEFAULT_NUDGE_TOKENS;
}
function isStale(sinceWrite, threshold) {
  return sinceWrite !== null && sinceWrite > threshold;
}

// src/core/freshness/freshness-config.ts
var import_node_path41 = require("path");
init_error_details();
function freshnessConfigOf(data) {
  const freshness = isRecord(data) ? data.freshness : void 0;
  if (freshness === void 0) return { nudgeTokens: DEFAULT_NUDGE_TOKENS };
  if (isRecord(freshness)) {
    const value = freshness.nudgeTokens;
    if (value === void 0) return { nudgeTokens: DEFAULT_NUDGE_TOKENS };
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return { nudgeTokens: value };
  }
  return {
    nudgeTokens: DEFAULT_NUDGE_TOKENS,
    problem: `"freshness.nudgeTokens" must be a whole number of tokens, 0 or more (0 turns the nudges off); the default ${DEFAULT_NUDGE_TOKENS} applies`
  };
}
function readFreshnessConfig(storeDir, projectId) {
  const path = (0, import_node_path41.join)(storeDir, "projects", `${projectId}.json`);
  let text;
  try {
    text = readTextStrict(path, LIMITS.threadFileBytes);
  } catch (e) {
    return { nudgeTokens: DEFAULT_NUDGE_TOKENS, problem: `${path}: ${messageOf(e)}` };
  }
  if (text === null) return { nudgeTokens: DEFAULT_NUDGE_TOKENS };
  try {
    return freshnessConfigOf(JSON.parse(text));
  } catch (e) {
    return { nudgeTokens: DEFAULT_NUDGE_TOKENS, problem: `${path} is not JSON (${messageOf(e)})` };
  }
}

// src/hooks/freshness-thread.ts
init_measurement_log_read();
function freshnessThread(inputs) {
  const { state, session, events } = inputs;
  const ref = sessionThreadRef(
    inputs.projectIds(),
    state,
    session.key,
    () => lastConversation(events, session.key),
    () => inputs.branch(),
    (projectId, threadId) => inputs.threadExists(projectId, threadId)
  );
  return ref === null || ref.lost !== null ? null : { projectId: ref.projectId, threadId: ref.threadId };
}

// src/hooks/staleness-record.ts
async function stalenessEvent(store, state, input, restart, contextTokens, firstRequest) {
  if (!isClaudeInstance(store.session)) return null;
  const events = store.instanceEvents();
  const thread = freshnessThread({
    state,
    session: store.session,
    events,
    projectIds: () => store.projectIds(),
    branch: () => null,
    threadExists: (projectId, threadId) => store.threadExists(projectId, threadId)
  });
  if (thread === null) return null;
  const threshold = verdictThreshold(readFreshnessConfig(store.storeDir, thread.projectId).nudgeTokens);
  const view = freshnessView(events, input.sessionId, thread);
  const needsFirst = contextTokens !== null && view.baseline === null && !view.written && view.firstSegment;
  const sinceWriteTokens = tokensSinceWrite(view, contextTokens, needsFirst ? await firstRequest() : null);
  return {
    kind: "staleness",
    at: nextTimestamp(),
    sessionId: input.sessionId,
    instance: store.session.key,
    projectId: thread.projectId,
    threadId: thread.threadId,
    restart,
    contextTokens,
    sinceWriteTokens,
    written: view.written,
    stale: isStale(sinceWriteTokens, threshold),
    threshold,
    lastWriteAt: view.lastWriteAt,
    ...input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}
  };
}

// src/hooks/measure-size.ts
async function measureSize(store, input, kind) {
  const reason = (kind === "sessionEnds" ? input.reason : input.trigger) ?? "unknown";
  const notes = [];
  let contextTokens = null;
  const logged = store.sessionEvents(input.sessionId);
  const pending = pendingInjections(logged);
  const events = [];
  let receipts = null;
  let recallReceipts = [];
  if (input.transcriptPath) {
    const path = input.transcriptPath;
    const agent = agentOfHook(input);
    try {
      const backToLastCompaction = pending.some((i) => i.source === "compact" && i.transcriptOffset === void 0);
      const [tail, found, recalls] = await Promise.all([
        agent.readTail(path, { maxBytes: TAIL_MAX_BYTES, maxRecords: TAIL_MAX_RECORDS, backToLastCompaction }),
        pending.length === 0 ? null : readReceiptHeads(pending, path).catch((error) => ({ error })),
        agent.id !== "claude-code" ? [] : recallReceiptEvents(logged, path).catch((error) => ({ error }))
      ]);
      recallReceipts = recalls;
      contextTokens = tail.contextTokens;
      receipts = found === null ? null : "error" in found ? found : { ...found, records: [...tail.hookContexts, ...found.records] };
    } catch (e) {
      notes.push(failureLine("could not measure this session", e));
    }
  }
  const record2 = { at: nextTimestamp(), sessionId: input.sessionId, contextTokens, reason };
  if (input.transcriptPath) record2.transcriptPath = input.transcriptPath;
  events.push(
    { kind: kind === "sessionEnds" ? "sessionEnd" : "preCompact", ...record2 },
    {
      kind: "hookSeen",
      at: nextTimestamp(),
      event: `${kind === "sessionEnds" ? "SessionEnd" : "PreCompact"}:${reason}`,
      sessionId: input.sessionId
    }
  );
  if (receipts !== null && input.transcriptPath) {
    try {
      if ("error" in receipts) throw receipts.error;
      const reading = receipts;
      events.push(
        ...await receiptEvents(
          pending,
          reading.records,
          input.transcriptPath,
          (injection) => firstRequestAfter(reading, injection)
        )
      );
    } catch (e) {
      notes.push(failureLine("could not check the context receipt", e));
    }
  }
  if ("error" in recallReceipts)
    notes.push(failureLine("could not check the receipts of recalled decisions", recallReceipts.error));
  else events.push(...recallReceipts);
  const state = store.readState();
  const mine = sessionThread(state, store.session);
  if (mine !== null) events.push(conversationEvent(input.sessionId, mine.projectId, mine.threadId, store.session));
  const restart = kind === "preCompacts" ? "compact" : input.reason === "clear" ? "clear" : null;
  if (restart !== null) {
    try {
      const staleness = await stalenessEvent(
        store,
        state,
        input,
        restart,
        contextTokens,
        () => firstRequestSize(input.transcriptPath)
      );
      if (staleness !== null) events.push(staleness);
    } catch (e) {
      notes.push(failureLine("could not tell how current the thread's summary was", e));
    }
  }
  await store.recordEvents(events);
  const conversation = resumedConversationToAdopt(state, store.session, logged, input.sessionId);
  if (conversation !== null) {
    try {
      await store.adopt(conversation);
    } catch (e) {
      notes.push(
        failureLine(`measured, but this window could not take over the conversation's thread "${conversation.threadId}"`, e)
      );
    }
  }
  const lines = [...store.notices, ...notes];
  return lines.length > 0 ? { userMessage: lines.join(" ") } : {};
}

// src/hooks/hook-core.ts
init_measurement_log_read();

// src/core/measure/measurement-index-write.ts
var import_node_fs42 = require("fs");
var import_node_path42 = require("path");
init_regular_file();
init_measurement_log();
init_measurement_log_read();
init_measurement_index();
function refreshMeasurementIndexIfBehind(storeDir) {
  writeMeasurementIndex(storeDir, true);
}
function writeMeasurementIndex(storeDir, onlyIfBehind) {
  const temp = `${measurementIndexPath(storeDir)}.${process.pid}.tmp`;
  const logs = [];
  let out = null;
  let index = null;
  try {
    index = openMeasurementIndex(storeDir);
    for (const path of measurementLogPaths(storeDir)) logs.push(openRegularFile(path, import_node_fs42.constants.O_RDONLY));
    const open = index;
    const coverage = logs.map((log) => log === null || open === null ? null : validCoverage(open, log.fd, log.stat));
    const behind = logs.some(
      (log, i) => log !== null && log.stat.size <= READ_MAX_BYTES && log.stat.size - (coverage[i] ?? 0) > INDEX_BEHIND_BYTES
    );
    if (onlyIfBehind && !behind) return;
    const cache = (0, import_node_path42.join)(storeDir, "cache");
    (0, import_node_fs42.mkdirSync)(cache, { recursive: true });
    if (!(0, import_node_fs42.lstatSync)(cache).isDirectory()) return;
    (0, import_node_fs42.rmSync)(temp, { force: true });
    out = (0, import_node_fs42.openSync)(temp, import_node_fs42.constants.O_WRONLY | import_node_fs42.constants.O_CREAT | import_node_fs42.constants.O_EXCL | import_node_fs42.constants.O_NOFOLLOW, 420);
    const oldKeyLines = index === null ? null : keyLinesOf(index);
    let sections = "";
    const byBucket = Array.from({ length: BUCKETS }, () => []);
    logs.forEach((log, i) => {
      if (log === null) return;
      const { fd, stat } = log;
      if (stat.size > READ_MAX_BYTES) return;
      const tag = fileTag(stat);
      const kept = oldKeyLines === null ? null : coverage[i] ?? null;
      const from = kept ?? 0;
      const bytes2 = Buffer.allocUnsafe(stat.size - from);
      readAt(fd, bytes2, from);
      const covered = from + bytes2.lastIndexOf(NEWLINE) + 1;
      sections += `#${tag}	${covered}	${prefixFingerprint(fd, covered)}
`;
      const offsets = /* @__PURE__ */ new Map();
      if (kept !== null && oldKeyLines !== null) {
        for (const line of oldKeyLines) {
          const [lineTag, needle, list] = line.split("	");
          if (lineTag !== tag || needle === void 0 || list === void 0) continue;
          const lists = offsets.get(needle);
          if (lists === void 0) offsets.set(needle, [list]);
          else lists.push(list);
        }
      }
      addKeyOffsets(offsets, bytes2.subarray(0, covered - from), from);
      for (const [needle, lists] of offsets) byBucket[bucketOf(needle)].push(`${tag}	${needle}	${lists.join(",")}
`);
    });
    const buckets = byBucket.map((lines, number) => Buffer.from(bucketName(number) + lines.join("")));
    let position = Buffer.byteLength(HEADER) + Buffer.byteLength(sections) + 1 + BUCKETS * ENTRY + 1;
    if (position > PREFIX_BYTES) return;
    let table = "@";
    for (const bucket of buckets) {
      table += position.toString(16).padStart(8, "0") + bucket.length.toString(16).padStart(8, "0");
      position += 2 * bucket.length;
    }
    (0, import_node_fs42.writeSync)(out, Buffer.concat([Buffer.from(`${HEADER}${sections}${table}
`), ...buckets.flatMap((b) => [b, b])]));
    (0, import_node_fs42.closeSync)(out);
    out = null;
    (0, import_node_fs42.renameSync)(temp, measurementIndexPath(storeDir));
  } catch {
  } finally {
    if (index !== null) closeMeasurementIndex(index);
    try {
      for (const log of logs) if (log !== null) (0, import_node_fs42.closeSync)(log.fd);
      if (out !== null) (0, import_node_fs42.closeSync)(out);
      (0, import_node_fs42.rmSync)(temp, { force: true });
    } catch {
    }
  }
}
function keyLinesOf(index) {
  const lines = [];
  for (let number = 0; number < BUCKETS; number++) {
    const bucket = readBucket(index, number);
    if (bucket === null) return null;
    lines.push(...bucket.toString("utf8").split("\n"));
  }
  return lines;
}
function addKeyOffsets(offsets, bytes2, base) {
  const add = (needle, line, offset) => {
    if (line.indexOf(needle) === -1) return;
    const list = offsets.get(needle);
    if (list === void 0) offsets.set(needle, [String(offset)]);
    else list.push(String(offset));
  };
  let start = 0;
  while (start < bytes2.length) {
    const newline = bytes2.indexOf(NEWLINE, start);
    const end = newline === -1 ? bytes2.length : newline;
    const line = bytes2.subarray(start, end);
    if (line.length <= LOG_LINE_MAX_BYTES && (line.indexOf(SESSION_KEY) !== -1 || line.indexOf(INSTANCE_KEY) !== -1)) {
      const keys = parseEventLine(line.toString("utf8"));
      if (keys !== null) {
        if (typeof keys.sessionId === "string") add(sessionNeedle(keys.sessionId), line, base + start);
        if (typeof keys.instance === "string") add(instanceNeedle(keys.instance), line, base + start);
      }
    }
    start = end + 1;
  }
}
var SESSION_KEY = Buffer.from(`"sessionId":`);
var INSTANCE_KEY = Buffer.from(`"instance":`);

// src/hooks/hook-core.ts
init_measurement_log();

// src/core/recall/path-index.ts
var PATH_INDEX_VERSION = 5;
var PATH_INDEX_SHARDS = 64;
function excerptKey(projectId, threadId) {
  return `${projectId}/${threadId}`;
}
var GLOB = /[*?[]/;
function anchorOf(pattern) {
  if (!GLOB.test(pattern)) return pattern;
  const segments = pattern.split("/");
  const literal = [];
  for (const seg of segments) {
    if (GLOB.test(seg)) break;
    literal.push(seg);
  }
  return literal.join("/");
}
function anchorsOf(file) {
  const out = [""];
  let at = file.indexOf("/");
  while (at !== -1) {
    out.push(file.slice(0, at));
    at = file.indexOf("/", at + 1);
  }
  out.push(file);
  return out;
}
function shardOf(key) {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return (h >>> 0) % PATH_INDEX_SHARDS;
}
function statusOf3(t) {
  return t.status ?? "active";
}
function buildPathIndex(byProject) {
  const threads = [];
  const excerpts = {};
  for (const [projectId, set] of byProject) {
    for (const t of set) {
      threads.push({
        projectId,
        id: t.id,
        title: t.title,
        status: statusOf3(t),
        parentId: t.parentId,
        paths: t.paths ? t.paths.map(patternOf) : [],
        commit: t.commit ?? null
      });
      const excerpt = ancestorExcerpt(t.summary);
      if (excerpt !== "") excerpts[excerptKey(projectId, t.id)] = excerpt;
    }
  }
  return { threads, excerpts };
}
function entriesByAnchor(index) {
  const byAnchor = /* @__PURE__ */ new Map();
  for (const t of index.threads) {
    const key = excerptKey(t.projectId, t.id);
    for (const p of t.paths) {
      const anchor = anchorOf(p);
      const list = byAnchor.get(anchor);
      if (list === void 0) byAnchor.set(anchor, [[key, p]]);
      else list.push([key, p]);
    }
  }
  return byAnchor;
}
function headRecords(index) {
  const byKey = /* @__PURE__ */ new Map();
  for (const t of index.threads) byKey.set(excerptKey(t.projectId, t.id), t);
  const out = /* @__PURE__ */ new Map();
  for (const [key, t] of byKey) {
    const ancestors = [];
    const seen = /* @__PURE__ */ new Set([key]);
    for (let p = t.parentId; p !== null; ) {
      const k = excerptKey(t.projectId, p);
      const parent = byKey.get(k);
      if (parent === void 0 || seen.has(k)) break;
      seen.add(k);
      ancestors.push(k);
      p = parent.parentId;
    }
    out.set(key, { ...headOf2(t), ancestors });
  }
  return out;
}
function coveringFrom(file, entriesOf, headFor) {
  const byThread = /* @__PURE__ */ new Map();
  for (const anchor of anchorsOf(file)) {
    const entries = entriesOf(anchor);
    if (entries === null) return null;
    for (const [key, p] of entries) {
      const list = byThread.get(key);
      if (list === void 0) byThread.set(key, [p]);
      else list.push(p);
    }
  }
  const hits = [...byThread].filter(([, paths]) => nearestMatch(paths, file, true) !== null).sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const out = [];
  for (const [key, paths] of hits) {
    const head = headFor(key);
    if (head === null || head === void 0) return null;
    out.push({ ...headOf2(head), paths });
  }
  return out;
}
function headOf2(t) {
  return { projectId: t.projectId, id: t.id, title: t.title, status: t.status, parentId: t.parentId, commit: t.commit };
}
function readyFromMemory(index) {
  const byAnchor = entriesByAnchor(index);
  const heads = headRecords(index);
  return {
    chainKeys: (projectId, threadId) => {
      const key = excerptKey(projectId, threadId);
      const head = heads.get(key);
      return head === void 0 ? [] : [key, ...head.ancestors];
    },
    head: (key) => {
      const head = heads.get(key);
      return head === void 0 ? void 0 : headOf2(head);
    },
    covering: (file) => coveringFrom(
      file,
      (anchor) => byAnchor.get(anchor) ?? [],
      (k) => heads.get(k)
    ),
    excerpts: (keys) => {
      const out = {};
      for (const k of keys) if (Object.hasOwn(index.excerpts, k)) out[k] = index.excerpts[k];
      return out;
    },
    size: { threads: index.threads.length, withPaths: index.threads.filter((t) => t.paths.length > 0).length }
  };
}

// src/core/recall/path-index-files.ts
var import_node_fs43 = require("fs");
var import_node_path43 = require("path");
init_regular_file();

// src/core/recall/keyed-lines.ts
function encodeKeyedLines(header, entries) {
  const sorted = [...entries].sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const body = sorted.map(([key, value]) => `${JSON.stringify([key, value])}
`).join("");
  return `${JSON.stringify({ ...header, size: Buffer.byteLength(body) })}
${body}`;
}
var NEWLINE5 = 10;
var isRecord2 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return void 0;
  }
}
function keyedLinesHeader(bytes2) {
  const end = bytes2.indexOf(NEWLINE5);
  if (end === -1) return null;
  const header = parsed(bytes2.toString("utf8", 0, end));
  if (!isRecord2(header) || header.size !== bytes2.length - end - 1) return null;
  return header;
}
function lineEntry(text) {
  const line = parsed(text);
  return Array.isArray(line) && line.length === 2 && typeof line[0] === "string" ? [line[0], line[1]] : null;
}
function keyedLineValue(bytes2, key) {
  const at = bytes2.indexOf(`
[${JSON.stringify(key)},`, 0, "utf8");
  if (at === -1) return void 0;
  const end = bytes2.indexOf(NEWLINE5, at + 1);
  const entry = lineEntry(bytes2.toString("utf8", at + 1, end === -1 ? bytes2.length : end));
  return entry !== null && entry[0] === key ? { value: entry[1] } : null;
}
function allKeyedLines(bytes2) {
  const out = [];
  let start = bytes2.indexOf(NEWLINE5) + 1;
  if (start === 0) return null;
  while (start < bytes2.length) {
    const end = bytes2.indexOf(NEWLINE5, start);
    if (end === -1) return null;
    const text = bytes2.toString("utf8", start, end);
    const entry = lineEntry(text);
    const previous = out.at(-1);
    if (entry === null || !text.startsWith(`[${JSON.stringify(entry[0])},`)) return null;
    if (previous !== void 0 && !(previous[0] < entry[0])) return null;
    out.push(entry);
    start = end + 1;
  }
  return out;
}

// src/core/recall/path-index-files.ts
var FILE_MAX_BYTES2 = 16 * 1024 * 1024;
function recallCacheDir(storeDir) {
  return (0, import_node_path43.join)(storeDir, "cache", "recall");
}
var SHARD_KINDS = ["paths", "heads", "text"];
var shardName = (kind, n) => `${kind}-${String(n).padStart(2, "0")}.jsonl`;
function readBounded(path) {
  const bytes2 = readRegularFile(path, FILE_MAX_BYTES2);
  return bytes2 === null || bytes2.length > FILE_MAX_BYTES2 ? null : bytes2;
}
function readJson(path) {
  const bytes2 = readBounded(path);
  if (bytes2 === null) return null;
  try {
    const data = JSON.parse(bytes2.toString("utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}
var isString = (v) => typeof v === "string";
var isCount5 = (v) => Number.isSafeInteger(v) && v >= 0;
function readShard(storeDir, name, full) {
  const bytes2 = readBounded((0, import_node_path43.join)(recallCacheDir(storeDir), name));
  const header = bytes2 === null ? null : keyedLinesHeader(bytes2);
  return header !== null && header.version === PATH_INDEX_VERSION && header.full === full ? bytes2 : null;
}
function readIndexHead(storeDir) {
  const d = readJson((0, import_node_path43.join)(recallCacheDir(storeDir), "head.json"));
  if (d === null || d.version !== PATH_INDEX_VERSION || !isString(d.full)) return null;
  if (!(d.quick === null || isString(d.quick)) || !isCount5(d.threads) || !isCount5(d.withPaths)) return null;
  return { full: d.full, quick: d.quick, threads: d.threads, withPaths: d.withPaths };
}
function isHead(v) {
  if (typeof v !== "object" || v === null) return false;
  const t = v;
  return isString(t.projectId) && isString(t.id) && isString(t.title) && (t.status === "active" || t.status === "done" || t.status === "abandoned") && (t.parentId === null || isString(t.parentId)) && (t.commit === null || isString(t.commit)) && Array.isArray(t.ancestors) && t.ancestors.every(isString);
}
function isEntry2(v) {
  return Array.isArray(v) && v.length === 2 && isString(v[0]) && isString(v[1]);
}
function readyFromFiles(storeDir, head) {
  const shards = /* @__PURE__ */ new Map();
  const lineOf2 = (kind, key) => {
    const name = shardName(kind, shardOf(key));
    let bytes2 = shards.get(name);
    if (bytes2 === void 0) {
      bytes2 = readShard(storeDir, name, head.full);
      shards.set(name, bytes2);
    }
    return bytes2 === null ? null : keyedLineValue(bytes2, key);
  };
  const headFor = (key) => {
    const found = lineOf2("heads", key);
    if (found === null || found === void 0) return found;
    return isHead(found.value) ? found.value : null;
  };
  const entriesOf = (anchor) => {
    const found = lineOf2("paths", anchor);
    if (found === null) return null;
    if (found === void 0) return [];
    const list = found.value;
    return Array.isArray(list) && list.every(isEntry2) ? list : null;
  };
  const excerpts = (keys) => {
    const out = {};
    for (const key of keys) {
      const found = lineOf2("text", key);
      if (found === null) return null;
      if (found === void 0) continue;
      if (!isString(found.value)) return null;
      out[key] = found.value;
    }
    return out;
  };
  return {
    chainKeys: (projectId, threadId) => {
      const key = excerptKey(projectId, threadId);
      const h = headFor(key);
      if (h === null) return null;
      return h === void 0 ? [] : [key, ...h.ancestors];
    },
    head: (key) => {
      const h = headFor(key);
      return h === null || h === void 0 ? h : headOf2(h);
    },
    covering: (file) => coveringFrom(file, entriesOf, headFor),
    excerpts,
    size: { threads: head.threads, withPaths: head.withPaths }
  };
}
async function writePart(storeDir, name, data) {
  const path = (0, import_node_path43.join)(recallCacheDir(storeDir), name);
  await writeFileAtomic(path, `${JSON.stringify({ version: PATH_INDEX_VERSION, ...data })}
`, { durable: false });
}
async function writeShard(storeDir, kind, n, full, entries) {
  const path = (0, import_node_path43.join)(recallCacheDir(storeDir), shardName(kind, n));
  await writeFileAtomic(path, encodeKeyedLines({ version: PATH_INDEX_VERSION, full }, entries), { durable: false });
}
async function savePathIndex(storeDir, index, full, quick) {
  const headPath = (0, import_node_path43.join)(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath);
  makeDir((0, import_node_path43.dirname)(headPath));
  const byAnchor = entriesByAnchor(index);
  const shardsOf = () => Array.from({ length: PATH_INDEX_SHARDS }, () => []);
  const pathShards = shardsOf();
  for (const [anchor, entries] of byAnchor) pathShards[shardOf(anchor)].push([anchor, entries]);
  const headShards = shardsOf();
  for (const [key, record2] of headRecords(index)) headShards[shardOf(key)].push([key, record2]);
  const textShards = shardsOf();
  for (const [key, text] of Object.entries(index.excerpts)) textShards[shardOf(key)].push([key, text]);
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    await writeShard(storeDir, "paths", n, full, pathShards[n]);
    await writeShard(storeDir, "heads", n, full, headShards[n]);
    await writeShard(storeDir, "text", n, full, textShards[n]);
  }
  const withPaths = index.threads.filter((t) => t.paths.length > 0).length;
  await writePart(storeDir, "head.json", { full, quick, threads: index.threads.length, withPaths });
  for (const name of (0, import_node_fs43.readdirSync)(recallCacheDir(storeDir))) {
    if (EARLIER_LAYOUT_FILE.test(name)) (0, import_node_fs43.rmSync)((0, import_node_path43.join)(recallCacheDir(storeDir), name), { force: true });
  }
}
var EARLIER_LAYOUT_FILE = new RegExp(`^(?:(?:paths|text|threads)|(?:${SHARD_KINDS.join("|")})-\\d{2})\\.json$`);
async function saveQuickStamp(storeDir, head, quick) {
  const headPath = (0, import_node_path43.join)(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath);
  await writePart(storeDir, "head.json", { ...head, quick });
}
function shardLines(storeDir, kind, n, full) {
  const bytes2 = readShard(storeDir, shardName(kind, n), full);
  const lines = bytes2 === null ? null : allKeyedLines(bytes2);
  return lines?.every(([key]) => shardOf(key) === n) ? lines : null;
}
function indexFilesComplete(storeDir, head) {
  let heads = 0;
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    const paths = shardLines(storeDir, "paths", n, head.full);
    const records = shardLines(storeDir, "heads", n, head.full);
    const text = shardLines(storeDir, "text", n, head.full);
    if (paths === null || records === null || text === null) return false;
    if (!paths.every(([, list]) => Array.isArray(list) && list.every(isEntry2))) return false;
    if (!records.every(([, record2]) => isHead(record2))) return false;
    if (!text.every(([, excerpt]) => isString(excerpt))) return false;
    heads += records.length;
  }
  return heads === head.threads;
}

// src/core/recall/path-index-stamp.ts
var import_node_fs44 = require("fs");
var import_node_path44 = require("path");
init_text_fingerprint();
var STAMP_MAX_ENTRIES = 2e5;
var QUICK_MAX_PROJECTS = 256;
function threadFilesStamp(storeDir) {
  const parts = [];
  let latest = 0n;
  const walk = (dir, rel) => {
    let names;
    try {
      names = (0, import_node_fs44.readdirSync)(dir, { withFileTypes: true }).filter((d) => d.isDirectory() || d.isSymbolicLink() === false && !d.isFile()).map((d) => d.name).sort();
    } catch {
      parts.push(`${rel}:unreadable`);
      return true;
    }
    for (const name of names) {
      if (parts.length >= STAMP_MAX_ENTRIES) return false;
      const path = (0, import_node_path44.join)(dir, name);
      let s;
      try {
        s = (0, import_node_fs44.lstatSync)(path, { bigint: true });
      } catch {
        continue;
      }
      if (!s.isDirectory()) continue;
      const changed = changedNsOf(s);
      if (changed > latest) latest = changed;
      parts.push(`${rel}/${name}:${statStamp(s)}`);
      if (!walk(path, `${rel}/${name}`)) return false;
    }
    return true;
  };
  const top = (0, import_node_path44.join)(storeDir, "threads");
  let root;
  try {
    root = (0, import_node_fs44.lstatSync)(top, { bigint: true });
  } catch {
    return { stamp: "absent", settledAtMs: 0 };
  }
  if (!root.isDirectory()) return { stamp: "not-a-directory", settledAtMs: 0 };
  parts.push(statStamp(root));
  if (changedNsOf(root) > latest) latest = changedNsOf(root);
  if (!walk(top, "")) return null;
  return { stamp: `${parts.length}:${textFingerprint(parts.join("\n"))}`, settledAtMs: settledAtMs(latest) };
}
function recallQuickStamp(storeDir, gitTop) {
  const parts = [];
  let settled = 0;
  const add = (name, path, kind) => {
    const s = stampOf(path, kind);
    if (s !== null && s.settledAtMs > settled) settled = s.settledAtMs;
    parts.push(`${name}:${s?.stamp ?? "-"}`);
  };
  add("signal", threadsChangedPath(storeDir), "file");
  if (gitTop !== null) {
    let dir;
    try {
      dir = gitDir(gitTop);
    } catch {
      dir = null;
    }
    if (dir === null) parts.push("git:-");
    else {
      add("index", (0, import_node_path44.join)(dir, "index"), "file");
      add("HEAD", (0, import_node_path44.join)(dir, "HEAD"), "file");
    }
  }
  const top = (0, import_node_path44.join)(storeDir, "threads");
  add("threads", top, "dir");
  let names;
  try {
    names = (0, import_node_fs44.readdirSync)(top).sort();
  } catch (e) {
    if (e.code === "ENOENT") return { stamp: parts.join("\n"), settledAtMs: 0 };
    return null;
  }
  if (names.length > QUICK_MAX_PROJECTS) return null;
  for (const name of names) add(`p/${name}`, (0, import_node_path44.join)(top, name), "dir");
  return { stamp: `${parts.length}:${textFingerprint(parts.join("\n"))}`, settledAtMs: settled };
}

// src/core/recall/path-index-build.ts
var import_promises = require("timers/promises");
async function cachedPathIndex(storeDir, gitTop) {
  return (await savedIndex(storeDir, gitTop))?.ready ?? null;
}
async function savedIndex(storeDir, gitTop) {
  const head = readIndexHead(storeDir);
  if (head === null) return null;
  const quick = recallQuickStamp(storeDir, gitTop);
  if (quick !== null && head.quick === quick.stamp) return { head, ready: readyFromFiles(storeDir, head) };
  const full = threadFilesStamp(storeDir);
  if (full === null || full.stamp !== head.full) return null;
  const now = Date.now();
  if (quick !== null && quick.settledAtMs <= now && full.settledAtMs <= now) {
    const again = recallQuickStamp(storeDir, gitTop);
    if (again?.stamp === quick.stamp) {
      try {
        await saveQuickStamp(storeDir, head, quick.stamp);
      } catch {
      }
    }
  }
  return { head, ready: readyFromFiles(storeDir, head) };
}
async function currentPathIndex(store, options = {}) {
  const gitTop = store.workspace.gitTop;
  const saved = await savedIndex(store.dir, gitTop);
  if (saved !== null && indexFilesComplete(store.dir, saved.head)) return saved.ready;
  const quickBefore = recallQuickStamp(store.dir, gitTop);
  const before = threadFilesStamp(store.dir);
  const byProject = /* @__PURE__ */ new Map();
  for (const projectId of store.projectIds()) {
    if (store.threadsDirExists(projectId)) byProject.set(projectId, store.readAllThreads(projectId).threads.values());
  }
  let after2 = threadFilesStamp(store.dir);
  const index = buildPathIndex(byProject);
  const wait = after2 === null ? 0 : after2.settledAtMs - Date.now();
  if (before?.stamp === after2?.stamp && wait > 0 && wait <= (options.settleMs ?? 0)) {
    await (0, import_promises.setTimeout)(wait + 1);
    const again = threadFilesStamp(store.dir);
    if (again?.stamp !== after2?.stamp) return readyFromMemory(index);
    after2 = again;
  }
  const quickAfter = recallQuickStamp(store.dir, gitTop);
  const now = Date.now();
  if (before !== null && after2 !== null && before.stamp === after2.stamp && after2.settledAtMs <= now) {
    const quickSettled = quickBefore !== null && quickAfter !== null && quickBefore.stamp === quickAfter.stamp && quickAfter.settledAtMs <= now;
    await savePathIndex(store.dir, index, after2.stamp, quickSettled ? quickAfter.stamp : null);
  }
  return readyFromMemory(index);
}

// src/core/recall/index-build-marker.ts
var import_node_path45 = require("path");

// src/core/store/background-marker.ts
var import_node_fs45 = require("fs");
init_regular_file();
var MARKER_MAX_AGE_MS = 12e4;
function markerPid(marker) {
  const bytes2 = readRegularFile(marker, 64);
  if (bytes2 === null) return null;
  const pid = Number(bytes2.toString("utf8").trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}
function markerUnderWay(marker) {
  try {
    const pid = markerPid(marker);
    return pid !== null && Date.now() - (0, import_node_fs45.lstatSync)(marker).mtimeMs < MARKER_MAX_AGE_MS && isProcessAlive(pid);
  } catch {
    return false;
  }
}

// src/core/recall/index-build-marker.ts
function buildMarkerPath(storeDir) {
  return (0, import_node_path45.join)(recallCacheDir(storeDir), "build.pid");
}

// src/core/background/background-command.ts
var import_node_fs46 = require("fs");
var import_node_path46 = require("path");
var BACKGROUND_NICENESS = 10;
function startBackgroundCommand(storeDir, marker, root, cliPath, command) {
  try {
    if (!(0, import_node_fs46.existsSync)(cliPath) || markerUnderWay(marker)) return false;
    assertNoLinksBelow(storeDir, marker);
    makeDir((0, import_node_path46.dirname)(marker));
    (0, import_node_fs46.rmSync)(marker, { force: true });
    const fd = (0, import_node_fs46.openSync)(marker, "wx", 420);
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
      (0, import_node_fs46.writeSync)(fd, `${child.pid ?? 0}
`);
    } finally {
      (0, import_node_fs46.closeSync)(fd);
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

// src/core/store/store-thread-count.ts
var import_node_fs47 = require("fs");
var import_node_path47 = require("path");
function moreThreadsThan(storeDir, limit) {
  const top = (0, import_node_path47.join)(storeDir, "threads");
  let count2 = 0;
  let projects;
  try {
    projects = (0, import_node_fs47.readdirSync)(top);
  } catch {
    return false;
  }
  for (const project of projects) {
    try {
      count2 += (0, import_node_fs47.readdirSync)((0, import_node_path47.join)(top, project)).filter((n) => !n.startsWith(".")).length;
    } catch {
    }
    if (count2 > limit) return true;
  }
  return false;
}

// src/core/background/recall-index-background.ts
var INLINE_BUILD_MAX_THREADS = 300;
function largeForInlineBuild(storeDir) {
  return moreThreadsThan(storeDir, INLINE_BUILD_MAX_THREADS);
}
function startBackgroundIndexBuild(storeDir, root, cliPath) {
  return startBackgroundCommand(storeDir, buildMarkerPath(storeDir), root, cliPath, "recall-index");
}

// src/hooks/hook-core.ts
var import_node_path50 = require("path");

// src/hooks/tool-recall.ts
var import_node_fs48 = require("fs");
var import_node_path49 = require("path");
init_measurement_log_read();

// src/core/recall/recall-pick.ts
var RECALL_MAX_THREADS = 3;
var RECALL_MAX_CHARS = 2e3;
function recallCandidates(threads, file, skip) {
  const found = [];
  for (const thread of threads) {
    if (thread.paths.length === 0 || skip.has(excerptKey(thread.projectId, thread.id))) continue;
    const match = nearestMatch(thread.paths, file, true);
    if (match !== null) found.push({ thread, match });
  }
  const closed = (t) => t.status === "active" ? 0 : 1;
  found.sort(
    (a, b) => b.match.score - a.match.score || closed(a.thread) - closed(b.thread) || (a.thread.id < b.thread.id ? -1 : a.thread.id > b.thread.id ? 1 : 0)
  );
  return found;
}
function kindWords(m) {
  switch (m.kind) {
    case "exact":
      return "this file";
    case "directory":
      return m.pattern === "" ? "the whole repository" : `directory ${m.pattern}/`;
    case "glob":
      return `pattern ${m.pattern}`;
    default: {
      const unreachable = m.kind;
      throw new Error(`unknown match kind ${String(unreachable)}`);
    }
  }
}
function cut(text, max) {
  if (text.length <= max) return text;
  if (max <= 1) return "\u2026";
  const slice = text.slice(0, max - 1);
  const nl = slice.lastIndexOf("\n");
  return `${nl > max / 2 ? slice.slice(0, nl) : slice}\u2026`;
}
function recallText(file, blocks) {
  const useful = blocks.filter((b) => b.excerpt !== "").slice(0, RECALL_MAX_THREADS);
  if (useful.length === 0) return null;
  const head = `ThreadMind: other threads recorded decisions about ${file}. They still hold unless you decide otherwise (then record it with summary_update):`;
  const parts = [head];
  const included = [];
  let used = head.length;
  for (let i = 0; i < useful.length; i++) {
    const { candidate, excerpt, warning } = useful[i];
    const t = candidate.thread;
    const title = `### ${t.title} (${t.id}) \xB7 ${t.status} \xB7 covers ${kindWords(candidate.match)}`;
    const lines = [title];
    if (warning !== null) lines.push(warning);
    const fixed = lines.join("\n").length + 2 + 1;
    const reserve = useful.slice(i + 1).reduce((n, b) => n + Math.min(b.excerpt.length + 120, 320), 0);
    const left = RECALL_MAX_CHARS - used - fixed;
    const share = Math.max(Math.floor(left / (useful.length - i)), left - reserve);
    if (share < 80) break;
    const more = `
(cut: the whole summary is in thread ${t.id})`;
    const body = excerpt.length <= share ? excerpt : `${cut(excerpt, share - more.length)}${more}`;
    lines.push(body);
    const block = lines.join("\n");
    parts.push(block);
    used += block.length + 2;
    included.push(excerptKey(t.projectId, t.id));
  }
  if (included.length === 0) return null;
  return { text: parts.join("\n\n"), included };
}

// src/hooks/tool-recall.ts
init_recall_events();

// src/core/recall/recall-config.ts
var import_node_path48 = require("path");
function recallConfigOf(data) {
  const recall = isRecord(data) ? data.recall : void 0;
  if (!isRecord(recall)) return { edits: true, subagents: true };
  return { edits: recall.edits !== false, subagents: recall.subagents !== false };
}
function readRecallConfig(storeDir, projectId) {
  const text = readTextStrict((0, import_node_path48.join)(storeDir, "projects", `${projectId}.json`), LIMITS.threadFileBytes);
  if (text === null) return recallConfigOf(void 0);
  return recallConfigOf(JSON.parse(text));
}

// src/hooks/tool-recall.ts
init_text_fingerprint();
var CHANGING_TOOLS = /* @__PURE__ */ new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
function repoFileOf(filePath, cwd, root) {
  const rel = repoRelative(filePath, cwd, root);
  if (rel === null) return null;
  let realRoot;
  try {
    realRoot = import_node_fs48.realpathSync.native(root);
  } catch {
    return null;
  }
  let probe = (0, import_node_path49.join)(root, ...rel.split("/"));
  while (!(0, import_node_fs48.existsSync)(probe) && probe.length > root.length) probe = (0, import_node_path49.dirname)(probe);
  let real;
  try {
    real = import_node_fs48.realpathSync.native(probe);
  } catch {
    return null;
  }
  return real === realRoot || real.startsWith(realRoot.endsWith(import_node_path49.sep) ? realRoot : realRoot + import_node_path49.sep) ? rel : null;
}
function recordingOffset(input, agentId) {
  if (input.transcriptPath == null) return null;
  const path = agentId === null ? input.transcriptPath : subagentTranscriptPath(input.transcriptPath, agentId);
  if (path === null) return null;
  try {
    const stat = (0, import_node_fs48.statSync)(path, { throwIfNoEntry: false });
    return stat === void 0 ? 0 : stat.isFile() ? stat.size : null;
  } catch {
    return null;
  }
}
function alreadyRecalled(events, agentId) {
  let from = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === "preCompact" || e.kind === "injection" && e.source === "compact") {
      from = i + 1;
      break;
    }
  }
  const keys = /* @__PURE__ */ new Set();
  for (let i = from; i < events.length; i++) {
    const e = events[i];
    if (e.kind === "recall" && (e.agentId ?? null) === agentId) for (const k of e.threads) keys.add(k);
  }
  return keys;
}
async function staleWarning(root, commit, file, head) {
  if (root === null || commit === null) return null;
  if (typeof head === "string" && /^[0-9a-f]{4,64}$/.test(commit) && head.startsWith(commit)) return null;
  try {
    const n = await commitsTouchingSince(root, commit, [file]);
    if (n === null || n === 0) return null;
    return `_\u26A0 ${n} commit${n === 1 ? "" : "s"} changed ${file} since this summary was written: check it is still accurate._`;
  } catch (e) {
    if (!(e instanceof GitError)) throw e;
    return `_\u26A0 Could not check whether ${file} changed since this summary was written (${e.message.split("\n")[0]})._`;
  }
}
async function toolRecall(store, input) {
  if (input.toolName == null || !CHANGING_TOOLS.has(input.toolName) || input.toolFilePath == null) return {};
  const file = repoFileOf(input.toolFilePath, input.cwd, store.root);
  if (file === null) return {};
  const agentId = input.agentId ?? null;
  const events = store.sessionEvents();
  const at = (/* @__PURE__ */ new Date()).toISOString();
  const base = { at, sessionId: input.sessionId, instance: store.session.key, ...agentId !== null ? { agentId } : {} };
  const toRecord = [];
  const edited = events.some((e) => e.kind === "fileEdit" && e.file === file && (e.agentId ?? null) === agentId);
  if (!edited) {
    try {
      await store.recordEvents([{ kind: "fileEdit", ...base, file }]);
    } catch (e) {
      return { userMessage: failureLine("PreToolUse could not record the changed file", e) };
    }
  }
  const ready = await store.index();
  if (ready === null) return null;
  const covering = ready.covering(file);
  if (covering === null) return null;
  let output = {};
  if (covering.length > 0) {
    const followed = () => lastConversation(events, store.session.key);
    const ref = sessionThreadRef(store.projectIds(), store.state, store.session.key, followed, store.branch, store.threadExists);
    const skip = alreadyRecalled(events, agentId);
    if (ref !== null) {
      const chain = ready.chainKeys(ref.projectId, ref.threadId);
      if (chain === null) return null;
      for (const k of chain) skip.add(k);
    }
    const on = ref === null || readRecallConfig(store.storeDir, ref.projectId).edits;
    const candidates = on ? recallCandidates(covering, file, skip) : [];
    const picked = candidates.slice(0, RECALL_MAX_THREADS);
    const text = picked.length === 0 ? {} : ready.excerpts(picked.map((c) => excerptKey(c.thread.projectId, c.thread.id)));
    if (text === null) return null;
    const head = picked.length === 0 ? null : headCommitFromWorkTree(store.gitTop);
    const blocks = await Promise.all(
      picked.map(async (candidate) => ({
        candidate,
        excerpt: text[excerptKey(candidate.thread.projectId, candidate.thread.id)] ?? "",
        warning: await staleWarning(store.gitTop === null ? null : store.root, candidate.thread.commit, file, head)
      }))
    );
    const recall = recallText(file, blocks);
    if (recall !== null) {
      output = { additionalContext: recall.text };
      const toolUseId = input.toolUseId != null && input.toolUseId.length <= 200 ? input.toolUseId : null;
      const offset = recordingOffset(input, agentId);
      toRecord.push({
        kind: "recall",
        ...base,
        file,
        threads: recall.included,
        chars: recall.text.length,
        tokens: estimatedTokens(recall.text),
        fingerprint: textFingerprint(recall.text),
        ...toolUseId !== null ? { toolUseId } : {},
        ...offset !== null ? { transcriptOffset: offset } : {}
      });
    }
  }
  if (toRecord.length > 0) {
    try {
      await store.recordEvents(toRecord);
    } catch (e) {
      return { ...output, userMessage: failureLine("PreToolUse recall could not be recorded", e) };
    }
  }
  return output;
}

// src/hooks/subagent-context.ts
init_measurement_log_read();
init_recall_events();
init_text_fingerprint();
var SUBAGENT_MAX_CHARS = 2e3;
var SUBAGENT_MORE_LINE = "ThreadMind holds more (the thread's State, Open questions and Next steps, other threads): ask the main conversation, or use context_get and thread_search.";
function subagentText(keys, thread) {
  const firstKey = keys[0];
  if (firstKey === void 0) return { text: null };
  const firstRead = thread(firstKey);
  if (firstRead === null) return null;
  if (firstRead === void 0) return { text: null };
  const first = firstRead.head;
  const head = `ThreadMind: decisions and constraints of the thread this work is on, "${first.title}" (${first.id}), and of its ancestors. They hold unless the main conversation decides otherwise.`;
  const parts = [head];
  let used = head.length + SUBAGENT_MORE_LINE.length + 4;
  let any = false;
  for (const key of keys) {
    if (SUBAGENT_MAX_CHARS - used - MIN_TITLE_CHARS - 3 < 80) break;
    const read = key === firstKey ? firstRead : thread(key);
    if (read === null) return null;
    if (read === void 0) break;
    const { head: t, excerpt } = read;
    if (excerpt === void 0 || excerpt === "") continue;
    const title = `### ${t.title} (${t.id})${key === firstKey ? "" : " \xB7 ancestor"}`;
    const left = SUBAGENT_MAX_CHARS - used - title.length - 3;
    if (left < 80) break;
    const body = excerpt.length <= left ? excerpt : `${excerpt.slice(0, left - 1)}\u2026`;
    const block = `${title}
${body}`;
    parts.push(block);
    used += block.length + 2;
    any = true;
  }
  if (!any) return { text: null };
  parts.push(SUBAGENT_MORE_LINE);
  return { text: parts.join("\n\n") };
}
var MIN_TITLE_CHARS = "###  ()".length;
async function subagentContext(store, input) {
  const events = store.sessionEvents();
  const followed = () => lastConversation(events, store.session.key);
  const ref = sessionThreadRef(store.projectIds(), store.state, store.session.key, followed, store.branch, store.threadExists);
  if (ref === null) return {};
  if (!readRecallConfig(store.storeDir, ref.projectId).subagents) return {};
  const ready = await store.index();
  if (ready === null) return null;
  const keys = ready.chainKeys(ref.projectId, ref.threadId);
  if (keys === null) return null;
  const lean = subagentText(keys, (key) => {
    const head = ready.head(key);
    if (head === null || head === void 0) return head;
    const text = ready.excerpts([key]);
    return text === null ? null : { head, excerpt: text[key] };
  });
  if (lean === null) return null;
  const context2 = lean.text;
  if (context2 === null) return {};
  const event = {
    kind: "subagentContext",
    at: (/* @__PURE__ */ new Date()).toISOString(),
    sessionId: input.sessionId,
    instance: store.session.key,
    agentId: input.agentId ?? "unknown",
    projectId: ref.projectId,
    threadId: ref.threadId,
    chars: context2.length,
    tokens: estimatedTokens(context2),
    fingerprint: textFingerprint(context2)
  };
  await store.recordEvents([event]);
  return { additionalContext: context2 };
}

// src/hooks/hook-core.ts
function projectIdsOrNull(services) {
  try {
    return services.store.projectIds();
  } catch {
    return null;
  }
}
function servicesMeasureStore(services) {
  return {
    storeDir: services.store.dir,
    session: services.session,
    notices: services.notices,
    readState: () => services.readState(),
    sessionEvents: (sessionId) => sessionEvents(services.store.dir, sessionId),
    instanceEvents: () => instanceEvents(services.store.dir, services.session.key),
    projectIds: () => projectIdsOrNull(services),
    threadExists: (projectId, threadId) => threadFileExists(services.store.dir, projectId, threadId),
    recordEvents: (events) => services.recordEvents(events),
    adopt: (conversation) => services.store.locked(() => services.updateState((s) => void adoptConversation(s, services.session, conversation)))
  };
}
function bundledCli() {
  try {
    return (0, import_node_path50.join)(__dirname, "cli.mjs");
  } catch {
    return null;
  }
}
async function hookPathIndex(services) {
  const { store } = services;
  const cli = bundledCli();
  if (cli === null || !largeForInlineBuild(store.dir)) return currentPathIndex(store);
  const cached = await cachedPathIndex(store.dir, store.workspace.gitTop);
  if (cached !== null) return cached;
  startBackgroundIndexBuild(store.dir, store.workspace.root, cli);
  return readyFromMemory({ threads: [], excerpts: {} });
}
function rebuildDamagedIndex(services) {
  const cli = bundledCli();
  if (cli !== null) startBackgroundIndexBuild(services.store.dir, services.store.workspace.root, cli);
  return {};
}
async function servicesRecallStore(services, input) {
  let ready = null;
  const gitTop = services.store.workspace.gitTop;
  return {
    storeDir: services.store.dir,
    root: services.store.workspace.root,
    gitTop,
    session: services.session,
    state: services.readState(),
    projectIds: () => projectIdsOrNull(services),
    threadExists: (projectId, threadId) => threadFileExists(services.store.dir, projectId, threadId),
    branch: () => startKey(gitTop),
    sessionEvents: () => sessionEvents(services.store.dir, input.sessionId),
    index: () => {
      ready ??= hookPathIndex(services);
      return ready;
    },
    recordEvents: (events) => services.recordEvents(events)
  };
}
async function handle(name, input, lockTimeoutMs) {
  const services = openHookServices(input, process.env, lockTimeoutMs);
  if (services === null) return {};
  try {
    return await handleWith(services, name, input);
  } finally {
    if (indexBehind(services.store.dir)) refreshMeasurementIndexIfBehind(services.store.dir);
  }
}
async function handleWith(services, name, input) {
  switch (name) {
    case "session-start":
      return sessionStart(services, input);
    case "session-end":
      return measureSize(servicesMeasureStore(services), input, "sessionEnds");
    case "pre-compact":
      return measureSize(servicesMeasureStore(services), input, "preCompacts");
    case "user-prompt-submit":
      throw new Error("internal: UserPromptSubmit is answered by the fast path");
    case "pre-tool-use":
      return await toolRecall(await servicesRecallStore(services, input), input) ?? rebuildDamagedIndex(services);
    case "subagent-start":
      return await subagentContext(await servicesRecallStore(services, input), input) ?? rebuildDamagedIndex(services);
    default: {
      const unreachable = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}
async function rotateMeasurementLog(input, lockTimeoutMs) {
  const services = hookServices(input, process.env, lockTimeoutMs);
  refreshMeasurementIndexIfBehind(services.store.dir);
  const size = openLog(measurementLogPath(services.store.dir), (_fd, bytes2) => bytes2);
  if (size !== null && size > LOG_ROTATE_BYTES) await services.rotateMeasurementLog();
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  handle,
  rotateMeasurementLog
});
