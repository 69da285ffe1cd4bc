import { createRequire } from 'node:module';
import { lstatSync, readdirSync, mkdirSync, opendirSync, statSync, existsSync, openSync, writeSync, closeSync, renameSync, rmSync, writeFileSync, unlinkSync, rmdirSync, constants, readSync, fsyncSync, utimesSync, fstatSync, readFileSync, linkSync } from 'fs';
import { join, resolve, sep, dirname, basename, relative } from 'path';
import { fileURLToPath } from 'url';
import * as nodeBuffer from 'buffer';
import { AsyncLocalStorage } from 'async_hooks';
import { randomBytes, createHash } from 'crypto';
import { hostname } from 'os';
import { performance } from 'perf_hooks';

const require$1 = createRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require$1 !== "undefined" ? require$1 : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require$1 !== "undefined" ? require$1 : a)[b]
}) : x)(function(x) {
  if (typeof require$1 !== "undefined") return require$1.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __commonJS = (cb, mod) => function __require2() {
  return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
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
  __defProp(target, "default", { value: mod, enumerable: true }) ,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap;
    exports.isNode = isNode;
    exports.isPair = isPair;
    exports.isScalar = isScalar;
    exports.isSeq = isSeq;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node, visitor, path) {
      const ctrl = callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node, visitor, path) {
      const ctrl = await callVisitor(key, node, visitor, path);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key, node, path);
      if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
      if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
      if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
      if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
      if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
      return void 0;
    }
    function replaceNode(key, path, node) {
      const parent = path[path.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    var identity = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node) => {
            if (identity.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    var identity = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    var anchors = require_anchors();
    var visit = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node) => {
              if (identity.isAlias(node) || identity.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors2 && source && anchors2.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity.isCollection(node)) {
        let count2 = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count2)
            count2 = c;
        }
        return count2;
      } else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key, ...rest] = path;
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
          return identity.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
          return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node = this.get(key, true);
          if (identity.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    var stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str, indent, comment) => str.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text2, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text2;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text2.length <= endStep)
        return text2;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text2, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text2[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text2[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text2, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text2[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text2[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text2;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text2;
      if (onFold)
        onFold();
      let res = text2.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text2.length;
        if (fold === 0)
          res = `
${indent}${text2.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text2[fold]}\\`;
          res += `
${indent}${text2.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text2, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text2[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text2[++i];
        } else {
          do {
            ch = text2[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text2[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
    function lineLengthOverLimit(str, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str += "\\0";
                    break;
                  case "0007":
                    str += "\\a";
                    break;
                  case "000b":
                    str += "\\v";
                    break;
                  case "001b":
                    str += "\\e";
                    break;
                  case "0085":
                    str += "\\N";
                    break;
                  case "00a0":
                    str += "\\_";
                    break;
                  case "2028":
                    str += "\\L";
                    break;
                  case "2029":
                    str += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str += "\\x" + code.substr(2);
                    else
                      str += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str += "\n";
                  i += 2;
                }
                str += indent;
                if (json[i + 2] === " ")
                  str += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str = start ? str + json.slice(start) : json;
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify2(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str;
      return identity.isScalar(node) || str[0] === "{" || str[0] === "[" ? `${props} ${str}` : `${props}
${ctx.indent}${str}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str = stringify2.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str === "" ? "?" : explicitKey ? `? ${str}` : str;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}
${indent}:`;
      } else {
        str = `${str}:`;
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify2.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    var log = require_log();
    var merge = require_merge();
    var stringify2 = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify2.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    var identity = require_identity();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify3 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify3(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str2 = stringify2.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str2);
      }
      let str;
      if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
      } else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str = stringify2.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes("\n"));
        if (i < items.length - 1) {
          str += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str += ",";
          }
        }
        if (comment)
          str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str = start;
          for (const line of lines)
            str += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str) => str,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str) => new Scalar.Scalar(str[0] === "t" || str[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf(".");
        if (dot !== -1 && str[str.length - 1] === "0")
          node.minFractionDigits = str.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str) => str,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str) => str === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str) => parseFloat(str),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str.length);
          for (let i = 0; i < str.length; ++i)
            buffer[i] = str.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str;
        if (typeof node_buffer.Buffer === "function") {
          str = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str.substr(o, lineWidth);
          }
          str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str.replace(/_/g, "")),
      stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, "")));
        const dot = str.indexOf(".");
        if (dot !== -1) {
          const f = str.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str, offset, radix, { intAsBigInt }) {
      const sign = str[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str = str.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str = `0b${str}`;
            break;
          case 8:
            str = `0o${str}`;
            break;
          case 16:
            str = `0x${str}`;
            break;
        }
        const n2 = BigInt(str);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? "-" + prefix + str.substr(1) : prefix + str;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports.int = int;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str, asBigInt) {
      const sign = str[0];
      const parts = sign === "-" || sign === "+" ? str.substring(1) : str;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str) => parseSexagesimal(str, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    var identity = require_identity();
    var stringify2 = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify2.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify2.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify2.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count2 = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count2 = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count2);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep: sep4, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep4?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep4) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep4 ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep4, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep4 = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep4 + cb;
              sep4 = "";
              break;
            }
            case "newline":
              if (comment)
                sep4 += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap = fc.start.source === "{";
      const fcName = isMap ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep: sep4, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep4?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep4 && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap && !sep4 && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep4, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep4 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap && !props.found && ctx.options.strict) {
              if (sep4)
                for (const st of sep4) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep4, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep4 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep4 + indent.slice(trimIndent) + content;
          sep4 = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep4 === " ")
            sep4 = "\n";
          else if (!prevMoreIndented && sep4 === "\n")
            sep4 = "\n\n";
          value += sep4 + indent.slice(trimIndent) + content;
          sep4 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep4 === "\n")
            value += "\n";
          else
            sep4 = "\n";
        } else {
          value += sep4 + content;
          sep4 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep4 = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep4 === "\n")
            res += sep4;
          else
            sep4 = "\n";
        } else {
          res += sep4 + lm;
          sep4 = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep4 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors2 = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors2.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors2.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors2.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors2.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors2.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors2 = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors2.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context2) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context2;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context2.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context2 = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context2;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    var stringify2 = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep: sep4, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep4)
        for (const st of sep4)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    var LineCounter = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep4;
          if (scalar.end) {
            sep4 = scalar.end;
            sep4.push(this.sourceToken);
            delete scalar.end;
          } else
            sep4 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep: sep4 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep4 = it.sep;
                  sep4.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep: sep4 }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep4 = fc.end.splice(1, fc.end.length);
            sep4.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep4 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    var composer = require_composer();
    var Document = require_Document();
    var errors2 = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors2.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors2.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument3(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors2.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors2.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors2.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument3(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify2(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument3;
    exports.stringify = stringify2;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors2 = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors2.YAMLError;
    exports.YAMLParseError = errors2.YAMLParseError;
    exports.YAMLWarning = errors2.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
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
  let fd;
  try {
    fd = openSync(path, flags | constants.O_NONBLOCK | (followLinks ? 0 : constants.O_NOFOLLOW), mode);
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
    stat = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  if (!stat.isFile()) {
    closeSync(fd);
    throw errors.notRegularFile(path, fileKind(stat));
  }
  return { fd, stat };
}
function readRegularFile(path, maxBytes, followLinks = false) {
  const opened = openRegularFile(path, constants.O_RDONLY, void 0, followLinks);
  if (opened === null) return null;
  const { fd, stat } = opened;
  try {
    const cap = Math.min(stat.size, maxBytes) + 1;
    const buffer = Buffer.alloc(cap);
    let length = 0;
    while (length < cap) {
      const n = readSync(fd, buffer, length, cap - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

// src/core/git/git.ts
function findGitTop(dir) {
  let current = resolve(dir);
  for (; ; ) {
    if (existsSync(join(current, ".git"))) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
var GIT_POINTER_MAX_BYTES = 64 * 1024;
function gitDir(top) {
  const dotGit = join(top, ".git");
  if (statSync(dotGit).isDirectory()) return dotGit;
  const text2 = readRegularFile(dotGit, GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  const match = /^gitdir:\s*(.+)\s*$/m.exec(text2);
  if (!match) throw new Error(`${dotGit} is neither a directory nor a "gitdir:" file`);
  return resolve(top, match[1]);
}
function readBranch(top) {
  let dir;
  let head;
  try {
    dir = gitDir(top);
    head = readRegularFile(join(dir, "HEAD"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  } catch {
    return null;
  }
  const match = /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head);
  if (match) return match[1];
  for (const state of ["rebase-merge", "rebase-apply"]) {
    try {
      const name = readRegularFile(join(dir, state, "head-name"), GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
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

// src/core/workspace.ts
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = resolve(dir);
  const stop = gitTop ? resolve(gitTop) : current;
  for (; ; ) {
    if (isDirectory(join(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom(resolve(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom(resolve(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom(resolve(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: join(root, STORE_DIR_NAME), gitTop, source };
}
function rootToPath(uri) {
  if (uri.startsWith("file://")) {
    try {
      return fileURLToPath(uri);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") ? uri : null;
}
function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
function storeDirState(storeDir) {
  let stat;
  try {
    stat = lstatSync(storeDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return "absent";
    return { problem: `cannot be examined (${messageOf(e)})` };
  }
  if (stat.isSymbolicLink()) return { problem: "is a symbolic link" };
  if (!stat.isDirectory()) return { problem: "is not a directory" };
  return "directory";
}
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
    return lstatSync(path, { bigint });
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
  const text2 = strictUtf8(bytes);
  if (text2 === null) throw unreadable(path, "is not valid UTF-8");
  return text2;
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
    return lstatSync(path).size;
  } catch {
    return fallback;
  }
}
function assertNoLinksBelow(storeDir, path) {
  const rel = relative(storeDir, dirname(path));
  if (rel === "" || rel.startsWith("..")) return;
  let current = storeDir;
  for (const part of rel.split(sep)) {
    current = `${current}${sep}${part}`;
    let stat;
    try {
      stat = lstatSync(current);
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

// src/core/id-pattern.ts
var ID_PATTERN = /^[a-z0-9-]{1,64}$/;
function isValidId(id) {
  return typeof id === "string" && ID_PATTERN.test(id);
}

// src/core/measure/measurements.ts
function emptyMeasurements() {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}

// src/core/json-record.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function ownEntry(record, key) {
  return Object.hasOwn(record, key) ? record[key] : void 0;
}

// src/core/store/local-state.ts
function emptyLocalState() {
  return { version: 1, branches: {}, sessions: {}, conversations: {}, measurements: emptyMeasurements(), legacyAuthorIds: [] };
}
function localStatePath(storeDir) {
  return join(storeDir, "config.json");
}
function readLocalState(storeDir) {
  const path = localStatePath(storeDir);
  let text2;
  try {
    text2 = readTextStrict(path, LIMITS.localStateBytes);
  } catch (e) {
    return { state: emptyLocalState(), problem: e instanceof UnreadableFileError ? e.reason : String(e) };
  }
  if (text2 === null) return { state: emptyLocalState() };
  let data;
  try {
    data = JSON.parse(text2);
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
function makeDir(path) {
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
    makeDirOneByOne(path);
  }
}
function makeDirOneByOne(path) {
  try {
    mkdirSync(path);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT" || dirname(path) === path) {
      madeMeanwhile(path, error);
      return;
    }
    makeDirOneByOne(dirname(path));
    try {
      mkdirSync(path);
    } catch (again) {
      madeMeanwhile(path, again);
    }
  }
}
function madeMeanwhile(path, error) {
  if (errnoCode(error) === "EEXIST" && lstatSync(path).isDirectory()) return;
  throw error;
}
var TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{12}\.tmp$/;
function isAtomicTempFile(name) {
  return TEMP_NAME.test(basename(name));
}
function atomicTempWriterPid(name) {
  const pid = TEMP_NAME.exec(basename(name))?.[1];
  return pid === void 0 ? null : Number(pid);
}
function tempSuffix() {
  const high = Math.floor(Math.random() * 16777216);
  const low = Math.floor(Math.random() * 16777216);
  return `${high.toString(16).padStart(6, "0")}${low.toString(16).padStart(6, "0")}`;
}
function atomicTempPath(target, dir = dirname(target)) {
  return join(dir, `.${basename(target)}.${process.pid}.${tempSuffix()}.tmp`);
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
function writeFileAtomicSync(path, data, fence) {
  const temp = atomicTempPath(path, fence?.tempDir);
  let tempExists = false;
  try {
    const fd = openSync(temp, "wx");
    tempExists = true;
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (fence) {
      try {
        fence.check();
      } catch (refusal) {
        throw new FenceRefusal(refusal);
      }
    }
    renameSync(temp, path);
    tempExists = false;
    fsyncDirectorySync(dirname(path));
  } catch (caught) {
    const error = caught instanceof FenceRefusal ? caught.error : caught;
    let cleanupError;
    if (tempExists) {
      try {
        unlinkSync(temp);
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
    fd = openSync(dir, "r");
  } catch (error) {
    if (isDirectorySyncRefusal(error)) return;
    throw error;
  }
  try {
    fsyncSync(fd);
  } catch (error) {
    if (!isDirectorySyncRefusal(error)) throw error;
  } finally {
    closeSync(fd);
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
  const path = resolve(lockPath);
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
var context = new AsyncLocalStorage();
var heldByThisProcess = /* @__PURE__ */ new Map();
var HOST = hostname();
async function withLock(lockPath, fn, options) {
  const path = resolve(lockPath);
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
  const nonce = randomBytes(16).toString("hex");
  const fenceDir = fenceDirOf(lockPath, nonce);
  try {
    mkdirSync(fenceDir);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") {
      throw new Error(`Cannot create the lock ${lockPath}: its directory does not exist`, { cause: error });
    }
    throw error;
  }
  try {
    return yield* acquireLoop(lockPath, nonce, opts);
  } catch (error) {
    rmSync(fenceDir, { recursive: true, force: true });
    throw error;
  }
}
function* acquireLoop(lockPath, nonce, opts) {
  const start = performance.now();
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
    const now = performance.now();
    if (now >= deadline) throw new LockTimeoutError(lockPath, Math.round(now - start), lastHolder);
    yield Math.min(jitter(delay), deadline - now);
    quickRetries = 0;
    delay = Math.min(delay * 2, Math.max(MAX_POLL_MS, opts.pollMs));
  }
}
function createExclusive(path, holder) {
  for (let attempt = 1; ; attempt++) {
    const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      writeFileSync(temp, `${JSON.stringify(holder)}
`, { flag: "wx" });
    } catch (error) {
      if (errnoCode(error) === "ENOENT") {
        throw new Error(`Cannot create the lock ${path}: its directory does not exist`, { cause: error });
      }
      throw error;
    }
    try {
      linkSync(temp, path);
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
  const opened = openRegularFile(path, constants.O_RDONLY);
  if (opened === null) return { kind: "absent" };
  const { fd } = opened;
  let raw;
  let mtimeMs;
  try {
    mtimeMs = opened.stat.mtimeMs;
    raw = opened.stat.size > MAX_LOCK_FILE_BYTES ? "" : readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
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
  const nonce = randomBytes(16).toString("hex");
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
      rmSync(fenceDirOf(lockPath, seen.holder.nonce), { recursive: true, force: true });
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
  const grave = `${mutexPath}.${process.pid}.${randomBytes(6).toString("hex")}.stale`;
  try {
    renameSync(mutexPath, grave);
  } catch (error) {
    if (errnoCode(error) === "ENOENT") return;
    throw error;
  }
  const moved = readFileSync(grave, "utf8");
  if (moved !== seen.raw) {
    try {
      linkSync(grave, mutexPath);
    } catch (error) {
      const message = `Could not restore the reclaim mutex ${mutexPath} moved to ${grave}: ${messageOf(error)}`;
      throw new Error(message, { cause: error });
    }
  }
  unlinkSync(grave);
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
    utimesSync(hold.lockPath, now, now);
  } catch (error) {
    hold.problem = `the heartbeat could not refresh the lock file (${messageOf(error)})`;
  }
}
function endHold(hold) {
  hold.active = false;
  heldByThisProcess.delete(hold.nonce);
  rmSync(fenceDirOf(hold.lockPath, hold.nonce), { recursive: true, force: true });
  if (hold.problem !== void 0) return hold.problem;
  const seen = inspect(hold.lockPath);
  if (seen.kind === "absent") return "the lock file was deleted";
  if (seen.kind !== "holder" || seen.holder.nonce !== hold.nonce) return "the lock file names another holder";
  unlinkIfPresent(hold.lockPath);
  return void 0;
}
function unlinkIfPresent(path) {
  try {
    unlinkSync(path);
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
    rmSync(path, { force: true });
    return;
  }
  fence.check();
  const grave = atomicTempPath(path, fence.tempDir);
  try {
    renameSync(path, grave);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    fence.check();
    return;
  }
  rmSync(grave, { force: true });
}

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
  const removed = [];
  const walk = (dir, depth) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const name = entry.name;
      if (entry.isDirectory()) {
        if (depth < TEMP_SWEEP_MAX_DEPTH) walk(join(dir, name), depth + 1);
        continue;
      }
      if (name.charCodeAt(0) !== DOT || !name.endsWith(".tmp") || !entry.isFile()) continue;
      const pid = atomicTempWriterPid(name);
      if (pid === null || pid === process.pid || isProcessAlive(pid)) continue;
      const path = join(dir, name);
      rmSync(path, { force: true });
      removed.push(path);
    }
  };
  if (lstatSync(storeDir, { throwIfNoEntry: false })?.isDirectory()) walk(storeDir, 0);
  return removed;
}

// src/core/store/frontmatter.ts
var import_yaml = __toESM(require_dist());
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
function hasConflictMarkers(text2) {
  return CONFLICT_START.test(text2) && CONFLICT_END.test(text2);
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
  const yamlText = (0, import_yaml.stringify)(fields, YAML_OPTIONS);
  return readsBack(yamlText, fields) ? yamlText : (0, import_yaml.stringify)(fields, { ...YAML_OPTIONS, defaultStringType: "QUOTE_DOUBLE", blockQuote: false });
}
function readsBack(yamlText, data) {
  try {
    const doc = (0, import_yaml.parseDocument)(yamlText, { uniqueKeys: true });
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
  const text2 = serializeThread(thread);
  if (hasConflictMarkers(text2)) {
    throw new FrontmatterError(
      "it would contain lines that read as git conflict markers (<<<<<<< and >>>>>>> at the start of a line): indent them or put them in other words"
    );
  }
  const back = parseThread(text2);
  for (const key of [...KEY_ORDER, "summary"]) {
    if (JSON.stringify(back[key]) !== JSON.stringify(thread[key])) {
      throw new FrontmatterError(`its ${key} would not read back exactly as given`);
    }
  }
  return text2;
}
function parseThread(text2) {
  try {
    return parseThreadUnchecked(text2);
  } catch (e) {
    if (e instanceof FrontmatterError) throw e;
    throw new FrontmatterError(`invalid YAML frontmatter: ${messageOf(e).split("\n")[0]}`);
  }
}
function parseThreadUnchecked(text2) {
  if (hasConflictMarkers(text2)) {
    throw new FrontmatterError(
      "contains git conflict markers (<<<<<<< / ======= / >>>>>>>): run `thread-mind-mcp resolve` while git reports the conflict, or edit the marked part by hand"
    );
  }
  const split = splitFrontmatter(text2);
  if (split === "no-opening-fence") throw new FrontmatterError("does not start with a '---' frontmatter block");
  if (split === "no-closing-fence") throw new FrontmatterError("has no closing '---' after the frontmatter");
  const { yamlText, summary } = split;
  const pastLimits = frontmatterPastLimits(yamlText);
  if (pastLimits !== null) throw new FrontmatterError(pastLimits);
  const doc = (0, import_yaml.parseDocument)(yamlText, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new FrontmatterError(`invalid YAML frontmatter: ${doc.errors[0].message.split("\n")[0]}`);
  }
  const data = doc.toJS();
  return { ...validateMeta(data), summary };
}
function splitFrontmatter(text2) {
  const normalized = text2.startsWith("\uFEFF") ? text2.slice(1) : text2;
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

// src/core/store/thread-folder-format.ts
var import_yaml2 = __toESM(require_dist());

// src/core/types.ts
var SECTION_KEYS = ["decisions", "constraints", "state", "open-questions", "next-steps"];
var SECTION_HEADINGS = {
  decisions: "Decisions",
  constraints: "Constraints",
  state: "State",
  "open-questions": "Open questions",
  "next-steps": "Next steps"
};

// src/core/context/summary-sections.ts
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
[...SECTION_KEYS, ...SET_DIRS];
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
function gitBlobId(bytes) {
  const hash = createHash("sha1");
  hash.update(`blob ${bytes.length}\0`);
  hash.update(bytes);
  return hash.digest("hex");
}
function memberFileName(member2) {
  return createHash("sha1").update(member2).digest("hex").slice(0, 16);
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
var LONE_SURROGATE2 = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function assertStorable(what, text2) {
  if (LONE_SURROGATE2.test(text2))
    throw new FrontmatterError(`the ${what} contains a lone UTF-16 surrogate, which a UTF-8 file cannot hold`);
  if (hasConflictMarkers(text2)) {
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
  const text2 = `---
${frontmatterYaml(fields)}---
${head.body === "" ? "" : `
${head.body}
`}`;
  const back = parseHead(text2);
  for (const key of [...HEAD_KEYS, "body"]) {
    if (JSON.stringify(back[key]) !== JSON.stringify(head[key]))
      throw new FrontmatterError(`its ${key} would not read back exactly as given`);
  }
  return text2;
}
function serializeItem(item) {
  const fields = { at: item.at, by: item.by };
  if (item.commit !== void 0) fields.commit = item.commit;
  const body = item.blocks.join("\n\n");
  assertStorable("summary", body);
  const text2 = `---
${frontmatterYaml(fields)}---
${body}
`;
  const back = parseItem(text2);
  if (JSON.stringify(back.blocks) !== JSON.stringify(item.blocks)) {
    throw new FrontmatterError("an item of its summary would not read back exactly as given");
  }
  return text2;
}
function yamlMapping(text2) {
  if (hasConflictMarkers(text2)) {
    throw new FrontmatterError(
      "contains git conflict markers (<<<<<<< / ======= / >>>>>>>): run `thread-mind-mcp resolve` while git reports the conflict, or edit the marked part by hand"
    );
  }
  const split = splitFrontmatter(text2);
  if (split === "no-opening-fence") throw new FrontmatterError("does not start with a '---' frontmatter block");
  if (split === "no-closing-fence") throw new FrontmatterError("has no closing '---' after the frontmatter");
  const pastLimits = frontmatterPastLimits(split.yamlText);
  if (pastLimits !== null) throw new FrontmatterError(pastLimits);
  let data;
  try {
    const doc = (0, import_yaml2.parseDocument)(split.yamlText, { prettyErrors: false, uniqueKeys: true });
    if (doc.errors.length > 0) throw new FrontmatterError(`invalid YAML frontmatter: ${doc.errors[0].message.split("\n")[0]}`);
    data = doc.toJS();
  } catch (e) {
    if (e instanceof FrontmatterError) throw e;
    throw new FrontmatterError(`invalid YAML frontmatter: ${messageOf(e).split("\n")[0]}`);
  }
  if (data === null || data === void 0) data = {};
  if (typeof data !== "object" || Array.isArray(data))
    throw new FrontmatterError("frontmatter is not a mapping of keys to values");
  return { data, body: split.summary };
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
function parseHead(text2) {
  const { data: d, body } = yamlMapping(text2);
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
function parseItem(text2) {
  const { data: d, body } = yamlMapping(text2);
  const item = {
    at: stringField(d, "at", false) ?? "",
    by: stringField(d, "by", false) ?? "unknown",
    blocks: splitBlocks(body)
  };
  const commit = stringField(d, "commit", false);
  if (commit !== void 0) item.commit = commit;
  return item;
}
function fileStamp(path) {
  try {
    const s = lstatSync(path, { bigint: true });
    return s.isFile() ? statStamp(s) : null;
  } catch {
    return null;
  }
}
function pathStamp(path) {
  if (!path.endsWith("/")) return fileStamp(path);
  try {
    const s = lstatSync(path.slice(0, -1), { bigint: true });
    return s.isDirectory() ? statStamp(s) : null;
  } catch {
    return null;
  }
}
function statStamp(s) {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
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
  for (const [file, text2] of texts.members) {
    const dir = file.split("/")[0];
    const member2 = text2.replace(/\r?\n$/, "");
    if (member2.includes("\n") || member2 === "")
      throw unreadable(pathOf(file), "must hold one line: the path, thread id or item file it stands for");
    if (dir === "removed" && !isItemPath(member2))
      throw unreadable(pathOf(file), "must name one item file of the thread (<section>/<key>.md)");
    members[dir].set(file, member2);
  }
  const removed = new Set(members.removed.values());
  const items = [];
  const hidden = [];
  for (const file of [...texts.items.keys()].sort()) {
    if (removed.has(file)) {
      hidden.push(file);
      continue;
    }
    const [section, name] = file.split("/");
    let item;
    try {
      item = parseItem(texts.items.get(file));
    } catch (e) {
      throw unreadable(pathOf(file), e instanceof FrontmatterError ? e.message : `cannot be parsed (${reasonOf(e)})`);
    }
    items.push({ section, key: name.slice(0, -3), file, item });
  }
  return { thread: threadOf(head, items, members), head, items, members, hidden };
}
function isItemPath(text2) {
  const [section, name, ...rest] = text2.split("/");
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
  const parts = [];
  if (body.trim() !== "") parts.push(body);
  for (const key of SECTION_KEYS) {
    const blocks = sectionBlocks(items, key);
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
function readFolderTexts(folder) {
  const stamps = /* @__PURE__ */ new Map();
  const root = listDir(folder, stamps, LIMITS.threadFolderEntries);
  if (root === null) return null;
  const texts = { head: null, items: /* @__PURE__ */ new Map(), members: /* @__PURE__ */ new Map() };
  for (const name of root) {
    if (isAtomicTempFile(name)) continue;
    const path = join(folder, name);
    if (name === HEAD_FILE) {
      texts.head = readFile(path, stamps, folderFileBytes(null));
    } else if (isSectionDir(name)) {
      const names = listDir(path, stamps, subdirEntryLimit(name)) ?? [];
      for (const file of names) {
        if (isAtomicTempFile(file)) continue;
        if (!isItemFileName(file))
          throw unreadable(join(path, file), "is not an item file name (<key>-<4 letters or digits>.md): rename or remove it");
        const text2 = readFile(join(path, file), stamps, folderFileBytes(name));
        if (text2 !== null) texts.items.set(`${name}/${file}`, text2);
      }
    } else if (isSetDir(name)) {
      const names = listDir(path, stamps, subdirEntryLimit(name)) ?? [];
      for (const file of names) {
        if (isAtomicTempFile(file)) continue;
        const text2 = readFile(join(path, file), stamps, folderFileBytes(name));
        if (text2 !== null) texts.members.set(`${name}/${file}`, text2);
      }
    }
  }
  return { texts, stamps };
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
    dir = opendirSync(path);
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
  return `${between(before, next)}-${suffixOf(randomBytes(4))}`;
}
function keyBeside(key) {
  return `${fractionOf(key)}-${suffixOf(randomBytes(4))}`;
}
function keyOfContent(before, next, content) {
  const fraction = between(before, next);
  return `${fraction}-${contentSuffix(fraction, content)}`;
}
function isKeyOfContent(key, content) {
  const fraction = fractionOf(key);
  return key === `${fraction}-${contentSuffix(fraction, content)}`;
}
function between(before, next) {
  return fractionBetween(before === null ? "" : fractionOf(before), next === null ? null : fractionOf(next));
}
function contentSuffix(fraction, content) {
  return suffixOf(createHash("sha1").update(`${fraction}
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
  out.remove.push(...current?.hidden ?? []);
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
  const view = [];
  const byText = /* @__PURE__ */ new Map();
  for (const it of items) {
    for (const text2 of it.item.blocks) {
      const seen = byText.get(text2);
      if (seen) seen.files.push(it);
      else {
        const v = { text: text2, files: [it] };
        byText.set(text2, v);
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
  for (const [it, blocks] of next) {
    if (JSON.stringify(blocks) === JSON.stringify(it.item.blocks)) continue;
    if (isMovedItem(it)) {
      if (blocks.length > 0)
        out.items.set(`${section}/${keyBeside(it.key)}.md`, serializeItem({ ...stampFields(stamp), blocks }));
      out.items.set(`removed/${memberFileName(it.file)}`, `${it.file}
`);
      out.remove.push(it.file);
    } else if (blocks.length === 0) out.remove.push(it.file);
    else out.items.set(it.file, serializeItem({ ...stampFields(stamp), blocks }));
  }
  for (const run of fresh) {
    let prev = run.after;
    for (const text2 of run.texts) {
      const file = serializeItem({ ...stampFields(stamp), blocks: [text2] });
      const key = keys === "from-content" ? keyOfContent(prev, run.before, file) : keyBetween(prev, run.before);
      out.items.set(`${section}/${key}.md`, file);
      prev = key;
    }
  }
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
function noteThreadWrite(dir) {
}
function threadsChangedPath(storeDir) {
  return join(storeDir, "cache", "threads-changed");
}
function noteThreadsChanged(storeDir) {
  const path = threadsChangedPath(storeDir);
  const temp = atomicTempPath(path);
  try {
    assertNoLinksBelow(storeDir, path);
    makeDir(join(storeDir, "cache"));
    const fd = openSync(temp, "wx", 420);
    try {
      writeSync(fd, `${process.pid} ${Date.now()}
`);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
    }
    try {
      rmSync(path, { force: true });
    } catch {
      throw error;
    }
  }
}
var MARKER = /^\.writing\.(\d+)\.[0-9a-f]{12}\.tmp$/;
var FOLDER_READ_WAIT_MS = 500;
var RETRY_PAUSE_MS = 2;
function markFolderWrite(folder) {
  const path = join(folder, `.writing.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  writeFileSync(path, "");
  return () => {
    try {
      unlinkSync(path);
    } catch {
    }
  };
}
function folderWriteUnderWay(folder) {
  let names;
  try {
    names = readdirSync(folder);
  } catch {
    return false;
  }
  for (const name of names) {
    const pid = MARKER.exec(name)?.[1];
    if (pid !== void 0 && Number(pid) !== process.pid && isProcessAlive(Number(pid))) return true;
  }
  return false;
}
var pause = new Int32Array(new SharedArrayBuffer(4));
function readFolderConsistently(folder, read, unchanged) {
  const deadline = Date.now() + FOLDER_READ_WAIT_MS;
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
    Atomics.wait(pause, 0, 0, RETRY_PAUSE_MS);
  }
}
function projectIdsIn(dir) {
  return readdirSync(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}
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
    this.lockPath = join(this.dir, ".lock");
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
        mkdirSync(this.dir);
      } catch (e) {
        const code = errnoCode(e);
        if (code === "ENOENT" || code === "ENOTDIR") throw errors.workspaceMissing(this.workspace.root, this.workspace.source);
        throw e;
      }
    }
    makeDir(join(this.dir, "projects"));
    makeDir(join(this.dir, "threads"));
    this.ensureIgnored();
    this.ensureAttributes();
  }
  /**
   * `.threadmind/.gitattributes` sends thread and project files through the "threadmind" merge driver (committed with
   * the project); an older or edited one gets the missing lines. True when it was written.
   */
  ensureAttributes() {
    const wanted = STORE_GITATTRIBUTES.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
    return this.ensureLines(join(this.dir, ".gitattributes"), STORE_GITATTRIBUTES, wanted);
  }
  /** `.threadmind/.gitignore` lists every local file (an older one gets the missing entries). */
  ensureIgnored() {
    this.exists();
    this.ensureLines(join(this.dir, ".gitignore"), GITIGNORE, IGNORED);
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
    return join(this.projectsDir(), `${assertId(id, "project id")}.json`);
  }
  /** projects/; refused (named) when it is a symbolic link. */
  projectsDir() {
    this.exists();
    const dir = join(this.dir, "projects");
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
    const text2 = readTextStrict(path, LIMITS.threadFileBytes);
    if (text2 === null) throw errors.projectNotFound(id, this.projectIds());
    let data;
    try {
      data = JSON.parse(text2);
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
    const dir = join(this.dir, "threads", assertId(projectId, "project id"));
    for (const path of [join(this.dir, "threads"), dir]) {
      if (isSymbolicLink(path)) throw linkRefused(path);
    }
    return dir;
  }
  threadsDirExists(projectId) {
    return entryExists(this.threadsDir(projectId));
  }
  /** The thread's folder (format 2): threads/<project>/<id>/. */
  threadFolder(projectId, threadId) {
    return join(this.threadsDir(projectId), assertId(threadId, "thread id"));
  }
  /** The thread's file of format 1 (threads/<project>/<id>.md): still read; frozen once migrated. */
  legacyThreadPath(projectId, threadId) {
    return join(this.threadsDir(projectId), `${assertId(threadId, "thread id")}.md`);
  }
  /**
   * The file that names the thread (in messages, history): its head (<id>/thread.md), or its format-1 file while that
   * is all there is.
   */
  threadPath(projectId, threadId) {
    const folder = this.threadFolder(projectId, threadId);
    const legacy = this.legacyThreadPath(projectId, threadId);
    return !entryExists(folder) && entryExists(legacy) ? legacy : join(folder, HEAD_FILE);
  }
  /** True when a path (a file of the thread's folder, the folder, or its format-1 file) belongs to this thread. */
  isThreadFile(projectId, threadId, path) {
    const folder = this.threadFolder(projectId, threadId);
    return path === this.legacyThreadPath(projectId, threadId) || path === folder || path.startsWith(`${folder}${sep}`);
  }
  /**
   * Every file and folder the last read of this thread consulted (folders end with "/"), for a cache keyed by their
   * stamps: adding or removing an item changes its section folder's stamp. Unread: the folder and the format-1 file.
   */
  threadSources(projectId, threadId) {
    const folder = this.threadFolder(projectId, threadId);
    const hit = this.parsed.get(folder);
    if (hit !== void 0) return [...hit.stamps.keys()];
    return [`${folder}/`, `${folder}/${HEAD_FILE}`, this.legacyThreadPath(projectId, threadId)];
  }
  /** True when anything (even a damaged file or a dangling link) holds this thread's name: a new thread never takes it. */
  threadExists(projectId, threadId) {
    return entryExists(this.threadFolder(projectId, threadId)) || entryExists(this.legacyThreadPath(projectId, threadId));
  }
  /** Reads one thread; not-found or an unreadable-file error naming the path and the reason. */
  readThread(projectId, threadId, notFound = errors.threadNotFound) {
    const read = this.readCached(projectId, threadId);
    if (read === null) throw notFound(threadId);
    return copyThread(read.thread);
  }
  /** The thread as read, from the cache while every file it was read from is unchanged; null when nothing holds its name. */
  readCached(projectId, threadId) {
    const folder = this.threadFolder(projectId, threadId);
    const hit = this.parsed.get(folder);
    if (hit !== void 0 && stampsUnchanged(hit.stamps)) return hit;
    this.parsed.delete(folder);
    const read = this.readFresh(projectId, threadId);
    if (read === null) return null;
    this.parsed.set(folder, read);
    if (this.parsed.size > PARSED_CACHE_LIMIT) this.parsed.delete(this.parsed.keys().next().value);
    return { ...read, thread: copyThread(read.thread) };
  }
  /**
   * The thread from disk. Its folder wins over its format-1 file; that file beside it is ignored while it holds the
   * bytes the folder was migrated from (frozen); edited since (on a branch that had not migrated, merged here), the
   * blocks it holds that the folder lacks are added, and a close there is kept: the next write absorbs them as items.
   */
  readFresh(projectId, threadId) {
    const folder = this.threadFolder(projectId, threadId);
    return readFolderConsistently(
      folder,
      () => this.readFreshOnce(projectId, threadId),
      (read) => read === null || stampsUnchanged(read.stamps)
    );
  }
  readFreshOnce(projectId, threadId) {
    const folder = this.threadFolder(projectId, threadId);
    const legacyPath = this.legacyThreadPath(projectId, threadId);
    const disk = readFolderTexts(folder);
    const legacy = readLegacy(legacyPath);
    const stamps = disk?.stamps ?? /* @__PURE__ */ new Map([[`${folder}/`, null]]);
    stamps.set(legacyPath, legacy?.stamp ?? null);
    const folderThread = disk === null ? null : assembleFolder(threadId, disk.texts, (rel) => join(folder, rel));
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
  /** Forgets the parsed copies of threads read from these files: the next read parses them from disk whatever their stamps. */
  forgetParsed(paths) {
    const gone = new Set([...paths].map((p) => p.replace(/[/]$/, "")));
    for (const [key, hit] of this.parsed) {
      if ([...hit.stamps.keys()].some((p) => gone.has(p.replace(/[/]$/, "")))) this.parsed.delete(key);
    }
  }
  /** True when the project has more than `limit` threads (stops reading the directory there). */
  threadCountExceeds(projectId, limit) {
    let dir;
    try {
      dir = opendirSync(this.threadsDir(projectId));
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return false;
      throw e;
    }
    try {
      const ids = /* @__PURE__ */ new Set();
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
        const id = threadIdOfEntry(entry.name, entry.isDirectory());
        if (id !== null && !ids.has(id)) {
          ids.add(id);
          if (ids.size > limit) return true;
        }
      }
      return false;
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
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return { threads, problems };
      throw unreadable(dir, reasonOf(e));
    }
    const ids = /* @__PURE__ */ new Set();
    for (const entry of entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) {
      const name = entry.name;
      if (isAtomicTempFile(name)) continue;
      const isDir = entry.isDirectory() || entry.isSymbolicLink() && !name.endsWith(".md");
      if (!isDir && !name.endsWith(".md")) continue;
      const id = isDir ? name : name.slice(0, -3);
      if (!isValidId(id)) {
        problems.push({
          path: join(dir, name),
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
    this.parsed.delete(folder);
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
    let text2;
    try {
      text2 = serializeThreadExactly(thread);
    } catch (e) {
      if (e instanceof FrontmatterError) throw errors.invalid(`Thread "${thread.id}" cannot be written: ${e.message}.`);
      throw e;
    }
    makeDir(this.threadsDir(projectId));
    writeFenced(this.lockPath, this.legacyThreadPath(projectId, thread.id), text2);
    this.parsed.delete(this.threadFolder(projectId, thread.id));
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
          this.parsed.delete(this.threadFolder(projectId, id));
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
    const unmark = markFolderWrite(folder);
    let landed = 0;
    try {
      for (const [rel, text2] of write.items) {
        const path = join(folder, rel);
        ensureDir(dirname(path));
        writeFenced(this.lockPath, path, text2);
        landed++;
      }
      if (write.head !== null) {
        writeFenced(this.lockPath, join(folder, HEAD_FILE), write.head);
        landed++;
      }
      for (const rel of write.remove) {
        removeFenced(this.lockPath, join(folder, rel));
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
    for (const dir of made) noteThreadWrite();
    for (const rel of write.remove) noteThreadWrite(dirname(join(folder, rel)));
    this.parsed.delete(folder);
  }
  /** Deletes a thread: its folder's files (then the emptied folders) and its format-1 file. */
  deleteThreadFile(projectId, threadId) {
    const folder = this.threadFolder(projectId, threadId);
    const disk = readFolderTexts(folder);
    if (disk !== null) {
      const files = [...disk.stamps.keys()].filter((p) => !p.endsWith("/"));
      for (const path of files) removeFenced(this.lockPath, path);
      const dirs = [...disk.stamps.keys()].filter((p) => p.endsWith("/")).sort((a, b) => b.length - a.length);
      for (const dir of dirs) removeEmptyDir(dir.slice(0, -1));
    }
    removeFenced(this.lockPath, this.legacyThreadPath(projectId, threadId));
    this.parsed.delete(folder);
    noteThreadsChanged(this.dir);
  }
};
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
  const text2 = strictUtf8(bytes);
  if (text2 === null) throw unreadable(path, "is not valid UTF-8");
  return { text: text2, blob: gitBlobId(bytes), stamp: stat.isFile() ? statStamp(stat) : null };
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
    rmdirSync(dir);
  } catch (e) {
    const code = errnoCode(e);
    if (code !== "ENOENT" && code !== "ENOTEMPTY" && code !== "EEXIST") throw e;
  }
}
function isSymbolicLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return false;
    throw unreadable(path, reasonOf(e));
  }
}
function entryExists(path) {
  try {
    lstatSync(path);
    return true;
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return false;
    throw unreadable(path, reasonOf(e));
  }
}
function parseThreadFile(path, id, text2) {
  let thread;
  try {
    thread = parseThread(text2);
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
function threadFileExists(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId)) return false;
  return entryThere(join(storeDir, "threads", projectId, threadId)) || entryThere(join(storeDir, "threads", projectId, `${threadId}.md`));
}
function entryThere(path) {
  try {
    lstatSync(path);
    return true;
  } catch (e) {
    const code = errnoCode(e);
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}
var MEASUREMENT_LOG = "measurements.jsonl";
var MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
function measurementLogPath(storeDir) {
  return join(storeDir, MEASUREMENT_LOG);
}
function previousMeasurementLogPath(storeDir) {
  return join(storeDir, MEASUREMENT_LOG_PREVIOUS);
}
function measurementLogPaths(storeDir) {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}
function forEachLogFile(storeDir, use) {
  const [previousPath, currentPath] = measurementLogPaths(storeDir);
  const current = openRegularFile(currentPath, constants.O_RDONLY);
  try {
    const previous = openRegularFile(previousPath, constants.O_RDONLY);
    try {
      const same = previous !== null && current !== null && previous.stat.ino === current.stat.ino && previous.stat.dev === current.stat.dev;
      if (previous !== null && !same) use(previous.fd, previous.stat.size, previous.stat);
    } finally {
      if (previous !== null) closeSync(previous.fd);
    }
    if (current !== null) use(current.fd, current.stat.size, current.stat);
  } finally {
    if (current !== null) closeSync(current.fd);
  }
}
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
  return join(storeDir, "cache", "measurement-index.txt");
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
    const n = readSync(fd, buffer, filled, buffer.length - filled, position + filled);
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
    opened = openRegularFile(measurementIndexPath(storeDir), constants.O_RDONLY);
    if (opened === null) return null;
    const prefix = Buffer.allocUnsafe(Math.min(PREFIX_BYTES, opened.stat.size));
    const length = readAt(opened.fd, prefix, 0);
    const marker = prefix.indexOf("\n@");
    if (length === prefix.length && prefix.subarray(0, HEADER_BYTES.length).equals(HEADER_BYTES) && marker !== -1 && marker + 2 + BUCKETS * ENTRY < prefix.length && prefix[marker + 2 + BUCKETS * ENTRY] === NEWLINE)
      return { fd: opened.fd, size: opened.stat.size, prefix, table: marker + 2 };
  } catch {
  }
  if (opened !== null) closeSync(opened.fd);
  return null;
}
function closeMeasurementIndex(index) {
  closeSync(index.fd);
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
function wholeNumber(text2) {
  if (text2 === void 0 || text2 === "") return null;
  const n = Number(text2);
  return Number.isSafeInteger(n) && n >= 0 && String(n) === text2 ? n : null;
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

// src/core/freshness/freshness-events.ts
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

// src/core/recall/recall-events.ts
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
  return paths.reduce((total, path) => total + (lstatSync(path, { throwIfNoEntry: false })?.size ?? 0), 0);
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
    const n = readSync(fd, buffer, held, buffer.length - held, position);
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
  const path = join(storeDir, "projects", `${projectId}.json`);
  let text2;
  try {
    text2 = readTextStrict(path, LIMITS.threadFileBytes);
  } catch (e) {
    return { nudgeTokens: DEFAULT_NUDGE_TOKENS, problem: `${path}: ${messageOf(e)}` };
  }
  if (text2 === null) return { nudgeTokens: DEFAULT_NUDGE_TOKENS };
  try {
    return freshnessConfigOf(JSON.parse(text2));
  } catch (e) {
    return { nudgeTokens: DEFAULT_NUDGE_TOKENS, problem: `${path} is not JSON (${messageOf(e)})` };
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
function readMeta(record, type) {
  return {
    type,
    sessionId: optionalString(record, "sessionId", "record"),
    timestamp: optionalString(record, "timestamp", "record"),
    uuid: optionalString(record, "uuid", "record")
  };
}
function skipped(reason, meta) {
  return { kind: "skipped", reason, meta };
}
function classifyAssistant(record, meta) {
  if (optionalFlag(record, "isApiErrorMessage")) return skipped("api-error", meta);
  const message = requiredObject(record, "message", "record");
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
      requestId: optionalString(record, "requestId", "record"),
      model,
      usage: tokens,
      contextTokens: contextTokensOf(tokens)
    }
  };
}
function classifySystem(record, meta) {
  if (optionalString(record, "subtype", "record") !== "compact_boundary") return { kind: "other", meta };
  const metadata = record.compactMetadata;
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
function classifyAttachment(record, meta) {
  const attachment = requiredObject(record, "attachment", "record");
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
      isPersistedOutputPreview: first?.trimStart().startsWith(PERSISTED_OUTPUT_OPEN) === true,
      fromHook: true
    }
  };
}
function classifyKnown(type, record, meta) {
  switch (type) {
    case "progress":
      return skipped("progress", meta);
    case "assistant":
      return classifyAssistant(record, meta);
    case "system":
      return classifySystem(record, meta);
    case "attachment":
      return classifyAttachment(record, meta);
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
function classifyLine(text2) {
  if (text2.trim() === "") return { kind: "blank" };
  let value;
  try {
    value = JSON.parse(text2);
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
function addUsage(target, usage, sign) {
  target.inputTokens += sign * usage.inputTokens;
  target.cacheCreationInputTokens += sign * usage.cacheCreationInputTokens;
  target.cacheReadInputTokens += sign * usage.cacheReadInputTokens;
  target.outputTokens += sign * usage.outputTokens;
}
function responseKey(record) {
  return record.requestId === null ? record.messageId : `${record.messageId}\0${record.requestId}`;
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
  addLine(text2) {
    const classified = classifyLine(text2);
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
  addAssistant(record) {
    this.assistantRecords += 1;
    const context2 = record.contextTokens;
    if (this.firstContextTokens === null) this.firstContextTokens = context2;
    if (this.peakContextTokens === null || context2 > this.peakContextTokens) this.peakContextTokens = context2;
    this.lastAssistant = record;
    for (const compaction of this.awaitingContextAfter) compaction.contextTokensAfter = context2;
    this.awaitingContextAfter.length = 0;
    const key = responseKey(record);
    const kept = this.responses.get(key);
    if (kept !== void 0) {
      if (record.usage.outputTokens < kept.usage.outputTokens) return;
      this.count(kept, -1);
    }
    const response = { usage: record.usage, model: record.model };
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
    const before = statSync(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, fd, size: stats.size };
  } catch (error) {
    closeSync(fd);
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
    closeSync(file.fd);
  }
}
async function readExactly(file, buffer, position) {
  let filled = 0;
  while (filled < buffer.length) {
    const bytesRead = readSync(file.fd, buffer, filled, buffer.length - filled, position + filled);
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
  const takeLine = (bytes) => {
    const isLastLine = atEndOfFile;
    atEndOfFile = false;
    if (isLastLine && bytes.length === 0) return false;
    if (sink.take(bytes, isLastLine)) return true;
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
      const bytes = carry.length === 0 ? piece : Buffer.concat([piece, ...carry]);
      carry = [];
      stopped = takeLine(bytes);
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
    return {
      path,
      fileSize: file.size,
      bytesRead: walk.bytesRead,
      reachedStartOfFile: walk.reachedStartOfFile,
      stoppedAtByteLimit: walk.stoppedAtByteLimit,
      stoppedAtRecordLimit: walk.stoppedAtRecordLimit,
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
      const n = readSync(file.fd, chunk, 0, chunkSize, bytesRead);
      if (n === 0) break;
      bytesRead += n;
      splitter.push(n === chunkSize ? chunk : chunk.subarray(0, n));
      sinceYield += n;
      if (sinceYield >= BYTES_BETWEEN_YIELDS) {
        sinceYield = 0;
        await new Promise((resolve6) => setImmediate(resolve6));
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
    (text2, terminated) => {
      const classified = accumulator.addLine(text2);
      if (!terminated && classified.kind === "malformed") truncatedLastLine = true;
    },
    options
  );
  return { ...accumulator.result(), path, bytesRead, truncatedLastLine };
}
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

// src/agents/claude-code/agent.ts
var claudeCode = {
  ...PROFILES["claude-code"],
  ownsTranscript: (path) => path.endsWith(".jsonl") && !isRolloutPath(path),
  readTail: (path, options) => readTail(path, options),
  readHeadFrom: async (path, from) => {
    const read = await readHead(path, { from });
    const last = read.records.at(-1);
    const firstRequestTokens = read.stoppedAtFirstResponse && last !== void 0 && last.kind === "assistant" ? last.record.contextTokens : null;
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
function isCount3(value) {
  return typeof value === "number" && Number.isInteger(value) && value >= 0;
}
function count(obj, key, where) {
  const value = obj[key];
  if (value === void 0 || value === null) return 0;
  if (!isCount3(value)) throw new ShapeProblem2(`${where}.${key} is not a token count`);
  return value;
}
function requiredCount2(obj, key, where) {
  const value = obj[key];
  if (!isCount3(value)) throw new ShapeProblem2(`${where}.${key} is missing or not a token count`);
  return value;
}
function optionalString2(obj, key, where) {
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
  classifyLine(text2) {
    this.namedModel = null;
    if (text2.trim() === "") return { kind: "blank" };
    let value;
    try {
      value = JSON.parse(text2);
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
        timestamp: optionalString2(value, "timestamp", "line"),
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
        const id = optionalString2(payload, "id", "payload");
        if (this.sessionId === null && id !== null) this.sessionId = id;
        return { kind: "other", meta: { ...meta, sessionId: this.sessionId } };
      }
      case "turn_context": {
        const model = optionalString2(payload, "model", "payload");
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
    const last = requiredObject2(info, "last_token_usage", "info");
    const total = requiredObject2(info, "total_token_usage", "info");
    const input = requiredCount2(last, "input_tokens", "last_token_usage");
    if (input === 0) return { kind: "other", meta };
    const cached = Math.min(count(last, "cached_input_tokens", "last_token_usage"), input);
    const usage = {
      inputTokens: input - cached,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: cached,
      outputTokens: count(last, "output_tokens", "last_token_usage")
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
    const text2 = optionalString2(part, "text", "content part");
    if (text2 !== null && (marked === null || marked[i] === true)) texts.push(text2);
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

// src/transcript/codex/zstd-frame-guard.ts
var ZSTD_MAGIC = 4247762216;
var SKIPPABLE_MAGIC = 407710288;
var SKIPPABLE_MASK = 4294967280;
var ZSTD_MAX_BLOCK_BYTES = 128 * 1024;
var ZstdFrameError = class extends Error {
  name = "ZstdFrameError";
};
function le(bytes, from, length) {
  let value = 0;
  for (let i = length - 1; i >= 0; i -= 1) value = value * 256 + bytes[from + i];
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
  expect(field, bytes) {
    this.field = field;
    this.need = bytes;
  }
  skipThen(bytes, then) {
    this.afterSkip = then;
    this.skip = bytes;
    if (bytes === 0) this.skipped();
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
        const last = (header & 1) === 1;
        const type = header >> 1 & 3;
        const size = header >>> 3;
        if (type === 3) throw new ZstdFrameError("a block of the reserved type");
        if (size > ZSTD_MAX_BLOCK_BYTES) throw new ZstdFrameError(`a ${size}-byte block, over ${ZSTD_MAX_BLOCK_BYTES} bytes`);
        this.windowMoves += this.window;
        if (this.windowMoves > this.bounds.maxWindowMoveBytes)
          throw new ZstdFrameError(
            `its blocks would have the decoder move over ${this.bounds.maxWindowMoveBytes} bytes of window (too many blocks for its window)`
          );
        this.skipThen(type === 1 ? 1 : size, last ? this.checksum ? "checksum" : "magic" : "block-header");
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
      const n = readSync(file.fd, chunk, 0, options.chunkSize, bytesRead);
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
      await new Promise((resolve6) => setImmediate(resolve6));
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
function mib(bytes) {
  return `${bytes / (1024 * 1024)} MiB`;
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
  const sink = (text2, terminated) => {
    const classified = classifier.classifyLine(text2);
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
  take(bytes, isUnterminatedLastLine) {
    this.lines += 1;
    if (!isUnterminatedLastLine && !mayBeNeededRolloutLine(bytes, this.needs())) {
      this.unparsedLines += 1;
      return false;
    }
    const classifier = new RolloutClassifier();
    const line = classifier.classifyLine(bytes.toString("utf8"));
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
  takeTokenCount(record) {
    if (this.resolved) return;
    if (this.run === null) {
      this.run = { key: record.messageId, earliest: record };
      return;
    }
    if (record.messageId !== this.run.key) {
      this.resolved = true;
      return;
    }
    this.run.earliest = record;
    this.boundariesLastFirst.push(...this.boundariesBeforeRun);
    this.boundariesBeforeRun = [];
    this.model = null;
  }
  takeCompaction(record) {
    this.pastLastCompaction = true;
    if (this.resolved) return;
    if (this.run === null) this.boundariesLastFirst.push(record);
    else this.boundariesBeforeRun.push(record);
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
    const lastAssistant = collector.lastAssistant();
    return {
      path,
      fileSize: file.size,
      bytesRead: walk.bytesRead,
      reachedStartOfFile: walk.reachedStartOfFile,
      stoppedAtByteLimit: walk.stoppedAtByteLimit,
      stoppedAtRecordLimit: walk.stoppedAtRecordLimit,
      lastAssistant,
      contextTokens: lastAssistant?.contextTokens ?? null,
      compactBoundaries: collector.compactBoundaries(),
      hookContexts: collector.hookContexts(),
      skipped: { ...collector.skipped },
      lines: collector.lines,
      unparsedLines: collector.unparsedLines,
      malformedLines: collector.malformedLines,
      truncatedLastLine: collector.truncatedLastLine
    };
  });
}
async function tailOfWholeReading(path) {
  const whole = await readRollout(path);
  const last = whole.lastAssistant;
  const lastCompaction = whole.compactions.at(-1);
  const afterLast = last === null ? whole.compactions : whole.compactions.filter((c) => c.contextTokensAfter === null);
  return {
    path,
    fileSize: whole.bytesRead,
    bytesRead: whole.bytesRead,
    reachedStartOfFile: true,
    stoppedAtByteLimit: false,
    stoppedAtRecordLimit: false,
    lastAssistant: last,
    contextTokens: last?.contextTokens ?? null,
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

// src/core/freshness/conversation-size.ts
var TAIL_MAX_BYTES = 4 * 1024 * 1024;
var TAIL_MAX_RECORDS = 1e4;
async function conversationSize(transcriptPath) {
  if (transcriptPath === null) return null;
  try {
    const tail = await agentOfTranscript(transcriptPath).readTail(transcriptPath, {
      maxBytes: TAIL_MAX_BYTES,
      maxRecords: TAIL_MAX_RECORDS,
      sizeOnly: true
    });
    const boundary = tail.compactBoundaries.at(-1);
    return boundary === void 0 ? tail.contextTokens : boundary.postTokens;
  } catch {
    return null;
  }
}
async function firstRequestSize(transcriptPath) {
  if (!transcriptPath) return null;
  return (await agentOfTranscript(transcriptPath).readHeadFrom(transcriptPath, 0)).firstRequestTokens;
}

// src/core/session-key.ts
function claudeInstanceSession(claudePid) {
  return { key: `claude-${claudePid}`, pid: claudePid };
}
function hookSession(env) {
  const pid = Number.parseInt(env.CLAUDE_PID ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? claudeInstanceSession(pid) : null;
}

// src/core/thread-choice.ts
function chooseProjectId(ids, state, sessionKey, followed = () => null) {
  const exists = (id) => id !== void 0 && ids.includes(id);
  const own = state.sessions[sessionKey]?.projectId;
  if (exists(own)) return own;
  if (ids.length === 1) return ids[0];
  const last = followed()?.projectId;
  if (exists(last)) return last;
  return exists(state.lastProjectId) ? state.lastProjectId : null;
}
function sessionChoice(state, sessionKey, projectId) {
  const persisted = state.sessions[sessionKey];
  return persisted?.projectId === projectId && persisted.threadId ? persisted.threadId : null;
}
function* ownThreadCandidates(state, sessionKey, projectId, followed) {
  const own = sessionChoice(state, sessionKey, projectId);
  if (own !== null) yield own;
  const last = followed();
  if (last !== null && last.projectId === projectId) yield last.threadId;
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
var STATUSLINE_INPUT_MAX_BYTES = 256 * 1024;
var TITLE_MAX_CHARS = 40;
var MARK = "\u25C6";
var text = (v) => typeof v === "string" && v !== "" ? v : null;
function parseStatuslineInput(raw, cwd) {
  let data = null;
  try {
    data = JSON.parse(raw);
  } catch {
    data = null;
  }
  const record = isRecord(data) ? data : {};
  const workspace = isRecord(record.workspace) ? record.workspace : {};
  return {
    sessionId: text(record.session_id),
    transcriptPath: text(record.transcript_path),
    cwd: text(workspace.current_dir) ?? text(record.cwd) ?? cwd
  };
}
function shortCount(tokens) {
  return tokens < 1e3 ? String(tokens) : `${Math.round(tokens / 1e3)}k`;
}
function shortTitle(title) {
  const oneLine = title.replace(/\s+/g, " ").trim();
  return oneLine.length <= TITLE_MAX_CHARS ? oneLine : `${oneLine.slice(0, TITLE_MAX_CHARS - 1)}\u2026`;
}
function windowSession(env, logged) {
  const fromEnv = hookSession(env);
  if (fromEnv !== null) return fromEnv;
  for (let i = logged.length - 1; i >= 0; i--) {
    const e = logged[i];
    if (e.kind === "conversation" && e.instance !== void 0) {
      const pid = /^claude-(\d+)$/.exec(e.instance)?.[1];
      return pid === void 0 ? { key: e.instance } : { key: e.instance, pid: Number(pid) };
    }
  }
  return null;
}
var attention = (what) => `${MARK} ThreadMind \xB7 ${what} (run /thread-mind:doctor)`;
async function statuslineText(input, env) {
  const workspace = resolveWorkspace({ env, cwd: input.cwd });
  const dirState = storeDirState(workspace.storeDir);
  if (dirState === "absent") return "";
  if (dirState !== "directory") return attention(".threadmind is not a directory");
  const { state, problem } = readLocalState(workspace.storeDir);
  if (problem !== void 0) return attention("config.json unusable");
  let projectIds;
  try {
    projectIds = projectIdsIn(join(workspace.storeDir, "projects"));
  } catch (e) {
    return attention(`projects unreadable: ${messageOf(e)}`);
  }
  if (projectIds.length === 0) return `${MARK} ThreadMind \xB7 no project yet (/thread-mind:project <title>)`;
  const logged = input.sessionId === null ? [] : sessionEvents(workspace.storeDir, input.sessionId);
  const session = windowSession(env, logged) ?? { key: "statusline-no-window" };
  const events = session.key === "statusline-no-window" ? [] : instanceEvents(workspace.storeDir, session.key);
  const thread = freshnessThread({
    state,
    session,
    events,
    projectIds: () => projectIds,
    branch: () => startKey(workspace.gitTop),
    threadExists: (projectId, threadId) => threadFileExists(workspace.storeDir, projectId, threadId)
  });
  if (thread === null) return `${MARK} ThreadMind \xB7 no thread chosen`;
  let title;
  try {
    title = new Store(workspace, {}, { sweepTempFiles: false }).readThread(thread.projectId, thread.threadId).title;
  } catch {
    return attention(`thread "${thread.threadId}" unreadable`);
  }
  const name = `${MARK} ${shortTitle(title)}`;
  if (input.sessionId === null || session.key === "statusline-no-window") return name;
  const view = freshnessView(events, input.sessionId, thread);
  const size = await conversationSize(input.transcriptPath);
  const needsFirst = size !== null && view.baseline === null && !view.written && view.firstSegment;
  if (size === null) return `${name} \xB7 summary current`;
  const growth = tokensSinceWrite(view, size, needsFirst ? await firstRequestSize(input.transcriptPath) : null);
  if (growth === null) return name;
  if (growth < 1e3) return `${name} \xB7 summary current`;
  const threshold = verdictThreshold(readFreshnessConfig(workspace.storeDir, thread.projectId).nudgeTokens);
  const behind = `${shortCount(growth)} tokens since summary`;
  return growth > threshold ? `${name} \xB7 ${behind} (stale: /thread-mind:summary)` : `${name} \xB7 ${behind}`;
}
async function readInput(stream) {
  const chunks = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    chunks.push(buffer);
    size += buffer.length;
    if (size >= STATUSLINE_INPUT_MAX_BYTES) break;
  }
  return Buffer.concat(chunks).subarray(0, STATUSLINE_INPUT_MAX_BYTES).toString("utf8");
}
async function runStatusline(env, cwd) {
  let line;
  try {
    line = await statuslineText(parseStatuslineInput(await readInput(process.stdin), cwd), env);
  } catch (e) {
    line = attention(messageOf(e).split("\n")[0].slice(0, 80));
  }
  if (line !== "") process.stdout.write(`${line}
`);
  return 0;
}

// src/cli/statusline-main.ts
function main() {
  return runStatusline(process.env, process.cwd());
}

export { main };
