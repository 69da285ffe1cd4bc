'use strict';

var fs = require('fs');
var nodeBuffer = require('buffer');
var path = require('path');
var util = require('util');
var url = require('url');

function _interopNamespace(e) {
  if (e && e.__esModule) return e;
  var n = Object.create(null);
  if (e) {
    Object.keys(e).forEach(function (k) {
      if (k !== 'default') {
        var d = Object.getOwnPropertyDescriptor(e, k);
        Object.defineProperty(n, k, d.get ? d : {
          enumerable: true,
          get: function () { return e[k]; }
        });
      }
    });
  }
  n.default = e;
  return Object.freeze(n);
}

var nodeBuffer__namespace = /*#__PURE__*/_interopNamespace(nodeBuffer);
var util__namespace = /*#__PURE__*/_interopNamespace(util);

var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});

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
    stat = fs.fstatSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    throw e;
  }
  if (!stat.isFile()) {
    fs.closeSync(fd);
    throw errors.notRegularFile(path, fileKind(stat));
  }
  return { fd, stat };
}
function openUnblocked(path, flags, mode, followLinks = false) {
  try {
    return fs.openSync(path, flags | fs.constants.O_NONBLOCK | (followLinks ? 0 : fs.constants.O_NOFOLLOW), mode);
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
  const opened = openRegularFile(path, fs.constants.O_RDONLY, void 0, followLinks);
  if (opened === null) return null;
  const { fd, stat } = opened;
  try {
    const cap = Math.min(stat.size, maxBytes) + 1;
    const buffer = Buffer.allocUnsafe(cap);
    let length = 0;
    while (length < cap) {
      const n = fs.readSync(fd, buffer, length, cap - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.subarray(0, length);
  } finally {
    fs.closeSync(fd);
  }
}
var isUtf82 = nodeBuffer__namespace.isUtf8;
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
var UsageError = class extends Error {
};
function optionParserAvailable() {
  return typeof util__namespace.parseArgs === "function";
}
function parseCommandArgs(argv, known) {
  const options = {};
  for (const [name, kind] of Object.entries(known)) options[name] = { type: kind === "value" ? "string" : "boolean" };
  let parsed;
  try {
    parsed = util__namespace.parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw usageErrorOf(e, known);
  }
  const flags = /* @__PURE__ */ new Map();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === "string") flags.set(name, value);
    else if (value === true) flags.set(name, true);
  }
  return { positionals: parsed.positionals, flags };
}
function usageErrorOf(e, known) {
  if (!(e instanceof Error) || !("code" in e)) return e;
  const option = /'(-[^' ]*)/.exec(e.message)?.[1];
  if (option === void 0) return e;
  switch (e.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return new UsageError(`unknown option ${option}`);
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const name = option.replace(/^--/, "");
      if (known[name] === "boolean") return new UsageError(`--${name} takes no value`);
      if (e.message.includes("ambiguous"))
        return new UsageError(`--${name} needs a value (one that starts with "-" is written --${name}=<value>)`);
      return new UsageError(`--${name} needs a value`);
    }
    default:
      return e;
  }
}

// src/core/merge/diff3.ts
var LCS_CELL_LIMIT = 4e6;
function appendAll(target, items) {
  for (const item of items) target.push(item);
}
function matchLcs(a, b, same2) {
  const map = new Int32Array(a.length).fill(-1);
  let start = 0;
  while (start < a.length && start < b.length && same2(a[start], b[start])) {
    map[start] = start;
    start++;
  }
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && same2(a[endA - 1], b[endB - 1])) {
    endA--;
    endB--;
    map[endA] = endB;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 || m === 0 || n * m > LCS_CELL_LIMIT) return map;
  const width = m + 1;
  const lengths = new Uint32Array((n + 1) * width);
  for (let i2 = n - 1; i2 >= 0; i2--) {
    for (let j2 = m - 1; j2 >= 0; j2--) {
      lengths[i2 * width + j2] = same2(a[start + i2], b[start + j2]) ? lengths[(i2 + 1) * width + j2 + 1] + 1 : Math.max(lengths[(i2 + 1) * width + j2], lengths[i2 * width + j2 + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (same2(a[start + i], b[start + j])) {
      map[start + i] = start + j;
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) i++;
    else j++;
  }
  return map;
}
function diff3(base, ours, theirs, same2) {
  const toOurs = matchLcs(base, ours, same2);
  const toTheirs = matchLcs(base, theirs, same2);
  const chunks = [];
  const push = (items) => {
    if (items.length === 0) return;
    const last = chunks[chunks.length - 1];
    if (last?.kind === "ok") appendAll(last.items, items);
    else chunks.push({ kind: "ok", items });
  };
  const equal = (x, y) => x.length === y.length && x.every((v, k2) => same2(v, y[k2]));
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < base.length || j < ours.length || k < theirs.length) {
    if (i < base.length && toOurs[i] === j && toTheirs[i] === k) {
      push([base[i]]);
      i++;
      j++;
      k++;
      continue;
    }
    let o = i;
    while (o < base.length && (toOurs[o] === -1 || toTheirs[o] === -1)) o++;
    const endOurs = o < base.length ? toOurs[o] : ours.length;
    const endTheirs = o < base.length ? toTheirs[o] : theirs.length;
    const b = base.slice(i, o);
    const x = ours.slice(j, endOurs);
    const y = theirs.slice(k, endTheirs);
    if (equal(x, b)) push(y);
    else if (equal(y, b) || equal(x, y)) push(x);
    else {
      const disjoint = applyDisjoint(base, i, o, [
        hunks(i, o, j, endOurs, toOurs, ours),
        hunks(i, o, k, endTheirs, toTheirs, theirs)
      ]);
      if (disjoint !== null) push(disjoint);
      else chunks.push({ kind: "conflict", base: b, ours: x, theirs: y });
    }
    i = o;
    j = endOurs;
    k = endTheirs;
  }
  return chunks;
}
function hunks(from, to, sideFrom, sideTo, toSide, side) {
  const out = [];
  let i = from;
  let j = sideFrom;
  while (i < to) {
    if (toSide[i] === j) {
      i++;
      j++;
      continue;
    }
    let e = i;
    while (e < to && toSide[e] === -1) e++;
    const sideEnd = e < to ? toSide[e] : sideTo;
    out.push({ start: i, end: e, items: side.slice(j, sideEnd) });
    i = e;
    j = sideEnd;
  }
  if (j < sideTo) out.push({ start: to, end: to, items: side.slice(j, sideTo) });
  return out;
}
function touches(x, y) {
  const bothInsert = x.start === x.end && y.start === y.end && x.start === y.start;
  const overlap = x.start < y.end && y.start < x.end;
  const insideX = y.start === y.end && y.start > x.start && y.start < x.end;
  const insideY = x.start === x.end && x.start > y.start && x.start < y.end;
  return bothInsert || overlap || insideX || insideY;
}
function applyDisjoint(base, from, to, sides) {
  const [a, b] = sides;
  for (let p = 0, q = 0; p < a.length && q < b.length; ) {
    if (touches(a[p], b[q])) return null;
    if (a[p].end <= b[q].end) p++;
    else q++;
  }
  const all = [...a, ...b].sort((x, y) => x.start - y.start || x.end - y.end);
  const out = [];
  let i = from;
  for (const h of all) {
    for (let k = i; k < h.start; k++) out.push(base[k]);
    appendAll(out, h.items);
    i = Math.max(i, h.end);
  }
  for (let k = i; k < to; k++) out.push(base[k]);
  return out;
}

// src/core/merge/merge-text.ts
var MARKER_OURS = "<<<<<<< ours";
var MARKER_SPLIT = "=======";
var MARKER_THEIRS = ">>>>>>> theirs";
function conflictLines(ours, theirs) {
  return [MARKER_OURS, ...ours, MARKER_SPLIT, ...theirs, MARKER_THEIRS];
}
function renderChunks(chunks) {
  const lines = [];
  let conflicts = 0;
  for (const c of chunks) {
    if (c.kind === "ok") appendAll(lines, c.items);
    else {
      conflicts++;
      appendAll(lines, conflictLines(c.ours, c.theirs));
    }
  }
  return { lines, conflicts };
}
var sameLine = (a, b) => a === b;
function mergeLines(base, ours, theirs, what) {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const { lines, conflicts } = renderChunks(diff3(base.split("\n"), ours.split("\n"), theirs.split("\n"), sameLine));
  return { text: lines.join("\n"), conflicts: conflicts > 0 ? [what] : [] };
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
  if (typeof __require !== "function") throw new Error("the yaml package cannot be loaded: no require() in this module");
  let bundled;
  try {
    bundled = __require.resolve(`./${YAML_BUNDLE}`);
  } catch {
    bundled = null;
  }
  return __require(bundled ?? PACKAGE);
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
  /** A thread file larger than this is reported as damaged instead of being read. */
  threadFileBytes: 1e6};

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

// src/core/types.ts
var SECTION_KEYS = ["decisions", "constraints", "state", "open-questions", "next-steps"];
var SECTION_HEADINGS = {
  decisions: "Decisions",
  constraints: "Constraints",
  state: "State",
  "open-questions": "Open questions",
  "next-steps": "Next steps"
};

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
function renderSummary(parsed) {
  const parts = [];
  const preamble = trimBlankLines(parsed.preamble);
  if (preamble !== "") parts.push(preamble);
  for (const s of parsed.sections) parts.push(s.body === "" ? `## ${s.heading}` : `## ${s.heading}
${s.body}`);
  return parts.join("\n\n");
}
function trimBlankLines(text) {
  return text.replace(/^(?:[ \t]*\r?\n)+/, "").replace(/(?:\r?\n[ \t]*)+$/, "").replace(/^[ \t]*$/, "");
}

// src/core/store/summary-blocks.ts
var LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
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

// src/core/store/thread-folder-layout.ts
var SET_DIRS = ["paths", "related", "removed"];
[...SECTION_KEYS, ...SET_DIRS];

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
var LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function assertStorable(what, text) {
  if (LONE_SURROGATE.test(text))
    throw new FrontmatterError(`the ${what} contains a lone UTF-16 surrogate, which a UTF-8 file cannot hold`);
  if (hasConflictMarkers(text)) {
    throw new FrontmatterError(
      `the ${what} would contain lines that read as git conflict markers (<<<<<<< and >>>>>>> at the start of a line): indent them or put them in other words`
    );
  }
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
    return void 0;
  }
  if (typeof v !== "string")
    throw new FrontmatterError(
      `frontmatter "${key}" must be a string, found ${Array.isArray(v) ? "a list" : v instanceof Date ? "a date (quote it)" : typeof v}`
    );
  return v;
}
function parseItem(text) {
  const { data: d, body } = yamlMapping(text);
  const item = {
    at: stringField(d, "at") ?? "",
    by: stringField(d, "by") ?? "unknown",
    blocks: splitBlocks(body)
  };
  const commit = stringField(d, "commit");
  if (commit !== void 0) item.commit = commit;
  return item;
}

// src/core/merge/merge-set.ts
function mergeSet(base, ours, theirs, key) {
  const [b, o, t] = [new Set(base.map(key)), new Set(ours.map(key)), new Set(theirs.map(key))];
  let removedByBoth = 0;
  const kept = [];
  for (const x of base) {
    const k = key(x);
    if (o.has(k) && t.has(k)) kept.push(x);
    else if (!o.has(k) && !t.has(k)) removedByBoth++;
  }
  return {
    kept,
    addedOurs: ours.filter((x) => !b.has(key(x))),
    addedTheirs: theirs.filter((x) => !b.has(key(x)) && !o.has(key(x))),
    removedByBoth
  };
}

// src/core/merge/merge-section.ts
var BULLET = /^([-*+]|\d{1,9}[.)])[ \t]/;
function unit(lines, item) {
  return { lines, item, key: lines.map((l) => l.trimEnd()).join("\n") };
}
function unitsOf(body) {
  if (body === "") return [];
  const units = [];
  const fences = new FenceTracker();
  let current = null;
  const flush = () => {
    if (current !== null) units.push(unit(current, true));
    current = null;
  };
  for (const line of body.split("\n")) {
    if (!fences.outside(line)) {
      flush();
      units.push(unit([line], false));
      continue;
    }
    if (BULLET.test(line)) {
      flush();
      current = [line];
    } else if (current !== null && line.trim() !== "" && /^\s/.test(line)) current.push(line);
    else {
      flush();
      units.push(unit([line], false));
    }
  }
  flush();
  return units;
}
var sameUnit = (a, b) => a.key === b.key;
var isBlank = (u) => !u.item && u.key.trim() === "";
function mergeItemSets(base, ours, theirs) {
  if (![...base, ...ours, ...theirs].every((u) => u.item || isBlank(u))) return null;
  const items = (l) => l.filter((u) => u.item);
  const { kept, addedOurs, addedTheirs, removedByBoth } = mergeSet(items(base), items(ours), items(theirs), (u) => u.key);
  if (removedByBoth > 0 && addedOurs.length > 0 && addedTheirs.length > 0) return null;
  return [...kept, ...addedOurs, ...addedTheirs];
}
function itemCounts(base) {
  const allowed = /* @__PURE__ */ new Map();
  for (const u of base) if (u.item) allowed.set(u.key, (allowed.get(u.key) ?? 0) + 1);
  return allowed;
}
function dropAddedDuplicates(units, allowed) {
  const seen = /* @__PURE__ */ new Map();
  return units.filter((u) => {
    if (!u.item) return true;
    const n = (seen.get(u.key) ?? 0) + 1;
    seen.set(u.key, n);
    return n <= Math.max(1, allowed.get(u.key) ?? 0);
  });
}
function removedItems(base, ours, theirs) {
  const keys = (l) => new Set(l.filter((u) => u.item).map((u) => u.key));
  const [o, t] = [keys(ours), keys(theirs)];
  return new Set([...keys(base)].filter((k) => !o.has(k) || !t.has(k)));
}
function mergeSectionBody(base, ours, theirs) {
  if (ours === theirs || base === theirs) return { text: ours, conflicted: false };
  if (base === ours) return { text: theirs, conflicted: false };
  const [b, o, t] = [unitsOf(base), unitsOf(ours), unitsOf(theirs)];
  const removed = removedItems(b, o, t);
  const allowed = itemCounts(b);
  const chunks = diff3(b, o, t, sameUnit);
  const out = [];
  const lines = [];
  let conflicted = false;
  const flush = () => {
    const kept = out.splice(0).filter((u) => !(u.item && removed.has(u.key)));
    for (const u of dropAddedDuplicates(kept, allowed)) appendAll(lines, u.lines);
  };
  for (const c of chunks) {
    if (c.kind === "ok") {
      appendAll(out, c.items);
      continue;
    }
    const merged = mergeItemSets(c.base, c.ours, c.theirs);
    if (merged !== null) {
      appendAll(out, merged);
      continue;
    }
    flush();
    conflicted = true;
    appendAll(
      lines,
      conflictLines(
        c.ours.flatMap((u) => u.lines),
        c.theirs.flatMap((u) => u.lines)
      )
    );
  }
  flush();
  return { text: lines.join("\n"), conflicted };
}

// src/core/merge/merge-fields.ts
var same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
function isList(v) {
  return v === void 0 || v === null || Array.isArray(v);
}
function mergeList(b, o, t) {
  const key = (x) => JSON.stringify(x);
  const { kept, addedOurs, addedTheirs } = mergeSet(b ?? [], o ?? [], t ?? [], key);
  const merged = /* @__PURE__ */ new Map();
  for (const x of [...kept, ...addedOurs, ...addedTheirs]) if (!merged.has(key(x))) merged.set(key(x), x);
  return [...merged.values()];
}
function isLater(a, b) {
  if (typeof a !== "string" || typeof b !== "string") return typeof a === "string";
  const [ta, tb] = [Date.parse(a), Date.parse(b)];
  return Number.isNaN(ta) || Number.isNaN(tb) ? a > b : ta > tb;
}
function mergeFields(base, ours, theirs, rules) {
  const keys = new Set(rules.order);
  for (const side of [ours, theirs, base]) for (const k of Object.keys(side)) keys.add(k);
  const laterIsOurs = rules.laterBy === void 0 || !isLater(theirs[rules.laterBy], ours[rules.laterBy]);
  const parts = [];
  const conflicts = [];
  let run = {};
  const put = (k, v) => {
    if (v !== void 0) Object.defineProperty(run, k, { value: v, enumerable: true, writable: true, configurable: true });
  };
  for (const k of keys) {
    const [b, o, t] = [base[k], ours[k], theirs[k]];
    if (same(o, t) || same(b, t)) put(k, o);
    else if (same(b, o)) put(k, t);
    else if (rules.stamps.includes(k)) put(k, laterIsOurs ? o : t);
    else if (rules.earliest?.includes(k) === true && o !== void 0 && t !== void 0) put(k, isLater(o, t) ? t : o);
    else if (rules.sets.includes(k) && isList(b) && isList(o) && isList(t)) {
      const merged = mergeList(b, o, t);
      put(k, merged.length === 0 && (o === void 0 || t === void 0) ? void 0 : merged);
    } else {
      conflicts.push(k);
      if (Object.keys(run).length > 0) parts.push({ kind: "clean", fields: run });
      run = {};
      parts.push({
        kind: "conflict",
        key: k,
        ours: o === void 0 ? {} : { [k]: o },
        theirs: t === void 0 ? {} : { [k]: t }
      });
    }
  }
  if (Object.keys(run).length > 0) parts.push({ kind: "clean", fields: run });
  return { parts, conflicts };
}

// src/core/merge/merge-thread.ts
var CONFLICT_LINE = /^(<{7}|={7}|>{7})( |$)/m;
function splitThreadFile(text) {
  if (text.trim() === "") return { fields: {}, summary: "" };
  const split = splitFrontmatter(text.replace(/\r\n/g, "\n"));
  if (typeof split === "string") return null;
  const { yamlText, summary } = split;
  if (CONFLICT_LINE.test(yamlText)) return null;
  if (frontmatterPastLimits(yamlText) !== null) return null;
  let data;
  try {
    data = frontmatterData(yamlText);
  } catch {
    return null;
  }
  const fields = frontmatterMapping(data);
  return fields === null ? null : { fields, summary };
}
var THREAD_RULES = {
  order: KEY_ORDER,
  stamps: ["updatedAt", "commit"],
  laterBy: "updatedAt",
  sets: ["paths", "related"]
};
function sectionId(s) {
  return s.key ?? `#${s.heading.trim().toLowerCase()}`;
}
function sectionMap(parsed) {
  const map = /* @__PURE__ */ new Map();
  for (const s of parsed.sections) {
    const id = sectionId(s);
    if (map.has(id)) return null;
    map.set(id, { heading: s.heading, body: s.body });
  }
  return map;
}
function insertSection(order, id) {
  const rank = SECTION_KEYS.indexOf(id);
  if (rank === -1) {
    order.push(id);
    return;
  }
  const at = order.findIndex((o) => {
    const r = SECTION_KEYS.indexOf(o);
    return r > rank;
  });
  if (at === -1) order.push(id);
  else order.splice(at, 0, id);
}
function mergeSummary(base, ours, theirs) {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const [pb, po, pt] = [parseSummary(base), parseSummary(ours), parseSummary(theirs)];
  const [mb, mo, mt] = [sectionMap(pb), sectionMap(po), sectionMap(pt)];
  if (mb === null || mo === null || mt === null) return mergeLines(base, ours, theirs, "the summary");
  const conflicts = [];
  const preamble = mergeSectionBody(pb.preamble.trim(), po.preamble.trim(), pt.preamble.trim());
  if (preamble.conflicted) conflicts.push("the text before the first section");
  const order = [...mo.keys()];
  for (const id of mt.keys()) if (!mo.has(id)) insertSection(order, id);
  const parts = [];
  if (preamble.text.trim() !== "") parts.push(preamble.text);
  for (const id of order) {
    const [b, o, t] = [mb.get(id), mo.get(id), mt.get(id)];
    const heading = (o ?? t).heading;
    const same2 = (x, y) => x === void 0 ? y === void 0 : y !== void 0 && x.body === y.body;
    let chosen;
    if (same2(o, t) || same2(b, t)) chosen = o;
    else if (same2(b, o)) chosen = t;
    else if (o === void 0 || t === void 0) {
      conflicts.push(`section "${heading}" (removed on one side, changed on the other)`);
      const side = (s) => s === void 0 ? [] : [`## ${s.heading}`, ...s.body === "" ? [] : s.body.split("\n")];
      parts.push(conflictLines(side(o), side(t)).join("\n"));
      continue;
    } else {
      const merged = mergeSectionBody(b?.body ?? "", o.body, t.body);
      if (merged.conflicted) conflicts.push(`section "${heading}"`);
      chosen = { heading, body: merged.text };
    }
    if (chosen === void 0) continue;
    parts.push(renderSummary({ preamble: "", sections: [{ key: null, ...chosen }] }));
  }
  return { text: parts.join("\n\n"), conflicts };
}
var HEAD_RULES = {
  order: HEAD_KEYS,
  stamps: ["changedAt", "commit"],
  laterBy: "changedAt",
  sets: []
};
function mergeThreadFile(base, ours, theirs, head = false) {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const [b, o, t] = [splitThreadFile(base), splitThreadFile(ours), splitThreadFile(theirs)];
  if (b === null || o === null || t === null)
    return mergeLines(base, ours, theirs, "the file (it is not a readable thread file on every side)");
  const fields = mergeFields(b.fields, o.fields, t.fields, head ? HEAD_RULES : THREAD_RULES);
  const summary = mergeSummary(b.summary, o.summary, t.summary);
  let yaml = "";
  for (const part of fields.parts) {
    yaml += part.kind === "clean" ? frontmatterYaml(part.fields) : `${conflictLines(splitYaml(frontmatterYaml(part.ours)), splitYaml(frontmatterYaml(part.theirs))).join("\n")}
`;
  }
  const body = summary.text === "" ? "" : `
${summary.text}
`;
  return { text: `---
${yaml}---
${body}`, conflicts: [...fields.conflicts.map((k) => `field "${k}"`), ...summary.conflicts] };
}
function splitYaml(text) {
  return text === "" ? [] : text.replace(/\n$/, "").split("\n");
}

// src/core/json-record.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/core/merge/merge-project.ts
var PROJECT_RULES = {
  order: ["id", "title", "mode", "createdAt", "systemContext"],
  stamps: [],
  sets: [],
  earliest: ["createdAt"]
};
function parseObject(text) {
  if (text.trim() === "") return {};
  try {
    const data = JSON.parse(text);
    return isRecord(data) ? data : null;
  } catch {
    return null;
  }
}
var entryLine = (k, v) => `  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, "\n  ")}`;
function mergeProjectFile(base, ours, theirs) {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const [b, o, t] = [parseObject(base), parseObject(ours), parseObject(theirs)];
  if (b === null || o === null || t === null) return mergeLines(base, ours, theirs, "the file (it is not JSON on every side)");
  const { parts, conflicts } = mergeFields(b, o, t, PROJECT_RULES);
  if (conflicts.length === 0) {
    const merged = Object.assign({}, ...parts.map((p) => p.kind === "clean" ? p.fields : {}));
    return { text: `${JSON.stringify(merged, null, 2)}
`, conflicts: [] };
  }
  const lines = ["{"];
  for (const p of parts) {
    if (p.kind === "clean") for (const [k, v] of Object.entries(p.fields)) lines.push(`${entryLine(k, v)},`);
    else
      lines.push(
        ...conflictLines(
          Object.entries(p.ours).map(([k, v]) => `${entryLine(k, v)},`),
          Object.entries(p.theirs).map(([k, v]) => `${entryLine(k, v)},`)
        )
      );
  }
  lines.push("}");
  return { text: `${lines.join("\n")}
`, conflicts: conflicts.map((k) => `field "${k}"`) };
}

// src/core/merge/merge-item.ts
function mergeItemFile(base, ours, theirs) {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const a = itemOrNull(ours);
  const b = itemOrNull(theirs);
  if (a === null || b === null) return mergeLines(base, ours, theirs, "the item");
  const later = b.at > a.at ? b : a;
  const blocks = [...a.blocks, ...b.blocks.filter((x) => !a.blocks.includes(x))];
  const merged = { at: later.at, by: later.by, blocks };
  if (later.commit !== void 0) merged.commit = later.commit;
  return { text: serializeItem(merged), conflicts: [] };
}
function itemOrNull(text) {
  if (text.trim() === "") return null;
  try {
    return parseItem(text);
  } catch {
    return null;
  }
}
function isItemFilePath(path) {
  return /(?:^|\/)threads\/[^/]+\/[^/]+\/(?:decisions|constraints|state|open-questions|next-steps)\/[^/]+\.md$/.test(path);
}

// src/core/merge/merge-file.ts
function mergeStoreFile(path, base, ours, theirs) {
  const p = path.replace(/\\/g, "/");
  if (p.endsWith(".json")) return mergeProjectFile(base, ours, theirs);
  if (isItemFilePath(p)) return mergeItemFile(base, ours, theirs);
  if (p.endsWith(".md")) return mergeThreadFile(base, ours, theirs, p.endsWith("/thread.md"));
  return mergeLines(base, ours, theirs, "the file");
}

// src/cli/commands/merge-file.ts
function readSide(path) {
  const max = 4 * LIMITS.threadFileBytes;
  let bytes;
  try {
    bytes = readRegularFile(path, max, true);
  } catch (e) {
    throw new UsageError(messageOf(e));
  }
  if (bytes === null) throw new UsageError(`${path} does not exist`);
  if (bytes.length > max) throw new UsageError(`${path} is larger than ${max} bytes`);
  return strictUtf8(bytes);
}
var mergeFileCommand = {
  name: "merge-file",
  summary: "git's merge driver for thread and project files (set up by git-setup): merges by meaning",
  usage: [
    "thread-mind-mcp merge-file <base> <ours> <theirs> [<path>]",
    "",
    "git runs it as `merge-file %O %A %B %P`: the result is written to <ours>; exit 0 when clean, 1 with a conflict",
    "(marked with <<<<<<< / ======= / >>>>>>> around the conflicting field or section only)."
  ].join("\n"),
  options: {},
  run: async (args) => {
    const [base, ours, theirs, path] = args.positionals;
    if (base === void 0 || ours === void 0 || theirs === void 0 || args.positionals.length > 4) {
      throw new UsageError("give the base, ours and theirs files (and the file's path)");
    }
    const sides = [readSide(base), readSide(ours), readSide(theirs)];
    if (sides[0] === null || sides[1] === null || sides[2] === null) {
      console.error(
        `ThreadMind: ${path ?? ours} is not valid UTF-8 on one side of the merge: not merged, your version kept and marked as a conflict (fix: \`git checkout --ours\` or \`--theirs\` ${path ?? "<path>"}, or edit it)`
      );
      return 1;
    }
    const merged = mergeStoreFile(path ?? ours, sides[0], sides[1], sides[2]);
    fs.writeFileSync(ours, merged.text);
    if (merged.conflicts.length === 0) return 0;
    console.error(
      `ThreadMind: conflict in ${path ?? ours}: ${merged.conflicts.join(", ")} (fix: edit between the markers, or run \`thread-mind-mcp resolve\`)`
    );
    return 1;
  }
};

// src/core/version.ts
var MIN_NODE = "18.3.0";

// src/core/git/git.ts
function findGitTop(dir) {
  let current = path.resolve(dir);
  for (; ; ) {
    if (fs.existsSync(path.join(current, ".git"))) return current;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

// src/core/workspace.ts
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = path.resolve(dir);
  const stop = gitTop ? path.resolve(gitTop) : current;
  for (; ; ) {
    if (isDirectory(path.join(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom(path.resolve(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom(path.resolve(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom(path.resolve(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: path.join(root, STORE_DIR_NAME), gitTop, source };
}
function rootToPath(uri) {
  if (uri.startsWith("file://")) {
    try {
      return url.fileURLToPath(uri);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") ? uri : null;
}
function isDirectory(path) {
  try {
    return fs.statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// src/cli/cli-workspace.ts
function cliWorkspace() {
  return resolveWorkspace({ env: process.env, cwd: process.cwd() });
}

// src/cli/run-command.ts
async function runCommand(command, rest) {
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(`${command.summary}

Usage: ${command.usage}`);
    return 0;
  }
  if (!optionParserAvailable()) {
    console.error(`thread-mind-mcp: needs Node.js ${MIN_NODE} or later (this is ${process.version})`);
    return 1;
  }
  try {
    return await command.run(parseCommandArgs(rest, command.options));
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`thread-mind-mcp ${command.name}: ${e.message}
Usage: ${command.usage}`);
      return 2;
    }
    if (e instanceof ThreadMindError && e.code === "no-project") {
      console.error(
        `thread-mind-mcp ${command.name}: no ThreadMind project in ${cliWorkspace().root}. Create one with /thread-mind:project <title> in Claude Code.`
      );
      return 1;
    }
    if (e instanceof NoActiveProjectError) {
      console.error(
        `thread-mind-mcp ${command.name}: ${cliWorkspace().root} has several ThreadMind projects (${e.ids.join(", ")}) and none is chosen on this machine yet. Choose one in Claude Code with /thread-mind:project switch <id>.`
      );
      return 1;
    }
    if (e instanceof ThreadMindError) {
      console.error(`thread-mind-mcp ${command.name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

// src/cli/merge-main.ts
function runMergeFile(rest) {
  return runCommand(mergeFileCommand, rest);
}

exports.runMergeFile = runMergeFile;
