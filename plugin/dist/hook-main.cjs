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

// src/core/measure/measurements.ts
function emptyMeasurements() {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}
var init_measurements = __esm({
  "src/core/measure/measurements.ts"() {
    "use strict";
  }
});

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
  let fd;
  try {
    fd = (0, import_node_fs.openSync)(path, flags | import_node_fs.constants.O_NONBLOCK | (followLinks ? 0 : import_node_fs.constants.O_NOFOLLOW), mode);
  } catch (e) {
    const code = errnoCode(e);
    if (code === "ENOENT") return null;
    if (code === "ELOOP") throw errors.notRegularFile(path, "a symbolic link");
    if (code === "EISDIR") throw errors.notRegularFile(path, "a directory");
    if (code === "ENXIO") throw errors.notRegularFile(path, "a FIFO (named pipe) or socket");
    throw e;
  }
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
function readRegularFile(path, maxBytes, followLinks = false) {
  const opened = openRegularFile(path, import_node_fs.constants.O_RDONLY, void 0, followLinks);
  if (opened === null) return null;
  const { fd, stat } = opened;
  try {
    const cap = Math.min(stat.size, maxBytes) + 1;
    const buffer = Buffer.alloc(cap);
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
var import_node_fs;
var init_regular_file = __esm({
  "src/core/store/regular-file.ts"() {
    "use strict";
    import_node_fs = require("fs");
    init_errors();
    init_error_details();
  }
});

// src/core/measure/measurement-log.ts
function measurementLogPath(storeDir) {
  return (0, import_node_path.join)(storeDir, MEASUREMENT_LOG);
}
function previousMeasurementLogPath(storeDir) {
  return (0, import_node_path.join)(storeDir, MEASUREMENT_LOG_PREVIOUS);
}
function measurementLogPaths(storeDir) {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}
function isUnreadableMeasurementLog(e, storeDir) {
  return e instanceof UnreadableFileError && measurementLogPaths(storeDir).includes(e.path);
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
      const last3 = Buffer.alloc(1);
      (0, import_node_fs2.readSync)(fd, last3, 0, 1, before.size - 1);
      if (last3[0] !== 10) out = Buffer.concat([Buffer.from("\n"), bytes]);
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
var import_node_fs2, import_node_path, MEASUREMENT_LOG, MEASUREMENT_LOG_PREVIOUS, LOG_ROTATE_BYTES, MAX_APPEND_BYTES;
var init_measurement_log = __esm({
  "src/core/measure/measurement-log.ts"() {
    "use strict";
    import_node_fs2 = require("fs");
    init_regular_file();
    init_errors();
    import_node_path = require("path");
    MEASUREMENT_LOG = "measurements.jsonl";
    MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
    LOG_ROTATE_BYTES = 1024 * 1024;
    MAX_APPEND_BYTES = 64 * 1024;
  }
});

// src/core/measure/measurement-log-legacy.ts
var init_measurement_log_legacy = __esm({
  "src/core/measure/measurement-log-legacy.ts"() {
    "use strict";
    init_measurements();
    init_measurement_log();
  }
});

// src/core/measure/measurement-index.ts
function measurementIndexPath(storeDir) {
  return (0, import_node_path2.join)(storeDir, "cache", "measurement-index.txt");
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
var import_node_fs3, import_node_path2, LOG_LINE_MAX_BYTES, INDEX_BEHIND_BYTES, HEADER, HEADER_BYTES, BUCKETS, ENTRY, PREFIX_BYTES, HEAD_BYTES, TAIL_BYTES, NEWLINE;
var init_measurement_index = __esm({
  "src/core/measure/measurement-index.ts"() {
    "use strict";
    import_node_fs3 = require("fs");
    import_node_path2 = require("path");
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

// src/core/freshness/freshness-events.ts
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
var isCount, isText;
var init_freshness_events = __esm({
  "src/core/freshness/freshness-events.ts"() {
    "use strict";
    isCount = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0;
    isText = (v) => typeof v === "string" && v !== "";
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
      return typeof d.injectionAt === "string" && typeof d.contentHash === "string" && RECEIPTS.has(d.receipt) && (d.firstRequestTokens === void 0 || isCount(d.firstRequestTokens)) ? d : null;
    case "hookSeen":
      return isHookSeenRecord(d) ? d : null;
    case "conversation":
      return isValidId(d.projectId) && isValidId(d.threadId) && (d.instance === void 0 || typeof d.instance === "string") ? d : null;
    case "summaryWrite":
    case "freshnessMark":
    case "staleness":
      return isFreshnessEvent(d) ? d : null;
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
  const bytes = Buffer.from(needle, "utf8");
  forEachLogFile(
    storeDir,
    (fd, size) => scanLines(fd, size, Math.max(0, size - READ_MAX_BYTES), [bytes], (line) => emit(line, onEvent))
  );
}
function sessionAndInstanceEvents(storeDir, sessionId, instance) {
  const paths = measurementLogPaths(storeDir);
  if (logBytesOf(paths) >= INDEX_MIN_LOG_BYTES)
    return { session: sessionEvents(storeDir, sessionId), instance: instanceEvents(storeDir, instance) };
  const session = [];
  const own = [];
  const needles = [Buffer.from(sessionNeedle(sessionId), "utf8"), Buffer.from(instanceNeedle(instance), "utf8")];
  const onLine = (line, needle) => emit(line, (event) => {
    if (needle === 0) {
      if (event.sessionId === sessionId) session.push(event);
    } else if ("instance" in event && event.instance === instance) own.push(event);
  });
  forEachLogFile(storeDir, (fd, size) => scanLines(fd, size, Math.max(0, size - READ_MAX_BYTES), needles, onLine));
  return { session, instance: own };
}
function logBytesOf(paths) {
  return paths.reduce((total, path) => total + ((0, import_node_fs4.lstatSync)(path, { throwIfNoEntry: false })?.size ?? 0), 0);
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
var import_node_fs4, READ_MAX_BYTES, KINDS, RECEIPTS, INDEX_MIN_LOG_BYTES, behindStores, scanBuffer, SCAN_BUFFER_BYTES, RECENT_BYTES;
var init_measurement_log_read = __esm({
  "src/core/measure/measurement-log-read.ts"() {
    "use strict";
    import_node_fs4 = require("fs");
    init_measurements();
    init_measurement_log();
    init_measurement_log_legacy();
    init_measurement_index();
    init_freshness_events();
    init_id_pattern();
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
      "staleness"
    ]);
    RECEIPTS = /* @__PURE__ */ new Set(["delivered", "preview", "missing"]);
    INDEX_MIN_LOG_BYTES = 1024 * 1024;
    behindStores = /* @__PURE__ */ new Set();
    scanBuffer = null;
    SCAN_BUFFER_BYTES = LOG_LINE_MAX_BYTES + 1;
    RECENT_BYTES = 64 * 1024;
  }
});

// src/core/savings/saved-output.ts
function sessionFolderOf(transcriptPath) {
  return (0, import_node_path3.join)((0, import_node_path3.dirname)((0, import_node_path3.resolve)(transcriptPath)), (0, import_node_path3.basename)(transcriptPath, ".jsonl"));
}
function inside(path, folder) {
  return path.startsWith(folder.endsWith(import_node_path3.sep) ? folder : `${folder}${import_node_path3.sep}`);
}
function savedOutputPathOf(record3, transcriptPath) {
  if (!record3.isPersistedOutputPreview) return null;
  const named = SAVED_TO.exec(record3.content[0] ?? "")?.[1]?.trim();
  if (named === void 0 || named === "" || !(0, import_node_path3.isAbsolute)(named)) return null;
  const path = (0, import_node_path3.resolve)(named);
  return inside(path, sessionFolderOf(transcriptPath)) ? path : null;
}
function readSavedOutput(path, transcriptPath) {
  const folder = sessionFolderOf(transcriptPath);
  if (!inside((0, import_node_path3.resolve)(path), folder)) return null;
  let fd;
  try {
    const realFolder = (0, import_node_fs7.realpathSync)(folder);
    const realDir = (0, import_node_fs7.realpathSync)((0, import_node_path3.dirname)((0, import_node_path3.resolve)(path)));
    if (realDir !== realFolder && !inside(realDir, realFolder)) return null;
    fd = (0, import_node_fs7.openSync)((0, import_node_path3.join)(realDir, (0, import_node_path3.basename)(path)), import_node_fs7.constants.O_RDONLY | (import_node_fs7.constants.O_NONBLOCK ?? 0) | (import_node_fs7.constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    if (ABSENT.has(errnoCode(e) ?? "")) return null;
    throw e;
  }
  try {
    const stat = (0, import_node_fs7.fstatSync)(fd);
    if (!stat.isFile() || stat.size > SAVED_MAX_BYTES) return null;
    const buffer = Buffer.alloc(Math.min(stat.size, SAVED_MAX_BYTES) + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = (0, import_node_fs7.readSync)(fd, buffer, length, buffer.length - length, length);
    if (length > SAVED_MAX_BYTES) return null;
    return buffer.subarray(0, length).toString("utf8");
  } finally {
    (0, import_node_fs7.closeSync)(fd);
  }
}
var import_node_fs7, import_node_path3, SAVED_TO, SAVED_MAX_BYTES, ABSENT;
var init_saved_output = __esm({
  "src/core/savings/saved-output.ts"() {
    "use strict";
    import_node_fs7 = require("fs");
    import_node_path3 = require("path");
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

// src/hooks/main.ts
var main_exports = {};
__export(main_exports, {
  runHook: () => runHook,
  runPath: () => runPath
});
module.exports = __toCommonJS(main_exports);

// src/hooks/hook-fast.ts
init_measurement_log_read();

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
  const metadata = record3.compactMetadata;
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
  const content = attachment.content;
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
      isPersistedOutputPreview: first?.trimStart().startsWith(PERSISTED_OUTPUT_OPEN) === true
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
var import_node_fs5 = require("fs");
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
    const before = (0, import_node_fs5.statSync)(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    fd = (0, import_node_fs5.openSync)(path, import_node_fs5.constants.O_RDONLY | (import_node_fs5.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = (0, import_node_fs5.fstatSync)(fd);
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, fd, size: stats.size };
  } catch (error) {
    (0, import_node_fs5.closeSync)(fd);
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
    (0, import_node_fs5.closeSync)(file.fd);
  }
}
async function readExactly(file, buffer, position) {
  let filled = 0;
  while (filled < buffer.length) {
    const bytesRead = (0, import_node_fs5.readSync)(file.fd, buffer, filled, buffer.length - filled, position + filled);
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

// src/transcript/read-tail.ts
var DEFAULT_TAIL_CHUNK_BYTES = 64 * 1024;
var NEWLINE2 = 10;
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
  take(bytes, isUnterminatedLastLine) {
    this.lines += 1;
    const needed = this.sizeOnly ? NEEDED_FOR_SIZE : this.lastAssistant === null ? NEEDED_BEFORE_LAST_RESPONSE : NEEDED_AFTER_LAST_RESPONSE;
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
    let newline = chunk.lastIndexOf(NEWLINE2, end - 1);
    while (newline !== -1 && !stopped) {
      const piece = chunk.subarray(newline + 1, end);
      const bytes = carry.length === 0 ? piece : Buffer.concat([piece, ...carry]);
      carry = [];
      stopped = takeLine(bytes);
      end = newline;
      newline = end === 0 ? -1 : chunk.lastIndexOf(NEWLINE2, end - 1);
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
    const collector = new TailCollector(options.backToLastCompaction ?? false, options.sizeOnly ?? false);
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
function resumedConversationToAdopt(state, session, events, sessionId) {
  if (sessionThread(state, session) !== null) return null;
  const conversation = conversationThread(state, sessionId, events);
  return conversation !== null && mustAdopt(conversation, session) ? conversation : null;
}

// src/hooks/measure-size.ts
init_measurement_log_read();

// src/hooks/hook-output.ts
var import_node_fs6 = require("fs");
init_error_details();
function renderHookOutput(event, output) {
  const json = {};
  if (output.userMessage) json.systemMessage = oneLine(output.userMessage);
  if (output.additionalContext !== void 0 && (event === "SessionStart" || event === "UserPromptSubmit")) {
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
  const bytes = Buffer.from(`${text}
`, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += (0, import_node_fs6.writeSync)(1, bytes, written, bytes.length - written);
    return Promise.resolve();
  } catch (e) {
    if (errnoCode(e) !== "EAGAIN") return Promise.resolve();
  }
  return new Promise((resolve5) => {
    process.stdout.write(bytes.subarray(written), () => resolve5());
  });
}
function failureLine(what, error) {
  const reason = error instanceof Error ? error.message : String(error);
  const short = reason.length > 300 ? `${reason.slice(0, 300)}\u2026` : reason;
  return `ThreadMind: ${what}: ${short.replace(/\s*\n\s*/g, " ")}`;
}

// src/transcript/line-splitter.ts
var NEWLINE3 = 10;
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
    let newline = chunk.indexOf(NEWLINE3, start);
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
      newline = chunk.indexOf(NEWLINE3, start);
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

// src/hooks/receipts.ts
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
  for (const from of offsets) {
    const read = await readHead(transcriptPath, { from });
    if (from > 0 && from >= read.fileSize) {
      records.push(...(await readHead(transcriptPath)).hookContexts);
      continue;
    }
    records.push(...read.hookContexts);
    const last3 = read.records[read.records.length - 1];
    if (read.stoppedAtFirstResponse && last3 !== void 0 && last3.kind === "assistant")
      firstRequestTokens.set(from, last3.record.contextTokens);
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
    const after = firstRequest(injection);
    return [
      {
        kind: "receipt",
        at: nextTimestamp(),
        sessionId: injection.sessionId,
        injectionAt: injection.at,
        contentHash: injection.contentHash,
        receipt,
        ...after !== null ? { firstRequestTokens: after } : {}
      }
    ];
  });
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
  const view = { written: false, baseline: 0, lastLevel: 0, lastWriteAt };
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
function tokensSinceWrite(view, contextTokens) {
  if (contextTokens === null) return null;
  return view.baseline === null ? 0 : Math.max(0, contextTokens - view.baseline);
}
function nudgeLevel(growth, threshold) {
  return growth <= 0 ? 0 : Math.ceil(growth / threshold) - 1;
}
function nudgeDecision(view, contextTokens, threshold) {
  if (contextTokens === null) return { kind: "none" };
  if (view.baseline === null) return { kind: "baseline", contextTokens };
  const growth = Math.max(0, contextTokens - view.baseline);
  const level = nudgeLevel(growth, threshold);
  return level > view.lastLevel ? { kind: "nudge", level, growth } : { kind: "none" };
}
function verdictThreshold(nudgeTokens) {
  return nudgeTokens > 0 ? nudgeTokens : DEFAULT_NUDGE_TOKENS;
}
function isStale(view, sinceWrite, threshold) {
  return !view.written && sinceWrite !== null && sinceWrite > threshold;
}

// src/core/freshness/freshness-config.ts
var import_node_path5 = require("path");

// src/core/store/read-strict.ts
var nodeBuffer = __toESM(require("buffer"), 1);
var import_node_fs8 = require("fs");
var import_node_path4 = require("path");
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
  /** A local state file larger than this is set aside instead of being parsed. */
  localStateBytes: 4e6
};

// src/core/store/project-ids.ts
var import_node_fs9 = require("fs");
init_id_pattern();
function projectIdsIn(dir) {
  return (0, import_node_fs9.readdirSync)(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}

// src/core/json-record.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function ownEntry(record3, key) {
  return Object.hasOwn(record3, key) ? record3[key] : void 0;
}

// src/core/freshness/freshness-config.ts
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
  const path = (0, import_node_path5.join)(storeDir, "projects", `${projectId}.json`);
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
function isClaudeInstance(session) {
  return session.pid !== void 0 && session.key === claudeInstanceSession(session.pid).key;
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
function stalenessEvent(store, state, input, restart, contextTokens) {
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
  const sinceWriteTokens = tokensSinceWrite(view, contextTokens);
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
    stale: isStale(view, sinceWriteTokens, threshold),
    threshold,
    lastWriteAt: view.lastWriteAt,
    ...input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}
  };
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
        pending.length === 0 ? null : readReceiptHeads(pending, path).catch((error) => ({ error }))
      ]);
      contextTokens = tail.contextTokens;
      receipts = found === null ? null : "error" in found ? found : { ...found, records: [...tail.hookContexts, ...found.records] };
    } catch (e) {
      notes.push(failureLine("could not measure this session", e));
    }
  }
  const record3 = { at: nextTimestamp(), sessionId: input.sessionId, contextTokens, reason };
  if (input.transcriptPath) record3.transcriptPath = input.transcriptPath;
  events.push(
    { kind: kind === "sessionEnds" ? "sessionEnd" : "preCompact", ...record3 },
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
  const state = store.readState();
  const mine = sessionThread(state, store.session);
  if (mine !== null) events.push(conversationEvent(input.sessionId, mine.projectId, mine.threadId, store.session));
  const restart = kind === "preCompacts" ? "compact" : input.reason === "clear" ? "clear" : null;
  if (restart !== null) {
    try {
      const staleness = stalenessEvent(store, state, input, restart, contextTokens);
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

// src/core/format-count.ts
function formatCount(n) {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// src/hooks/prompt-nudge.ts
var NUDGE_MAX_CHARS = 400;
function nudgeText(growth, thread) {
  const text = `ThreadMind: about ${formatCount(growth)} conversation tokens since the summary of thread "${thread.threadId}" was last written. Before you continue, record the decisions, constraints and state reached since then with summary_update (short bullets, by section), so a /clear or compaction loses nothing.`;
  return text.length <= NUDGE_MAX_CHARS ? text : `${text.slice(0, NUDGE_MAX_CHARS - 1)}\u2026`;
}
async function conversationSize(transcriptPath) {
  if (transcriptPath === null) return null;
  try {
    const tail = await readTail(transcriptPath, { maxBytes: TAIL_MAX_BYTES, sizeOnly: true });
    const boundary = tail.compactBoundaries.at(-1);
    return boundary === void 0 ? tail.contextTokens : boundary.postTokens;
  } catch {
    return null;
  }
}
function promptMayBeNudged(input, session) {
  if (input.prompt?.trimStart().startsWith("/")) return false;
  return isClaudeInstance(session);
}
async function promptNudge(store, input) {
  if (!promptMayBeNudged(input, store.session)) return {};
  const events = store.instanceEvents();
  const thread = freshnessThread({
    state: store.readState(),
    session: store.session,
    events,
    projectIds: () => store.projectIds(),
    branch: () => store.branch(),
    threadExists: (projectId, threadId) => store.threadExists(projectId, threadId)
  });
  if (thread === null) return {};
  const threshold = readFreshnessConfig(store.storeDir, thread.projectId).nudgeTokens;
  if (threshold === 0) return {};
  const view = freshnessView(events, input.sessionId, thread);
  const decision = nudgeDecision(view, await conversationSize(input.transcriptPath), threshold);
  const mark = (kind, contextTokens, level) => ({
    kind: "freshnessMark",
    at: nextTimestamp(),
    sessionId: input.sessionId,
    instance: store.session.key,
    projectId: thread.projectId,
    threadId: thread.threadId,
    mark: kind,
    contextTokens,
    ...level !== void 0 ? { level } : {}
  });
  switch (decision.kind) {
    case "none":
      return {};
    case "baseline":
      await store.recordEvents([mark("baseline", decision.contextTokens)]);
      return {};
    case "nudge":
      await store.recordEvents([mark("nudge", decision.growth + (view.baseline ?? 0), decision.level)]);
      return { additionalContext: nudgeText(decision.growth, thread) };
    default: {
      const unreachable = decision;
      throw new Error(`unknown nudge decision ${JSON.stringify(unreachable)}`);
    }
  }
}

// src/core/git/git.ts
var import_node_fs11 = require("fs");
init_regular_file();
var import_node_path7 = require("path");

// src/core/git/git-refs.ts
var import_node_fs10 = require("fs");
init_regular_file();
var import_node_path6 = require("path");
init_error_details();
var MAX_REF_FILE_BYTES = 64 * 1024 * 1024;

// src/core/git/git.ts
function findGitTop(dir) {
  let current = (0, import_node_path7.resolve)(dir);
  for (; ; ) {
    if ((0, import_node_fs11.existsSync)((0, import_node_path7.join)(current, ".git"))) return current;
    const parent = (0, import_node_path7.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
var GIT_POINTER_MAX_BYTES = 64 * 1024;
function gitDir(top) {
  const dotGit = (0, import_node_path7.join)(top, ".git");
  if ((0, import_node_fs11.statSync)(dotGit).isDirectory()) return dotGit;
  const text = readRegularFile(dotGit, GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  const match = /^gitdir:\s*(.+)\s*$/m.exec(text);
  if (!match) throw new Error(`${dotGit} is neither a directory nor a "gitdir:" file`);
  return (0, import_node_path7.resolve)(top, match[1]);
}
function readBranch(top) {
  let dir;
  let head;
  try {
    dir = gitDir(top);
    head = readRegularFile((0, import_node_path7.join)(dir, "HEAD"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  } catch {
    return null;
  }
  const match = /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head);
  if (match) return match[1];
  for (const state of ["rebase-merge", "rebase-apply"]) {
    try {
      const name = readRegularFile((0, import_node_path7.join)(dir, state, "head-name"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
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

// src/core/store/thread-file-exists.ts
var import_node_fs12 = require("fs");
var import_node_path8 = require("path");
init_error_details();
init_id_pattern();
function threadFileExists(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId)) return false;
  try {
    (0, import_node_fs12.lstatSync)((0, import_node_path8.join)(storeDir, "threads", projectId, `${threadId}.md`));
    return true;
  } catch (e) {
    const code = errnoCode(e);
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}

// src/hooks/hook-fast.ts
init_measurement_log();

// src/hooks/hook-fast-store.ts
var import_node_fs14 = require("fs");
var import_node_path11 = require("path");

// src/core/store/local-state.ts
var import_node_path9 = require("path");
init_errors();
init_id_pattern();
init_measurements();
function emptyLocalState() {
  return { version: 1, branches: {}, sessions: {}, conversations: {}, measurements: emptyMeasurements(), legacyAuthorIds: [] };
}
function localStatePath(storeDir) {
  return (0, import_node_path9.join)(storeDir, "config.json");
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

// src/core/workspace.ts
var import_node_fs13 = require("fs");
var import_node_path10 = require("path");
var import_node_url = require("url");
init_error_details();
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = (0, import_node_path10.resolve)(dir);
  const stop = gitTop ? (0, import_node_path10.resolve)(gitTop) : current;
  for (; ; ) {
    if (isDirectory((0, import_node_path10.join)(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = (0, import_node_path10.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom((0, import_node_path10.resolve)(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom((0, import_node_path10.resolve)(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom((0, import_node_path10.resolve)(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: (0, import_node_path10.join)(root, STORE_DIR_NAME), gitTop, source };
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
    return (0, import_node_fs13.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function storeExists(ws) {
  return (0, import_node_fs13.existsSync)(ws.storeDir);
}
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

// src/hooks/hook-fast-store.ts
init_measurement_log();
init_measurement_log_read();
function fastStore(input, env) {
  const workspace = hookWorkspace(env, input.cwd);
  const storeDir = workspace.storeDir;
  if (storeDirState(storeDir) !== "directory") return null;
  if ((0, import_node_fs14.existsSync)((0, import_node_path11.join)(storeDir, "trees")) || !(0, import_node_fs14.existsSync)(measurementLogPath(storeDir))) return null;
  const { state, problem } = readLocalState(storeDir);
  if (problem !== void 0) return null;
  return { storeDir, gitTop: workspace.gitTop, state };
}
function projectIds(storeDir) {
  const dir = (0, import_node_path11.join)(storeDir, "projects");
  try {
    if ((0, import_node_fs14.lstatSync)(dir).isSymbolicLink()) return null;
    return projectIdsIn(dir);
  } catch {
    return null;
  }
}
async function record2(storeDir, events, rotate) {
  if (appendMeasurementEvents(storeDir, events) > LOG_ROTATE_BYTES) await rotate();
}
var sessionOnly = (storeDir, sessionId) => ({
  logged: sessionEvents(storeDir, sessionId),
  instanceLogged: null
});
function fastConversation(input, env, lookup = sessionOnly) {
  const store = fastStore(input, env);
  if (store === null) return null;
  const session = hookSessionOr(env, input.sessionId);
  const { logged, instanceLogged } = lookup(store.storeDir, input.sessionId, session);
  if (resumedConversationToAdopt(store.state, session, logged, input.sessionId) !== null) return null;
  return { store, session, logged, instanceLogged };
}

// src/hooks/hook-fast.ts
async function indexUpkeep(storeDir, rotate) {
  if (indexBehind(storeDir)) await rotate();
}
async function recordAfterUpkeep(storeDir, events, rotate) {
  await indexUpkeep(storeDir, rotate);
  await record2(storeDir, events, rotate);
}
async function fastMeasure(input, env, kind, rotate) {
  const restart = kind === "preCompacts" || input.reason === "clear";
  const conversation = fastConversation(input, env, (storeDir, sessionId, session2) => {
    if (!restart || !isClaudeInstance(session2)) return { logged: sessionEvents(storeDir, sessionId), instanceLogged: null };
    const both = sessionAndInstanceEvents(storeDir, sessionId, session2.key);
    return { logged: both.session, instanceLogged: both.instance };
  });
  if (conversation === null) return null;
  const { store, session, logged, instanceLogged } = conversation;
  const output = await measureSize(
    {
      storeDir: store.storeDir,
      session,
      notices: [],
      readState: () => store.state,
      sessionEvents: () => logged,
      instanceEvents: () => instanceLogged ?? instanceEvents(store.storeDir, session.key),
      projectIds: () => projectIds(store.storeDir),
      threadExists: (projectId, threadId) => threadFileExists(store.storeDir, projectId, threadId),
      recordEvents: (events) => recordAfterUpkeep(store.storeDir, events, rotate),
      adopt: () => Promise.reject(new Error("internal: the fast path does not take over conversations"))
    },
    input,
    kind
  );
  await indexUpkeep(store.storeDir, rotate);
  return output;
}
async function fastPrompt(input, env, rotate) {
  const session = hookSessionOr(env, input.sessionId);
  if (!promptMayBeNudged(input, session)) return {};
  const store = fastStore(input, env);
  if (store === null) return {};
  let output;
  try {
    output = await promptNudge(
      {
        storeDir: store.storeDir,
        session,
        readState: () => store.state,
        instanceEvents: () => instanceEvents(store.storeDir, session.key),
        projectIds: () => projectIds(store.storeDir),
        threadExists: (projectId, threadId) => threadFileExists(store.storeDir, projectId, threadId),
        branch: () => startKey(store.gitTop),
        recordEvents: (events) => recordAfterUpkeep(store.storeDir, events, rotate)
      },
      input
    );
  } catch (e) {
    if (isUnreadableMeasurementLog(e, store.storeDir)) return {};
    throw e;
  }
  await indexUpkeep(store.storeDir, rotate);
  return output;
}
async function tryFast(name, input, env, rotate) {
  switch (name) {
    case "session-start":
      return null;
    case "session-end":
      return fastMeasure(input, env, "sessionEnds", rotate);
    case "pre-compact":
      return fastMeasure(input, env, "preCompacts", rotate);
    case "user-prompt-submit":
      return fastPrompt(input, env, rotate);
    default: {
      const unreachable = name;
      throw new Error(`unknown hook ${String(unreachable)}`);
    }
  }
}

// src/hooks/main-run.ts
var import_node_path13 = require("path");

// src/hooks/hook-input.ts
var import_node_fs15 = require("fs");
init_error_details();
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
    stat = (0, import_node_fs15.fstatSync)(0);
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
      n = (0, import_node_fs15.readSync)(0, buffer, 0, buffer.length, null);
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
    prompt: str("prompt")
  };
}

// src/hooks/hook-plans.ts
var PLANS = {
  "session-start": { event: "SessionStart", deadlineMs: 4e3, lockTimeoutMs: 1500 },
  // Claude Code kills SessionEnd hooks after about 1.5 s in total, node start-up included.
  "session-end": { event: "SessionEnd", deadlineMs: 1e3, lockTimeoutMs: 500 },
  "pre-compact": { event: "PreCompact", deadlineMs: 4e3, lockTimeoutMs: 1500 },
  // Runs before every prompt: never holds a prompt up for long, and never takes the lock (it only appends).
  "user-prompt-submit": { event: "UserPromptSubmit", deadlineMs: 1e3, lockTimeoutMs: 300 }
};
function isHookName(name) {
  return name !== void 0 && Object.hasOwn(PLANS, name);
}

// src/hooks/store-precheck.ts
var import_node_fs16 = require("fs");
var import_node_path12 = require("path");
function workspaceMayHaveStore(inputCwd, env) {
  return storeExists(hookWorkspace(env, inputCwd));
}

// src/hooks/hook-runner.ts
async function runHookWith(name, entry, handle) {
  if (!isHookName(name)) {
    await writeHookOutput("", {
      userMessage: `ThreadMind: unknown hook "${name ?? ""}" (expected session-start, session-end, pre-compact or user-prompt-submit)`
    });
    return;
  }
  const plan = PLANS[name];
  const started = entry.startedAt;
  let timer;
  let arming;
  const deadline = new Promise((resolve5) => {
    const giveUp = () => resolve5({
      userMessage: `ThreadMind: ${plan.event} hook gave up after ${plan.deadlineMs} ms (store locked or disk slow); nothing was changed.`
    });
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
function sibling(name) {
  return require((0, import_node_path13.join)(__dirname, name));
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
      const core = () => {
        hooksProperLoaded = true;
        return sibling("hook-core.cjs");
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

// src/hooks/main.ts
var { runHook, runPath } = hookMain(tryFast, null);
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runHook,
  runPath
});
