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

// src/hooks/main-recall.ts
var main_recall_exports = {};
__export(main_recall_exports, {
  runHook: () => runHook,
  runPath: () => runPath
});
module.exports = __toCommonJS(main_recall_exports);

// src/core/measure/measurement-log-read.ts
var import_node_fs4 = require("fs");

// src/core/measure/measurements.ts
function emptyMeasurements() {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}

// src/core/measure/measurement-log.ts
var import_node_fs2 = require("fs");

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

// src/core/measure/measurement-log.ts
var import_node_path = require("path");
var MEASUREMENT_LOG = "measurements.jsonl";
var MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
var LOG_ROTATE_BYTES = 1024 * 1024;
var MAX_APPEND_BYTES = 64 * 1024;
function measurementLogPath(storeDir) {
  return (0, import_node_path.join)(storeDir, MEASUREMENT_LOG);
}
function previousMeasurementLogPath(storeDir) {
  return (0, import_node_path.join)(storeDir, MEASUREMENT_LOG_PREVIOUS);
}
function measurementLogPaths(storeDir) {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}
function forEachLogFile(storeDir, use) {
  const [previousPath, currentPath] = measurementLogPaths(storeDir);
  const current = openRegularFile(currentPath, import_node_fs2.constants.O_RDONLY);
  try {
    const previous = openRegularFile(previousPath, import_node_fs2.constants.O_RDONLY);
    try {
      const same = previous !== null && current !== null && previous.stat.ino === current.stat.ino && previous.stat.dev === current.stat.dev;
      if (previous !== null && !same) use(previous.fd, previous.stat.size, previous.stat);
    } finally {
      if (previous !== null) (0, import_node_fs2.closeSync)(previous.fd);
    }
    if (current !== null) use(current.fd, current.stat.size, current.stat);
  } finally {
    if (current !== null) (0, import_node_fs2.closeSync)(current.fd);
  }
}
function appendMeasurementEvents(storeDir, events) {
  if (events.length === 0) return 0;
  const text = events.map((e) => `${JSON.stringify(e)}
`).join("");
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length > MAX_APPEND_BYTES) throw new Error(`measurement records too large to append (${bytes.length} bytes)`);
  const opened = openRegularFile(measurementLogPath(storeDir), import_node_fs2.constants.O_RDWR | import_node_fs2.constants.O_APPEND | import_node_fs2.constants.O_CREAT, 420);
  if (opened === null) throw new Error(`${measurementLogPath(storeDir)} could not be created: its directory does not exist`);
  const { fd, stat: before } = opened;
  try {
    let out = bytes;
    if (before.size > 0) {
      const last2 = Buffer.alloc(1);
      (0, import_node_fs2.readSync)(fd, last2, 0, 1, before.size - 1);
      if (last2[0] !== 10) out = Buffer.concat([Buffer.from("\n"), bytes]);
    }
    const written = (0, import_node_fs2.writeSync)(fd, out);
    if (written < out.length) {
      throw new Error(
        `${measurementLogPath(storeDir)}: only ${written} of ${out.length} bytes could be appended (is the disk full?)`
      );
    }
    return (0, import_node_fs2.fstatSync)(fd).size;
  } finally {
    (0, import_node_fs2.closeSync)(fd);
  }
}

// src/core/measure/measurement-index.ts
var import_node_fs3 = require("fs");
var import_node_path2 = require("path");
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
  return (0, import_node_path2.join)(storeDir, "cache", "measurement-index.txt");
}
function sessionNeedle(sessionId) {
  return `"sessionId":${JSON.stringify(sessionId)}`;
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
    const n = (0, import_node_fs3.readSync)(fd, buffer, filled, buffer.length - filled, position + filled);
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
    opened = openRegularFile(measurementIndexPath(storeDir), import_node_fs3.constants.O_RDONLY);
    if (opened === null) return null;
    const prefix = Buffer.allocUnsafe(Math.min(PREFIX_BYTES, opened.stat.size));
    const length = readAt(opened.fd, prefix, 0);
    const marker = prefix.indexOf("\n@");
    if (length === prefix.length && prefix.subarray(0, HEADER_BYTES.length).equals(HEADER_BYTES) && marker !== -1 && marker + 2 + BUCKETS * ENTRY < prefix.length && prefix[marker + 2 + BUCKETS * ENTRY] === NEWLINE)
      return { fd: opened.fd, size: opened.stat.size, prefix, table: marker + 2 };
  } catch {
  }
  if (opened !== null) (0, import_node_fs3.closeSync)(opened.fd);
  return null;
}
function closeMeasurementIndex(index) {
  (0, import_node_fs3.closeSync)(index.fd);
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

// src/core/id-pattern.ts
var ID_PATTERN = /^[a-z0-9-]{1,64}$/;
function isValidId(id) {
  return typeof id === "string" && ID_PATTERN.test(id);
}

// src/core/measure/recall-events.ts
function estimatedTokens(text) {
  return Math.ceil(text.length / 3.5);
}
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
  return paths.reduce((total, path) => total + ((0, import_node_fs4.lstatSync)(path, { throwIfNoEntry: false })?.size ?? 0), 0);
}
function emit(line, onEvent) {
  const event = parseEventLine(line);
  if (event !== null) onEvent(event);
}
var INDEX_MIN_LOG_BYTES = 1024 * 1024;
var behindStores = /* @__PURE__ */ new Set();
function indexBehind(storeDir) {
  return behindStores.delete(storeDir);
}
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
    const n = (0, import_node_fs4.readSync)(fd, buffer, held, buffer.length - held, position);
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
var RECENT_BYTES = 64 * 1024;

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
function agentIdOfTranscript(transcriptPath) {
  return transcriptPath !== null && isRolloutPath(transcriptPath) ? "codex" : "claude-code";
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

// src/core/git/git.ts
var import_node_fs6 = require("fs");
var import_node_path5 = require("path");

// src/core/git/git-refs.ts
var import_node_fs5 = require("fs");
var import_node_path4 = require("path");
var HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
var PER_WORKTREE = /^(?:HEAD|refs\/(?:bisect|worktree|rewritten)\/)/;
var MAX_REF_FILE_BYTES = 64 * 1024 * 1024;
function readIfExists(path) {
  try {
    if ((0, import_node_fs5.statSync)(path, { throwIfNoEntry: false }) === void 0) return null;
    const bytes = readRegularFile(path, MAX_REF_FILE_BYTES, true);
    if (bytes !== null && bytes.length > MAX_REF_FILE_BYTES) throw new Error(`${path} is over ${MAX_REF_FILE_BYTES} bytes`);
    return bytes === null ? null : bytes.toString("utf8");
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
  }
}
function commonDir(gitDir2) {
  const pointer = readIfExists((0, import_node_path4.join)(gitDir2, "commondir"));
  return pointer === null ? gitDir2 : (0, import_node_path4.resolve)(gitDir2, pointer.trim());
}
function packedRef(common, name) {
  const packed = readIfExists((0, import_node_path4.join)(common, "packed-refs"));
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
  if ((0, import_node_fs5.existsSync)((0, import_node_path4.join)(common, "reftable"))) return void 0;
  let name = "HEAD";
  for (let depth = 0; depth < 5; depth++) {
    if (!/^(?:HEAD|refs\/[^\0\\]+)$/.test(name) || name.split("/").includes("..")) return void 0;
    const loose = readIfExists((0, import_node_path4.join)(PER_WORKTREE.test(name) ? gitDir2 : common, name));
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
  let current = (0, import_node_path5.resolve)(dir);
  for (; ; ) {
    if ((0, import_node_fs6.existsSync)((0, import_node_path5.join)(current, ".git"))) return current;
    const parent = (0, import_node_path5.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
var GIT_POINTER_MAX_BYTES = 64 * 1024;
function gitDir(top) {
  const dotGit = (0, import_node_path5.join)(top, ".git");
  if ((0, import_node_fs6.statSync)(dotGit).isDirectory()) return dotGit;
  const text = readRegularFile(dotGit, GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  const match = /^gitdir:\s*(.+)\s*$/m.exec(text);
  if (!match) throw new Error(`${dotGit} is neither a directory nor a "gitdir:" file`);
  return (0, import_node_path5.resolve)(top, match[1]);
}
function readBranch(top) {
  let dir;
  let head;
  try {
    dir = gitDir(top);
    head = readRegularFile((0, import_node_path5.join)(dir, "HEAD"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  } catch {
    return null;
  }
  const match = /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head);
  if (match) return match[1];
  for (const state of ["rebase-merge", "rebase-apply"]) {
    try {
      const name = readRegularFile((0, import_node_path5.join)(dir, state, "head-name"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
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
async function commitsTouchingSince(cwd, commit, paths) {
  if (!/^[0-9a-f]{4,64}$/.test(commit)) return null;
  const known = await gitMaybe(cwd, ["cat-file", "-e", `${commit}^{commit}`]);
  if (known === null) return null;
  const out = await git(cwd, ["rev-list", "--count", `${commit}..HEAD`, "--", ...paths]);
  return Number.parseInt(out.trim(), 10);
}

// src/core/store/thread-file-exists.ts
var import_node_fs7 = require("fs");
var import_node_path6 = require("path");
function threadFileExists(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId)) return false;
  return entryThere((0, import_node_path6.join)(storeDir, "threads", projectId, threadId)) || entryThere((0, import_node_path6.join)(storeDir, "threads", projectId, `${threadId}.md`));
}
function entryThere(path) {
  try {
    (0, import_node_fs7.lstatSync)(path);
    return true;
  } catch (e) {
    const code = errnoCode(e);
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}

// src/hooks/hook-fast-store.ts
var import_node_fs12 = require("fs");
var import_node_path10 = require("path");

// src/core/store/local-state.ts
var import_node_path8 = require("path");

// src/core/store/read-strict.ts
var nodeBuffer = __toESM(require("buffer"), 1);
var import_node_fs8 = require("fs");
var import_node_path7 = require("path");
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
  const rel = (0, import_node_path7.relative)(storeDir, (0, import_node_path7.dirname)(path));
  if (rel === "" || rel.startsWith("..")) return;
  let current = storeDir;
  for (const part of rel.split(import_node_path7.sep)) {
    current = `${current}${import_node_path7.sep}${part}`;
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
  return (0, import_node_path8.join)(storeDir, "config.json");
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
var import_node_fs9 = require("fs");
function storeDirState(storeDir) {
  let stat;
  try {
    stat = (0, import_node_fs9.lstatSync)(storeDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return "absent";
    return { problem: `cannot be examined (${messageOf(e)})` };
  }
  if (stat.isSymbolicLink()) return { problem: "is a symbolic link" };
  if (!stat.isDirectory()) return { problem: "is not a directory" };
  return "directory";
}

// src/core/workspace.ts
var import_node_fs10 = require("fs");
var import_node_path9 = require("path");
var import_node_url = require("url");
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = (0, import_node_path9.resolve)(dir);
  const stop = gitTop ? (0, import_node_path9.resolve)(gitTop) : current;
  for (; ; ) {
    if (isDirectory((0, import_node_path9.join)(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = (0, import_node_path9.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom((0, import_node_path9.resolve)(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom((0, import_node_path9.resolve)(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom((0, import_node_path9.resolve)(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: (0, import_node_path9.join)(root, STORE_DIR_NAME), gitTop, source };
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
    return (0, import_node_fs10.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function storeExists(ws) {
  return (0, import_node_fs10.existsSync)(ws.storeDir);
}

// src/hooks/hook-workspace.ts
var fromEnv = null;
var last = null;
function setWorkspaceFromEnv(workspace) {
  fromEnv = workspace;
}
function hookWorkspace(env, cwd) {
  if (fromEnv !== null && env === process.env) return fromEnv;
  if (last !== null && last.env === env && last.cwd === cwd) return last.workspace;
  const workspace = resolveWorkspace({ env, cwd });
  last = { env, cwd, workspace };
  return workspace;
}

// src/core/store/project-ids.ts
var import_node_fs11 = require("fs");
function projectIdsIn(dir) {
  return (0, import_node_fs11.readdirSync)(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}

// src/hooks/hook-fast-store.ts
function fastStore(input, env) {
  const workspace = hookWorkspace(env, input.cwd);
  const storeDir = workspace.storeDir;
  if (storeDirState(storeDir) !== "directory") return null;
  if ((0, import_node_fs12.existsSync)((0, import_node_path10.join)(storeDir, "trees")) || !(0, import_node_fs12.existsSync)(measurementLogPath(storeDir))) return null;
  const { state, problem } = readLocalState(storeDir);
  if (problem !== void 0) return null;
  return { storeDir, gitTop: workspace.gitTop, state, root: workspace.root };
}
function projectIds(storeDir) {
  const dir = (0, import_node_path10.join)(storeDir, "projects");
  try {
    if ((0, import_node_fs12.lstatSync)(dir).isSymbolicLink()) return null;
    return projectIdsIn(dir);
  } catch {
    return null;
  }
}
async function record(storeDir, events, rotate) {
  if (appendMeasurementEvents(storeDir, events) > LOG_ROTATE_BYTES) await rotate();
}

// src/hooks/hook-fast-record.ts
async function indexUpkeep(storeDir, rotate) {
  if (indexBehind(storeDir)) await rotate();
}
async function recordAfterUpkeep(storeDir, events, rotate) {
  await indexUpkeep(storeDir, rotate);
  await record(storeDir, events, rotate);
}

// src/hooks/tool-recall.ts
var import_node_fs14 = require("fs");
var import_node_path13 = require("path");

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

// src/core/types.ts
var STATUS_WORDS = ["open", "done", "abandoned"];
var STATUS_INPUTS = [...STATUS_WORDS, "active"];

// src/core/recall/path-index.ts
var PATH_INDEX_VERSION = 5;
var PATH_INDEX_SHARDS = 64;
function excerptKey(projectId, threadId) {
  return `${projectId}/${threadId}`;
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
    out.push({ ...headOf(head), paths });
  }
  return out;
}
function headOf(t) {
  return { projectId: t.projectId, id: t.id, title: t.title, status: t.status, parentId: t.parentId, commit: t.commit };
}

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

// src/core/recall/recall-config.ts
var import_node_path11 = require("path");
function recallConfigOf(data) {
  const recall = isRecord(data) ? data.recall : void 0;
  if (!isRecord(recall)) return { edits: true, subagents: true };
  return { edits: recall.edits !== false, subagents: recall.subagents !== false };
}
function readRecallConfig(storeDir, projectId) {
  const text = readTextStrict((0, import_node_path11.join)(storeDir, "projects", `${projectId}.json`), LIMITS.threadFileBytes);
  if (text === null) return recallConfigOf(void 0);
  return recallConfigOf(JSON.parse(text));
}

// src/core/text-fingerprint.ts
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

// src/agents/claude-code/subagent-transcript.ts
var import_node_path12 = require("path");
var AGENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
function subagentTranscriptPath(transcriptPath, agentId) {
  if (!AGENT_ID.test(agentId)) return null;
  const folder = (0, import_node_path12.join)((0, import_node_path12.dirname)((0, import_node_path12.resolve)(transcriptPath)), (0, import_node_path12.basename)(transcriptPath, ".jsonl"));
  return (0, import_node_path12.join)(folder, "subagents", `agent-${agentId}.jsonl`);
}

// src/core/write-stdout.ts
var import_node_fs13 = require("fs");
function writeStdout(text) {
  const bytes = Buffer.from(text, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += (0, import_node_fs13.writeSync)(1, bytes, written, bytes.length - written);
    return Promise.resolve();
  } catch (e) {
    if (errnoCode(e) !== "EAGAIN") return Promise.resolve();
  }
  return new Promise((resolve6) => {
    process.stdout.write(bytes.subarray(written), () => resolve6());
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

// src/hooks/tool-recall.ts
var CHANGING_TOOLS = /* @__PURE__ */ new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
function repoFileOf(filePath, cwd, root) {
  const rel = repoRelative(filePath, cwd, root);
  if (rel === null) return null;
  let realRoot;
  try {
    realRoot = import_node_fs14.realpathSync.native(root);
  } catch {
    return null;
  }
  let probe = (0, import_node_path13.join)(root, ...rel.split("/"));
  while (!(0, import_node_fs14.existsSync)(probe) && probe.length > root.length) probe = (0, import_node_path13.dirname)(probe);
  let real;
  try {
    real = import_node_fs14.realpathSync.native(probe);
  } catch {
    return null;
  }
  return real === realRoot || real.startsWith(realRoot.endsWith(import_node_path13.sep) ? realRoot : realRoot + import_node_path13.sep) ? rel : null;
}
function recordingOffset(input, agentId) {
  if (input.transcriptPath == null) return null;
  const path = agentId === null ? input.transcriptPath : subagentTranscriptPath(input.transcriptPath, agentId);
  if (path === null) return null;
  try {
    const stat = (0, import_node_fs14.statSync)(path, { throwIfNoEntry: false });
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
  const context = lean.text;
  if (context === null) return {};
  const event = {
    kind: "subagentContext",
    at: (/* @__PURE__ */ new Date()).toISOString(),
    sessionId: input.sessionId,
    instance: store.session.key,
    agentId: input.agentId ?? "unknown",
    projectId: ref.projectId,
    threadId: ref.threadId,
    chars: context.length,
    tokens: estimatedTokens(context),
    fingerprint: textFingerprint(context)
  };
  await store.recordEvents([event]);
  return { additionalContext: context };
}

// src/core/recall/path-index-files.ts
var import_node_fs17 = require("fs");
var import_node_path16 = require("path");

// src/core/store/make-dir.ts
var import_node_fs15 = require("fs");
var import_node_path14 = require("path");

// src/core/store/atomic-write.ts
var import_node_fs16 = require("fs");
var import_node_path15 = require("path");
function tempSuffix() {
  const high = Math.floor(Math.random() * 16777216);
  const low = Math.floor(Math.random() * 16777216);
  return `${high.toString(16).padStart(6, "0")}${low.toString(16).padStart(6, "0")}`;
}
function atomicTempPath(target, dir = (0, import_node_path15.dirname)(target)) {
  return (0, import_node_path15.join)(dir, `.${(0, import_node_path15.basename)(target)}.${process.pid}.${tempSuffix()}.tmp`);
}
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
    const handle = await import_node_fs16.promises.open(temp, "wx");
    tempExists = true;
    try {
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await import_node_fs16.promises.rename(temp, path);
    tempExists = false;
    if (durable) await fsyncDirectory((0, import_node_path15.dirname)(path));
  } catch (error) {
    let cleanupError;
    if (tempExists) await import_node_fs16.promises.unlink(temp).catch((e) => cleanupError = missingIsFine(e));
    throw new AtomicWriteError(path, error, temp, cleanupError);
  }
}
async function fsyncDirectory(dir) {
  let handle;
  try {
    handle = await import_node_fs16.promises.open(dir, "r");
  } catch (error) {
    if (isDirectorySyncRefusal(error)) return;
    throw error;
  }
  try {
    await handle.sync();
  } catch (error) {
    if (!isDirectorySyncRefusal(error)) throw error;
  } finally {
    await handle.close();
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

// src/core/recall/keyed-lines.ts
var NEWLINE2 = 10;
var isRecord2 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return void 0;
  }
}
function keyedLinesHeader(bytes) {
  const end = bytes.indexOf(NEWLINE2);
  if (end === -1) return null;
  const header = parsed(bytes.toString("utf8", 0, end));
  if (!isRecord2(header) || header.size !== bytes.length - end - 1) return null;
  return header;
}
function lineEntry(text) {
  const line = parsed(text);
  return Array.isArray(line) && line.length === 2 && typeof line[0] === "string" ? [line[0], line[1]] : null;
}
function keyedLineValue(bytes, key) {
  const at = bytes.indexOf(`
[${JSON.stringify(key)},`, 0, "utf8");
  if (at === -1) return void 0;
  const end = bytes.indexOf(NEWLINE2, at + 1);
  const entry = lineEntry(bytes.toString("utf8", at + 1, end === -1 ? bytes.length : end));
  return entry !== null && entry[0] === key ? { value: entry[1] } : null;
}

// src/core/recall/path-index-files.ts
var FILE_MAX_BYTES = 16 * 1024 * 1024;
function recallCacheDir(storeDir) {
  return (0, import_node_path16.join)(storeDir, "cache", "recall");
}
var SHARD_KINDS = ["paths", "heads", "text"];
var shardName = (kind, n) => `${kind}-${String(n).padStart(2, "0")}.jsonl`;
function readBounded(path) {
  const bytes = readRegularFile(path, FILE_MAX_BYTES);
  return bytes === null || bytes.length > FILE_MAX_BYTES ? null : bytes;
}
function readJson(path) {
  const bytes = readBounded(path);
  if (bytes === null) return null;
  try {
    const data = JSON.parse(bytes.toString("utf8"));
    return typeof data === "object" && data !== null && !Array.isArray(data) ? data : null;
  } catch {
    return null;
  }
}
var isString = (v) => typeof v === "string";
var isCount3 = (v) => Number.isSafeInteger(v) && v >= 0;
function readShard(storeDir, name, full) {
  const bytes = readBounded((0, import_node_path16.join)(recallCacheDir(storeDir), name));
  const header = bytes === null ? null : keyedLinesHeader(bytes);
  return header !== null && header.version === PATH_INDEX_VERSION && header.full === full ? bytes : null;
}
function readIndexHead(storeDir) {
  const d = readJson((0, import_node_path16.join)(recallCacheDir(storeDir), "head.json"));
  if (d === null || d.version !== PATH_INDEX_VERSION || !isString(d.full)) return null;
  if (!(d.quick === null || isString(d.quick)) || !isCount3(d.threads) || !isCount3(d.withPaths)) return null;
  return { full: d.full, quick: d.quick, threads: d.threads, withPaths: d.withPaths };
}
function isHead(v) {
  if (typeof v !== "object" || v === null) return false;
  const t = v;
  return isString(t.projectId) && isString(t.id) && isString(t.title) && (t.status === "active" || t.status === "done" || t.status === "abandoned") && (t.parentId === null || isString(t.parentId)) && (t.commit === null || isString(t.commit)) && Array.isArray(t.ancestors) && t.ancestors.every(isString);
}
function isEntry(v) {
  return Array.isArray(v) && v.length === 2 && isString(v[0]) && isString(v[1]);
}
function readyFromFiles(storeDir, head) {
  const shards = /* @__PURE__ */ new Map();
  const lineOf = (kind, key) => {
    const name = shardName(kind, shardOf(key));
    let bytes = shards.get(name);
    if (bytes === void 0) {
      bytes = readShard(storeDir, name, head.full);
      shards.set(name, bytes);
    }
    return bytes === null ? null : keyedLineValue(bytes, key);
  };
  const headFor = (key) => {
    const found = lineOf("heads", key);
    if (found === null || found === void 0) return found;
    return isHead(found.value) ? found.value : null;
  };
  const entriesOf = (anchor) => {
    const found = lineOf("paths", anchor);
    if (found === null) return null;
    if (found === void 0) return [];
    const list = found.value;
    return Array.isArray(list) && list.every(isEntry) ? list : null;
  };
  const excerpts = (keys) => {
    const out = {};
    for (const key of keys) {
      const found = lineOf("text", key);
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
      return h === null || h === void 0 ? h : headOf(h);
    },
    covering: (file) => coveringFrom(file, entriesOf, headFor),
    excerpts,
    size: { threads: head.threads, withPaths: head.withPaths }
  };
}
async function writePart(storeDir, name, data) {
  const path = (0, import_node_path16.join)(recallCacheDir(storeDir), name);
  await writeFileAtomic(path, `${JSON.stringify({ version: PATH_INDEX_VERSION, ...data })}
`, { durable: false });
}
var EARLIER_LAYOUT_FILE = new RegExp(`^(?:(?:paths|text|threads)|(?:${SHARD_KINDS.join("|")})-\\d{2})\\.json$`);
async function saveQuickStamp(storeDir, head, quick) {
  const headPath = (0, import_node_path16.join)(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath);
  await writePart(storeDir, "head.json", { ...head, quick });
}

// src/core/recall/path-index-stamp.ts
var import_node_fs20 = require("fs");
var import_node_path18 = require("path");

// src/core/store/file-stamp.ts
var import_node_fs18 = require("fs");
function statStamp(s) {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}
function changedNsOf(s) {
  return s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
}
function settledAtMs(changedNs) {
  return Number(changedNs / 1000000n) + racyMarginMs(changedNs);
}
var RACY_MARGIN_MS = 3e3;
var FINE_RACY_MARGIN_MS = 50;
function racyMarginMs(changedNs) {
  return changedNs % 1000000000n === 0n ? RACY_MARGIN_MS : FINE_RACY_MARGIN_MS;
}
function stampOf(path, kind) {
  try {
    const s = (0, import_node_fs18.lstatSync)(path, { bigint: true });
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

// src/core/store/threads-changed.ts
var import_node_fs19 = require("fs");
var import_node_path17 = require("path");
function threadsChangedPath(storeDir) {
  return (0, import_node_path17.join)(storeDir, "cache", "threads-changed");
}

// src/core/recall/path-index-stamp.ts
var STAMP_MAX_ENTRIES = 2e5;
var QUICK_MAX_PROJECTS = 256;
function threadFilesStamp(storeDir) {
  const parts = [];
  let latest = 0n;
  const walk = (dir, rel) => {
    let names;
    try {
      names = (0, import_node_fs20.readdirSync)(dir, { withFileTypes: true }).filter((d) => d.isDirectory() || d.isSymbolicLink() === false && !d.isFile()).map((d) => d.name).sort();
    } catch {
      parts.push(`${rel}:unreadable`);
      return true;
    }
    for (const name of names) {
      if (parts.length >= STAMP_MAX_ENTRIES) return false;
      const path = (0, import_node_path18.join)(dir, name);
      let s;
      try {
        s = (0, import_node_fs20.lstatSync)(path, { bigint: true });
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
  const top = (0, import_node_path18.join)(storeDir, "threads");
  let root;
  try {
    root = (0, import_node_fs20.lstatSync)(top, { bigint: true });
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
      add("index", (0, import_node_path18.join)(dir, "index"), "file");
      add("HEAD", (0, import_node_path18.join)(dir, "HEAD"), "file");
    }
  }
  const top = (0, import_node_path18.join)(storeDir, "threads");
  add("threads", top, "dir");
  let names;
  try {
    names = (0, import_node_fs20.readdirSync)(top).sort();
  } catch (e) {
    if (e.code === "ENOENT") return { stamp: parts.join("\n"), settledAtMs: 0 };
    return null;
  }
  if (names.length > QUICK_MAX_PROJECTS) return null;
  for (const name of names) add(`p/${name}`, (0, import_node_path18.join)(top, name), "dir");
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

// src/hooks/hook-fast-recall.ts
async function fastRecall(input, env, rotate, answer) {
  const store = fastStore(input, env);
  if (store === null) return null;
  return answer(
    {
      storeDir: store.storeDir,
      root: store.root,
      gitTop: store.gitTop,
      session: hookSessionOr(env, input),
      state: store.state,
      projectIds: () => projectIds(store.storeDir),
      threadExists: (projectId, threadId) => threadFileExists(store.storeDir, projectId, threadId),
      branch: () => startKey(store.gitTop),
      sessionEvents: () => sessionEvents(store.storeDir, input.sessionId),
      index: () => cachedPathIndex(store.storeDir, store.gitTop),
      recordEvents: (events) => recordAfterUpkeep(store.storeDir, events, rotate)
    },
    input
  );
}
async function tryFastRecall(name, input, env, rotate) {
  switch (name) {
    case "pre-tool-use":
      return fastRecall(input, env, rotate, toolRecall);
    case "subagent-start":
      return fastRecall(input, env, rotate, subagentContext);
    case "session-start":
    case "session-end":
    case "pre-compact":
    case "user-prompt-submit":
      return null;
    default: {
      const unreachable = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}

// src/hooks/hook-input.ts
var import_node_fs21 = require("fs");
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
    stat = (0, import_node_fs21.fstatSync)(0);
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
      n = (0, import_node_fs21.readSync)(0, buffer, 0, buffer.length, null);
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
  return new Promise((resolve6, reject) => {
    const chunks = [already];
    let size = already.length;
    const timer = setTimeout(() => finish(new Error(`no complete hook input on stdin within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error) => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      if (error) reject(error);
      else resolve6(Buffer.concat(chunks).toString("utf8"));
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
var import_node_fs22 = require("fs");
var import_node_path19 = require("path");
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
  const deadline = new Promise((resolve6) => {
    const giveUp = () => resolve6(
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

// src/hooks/main-recall.ts
var { runHook, runPath } = hookMain(tryFastRecall, null);
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runHook,
  runPath
});
