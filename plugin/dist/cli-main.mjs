import { createRequire } from 'node:module';
import { relative, join, isAbsolute as isAbsolute$1, resolve, dirname, posix, basename, sep } from 'path';
import { fileURLToPath, pathToFileURL } from 'url';
import { createRequire as createRequire$1 } from 'module';
import { writeFileSync, rmSync, lstatSync, mkdirSync, existsSync, readFileSync, statSync, writeSync, accessSync, constants, readSync, closeSync, opendirSync, readdirSync, openSync, fsyncSync, renameSync, unlinkSync, rmdirSync, realpathSync, fstatSync, promises, utimesSync, watch, linkSync } from 'fs';
import { AsyncLocalStorage } from 'async_hooks';
import * as os from 'os';
import { hostname, homedir, tmpdir, userInfo } from 'os';
import * as nodeBuffer from 'buffer';
import * as util from 'util';
import { execFile } from 'child_process';
import { setTimeout as setTimeout$1 } from 'timers/promises';

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
  __defProp(target2, "default", { value: mod, enumerable: true }) ,
  mod
));

// node_modules/tiktoken/lite/tiktoken_bg.cjs
var require_tiktoken_bg = __commonJS({
  "node_modules/tiktoken/lite/tiktoken_bg.cjs"(exports, module) {
    var wasm;
    module.exports.__wbg_set_wasm = function(val) {
      wasm = val;
    };
    var lTextDecoder = typeof TextDecoder === "undefined" ? (0, module.require)("util").TextDecoder : TextDecoder;
    var cachedTextDecoder = new lTextDecoder("utf-8", { ignoreBOM: true, fatal: true });
    cachedTextDecoder.decode();
    var cachedUint8ArrayMemory0 = null;
    function getUint8ArrayMemory0() {
      if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
      }
      return cachedUint8ArrayMemory0;
    }
    function getStringFromWasm0(ptr, len) {
      ptr = ptr >>> 0;
      return cachedTextDecoder.decode(getUint8ArrayMemory0().subarray(ptr, ptr + len));
    }
    var heap = new Array(128).fill(void 0);
    heap.push(void 0, null, true, false);
    var heap_next = heap.length;
    function addHeapObject(obj) {
      if (heap_next === heap.length) heap.push(heap.length + 1);
      const idx = heap_next;
      heap_next = heap[idx];
      heap[idx] = obj;
      return idx;
    }
    function handleError(f, args) {
      try {
        return f.apply(this, args);
      } catch (e) {
        wasm.__wbindgen_export_0(addHeapObject(e));
      }
    }
    function getObject(idx) {
      return heap[idx];
    }
    function dropObject(idx) {
      if (idx < 132) return;
      heap[idx] = heap_next;
      heap_next = idx;
    }
    function takeObject(idx) {
      const ret = getObject(idx);
      dropObject(idx);
      return ret;
    }
    var WASM_VECTOR_LEN = 0;
    var lTextEncoder = typeof TextEncoder === "undefined" ? (0, module.require)("util").TextEncoder : TextEncoder;
    var cachedTextEncoder = new lTextEncoder("utf-8");
    var encodeString = typeof cachedTextEncoder.encodeInto === "function" ? function(arg, view) {
      return cachedTextEncoder.encodeInto(arg, view);
    } : function(arg, view) {
      const buf = cachedTextEncoder.encode(arg);
      view.set(buf);
      return {
        read: arg.length,
        written: buf.length
      };
    };
    function passStringToWasm0(arg, malloc, realloc) {
      if (realloc === void 0) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr2 = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr2, ptr2 + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr2;
      }
      let len = arg.length;
      let ptr = malloc(len, 1) >>> 0;
      const mem = getUint8ArrayMemory0();
      let offset = 0;
      for (; offset < len; offset++) {
        const code = arg.charCodeAt(offset);
        if (code > 127) break;
        mem[ptr + offset] = code;
      }
      if (offset !== len) {
        if (offset !== 0) {
          arg = arg.slice(offset);
        }
        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
        const ret = encodeString(arg, view);
        offset += ret.written;
        ptr = realloc(ptr, len, offset, 1) >>> 0;
      }
      WASM_VECTOR_LEN = offset;
      return ptr;
    }
    function isLikeNone(x) {
      return x === void 0 || x === null;
    }
    var cachedDataViewMemory0 = null;
    function getDataViewMemory0() {
      if (cachedDataViewMemory0 === null || cachedDataViewMemory0.buffer.detached === true || cachedDataViewMemory0.buffer.detached === void 0 && cachedDataViewMemory0.buffer !== wasm.memory.buffer) {
        cachedDataViewMemory0 = new DataView(wasm.memory.buffer);
      }
      return cachedDataViewMemory0;
    }
    var cachedUint32ArrayMemory0 = null;
    function getUint32ArrayMemory0() {
      if (cachedUint32ArrayMemory0 === null || cachedUint32ArrayMemory0.byteLength === 0) {
        cachedUint32ArrayMemory0 = new Uint32Array(wasm.memory.buffer);
      }
      return cachedUint32ArrayMemory0;
    }
    function getArrayU32FromWasm0(ptr, len) {
      ptr = ptr >>> 0;
      return getUint32ArrayMemory0().subarray(ptr / 4, ptr / 4 + len);
    }
    function passArray8ToWasm0(arg, malloc) {
      const ptr = malloc(arg.length * 1, 1) >>> 0;
      getUint8ArrayMemory0().set(arg, ptr / 1);
      WASM_VECTOR_LEN = arg.length;
      return ptr;
    }
    function passArray32ToWasm0(arg, malloc) {
      const ptr = malloc(arg.length * 4, 4) >>> 0;
      getUint32ArrayMemory0().set(arg, ptr / 4);
      WASM_VECTOR_LEN = arg.length;
      return ptr;
    }
    function getArrayU8FromWasm0(ptr, len) {
      ptr = ptr >>> 0;
      return getUint8ArrayMemory0().subarray(ptr / 1, ptr / 1 + len);
    }
    var TiktokenFinalization = typeof FinalizationRegistry === "undefined" ? { register: () => {
    }, unregister: () => {
    } } : new FinalizationRegistry((ptr) => wasm.__wbg_tiktoken_free(ptr >>> 0, 1));
    var Tiktoken = class {
      /**
       * @param {string} tiktoken_bfe
       * @param {any} special_tokens
       * @param {string} pat_str
       */
      constructor(tiktoken_bfe, special_tokens, pat_str) {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        const ptr0 = passStringToWasm0(tiktoken_bfe, wasm.__wbindgen_export_1, wasm.__wbindgen_export_2);
        const len0 = WASM_VECTOR_LEN;
        const ptr1 = passStringToWasm0(pat_str, wasm.__wbindgen_export_1, wasm.__wbindgen_export_2);
        const len1 = WASM_VECTOR_LEN;
        const ret = wasm.tiktoken_new(ptr0, len0, addHeapObject(special_tokens), ptr1, len1);
        this.__wbg_ptr = ret >>> 0;
        TiktokenFinalization.register(this, this.__wbg_ptr, this);
        return this;
      }
      /** @returns {string | undefined} */
      get name() {
        try {
          const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
          wasm.tiktoken_name(retptr, this.__wbg_ptr);
          var r0 = getDataViewMemory0().getInt32(retptr + 4 * 0, true);
          var r1 = getDataViewMemory0().getInt32(retptr + 4 * 1, true);
          let v1;
          if (r0 !== 0) {
            v1 = getStringFromWasm0(r0, r1).slice();
            wasm.__wbindgen_export_3(r0, r1 * 1, 1);
          }
          return v1;
        } finally {
          wasm.__wbindgen_add_to_stack_pointer(16);
        }
      }
      __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        TiktokenFinalization.unregister(this);
        return ptr;
      }
      free() {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_tiktoken_free(ptr, 0);
      }
      /**
       * @param {string} text
       * @param {any} allowed_special
       * @param {any} disallowed_special
       * @returns {Uint32Array}
       */
      encode(text2, allowed_special, disallowed_special) {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        try {
          const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
          const ptr0 = passStringToWasm0(text2, wasm.__wbindgen_export_1, wasm.__wbindgen_export_2);
          const len0 = WASM_VECTOR_LEN;
          wasm.tiktoken_encode(retptr, this.__wbg_ptr, ptr0, len0, addHeapObject(allowed_special), addHeapObject(disallowed_special));
          var r0 = getDataViewMemory0().getInt32(retptr + 4 * 0, true);
          var r1 = getDataViewMemory0().getInt32(retptr + 4 * 1, true);
          var r2 = getDataViewMemory0().getInt32(retptr + 4 * 2, true);
          var r3 = getDataViewMemory0().getInt32(retptr + 4 * 3, true);
          if (r3) {
            throw takeObject(r2);
          }
          var v2 = getArrayU32FromWasm0(r0, r1).slice();
          wasm.__wbindgen_export_3(r0, r1 * 4, 4);
          return v2;
        } finally {
          wasm.__wbindgen_add_to_stack_pointer(16);
        }
      }
      /**
       * @param {string} text
       * @returns {Uint32Array}
       */
      encode_ordinary(text2) {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        try {
          const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
          const ptr0 = passStringToWasm0(text2, wasm.__wbindgen_export_1, wasm.__wbindgen_export_2);
          const len0 = WASM_VECTOR_LEN;
          wasm.tiktoken_encode_ordinary(retptr, this.__wbg_ptr, ptr0, len0);
          var r0 = getDataViewMemory0().getInt32(retptr + 4 * 0, true);
          var r1 = getDataViewMemory0().getInt32(retptr + 4 * 1, true);
          var v2 = getArrayU32FromWasm0(r0, r1).slice();
          wasm.__wbindgen_export_3(r0, r1 * 4, 4);
          return v2;
        } finally {
          wasm.__wbindgen_add_to_stack_pointer(16);
        }
      }
      /**
       * @param {string} text
       * @param {any} allowed_special
       * @param {any} disallowed_special
       * @returns {any}
       */
      encode_with_unstable(text2, allowed_special, disallowed_special) {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        try {
          const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
          const ptr0 = passStringToWasm0(text2, wasm.__wbindgen_export_1, wasm.__wbindgen_export_2);
          const len0 = WASM_VECTOR_LEN;
          wasm.tiktoken_encode_with_unstable(retptr, this.__wbg_ptr, ptr0, len0, addHeapObject(allowed_special), addHeapObject(disallowed_special));
          var r0 = getDataViewMemory0().getInt32(retptr + 4 * 0, true);
          var r1 = getDataViewMemory0().getInt32(retptr + 4 * 1, true);
          var r2 = getDataViewMemory0().getInt32(retptr + 4 * 2, true);
          if (r2) {
            throw takeObject(r1);
          }
          return takeObject(r0);
        } finally {
          wasm.__wbindgen_add_to_stack_pointer(16);
        }
      }
      /**
       * @param {Uint8Array} bytes
       * @returns {number}
       */
      encode_single_token(bytes2) {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        const ptr0 = passArray8ToWasm0(bytes2, wasm.__wbindgen_export_1);
        const len0 = WASM_VECTOR_LEN;
        const ret = wasm.tiktoken_encode_single_token(this.__wbg_ptr, ptr0, len0);
        return ret >>> 0;
      }
      /**
       * @param {Uint32Array} tokens
       * @returns {Uint8Array}
       */
      decode(tokens) {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        try {
          const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
          const ptr0 = passArray32ToWasm0(tokens, wasm.__wbindgen_export_1);
          const len0 = WASM_VECTOR_LEN;
          wasm.tiktoken_decode(retptr, this.__wbg_ptr, ptr0, len0);
          var r0 = getDataViewMemory0().getInt32(retptr + 4 * 0, true);
          var r1 = getDataViewMemory0().getInt32(retptr + 4 * 1, true);
          var v2 = getArrayU8FromWasm0(r0, r1).slice();
          wasm.__wbindgen_export_3(r0, r1 * 1, 1);
          return v2;
        } finally {
          wasm.__wbindgen_add_to_stack_pointer(16);
        }
      }
      /**
       * @param {number} token
       * @returns {Uint8Array}
       */
      decode_single_token_bytes(token) {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        try {
          const retptr = wasm.__wbindgen_add_to_stack_pointer(-16);
          wasm.tiktoken_decode_single_token_bytes(retptr, this.__wbg_ptr, token);
          var r0 = getDataViewMemory0().getInt32(retptr + 4 * 0, true);
          var r1 = getDataViewMemory0().getInt32(retptr + 4 * 1, true);
          var v1 = getArrayU8FromWasm0(r0, r1).slice();
          wasm.__wbindgen_export_3(r0, r1 * 1, 1);
          return v1;
        } finally {
          wasm.__wbindgen_add_to_stack_pointer(16);
        }
      }
      /** @returns {any} */
      token_byte_values() {
        if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
        const ret = wasm.tiktoken_token_byte_values(this.__wbg_ptr);
        return takeObject(ret);
      }
    };
    module.exports.Tiktoken = Tiktoken;
    module.exports.__wbg_parse_def2e24ef1252aff = function() {
      return handleError(function(arg0, arg1) {
        const ret = JSON.parse(getStringFromWasm0(arg0, arg1));
        return addHeapObject(ret);
      }, arguments);
    };
    module.exports.__wbg_stringify_f7ed6987935b4a24 = function() {
      return handleError(function(arg0) {
        const ret = JSON.stringify(getObject(arg0));
        return addHeapObject(ret);
      }, arguments);
    };
    module.exports.__wbindgen_error_new = function(arg0, arg1) {
      const ret = new Error(getStringFromWasm0(arg0, arg1));
      return addHeapObject(ret);
    };
    module.exports.__wbindgen_is_undefined = function(arg0) {
      const ret = getObject(arg0) === void 0;
      return ret;
    };
    module.exports.__wbindgen_object_drop_ref = function(arg0) {
      takeObject(arg0);
    };
    module.exports.__wbindgen_string_get = function(arg0, arg1) {
      if (wasm == null) throw new Error("tiktoken: WASM binary has not been propery initialized.");
      const obj = getObject(arg1);
      const ret = typeof obj === "string" ? obj : void 0;
      var ptr1 = isLikeNone(ret) ? 0 : passStringToWasm0(ret, wasm.__wbindgen_export_1, wasm.__wbindgen_export_2);
      var len1 = WASM_VECTOR_LEN;
      getDataViewMemory0().setInt32(arg0 + 4 * 1, len1, true);
      getDataViewMemory0().setInt32(arg0 + 4 * 0, ptr1, true);
    };
    module.exports.__wbindgen_throw = function(arg0, arg1) {
      throw new Error(getStringFromWasm0(arg0, arg1));
    };
  }
});

// node_modules/tiktoken/lite/init.cjs
var require_init = __commonJS({
  "node_modules/tiktoken/lite/init.cjs"(exports) {
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __exportStar = exports && exports.__exportStar || function(m, exports2) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports2, p)) __createBinding(exports2, m, p);
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.init = void 0;
    var imports = require_tiktoken_bg();
    var isInitialized = false;
    async function init(callback) {
      if (isInitialized)
        return imports;
      const result = await callback({ "./tiktoken_bg.js": imports });
      const instance = "instance" in result && result.instance instanceof WebAssembly.Instance ? result.instance : result instanceof WebAssembly.Instance ? result : null;
      if (instance == null)
        throw new Error("Missing instance");
      imports.__wbg_set_wasm(instance.exports);
      isInitialized = true;
      return imports;
    }
    exports.init = init;
    exports["Tiktoken"] = imports["Tiktoken"];
    __exportStar(require_tiktoken_bg(), exports);
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
      var mb2 = msb(wes) + 1;
      var ts = 1 << mb2;
      var rem = ts - wes;
      if (rem & rem - 1)
        err(0);
      hw[wc++] = msb(rem) + 1;
      for (i = 0; i < wc; ++i) {
        var wt = hw[i];
        ++rc[hw[i] = wt && mb2 + 1 - wt];
      }
      var hbuf = new u8(ts << 1);
      var syms = hbuf.subarray(0, ts), nb = hbuf.subarray(ts);
      ri[mb2] = 0;
      for (i = mb2; i > 0; --i) {
        var pv = ri[i];
        fill(nb, i, pv, ri[i - 1] = pv + rc[i] * (1 << mb2 - i));
      }
      if (ri[0] != ts)
        err(0);
      for (i = 0; i < wc; ++i) {
        var bits = hw[i];
        if (bits) {
          var code = ri[bits];
          fill(syms, i, code, ri[bits] = code + (1 << mb2 - bits));
        }
      }
      return [bt, {
        n: nb,
        b: mb2,
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
function pluginRoot() {
  return resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
}
function siblingBundle(name) {
  return new URL(`./${name}`, import.meta.url).href;
}

// src/cli/commands/serve.ts
var serveCommand = {
  name: "serve",
  summary: "run the MCP server on stdio (the default with no arguments)",
  usage: "thread-mind-mcp [serve]",
  options: {},
  run: async () => {
    await import(siblingBundle("server.mjs"));
    return -1;
  }
};
var hookCommand = {
  name: "hook",
  summary: "run a Claude Code hook (session-start | session-end | pre-compact | user-prompt-submit | pre-tool-use | subagent-start), JSON on stdin",
  usage: "thread-mind-mcp hook <session-start|session-end|pre-compact|user-prompt-submit|pre-tool-use|subagent-start>",
  options: {},
  run: async (args) => {
    const hook = createRequire$1(import.meta.url)(fileURLToPath(siblingBundle("hook.cjs")));
    await hook.runHook(args.positionals[0]);
    return 0;
  }
};

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

// src/core/store/make-dir.ts
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
function atomicTempPath(target2, dir = dirname(target2)) {
  return join(dir, `.${basename(target2)}.${process.pid}.${tempSuffix()}.tmp`);
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
    const handle = await promises.open(temp, "wx");
    tempExists = true;
    try {
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await promises.rename(temp, path);
    tempExists = false;
    if (durable) await fsyncDirectory(dirname(path));
  } catch (error) {
    let cleanupError;
    if (tempExists) await promises.unlink(temp).catch((e) => cleanupError = missingIsFine(e));
    throw new AtomicWriteError(path, error, temp, cleanupError);
  }
}
function writeFileAtomicSync(path, data, fence, { durable = true } = {}) {
  const temp = atomicTempPath(path, fence?.tempDir);
  let tempExists = false;
  try {
    const fd = openSync(temp, "wx");
    tempExists = true;
    try {
      writeFileSync(fd, data);
      if (durable) fsyncSync(fd);
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
    if (durable) fsyncDirectorySync(dirname(path));
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
async function fsyncDirectory(dir) {
  let handle;
  try {
    handle = await promises.open(dir, "r");
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

// src/core/builtin-at-use.ts
function builtin(name) {
  if (typeof process.getBuiltinModule === "function") return process.getBuiltinModule(name);
  return __require(name);
}
function nodeCrypto() {
  return builtin("node:crypto");
}
function nodeWorkerThreads() {
  return builtin("node:worker_threads");
}

// src/core/monotonic-clock.ts
function monotonicMs() {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}
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
function openUnblocked(path, flags, mode, followLinks = false) {
  try {
    return openSync(path, flags | constants.O_NONBLOCK | (followLinks ? 0 : constants.O_NOFOLLOW), mode);
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
  const opened = openRegularFile(path, constants.O_RDONLY, void 0, followLinks);
  if (opened === null) return null;
  const { fd, stat } = opened;
  try {
    const cap = Math.min(stat.size, maxBytes) + 1;
    const buffer = Buffer.allocUnsafe(cap);
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
function readFirstBytesInto(path, into) {
  const fd = openUnblocked(path, constants.O_RDONLY);
  if (fd === null) return null;
  try {
    return into.subarray(0, readSync(fd, into, 0, into.length, 0));
  } finally {
    closeSync(fd);
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
  const nonce = nodeCrypto().randomBytes(16).toString("hex");
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
  const grave = `${mutexPath}.${process.pid}.${nodeCrypto().randomBytes(6).toString("hex")}.stale`;
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
function jitter(ms2) {
  return Math.max(1, Math.round(ms2 * (0.5 + Math.random())));
}
function sleep(ms2) {
  return new Promise((done) => setTimeout(done, ms2));
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
  return sweepTree(storeDir, (names) => names.length <= TEMP_SWEEP_MAX_DEPTH && !(names[0] === "threads" && names.length === 3));
}
function sweepThreadFolder(folder) {
  return sweepTree(folder, (names) => names.length === 1);
}
function sweepTree(root, enter) {
  const removed = [];
  const walk = (dir, names) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const below = [...names, entry.name];
        if (enter(below)) walk(join(dir, entry.name), below);
        continue;
      }
      const path = deadTempFile(dir, entry);
      if (path === null) continue;
      rmSync(path, { force: true });
      removed.push(path);
    }
  };
  if (lstatSync(root, { throwIfNoEntry: false })?.isDirectory()) walk(root, []);
  return removed;
}
function deadTempFile(dir, entry) {
  const name = entry.name;
  if (name.charCodeAt(0) !== DOT || !name.endsWith(".tmp") || !entry.isFile()) return null;
  const pid = atomicTempWriterPid(name);
  if (pid === null || pid === process.pid || isProcessAlive(pid)) return null;
  return join(dir, name);
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
function plainString(text2) {
  if (!PLAIN.test(text2) || text2.endsWith(" ") || text2.endsWith(":") || text2.includes(": ")) return null;
  return NOT_A_STRING.some((pattern) => pattern.test(text2)) ? null : text2;
}
function quotedString(text2) {
  if (text2.length < 2 || !text2.startsWith('"') || !text2.endsWith('"')) return null;
  const inner = text2.slice(1, -1);
  for (let i = 0; i < inner.length; i++) {
    const c = inner.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || c > 126) return null;
  }
  return inner;
}
function isKey(text2) {
  return KEY.test(text2) && !NOT_A_STRING[0].test(text2);
}
function scalarString(text2) {
  return text2.startsWith('"') ? quotedString(text2) : plainString(text2);
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
      const text2 = scalarString(value);
      if (text2 === null) return null;
      data[key] = text2;
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
  let text2 = "";
  for (const [key, value] of Object.entries(fields)) {
    if (!isKey(key)) return null;
    if (value === null) text2 += `${key}: null
`;
    else if (typeof value === "string") {
      const written = writtenString(value);
      if (written === null) return null;
      text2 += `${key}: ${written}
`;
    } else if (Array.isArray(value)) {
      if (value.length === 0) {
        text2 += `${key}: []
`;
        continue;
      }
      text2 += `${key}:
`;
      for (const item of value) {
        const written = typeof item === "string" ? writtenString(item) : null;
        if (written === null) return null;
        text2 += `  - ${written}
`;
      }
    } else return null;
  }
  return text2 === "" ? null : text2;
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

// src/core/id-pattern.ts
var ID_PATTERN = /^[a-z0-9-]{1,64}$/;
function isValidId(id) {
  return typeof id === "string" && ID_PATTERN.test(id);
}

// src/core/ids.ts
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
  const fmt4 = (n) => n.toLocaleString("en-US");
  if (yamlText.length > FRONTMATTER_LIMITS.chars)
    return `frontmatter too large to parse: ${fmt4(yamlText.length)} characters (limit ${fmt4(FRONTMATTER_LIMITS.chars)})`;
  let entries2 = 1;
  let brackets = 0;
  let lineStart = true;
  let indent = 0;
  for (let i = 0; i < yamlText.length; i++) {
    const c = yamlText.charCodeAt(i);
    if (c === 10) {
      entries2++;
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
    else if (c === 44 && brackets > 0) entries2++;
    if (entries2 > FRONTMATTER_LIMITS.entries) break;
  }
  if (entries2 > FRONTMATTER_LIMITS.entries)
    return `frontmatter too large to parse: more than ${fmt4(FRONTMATTER_LIMITS.entries)} lines and list items (keys)`;
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
  const { data, body } = boundedFrontmatter(text2);
  return { ...validateMeta(data), summary: body };
}
function boundedFrontmatter(text2) {
  if (hasConflictMarkers(text2)) {
    throw new FrontmatterError(
      "contains git conflict markers (<<<<<<< / ======= / >>>>>>>): run /thread-mind:resolve (`thread-mind-mcp resolve` in a terminal) while git reports the conflict, or edit the marked part by hand"
    );
  }
  const split = splitFrontmatter(text2);
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
function splitFrontmatter(text2) {
  const normalized2 = text2.startsWith("\uFEFF") ? text2.slice(1) : text2;
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
function statusOfWord(word) {
  switch (word) {
    case "open":
    case "active":
      return "active";
    case "done":
    case "abandoned":
      return word;
    default: {
      const unreachable = word;
      throw new Error(`unknown thread status ${JSON.stringify(unreachable)}`);
    }
  }
}
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
  const text2 = trimBlankLines(content);
  const existing = parsed2.sections.find((s) => s.key === key);
  if (existing) {
    if (text2 === "" && !replace) return summary;
    existing.body = replace || existing.body === "" ? text2 : `${existing.body}
${text2}`;
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
  parsed2.sections.splice(insertAt, 0, { key, heading: SECTION_HEADINGS[key], body: text2 });
  return renderSummary(parsed2);
}
function trimBlankLines(text2) {
  return text2.replace(/^(?:[ \t]*\r?\n)+/, "").replace(/(?:\r?\n[ \t]*)+$/, "").replace(/^[ \t]*$/, "");
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
  const ms2 = Date.parse(at);
  return Number.isFinite(ms2) && ms2 > 0 ? ms2 * 1e3 : 0;
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
  const entries2 = [...best.values()].sort((a, b) => readsBefore(a, b) ? -1 : readsBefore(b, a) ? 1 : 0);
  return { entries: entries2, duplicates };
}
var LONE_SURROGATE3 = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function assertStorable(what, text2) {
  if (LONE_SURROGATE3.test(text2))
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
  const bounded = boundedFrontmatter(text2);
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

// src/core/store/blob-id.ts
function gitBlobId(bytes2) {
  const hash = nodeCrypto().createHash("sha1");
  hash.update(`blob ${bytes2.length}\0`);
  hash.update(bytes2);
  return hash.digest("hex");
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
    const s = lstatSync(path, { bigint: true });
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
  const text2 = strictUtf8(bytes2);
  if (text2 === null) throw unreadable(path, "is not valid UTF-8");
  return text2;
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
    const member2 = memberLine(text2);
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
function memberLine(text2) {
  return text2.replace(/\r?\n$/, "");
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
    const path = join(folder, name);
    const names = listDir(path, stamps, subdirEntryLimit(name)) ?? [];
    for (const file of names) {
      if (isAtomicTempFile(file)) continue;
      const text2 = readFile(join(path, file), stamps, folderFileBytes(name));
      if (text2 !== null) texts.members.set(`${name}/${file}`, text2);
    }
  }
  const unread = [];
  const removed = /* @__PURE__ */ new Set();
  for (const [file, text2] of texts.members) if (file.startsWith("removed/")) removed.add(memberLine(text2));
  for (const name of root) {
    if (isAtomicTempFile(name)) continue;
    const path = join(folder, name);
    if (name === HEAD_FILE) {
      texts.head = readFile(path, stamps, folderFileBytes(null));
    } else if (isSectionDir(name) && sections.includes(name)) {
      const names = listDir(path, stamps, subdirEntryLimit(name)) ?? [];
      for (const file of names) {
        if (isAtomicTempFile(file)) continue;
        if (!isItemFileName(file))
          throw unreadable(join(path, file), "is not an item file name (<key>-<4 letters or digits>.md): rename or remove it");
        if (removed.has(`${name}/${file}`)) {
          unread.push(join(path, file));
          continue;
        }
        const text2 = readFile(join(path, file), stamps, folderFileBytes(name));
        if (text2 !== null) texts.items.set(`${name}/${file}`, text2);
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
function suffixOf(bytes2) {
  let out = "";
  for (const b of bytes2.subarray(0, 4)) out += DIGITS[b % DIGITS.length];
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
  for (const [file, member2] of want) if (had.get(file) !== member2) out.items.set(file, `${member2}
`);
  for (const file of had.keys()) if (!want.has(file)) out.remove.push(file);
  return out;
}
function planPaths(had, wanted, stamp, out) {
  const { entries: entries2, duplicates } = orderPaths(had);
  const byPath = new Map(entries2.map((e) => [e.path, e]));
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
  for (const e of entries2) if (!keep.has(e.file)) out.remove.push(e.file);
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
  for (const [file, text2] of write.items) out.items.set(file, text2);
  out.remove.push(...write.remove);
}
function planItems(items, section, wanted, stamp) {
  const out = { items: /* @__PURE__ */ new Map(), head: null, remove: [] };
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
    for (const text2 of run.texts) {
      const key = keyBetween(prev, run.before);
      out.items.set(`${section}/${key}.md`, serializeItem({ ...stampFields(stamp), blocks: [text2] }));
      prev = key;
    }
  }
  return { write: out, split };
}
var MOVED_FILE_BYTES = LIMITS.itemFileBytes / 2;
function planMovedSection(section, wanted, stamp, out) {
  const runs = [];
  let bytes2 = 0;
  for (const text2 of wanted) {
    const size = Buffer.byteLength(text2) + 2;
    const run = runs.at(-1);
    if (run === void 0 || bytes2 + size > MOVED_FILE_BYTES) {
      runs.push([text2]);
      bytes2 = size;
    } else {
      run.push(text2);
      bytes2 += size;
    }
  }
  let files;
  try {
    files = runs.map((blocks) => serializeItem({ ...stampFields(stamp), blocks }));
  } catch (e) {
    if (!(e instanceof FrontmatterError)) throw e;
    files = wanted.map((text2) => serializeItem({ ...stampFields(stamp), blocks: [text2] }));
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
  const table3 = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i2 = n - 1; i2 >= 0; i2--) {
    for (let j2 = m - 1; j2 >= 0; j2--) {
      table3[i2][j2] = a[i2] === b[j2] ? table3[i2 + 1][j2 + 1] + 1 : Math.max(table3[i2 + 1][j2], table3[i2][j2 + 1]);
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
    } else if (table3[i + 1][j] >= table3[i][j + 1]) i++;
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
var READER_MARKER = /^\.reading\.(\d+)\.[0-9a-f]{12}\.tmp$/;
var FOLDER_READ_WAIT_MS = 500;
var WRITER_YIELD_MS = 1e3;
var RETRY_PAUSE_MS = 2;
function markerSuffix() {
  return Math.floor(Math.random() * 281474976710656).toString(16).padStart(12, "0");
}
function placeMarker(folder, kind) {
  const path = join(folder, `.${kind}.${process.pid}.${markerSuffix()}.tmp`);
  writeFileSync(path, "", { flag: "wx" });
  return () => {
    try {
      unlinkSync(path);
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
    names = readdirSync(folder);
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
function projectIdsIn(dir) {
  return readdirSync(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
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
      dir = opendirSync(this.threadsDir(projectId));
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
    let entries2;
    try {
      entries2 = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return { threads, problems };
      throw unreadable(dir, reasonOf(e));
    }
    const ids = /* @__PURE__ */ new Set();
    for (const entry of entries2.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) {
      const id = threadIdOfDirent(entry);
      if (id === null) continue;
      if (!isValidId(id)) {
        problems.push({
          path: join(dir, entry.name),
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
    let text2;
    try {
      text2 = serializeThreadExactly(thread);
    } catch (e) {
      if (e instanceof FrontmatterError) throw errors.invalid(`Thread "${thread.id}" cannot be written: ${e.message}.`);
      throw e;
    }
    makeDir(this.threadsDir(projectId));
    writeFenced(this.lockPath, this.legacyThreadPath(projectId, thread.id), text2);
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
  const text2 = strictUtf8(bytes2);
  if (text2 === null) throw unreadable(path, "is not valid UTF-8");
  return { text: text2, blob: gitBlobId(bytes2), stamp: stat.isFile() ? statStamp(stat) : null };
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
function isoTimestamp(ms2) {
  const d = new Date(ms2);
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return d.toISOString();
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}
var HASH = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
var PER_WORKTREE = /^(?:HEAD|refs\/(?:bisect|worktree|rewritten)\/)/;
var MAX_REF_FILE_BYTES = 64 * 1024 * 1024;
function readIfExists(path) {
  try {
    if (statSync(path, { throwIfNoEntry: false }) === void 0) return null;
    const bytes2 = readRegularFile(path, MAX_REF_FILE_BYTES, true);
    if (bytes2 !== null && bytes2.length > MAX_REF_FILE_BYTES) throw new Error(`${path} is over ${MAX_REF_FILE_BYTES} bytes`);
    return bytes2 === null ? null : bytes2.toString("utf8");
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
  }
}
function commonDir(gitDir2) {
  const pointer = readIfExists(join(gitDir2, "commondir"));
  return pointer === null ? gitDir2 : resolve(gitDir2, pointer.trim());
}
function packedRef(common, name) {
  const packed = readIfExists(join(common, "packed-refs"));
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
  if (existsSync(join(common, "reftable"))) return void 0;
  let name = "HEAD";
  for (let depth = 0; depth < 5; depth++) {
    if (!/^(?:HEAD|refs\/[^\0\\]+)$/.test(name) || name.split("/").includes("..")) return void 0;
    const loose = readIfExists(join(PER_WORKTREE.test(name) ? gitDir2 : common, name));
    const text2 = loose === null ? name === "HEAD" ? null : packedRef(common, name) : loose.trim();
    if (text2 === null) return name === "HEAD" ? void 0 : null;
    if (HASH.test(text2)) return text2;
    const symbolic = /^ref:\s*(\S+)$/.exec(text2);
    if (!symbolic) return void 0;
    name = symbolic[1];
  }
  return void 0;
}
var REMOTE_HEAD = /^ref:\s*refs\/remotes\/origin\/(\S+)$/;
function remoteHeadBranchFromFiles(gitDir2) {
  const common = commonDir(gitDir2);
  if (existsSync(join(common, "reftable"))) return void 0;
  const text2 = readIfExists(join(common, "refs", "remotes", "origin", "HEAD"));
  if (text2 === null) return null;
  const branch = REMOTE_HEAD.exec(text2.trim())?.[1];
  if (branch === void 0 || branch.split("/").includes("..")) return void 0;
  return branch;
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
function gitPath(top, path) {
  return relative(top, path).split(sep).join("/");
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
var GitError = class extends Error {
};
async function git(top, args) {
  return (await gitBytes(top, args)).toString("utf8");
}
async function gitBytes(top, args) {
  const { execFile: execFile3 } = await import('child_process');
  return new Promise((resolvePromise, reject) => {
    execFile3(
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
    return userInfo().username || null;
  } catch {
    return null;
  }
}
function emptyMeasurements() {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}

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
      const entries2 = Object.entries(perProject).filter(
        (e) => isValidId(e[0]) && typeof e[1] === "string" && isValidId(e[1])
      );
      state.branches[branch] = Object.fromEntries(entries2);
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
async function writeLocalState(storeDir, state, hadProblem) {
  const path = localStatePath(storeDir);
  let setAside = null;
  if (hadProblem && existsSync(path)) {
    lockFence(join(storeDir, ".lock"))?.check();
    setAside = `${path}.corrupt-${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}`;
    renameSync(path, setAside);
  }
  const { measurements, conversations, ...kept } = state;
  if (Object.keys(conversations).length > 0 || Object.values(measurements).some((list) => list.length > 0)) {
    throw new Error("internal: measurements must be moved to measurements.jsonl before config.json is written");
  }
  writeFenced(join(storeDir, ".lock"), path, `${JSON.stringify(kept, null, 1)}
`);
  return setAside;
}
var MEASUREMENT_LOG = "measurements.jsonl";
var MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
var LOG_ROTATE_BYTES = 1024 * 1024;
var MAX_APPEND_BYTES = 64 * 1024;
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
      const same2 = previous !== null && current !== null && previous.stat.ino === current.stat.ino && previous.stat.dev === current.stat.dev;
      if (previous !== null && !same2) use(previous.fd, previous.stat.size, previous.stat);
    } finally {
      if (previous !== null) closeSync(previous.fd);
    }
    if (current !== null) use(current.fd, current.stat.size, current.stat);
  } finally {
    if (current !== null) closeSync(current.fd);
  }
}
function openLog(path, use) {
  const opened = openRegularFile(path, constants.O_RDONLY);
  if (opened === null) return null;
  try {
    return use(opened.fd, opened.stat.size, opened.stat);
  } finally {
    closeSync(opened.fd);
  }
}
function appendMeasurementEvents(storeDir, events) {
  if (events.length === 0) return 0;
  const text2 = events.map((e) => `${JSON.stringify(e)}
`).join("");
  const bytes2 = Buffer.from(text2, "utf8");
  if (bytes2.length > MAX_APPEND_BYTES) throw new Error(`measurement records too large to append (${bytes2.length} bytes)`);
  const opened = openRegularFile(measurementLogPath(storeDir), constants.O_RDWR | constants.O_APPEND | constants.O_CREAT, 420);
  if (opened === null) throw new Error(`${measurementLogPath(storeDir)} could not be created: its directory does not exist`);
  const { fd, stat: before } = opened;
  try {
    let out = bytes2;
    if (before.size > 0) {
      const last2 = Buffer.alloc(1);
      readSync(fd, last2, 0, 1, before.size - 1);
      if (last2[0] !== 10) out = Buffer.concat([Buffer.from("\n"), bytes2]);
    }
    const written = writeSync(fd, out);
    if (written < out.length) {
      throw new Error(
        `${measurementLogPath(storeDir)}: only ${written} of ${out.length} bytes could be appended (is the disk full?)`
      );
    }
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}

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

// src/core/content-hash.ts
var createHash = null;
function contentHash(text2) {
  createHash ??= nodeCrypto().createHash;
  return createHash("sha1").update(text2).digest("base64url").slice(0, 20);
}

// src/core/context/token-estimate.ts
var CACHE_LIMIT = 5e4;
var CACHE_MAX_BYTES = 8e6;
function charsEstimate(text2) {
  return Math.ceil(text2.length / 3.5);
}
function tokenCachePath(storeDir) {
  return join(storeDir, "cache", "token-counts.jsonl");
}
function legacyTokenCachePath(storeDir) {
  return join(storeDir, "cache", "token-counts.json");
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
  countSync(text2) {
    if (text2 === "") return 0;
    const key = contentHash(text2);
    this.load();
    const hit = this.cache.get(key);
    if (hit !== void 0) return hit;
    if (!this.encoder) {
      this.misses++;
      return charsEstimate(text2);
    }
    let n;
    try {
      n = this.encoder.countTokens(text2);
    } catch {
      this.encoder = null;
      this.encoderPromise = null;
      this.misses++;
      return charsEstimate(text2);
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
  cachedOrEstimate(text2) {
    if (text2 === "") return 0;
    this.load();
    return this.cache.get(contentHash(text2)) ?? charsEstimate(text2);
  }
  /**
   * A cached or exact count without waiting for the encoder: until it is loaded, characters/3.5 (not cached), and the
   * load starts in the background. For answers that report a size ("~N tokens"), not for fitting a budget.
   */
  countNow(text2) {
    if (this.encoder === null && this.encoderPromise === null && !this.preloadQueued) {
      this.preloadQueued = true;
      setTimeout(() => {
        this.preloadQueued = false;
        this.preload();
      }, PRELOAD_AFTER_MS).unref();
    }
    return this.countSync(text2);
  }
  /** A cached or exact count; loads the encoder on a miss when there is a loader, else characters/3.5. */
  async count(text2) {
    if (this.encoder === null && this.loadEncoder !== null) {
      const before = this.misses;
      const n = this.countSync(text2);
      if (this.misses === before) return n;
      await this.ready();
    }
    return this.countSync(text2);
  }
  /** Persists new counts (appended; the file is rewritten only when mostly stale). Derived data: a damaged file is replaced, never trusted. */
  async flush() {
    if (!this.cacheFile || this.pending.length === 0 && !this.rewrite) return;
    const lines = this.pending;
    this.pending = [];
    assertNoLinksBelow(dirname(dirname(this.cacheFile)), this.cacheFile);
    makeDir(dirname(this.cacheFile));
    if (this.rewrite || this.fileLines + lines.length > 2 * this.cache.size + 1e3) {
      this.rewrite = false;
      let text2 = "";
      for (const [k, n] of this.cache) text2 += `${k} ${n}
`;
      await writeFileAtomic(this.cacheFile, text2);
      this.fileLines = this.cache.size;
      if (this.legacyCacheFile) rmSync(this.legacyCacheFile, { force: true });
      return;
    }
    const opened = openRegularFile(this.cacheFile, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 420);
    if (opened === null) throw new Error(`${this.cacheFile} could not be created: its directory does not exist`);
    try {
      const bytes2 = Buffer.from(lines.join(""));
      const written = writeSync(opened.fd, bytes2);
      if (written < bytes2.length) {
        this.rewrite = true;
        throw new Error(`${this.cacheFile}: only ${written} of ${bytes2.length} bytes could be appended (is the disk full?)`);
      }
    } finally {
      closeSync(opened.fd);
    }
    this.fileLines += lines.length;
  }
  load() {
    if (this.loaded) return;
    this.loaded = true;
    if (!this.cacheFile) return;
    const text2 = readDerived(this.cacheFile);
    if (text2 === null) {
      this.loadLegacy();
      return;
    }
    const lines = text2.split("\n");
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
    const text2 = readDerived(this.legacyCacheFile);
    if (text2 === null) return;
    try {
      const data = JSON.parse(text2);
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

// src/core/context/title-line.ts
function titleLine(title, max) {
  const line = title.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}\u2026`;
}

// src/core/context/context-assembly.ts
var SEPARATOR = "\n\n---\n\n";
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
  let cut = false;
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
      cut = !walk.ended;
      break;
    }
    if (walk.count >= ANCESTOR_WALK_LIMIT && !walk.ended) {
      walk.notices.push(
        `_\u26A0 The chain above "${t.id}" is more than ${ANCESTOR_WALK_LIMIT.toLocaleString("en-US")} threads deep: farther ancestors are not read._`
      );
      break;
    }
  }
  return { threads: nearestFirst.reverse(), notices: walk.notices, cut, blocks };
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
  const withFooter = (main2) => {
    const footed = (n) => `${main2}${SEPARATOR}_ThreadMind context: ~${n} tokens | depth: ${depthText}_`;
    let tokens = input.estimate(main2);
    for (let i = 0; i < 4; i++) {
      const total = input.estimate(footed(tokens));
      if (total === tokens) break;
      tokens = total;
    }
    const text2 = footed(tokens);
    return { text: text2, tokens: Math.max(tokens, input.estimate(text2)) };
  };
  const render = (keptFrom, withSystem, body, cutNote, framing) => {
    if (framing === "bare") {
      const text2 = `${activeHead}${body}`;
      return { text: text2, tokens: input.estimate(text2) };
    }
    if (framing === "compact") return withFooter(`${activeHead}${body}${cutNote ? `

${cutNote}` : ""}`);
    const blocks = [];
    const top = [...input.notices];
    if (keptFrom > 0 || cutChain) top.push(leftOutNotice(ancestors.slice(0, keptFrom), cutChain));
    if (system !== null && !withSystem) top.push("_Left out to fit the budget: the project's system context._");
    if (withSystem && system !== null) blocks.push(system);
    if (top.length > 0) blocks.push(top.join("\n"));
    for (let i = keptFrom; i < ancestors.length; i++) blocks.push(ancestors[i].text);
    blocks.push(withWarning(`${activeHead}${body}${relatedLine}${cutNote ? `

${cutNote}` : ""}`, activeWarning));
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
  const cut = cutActive(activeBody, (body, note, framing) => render(all, false, body, note, framing), fits, input);
  return done(cut, all, false, true);
}
function leftOutNotice(omitted, beyond) {
  const n = omitted.length;
  const named2 = omitted.slice(-3).reverse().map((b) => titleLine(b.title, NOTICE_TITLE_CHARS));
  const more = n > named2.length ? `, and ${n - named2.length} more` : "";
  const unread = beyond ? `${n > 0 ? ", and" : ""} the ancestors above them, not read` : "";
  const list = n > 0 ? `${n} farther ancestor thread${n === 1 ? "" : "s"} (nearest first: ${named2.join("; ")}${more})` : "";
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
    const text2 = heading.slice(0, mid);
    const candidate = { text: text2, tokens: input.estimate(text2) };
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
function withWarning(text2, warning) {
  return warning ? `${text2}

${warning}` : text2;
}
function demoteHeadings(text2) {
  const fences = new FenceTracker();
  const demoted = text2.split("\n").map((line) => fences.outside(line) && /^ {0,3}##(?!#)/.test(line) ? line.replace("##", "###") : line).join("\n");
  return fences.open === null ? demoted : `${demoted}
${fences.open}`;
}
function closeFence(text2) {
  const fences = new FenceTracker();
  for (const line of text2.split("\n")) fences.outside(line);
  return fences.open === null ? text2 : `${text2}
${fences.open}`;
}

// src/core/context/thread-chain.ts
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
  const estimate = options.estimateOnly === true ? (text2) => tokens.cachedOrEstimate(text2) : (text2) => tokens.countSync(text2);
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
  const sources = [...consulted].map((p) => `${relative(store.dir, p)}${p.endsWith("/") ? "/" : ""}`);
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
  const file = problems.find((p) => basename(p.path) === `${parentId}.md`);
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
function termsAt(text2) {
  const out = [];
  for (const m of text2.matchAll(WORD)) {
    const folded = fold(m[0]);
    if (folded.length < 2 || STOPWORDS.has(folded)) continue;
    out.push({ term: stem(folded), start: m.index, end: m.index + m[0].length });
  }
  return out;
}
function terms(text2) {
  return termsAt(text2).map((t) => t.term);
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
function snippetOf(text2, isMatch, max = SNIPPET_MAX_CHARS) {
  const lines = text2.split("\n");
  let best = { line: "", count: 0, first: 0 };
  for (const line of lines) {
    const hits = termsAt(line).filter((t) => isMatch(t.term));
    const count2 = new Set(hits.map((h) => h.term)).size;
    if (count2 > best.count) best = { line, count: count2, first: hits[0].start };
  }
  if (best.count === 0) return clip(collapse(lines.find((l) => l.trim() !== "") ?? ""), max);
  return around(best.line, best.first, max);
}
function clip(text2, max = SNIPPET_MAX_CHARS) {
  const t = collapse(text2);
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
function collapse(text2) {
  return text2.replace(/\s+/g, " ").trim();
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
  const matches = (text2) => terms(text2).some(isMatch);
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
    const row2 = words.rowOf(t);
    if (row2 < 0) continue;
    known++;
    words.addTo(out, row2, weightOf ? weightOf(t, row2) : words.weight(row2));
  }
  if (known === 0) return null;
  return normalize2(out) ? out : null;
}
function embedText(words, text2) {
  return embedTerms(words, terms(text2));
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
  set(doc, text2) {
    const v = embedText(this.words, text2);
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
  return embedTerms(words, queryTerms2, (term, row2) => {
    const list = ti.postings(term);
    return words.weight(row2) * bm25Idf(ti.size, list ? ti.documentFrequency(list) : 0);
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
  let cut = -Infinity;
  if (found.length > keep) cut = Float64Array.from(found, (t) => best[t]).sort()[found.length - keep];
  const out = [];
  for (const t of found) {
    if (best[t] >= cut) out.push({ threadNo: t, similarity: best[t], best: index.doc(bestDoc[t] - 1) });
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
var WORD_VECTORS_FILE = "word-vectors.bin";
var FORMAT = "threadmind-word-vectors";
var MAX_ASSET_BYTES = 16e6;
var SIF_A = 1e-3;
var ZIPF_H = 13.5;
var WordVectors = class {
  constructor(dims, unit2, weights, terms2) {
    this.dims = dims;
    this.unit = unit2;
    this.weights = weights;
    terms2.forEach((t, row2) => {
      if (!this.rows.has(t)) this.rows.set(t, row2);
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
  weight(row2) {
    return this.weights[row2];
  }
  /** out += w · vector(row). */
  addTo(out, row2, w) {
    const base = row2 * this.dims;
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
  const unit2 = new Float32Array(count2 * dims);
  const weights = new Float32Array(count2);
  for (let row2 = 0; row2 < count2; row2++) {
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += raw[row2 * dims + d] ** 2;
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dims; d++) unit2[row2 * dims + d] = raw[row2 * dims + d] * inv;
    const p = 1 / ((row2 + 1) * ZIPF_H);
    weights[row2] = SIF_A / (SIF_A + p);
  }
  return new WordVectors(
    dims,
    unit2,
    weights,
    words.map((w) => stem(fold(w)))
  );
}
function isCount(v) {
  return typeof v === "number" && Number.isInteger(v) && v > 0;
}
function locateWordVectors(moduleUrl = import.meta.url) {
  const candidates = [new URL(`./assets/${WORD_VECTORS_FILE}`, moduleUrl)];
  if (moduleUrl.endsWith(".ts")) candidates.push(new URL(`../../../assets/${WORD_VECTORS_FILE}`, moduleUrl));
  for (const url of candidates) {
    const path = fileURLToPath(url);
    if (existsSync(path)) return path;
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
async function searchThreads(store, projectIds, input) {
  const q = normalizeSearchQuery(input);
  return store.exclusive(async () => {
    const cost = { threadFilesRead: 0, swept: false, bodyTextUsed: false };
    const projects = projectIds.map((id) => store.project(id));
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
      projects: projectIds,
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
    const metaOf2 = (threadNo) => {
      const slot = catalog.slotOf(bodies.threadIds[threadNo]);
      return slot >= 0 ? catalog.at(slot) : void 0;
    };
    const accepted = (t) => {
      const meta = metaOf2(t);
      return meta !== void 0 && accept(meta);
    };
    for (const m of matchMeaning(bodies, words.vectors, query, accepted, (t) => metaOf2(t)?.title ?? "", keep)) {
      const vectors = words.vectors;
      out.push({
        projectId: p.projectId,
        meta: metaOf2(m.threadNo),
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
      watcher = watch(dir, { persistent: false }, () => {
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
var CATALOG_VERSION = 2;
var BODIES_VERSION = 1;
var CATALOG_FORMAT = "threadmind-search-catalog";
var BODIES_FORMAT = "threadmind-search-bodies";
var MAX_INDEX_FILE_BYTES = 512e6;
function searchCacheDir(storeDir) {
  return join(storeDir, "cache", "search");
}
function catalogPath(storeDir, projectId) {
  return join(searchCacheDir(storeDir), `${projectId}.catalog.json`);
}
function bodiesPath(storeDir, projectId) {
  return join(searchCacheDir(storeDir), `${projectId}.bodies.json`);
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
async function writeCatalogFile(path, entries2) {
  const out = {};
  for (const e of entries2) out[e.file] = e;
  await save(path, { format: CATALOG_FORMAT, version: CATALOG_VERSION, entries: out });
}
async function writeBodiesFile(path, entries2) {
  await save(path, { format: BODIES_FORMAT, version: BODIES_VERSION, entries: Object.fromEntries(entries2) });
}
async function save(path, data) {
  assertNoLinksBelow(join(path, "..", "..", ".."), path);
  makeDir(join(path, ".."));
  await writeFileAtomic(path, JSON.stringify(data));
}
function loadFile(path, format, version, validate) {
  const entries2 = /* @__PURE__ */ new Map();
  let text2;
  try {
    text2 = readTextStrict(path, MAX_INDEX_FILE_BYTES);
  } catch (e) {
    return { entries: entries2, problem: messageOf(e) };
  }
  if (text2 === null) return { entries: entries2, problem: null };
  let data;
  try {
    data = JSON.parse(text2);
  } catch (e) {
    return { entries: entries2, problem: `${path} is not valid JSON (${e.message})` };
  }
  const d = data;
  if (!isRecord(data) || d.format !== format || !isRecord(d.entries))
    return { entries: entries2, problem: `${path} is not a ${format} file` };
  if (d.version !== version) return { entries: entries2, problem: `${path} has format version ${String(d.version)}, expected ${version}` };
  for (const [key, value] of Object.entries(d.entries)) {
    const entry = validate(key, value);
    if (entry === null) return { entries: /* @__PURE__ */ new Map(), problem: `${path} has a malformed entry "${key}"` };
    entries2.set(key, entry);
  }
  return { entries: entries2, problem: null };
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
var CLOSING_LINE = /^\s*-\s*(Closed as done|Abandoned)\s*\(\d{4}-\d{2}-\d{2}\):/;
function entryThreadId(file) {
  return file.endsWith("/") ? file.slice(0, -1) : file.slice(0, -3);
}
function entriesFromText(file, stamp, text2) {
  const hash = contentHash(text2);
  const expectedId = entryThreadId(file);
  let thread;
  try {
    thread = parseThread(text2);
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
    let text2 = s.body;
    if (thread.status && s.key === "decisions") {
      const lines = text2.split("\n");
      reasons.push(...lines.filter((l) => CLOSING_LINE.test(l)));
      text2 = lines.filter((l) => !CLOSING_LINE.test(l)).join("\n");
    }
    if (text2.trim() !== "") docs.push({ kind: "section", key: s.key, heading: s.heading, text: text2 });
  }
  if (reasons.length > 0) docs.push({ kind: "reason", key: null, heading: "Closing reason", text: reasons.join("\n") });
  return { catalog: { file, stamp, hash, meta }, body: { hash, docs } };
}

// src/core/search/project-index.ts
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
    await new Promise((resolve11) => setImmediate(resolve11));
    await new Promise((resolve11) => setImmediate(resolve11));
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
      const loaded4 = readBodiesFile(bodiesPath(this.storeDir, this.projectId));
      if (loaded4.problem)
        this.notices.push(
          `The search index's section texts could not be used (${loaded4.problem}); they were rebuilt from the thread files.`
        );
      this.bodies = /* @__PURE__ */ new Map();
      this.bodyIndex = new BodyIndex();
      for (const entry of this.catalog.values()) {
        if (!entry.meta) continue;
        const cached = loaded4.entries.get(entry.meta.id);
        if (cached && cached.hash === entry.hash && !this.pendingBodies.has(entry.meta.id)) {
          this.bodies.set(entry.meta.id, cached);
          this.bodyIndex.put(entry.meta.id, cached);
        } else if (!this.pendingBodies.has(entry.meta.id)) {
          this.reread(entry.file, true);
        }
      }
      if (loaded4.entries.size !== this.bodies.size || loaded4.problem) this.bodiesDirty = true;
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
      if (e.problem !== void 0) out.push({ path: join(this.threadsDir, e.file), reason: e.problem });
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
    const loaded4 = readCatalogFile(catalogPath(this.storeDir, this.projectId));
    if (loaded4.problem) {
      this.notices.push(`The search index could not be used (${loaded4.problem}); it was rebuilt from the thread files.`);
      this.catalogDirty = true;
    }
    this.catalog = loaded4.entries;
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
      names = readdirSync(this.threadsDir);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") names = [];
      else throw unreadable(this.threadsDir, reasonOf(e));
    }
    const seen = /* @__PURE__ */ new Set();
    const folders = new Set(names.filter((n) => isValidId(n) && isDirectory(join(this.threadsDir, n))));
    this.hasFolders = folders.size > 0;
    for (const entry of names) {
      if (isAtomicTempFile(entry)) continue;
      const isFolder = folders.has(entry);
      if (!isFolder && (!entry.endsWith(".md") || folders.has(entry.slice(0, -3)))) continue;
      const name = isFolder ? `${entry}/` : entry;
      const stamp = isFolder ? folderStampOf(join(this.threadsDir, entry)) : stampOf2(join(this.threadsDir, name));
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
    const path = join(this.threadsDir, file);
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
    let text2;
    try {
      text2 = readTextStrict(path, LIMITS.threadFileBytes);
    } catch (e) {
      if (!(e instanceof UnreadableFileError)) throw e;
      this.racy.delete(file);
      this.setEntry({ file, stamp, hash: "", meta: null, problem: e.reason });
      return;
    }
    this.filesRead++;
    if (text2 === null) {
      this.drop(file);
      return;
    }
    if (stamp.mtimeMs >= readAt2 - RACY_MS) this.racy.add(file);
    else this.racy.delete(file);
    const hash = contentHash(text2);
    if (previous && previous.hash === hash && !force) {
      if (!sameStamp(previous.stamp, stamp)) {
        previous.stamp = stamp;
        this.catalogDirty = true;
      }
      return;
    }
    const parsed2 = entriesFromText(file, stamp, text2);
    this.setEntry(parsed2.catalog);
    this.pendingBodies.set(id, parsed2.body);
  }
  /** A thread folder read as the store reads it (a damaged piece makes a catalog entry with its problem). */
  rereadFolder(file, force, knownStamp) {
    const id = entryThreadId(file);
    const folder = join(this.threadsDir, id);
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
      thread = read === null ? null : assembleFolder(id, read.texts, (rel) => join(folder, rel))?.thread ?? null;
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
    const s = lstatSync(path);
    return { mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, size: s.size, ino: s.ino };
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
  }
}
function isDirectory(path) {
  try {
    return lstatSync(path).isDirectory();
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
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names) {
      const child = join(path, name);
      let st;
      try {
        st = lstatSync(child);
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
      index = new ProjectIndex(projectId, join(this.storeDir, "threads", projectId), this.storeDir);
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

// src/core/format-count.ts
function formatCount(n) {
  if (!Number.isSafeInteger(n) || n < 0) return String(n);
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// src/core/context/thread-list-view.ts
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
  const text2 = renderTree(input.threads, {
    title: input.projectTitle,
    activeId: input.activeId,
    problems: input.problems.map((p) => ({ ...p, threadId: "" })),
    extra: (t) => relatedMark(t, input.threads)
  });
  return bytes(text2) <= THREAD_LIST_MAX_BYTES ? text2 : null;
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
  const cutNote = (n) => `(\u2026 ${plural(n, "more line")} left out to keep this answer under ${THREAD_LIST_MAX_BYTES / 1024} KB: narrow with rootId, depth or status.)`;
  const budget = THREAD_LIST_MAX_BYTES - bytes(headText) - bytes(tailText) - bytes(cutNote(body.length)) - 3;
  const kept = [];
  let used = 0;
  for (const line of body.map(clip3)) {
    const size = bytes(line) + 1;
    if (used + size > budget) break;
    kept.push(line);
    used += size;
  }
  if (kept.length < body.length) kept.push(cutNote(body.length - kept.length));
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
      const problems = catalog.problems().map((p) => ({ ...p, threadId: basename(p.path).replace(/\.md$/, "") }));
      this.kept = { projectId, catalog, version: catalog.version, threads, derived: listDerived(threads), problems };
      return this.kept;
    });
  }
};
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
  let entries2;
  try {
    entries2 = readdirSync(threadsDir, { withFileTypes: true });
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return [];
    throw e;
  }
  const ids = /* @__PURE__ */ new Set();
  const buffer = Buffer.allocUnsafe(HEAD_SEARCH_BYTES);
  for (const entry of entries2) {
    const id = threadIdOfDirent(entry);
    if (id === null || !isValidId(id) || ids.has(id)) continue;
    const path = `${threadsDir}${sep}${entry.name}`;
    if (!entry.isFile() && !entry.isDirectory()) ids.add(id);
    else if (mayNameABranch(headBytes(entry.isDirectory() ? `${path}${sep}${HEAD_FILE}` : path, buffer))) ids.add(id);
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
async function migrateV04IfNeeded(store, author) {
  const treesDir = join(store.dir, "trees");
  if (!existsSync(treesDir)) return null;
  const stat = lstatSync(treesDir);
  if (stat.isSymbolicLink()) throw linkRefused(treesDir);
  if (!stat.isDirectory()) throw unreadable(treesDir, "is not a directory, as the 0.4 layout's trees/ is");
  const report = { projects: [], removed: [], notes: [], text: "" };
  const me = await author();
  const plans = [];
  for (const name of readdirSync(treesDir).sort()) {
    if (!name.endsWith(".json")) continue;
    const projectId = name.slice(0, -5);
    const treePath = join(treesDir, name);
    if (!isValidId(projectId))
      throw new ThreadMindError(
        "unreadable",
        `Cannot migrate ${treePath}: "${projectId}" is not a valid project id. Nothing was changed.`
      );
    const nodes = readTree(treePath);
    const threadsDir = store.threadsDir(projectId);
    let parentsFromTree = 0;
    let rewritten = 0;
    const files = existsSync(threadsDir) ? readdirSync(threadsDir).filter((f) => f.endsWith(".md")).sort() : [];
    const threads = [];
    for (const file of files) {
      const id = file.slice(0, -3);
      const path = join(threadsDir, file);
      if (!isValidId(id))
        throw new ThreadMindError(
          "unreadable",
          `Cannot migrate ${path}: "${id}" is not a valid thread id; rename the file (and its id in trees/${name}). Nothing was changed.`
        );
      const text2 = readTextStrict(path, LIMITS.threadFileBytes);
      if (text2 === null) continue;
      const { thread, naive } = parseOldThread(path, id, text2, me);
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
    rmSync(plan.treePath);
    report.removed.push(plan.treePath);
    report.projects.push({
      id: plan.projectId,
      threads: plan.threads.length,
      parentsFromTree: plan.parentsFromTree,
      rewritten: plan.rewritten
    });
  }
  if (readdirSync(treesDir).length === 0) rmdirSync(treesDir);
  if (existsSync(join(store.dir, "stats"))) {
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
  const text2 = readTextStrict(path, LIMITS.threadFileBytes);
  if (text2 === null) throw errors.migrationFileGone(path);
  try {
    data = JSON.parse(text2);
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
function parseOldThread(path, id, text2, author) {
  try {
    const thread2 = parseThread(text2);
    if (thread2.id === id && serializeThread(thread2) === text2) return { thread: thread2, naive: false };
  } catch (e) {
    if (!(e instanceof FrontmatterError)) throw e;
  }
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text2);
  if (!match) throw new ThreadMindError("unreadable", `Cannot migrate ${path}: no '---' frontmatter block. Nothing was changed.`);
  const fields = {};
  for (const line of match[1].split(/\r?\n/)) {
    const at = line.indexOf(":");
    if (at <= 0) continue;
    fields[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  const mtime = statSync(path).mtime.toISOString();
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
  const path = relative(top, req.file).split(sep).join("/");
  const head = await headCommit(top);
  const headText = head === null ? null : await blobAtHead(top, path);
  const entries2 = [];
  if (req.workingText !== headText) {
    entries2.push({ commit: null, author: null, date: null, subject: null, ...compare(headText, req.workingText) });
  }
  const wanted = limit - entries2.length;
  const commits = head === null || wanted === 0 ? [] : await commitVersions(top, path, wanted + 1);
  if (entries2.length === 0 && commits.length === 0 && req.workingText === null) throw errors.threadNotFound(req.threadId);
  const truncated = commits.length > wanted || wanted === 0 && head !== null && (await commitVersions(top, path, 1)).length > 0;
  entries2.push(...commits.slice(0, wanted));
  const history = { threadId: req.threadId, path, gitAvailable: true, entries: entries2, truncated, limit };
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
  const join51 = (side, newline) => side === null ? null : side.join("\n") + (side.length > 0 && newline ? "\n" : "");
  return { before: join51(before, endsWithNewline.before), after: join51(after2, endsWithNewline.after) };
}
function compare(before, after2) {
  const change2 = before === null ? "created" : after2 === null ? "deleted" : "modified";
  const parse = (text2, which) => {
    if (text2 === null || text2 === "") return null;
    try {
      return parseThread(text2);
    } catch (e) {
      if (e instanceof FrontmatterError) return `the ${which} version could not be parsed: ${e.message}`;
      throw e;
    }
  };
  const old = parse(before, "previous");
  const now = parse(after2, "new");
  if (typeof old === "string" || typeof now === "string") {
    return { change: change2, meta: [], sections: [], problem: typeof now === "string" ? now : old };
  }
  return { change: change2, meta: metaChanges(old, now), sections: sectionChanges(old?.summary ?? "", now?.summary ?? "") };
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
  const add = (name, text2) => {
    const lines = text2.split("\n").map((l) => l.trim()).filter((l) => l !== "");
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
function rotateMeasurementLogIfFull(storeDir, pause2) {
  const path = measurementLogPath(storeDir);
  const size = openLog(path, (_fd, bytes2) => bytes2);
  if (size === null || size <= LOG_ROTATE_BYTES) return false;
  const fence = lockFence(join(storeDir, ".lock"));
  if (fence === null) {
    renameSync(path, previousMeasurementLogPath(storeDir));
    return true;
  }
  fence.check();
  const linked = atomicTempPath(path, fence.tempDir);
  if (!fencedStep(fence.check, () => linkSync(path, linked))) return false;
  fencedStep(fence.check, () => renameSync(linked, previousMeasurementLogPath(storeDir)));
  const grave = atomicTempPath(path, fence.tempDir);
  if (fencedStep(fence.check, () => renameSync(path, grave))) rmSync(grave, { force: true });
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
async function recordMeasurementEvents(store, events) {
  store.exists();
  if (!existsSync(measurementLogPath(store.dir))) store.ensureIgnored();
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
  const bytes2 = Buffer.alloc(headLength + tailLength);
  readAt(fd, bytes2.subarray(0, headLength), 0);
  readAt(fd, bytes2.subarray(headLength), covered - tailLength);
  return bytes2.toString("base64");
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

// src/core/measure/freshness-events.ts
var isCount2 = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0;
var isText = (v) => typeof v === "string" && v !== "";
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

// src/core/measure/recall-events.ts
var isStr = (v) => typeof v === "string";
var isCount3 = (v) => Number.isSafeInteger(v) && v >= 0;
var optional = (v, is) => v === void 0 || is(v);
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
function emptyRecallFigures() {
  return {
    recalls: 0,
    recallTokens: 0,
    recallsDelivered: 0,
    recallsUndelivered: 0,
    subagentContexts: 0,
    subagentTokens: 0,
    subagentContextsDelivered: 0,
    subagentContextsUndelivered: 0
  };
}
function deliveryText(fired, delivered, undelivered) {
  const pending = fired - delivered - undelivered;
  const parts = [`${formatCount(delivered)} delivered (confirmed from the transcript)`];
  if (undelivered > 0) parts.push(`${formatCount(undelivered)} not delivered`);
  if (pending > 0) parts.push(`${formatCount(pending)} not checked yet`);
  return parts.join(", ");
}
function recallLines(r) {
  const times = (n) => `${formatCount(n)} time${n === 1 ? "" : "s"}`;
  const tokens = (n) => `~${formatCount(n)} tokens in all (estimated: characters / 3.5)`;
  return [
    "Decisions handed over at the point of action (Claude Code plugin hooks):",
    `  Before a file was changed (PreToolUse): ${times(r.recalls)}, ${tokens(r.recallTokens)}; ${deliveryText(r.recalls, r.recallsDelivered, r.recallsUndelivered)}`,
    `  To subagents (SubagentStart): ${times(r.subagentContexts)}, ${tokens(r.subagentTokens)}; ${deliveryText(r.subagentContexts, r.subagentContextsDelivered, r.subagentContextsUndelivered)}`,
    "  Delivery is read from Claude Code's transcript when the session ends or compacts; not checked yet: still running, or recorded by an older version."
  ];
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
function logBytes(fd, size) {
  const buffer = Buffer.allocUnsafe(Math.min(size, READ_MAX_BYTES));
  return buffer.subarray(0, readAt(fd, buffer, size - buffer.length));
}
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
function readMeasurementLog(storeDir, legacy = emptyMeasurements()) {
  const m = emptyMeasurements();
  const receipts = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Set();
  const staleness = stalenessCollector();
  const recall = emptyRecallFigures();
  const handedOver = [];
  let unreadableLines = 0;
  const fold2 = (line, fromLog, rawBytes) => {
    if (line.trim() === "" || seen.has(line)) return;
    seen.add(line);
    const event = parseEventLine(line);
    if (event === null) {
      if (fromLog) unreadableLines += 1;
      return;
    }
    switch (event.kind) {
      case "sessionEnd":
        m.sessionEnds.push(record(event));
        break;
      case "preCompact":
        m.preCompacts.push(record(event));
        break;
      case "injection": {
        const { firstRequestTokens: _notMeasuredHere, ...fields } = record(event);
        m.injections.push({ ...fields, receipt: "pending" });
        break;
      }
      case "receipt":
        receipts.set(receiptKey({ sessionId: event.sessionId, at: event.injectionAt, contentHash: event.contentHash }), {
          receipt: event.receipt,
          ...event.firstRequestTokens !== void 0 ? { firstRequestTokens: event.firstRequestTokens } : {}
        });
        break;
      case "hookSeen":
        m.hooksSeen.push(record(event));
        break;
      case "staleness":
        if (fromLog && rawBytes <= LOG_LINE_MAX_BYTES && line.includes(STALENESS_NEEDLE)) staleness.add(event);
        break;
      case "recall":
        recall.recalls += 1;
        recall.recallTokens += event.tokens;
        if (event.fingerprint !== void 0)
          handedOver.push({ kind: event.kind, key: receiptKey({ ...event, contentHash: event.fingerprint }) });
        break;
      case "subagentContext":
        recall.subagentContexts += 1;
        recall.subagentTokens += event.tokens;
        if (event.fingerprint !== void 0)
          handedOver.push({ kind: event.kind, key: receiptKey({ ...event, contentHash: event.fingerprint }) });
        break;
      case "conversation":
      case "summaryWrite":
      case "freshnessMark":
      case "fileEdit":
        break;
      // read where needed: instanceEvents, freshnessFigure
      default: {
        const unreachable = event;
        throw new Error(`unknown measurement event ${JSON.stringify(unreachable)}`);
      }
    }
  };
  for (const event of legacyMeasurementEvents(legacy)) fold2(JSON.stringify(event), false, 0);
  forEachLogFile(storeDir, (fd, size) => {
    const bytes2 = logBytes(fd, size);
    for (let start = 0; start <= bytes2.length; ) {
      const newline = bytes2.indexOf(10, start);
      const end = newline === -1 ? bytes2.length : newline;
      fold2(bytes2.toString("utf8", start, end), true, end - start);
      start = end + 1;
    }
  });
  for (const injection of m.injections) {
    const settled = receipts.get(receiptKey(injection));
    if (settled !== void 0 && injection.receipt === "pending") {
      injection.receipt = settled.receipt;
      if (settled.firstRequestTokens !== void 0) injection.firstRequestTokens = settled.firstRequestTokens;
    }
  }
  for (const { kind, key } of handedOver) {
    const settled = receipts.get(key);
    if (settled === void 0) continue;
    const delivered = settled.receipt === "delivered";
    if (kind === "recall") recall[delivered ? "recallsDelivered" : "recallsUndelivered"] += 1;
    else recall[delivered ? "subagentContextsDelivered" : "subagentContextsUndelivered"] += 1;
  }
  return {
    measurements: {
      sessionEnds: m.sessionEnds.slice(-500),
      preCompacts: m.preCompacts.slice(-500),
      injections: m.injections.slice(-500),
      hooksSeen: m.hooksSeen.slice(-500)
    },
    unreadableLines,
    staleness: staleness.records,
    recall
  };
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
var STALENESS_NEEDLE = `"kind":"staleness"`;
function stalenessCollector() {
  const records = [];
  const seen = /* @__PURE__ */ new Set();
  return {
    records,
    add(event) {
      if (event.kind !== "staleness") return;
      const key = JSON.stringify(event);
      if (!seen.has(key)) records.push(event);
      seen.add(key);
    }
  };
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
function fileHasConflictMarkers(path) {
  try {
    const text2 = readTextStrict(path, LIMITS.threadFileBytes);
    return text2 !== null && hasConflictMarkers(text2);
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
    const text2 = await gitMaybe(gitTop, ["show", `HEAD:${name}`]);
    if (text2 === null || text2.length > LIMITS.threadFileBytes) return null;
    if (rel === HEAD_FILE) texts.head = `${text2}
`;
    else if (parts.length === 2 && isSectionDir(parts[0]) && parts[1].endsWith(".md")) texts.items.set(rel, `${text2}
`);
    else if (parts.length === 2 && SET_DIRS.includes(parts[0])) texts.members.set(rel, text2);
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
  const text2 = await gitMaybe(gitTop, ["show", `HEAD:${rel}`]);
  if (text2 === null || text2.length > LIMITS.threadFileBytes) return null;
  try {
    const thread = parseThread(`${text2}
`);
    return thread.id === id ? thread : null;
  } catch {
    return null;
  }
}
function conflictNotice(root, path) {
  const file = relative(root, path) || path;
  return `_\u26A0 ${file} is in conflict (a merge left it unresolved), so its last committed version is loaded; fix: run /thread-mind:resolve (\`thread-mind-mcp resolve\` in a terminal), or edit between the <<<<<<< and >>>>>>> markers. Updates to this thread are refused until then._`;
}

// src/core/thread-folder-history.ts
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
  const path = `${relative(top, req.folder).split(sep).join("/")}/`;
  const head = await headCommit(top);
  const atHead = head === null ? null : await committedThread(top, req.folder, req.legacyPath, req.threadId);
  const entries2 = [];
  if (JSON.stringify(atHead) !== JSON.stringify(req.working)) {
    const change2 = atHead === null ? "created" : req.working === null ? "deleted" : "modified";
    entries2.push({
      commit: null,
      author: null,
      date: null,
      subject: null,
      change: change2,
      meta: metaChanges(atHead, req.working),
      sections: sectionChanges(atHead?.summary ?? "", req.working?.summary ?? "")
    });
  }
  const wanted = limit - entries2.length;
  const commits = head === null || wanted === 0 ? [] : await folderVersions(top, path, wanted + 1);
  const legacy = gitPath(top, req.legacyPath);
  const moves = await settleMoves(top, commits, legacy);
  if (head !== null && wanted > 0 && commits.length <= wanted && (moves.length > 0 || commits.length === 0)) {
    const seen = new Set(commits.map((c) => c.commit));
    const older = await commitVersions(top, legacy, wanted + 1 - commits.length + moves.length, moves);
    commits.push(...older.filter((c) => !seen.has(c.commit)).slice(0, wanted + 1 - commits.length));
  }
  if (entries2.length === 0 && commits.length === 0 && req.working === null) throw errors.threadNotFound(req.threadId);
  const truncated = commits.length > wanted || wanted === 0 && head !== null && (await folderVersions(top, path, 1)).length > 0;
  entries2.push(...commits.slice(0, wanted));
  const history = { threadId: req.threadId, path, gitAvailable: true, entries: entries2, truncated, limit };
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
    const { sides, named: named2, ...changes } = commitChanges(patch, commit.commit, folder, own.get(commit.commit) ?? null);
    for (const { file, gone } of named2) {
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
  const text2 = await gitMaybe(top, ["cat-file", "blob", spec]);
  if (text2 === null) throw new FrontmatterError("it is not in this repository");
  return text2;
}
function sideOf(sides, name) {
  let d = sides.get(name);
  if (d === void 0) {
    d = { before: [], after: [] };
    sides.set(name, d);
  }
  return d;
}
async function settleMoves(top, entries2, legacy) {
  const moves = [];
  for (const entry of entries2) {
    const blob = entry.movedFrom;
    delete entry.movedFrom;
    if (blob === void 0 || entry.commit === null) continue;
    moves.push(entry.commit);
    entry.change = "modified";
    entry.meta.unshift(`moved from ${legacy} to its folder (one file per item)`);
    let sections;
    try {
      const text2 = await committedText(top, blob, LIMITS.threadFileBytes);
      sections = splitSummary(parseThread(`${text2}
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
  const named2 = [];
  const meta = [];
  let change2 = "modified";
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
        if (before === null) change2 = "created";
        else if (after2 === null) change2 = "deleted";
        if (old === null && now?.migratedFrom !== void 0) movedFrom = now.migratedFrom;
        meta.push(...headChangesOrNone(old, now));
      } else if (dir !== void 0 && name !== void 0 && isSectionDir(dir)) {
        const blocks = (text2) => text2 === null || text2 === "" ? [] : parseItem(text2).blocks;
        const [was, is] = [blocks(before), blocks(after2)];
        const d = sideOf(sides, SECTION_HEADINGS[dir]);
        d.before.push(...was);
        d.after.push(...is);
      } else if (dir === "removed") {
        const [a, b] = [memberOrNull(before), memberOrNull(after2)];
        if (a !== b) {
          if (b !== null && isItemPath(b)) named2.push({ file: b, gone: true });
          if (a !== null && isItemPath(a)) named2.push({ file: a, gone: false });
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
  const out = { change: change2, meta, sides, named: named2 };
  if (problem !== void 0) out.problem = problem;
  if (movedFrom !== void 0) out.movedFrom = movedFrom;
  return out;
}
function memberOrNull(text2) {
  return text2 === null ? null : memberLine(text2);
}
function headChangesOrNone(old, now) {
  return old === null || now === null ? [] : headChanges(old, now);
}

// src/core/project-list.ts
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
function groupSpan(match, group2) {
  const span = match.indices?.[group2];
  if (span === void 0) throw new Error(`secret pattern ${String(match)} has no indices for group ${group2}`);
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
  detect(match, text2) {
    const { start, end: headerEnd } = groupSpan(match, 0);
    const body = new RegExp(PRIVATE_KEY_BODY.source, PRIVATE_KEY_BODY.flags);
    body.lastIndex = headerEnd;
    if (body.exec(text2) === null) return null;
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
function detectAssignment(match, text2) {
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
    const after2 = text2.slice(span.end, span.end + 200);
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
function scanForSecrets(text2) {
  const candidates = [];
  SECRET_RULES.forEach((rule, priority) => {
    for (const match of text2.matchAll(rule.pattern)) {
      const candidate = rule.detect(match, text2);
      if (candidate !== null) candidates.push({ candidate, priority });
    }
  });
  const masked = maskLinePrefixes(text2);
  if (masked !== text2) {
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
  const lineStarts = lineStartOffsets(text2);
  return kept.map((c) => {
    const line = lineOf(lineStarts, c.start);
    const lineStart = lineStarts[line - 1] ?? 0;
    return { kind: c.kind, line, column: c.start - lineStart + 1, masked: mask(c) };
  });
}
var LINE_PREFIX = /^(?:[ \t]*(?:>[ \t]?|(?:[|*+#-]|\/\/|;)[ \t]+))+/gm;
var TABLE_ROW_END = /[ \t]*\|[ \t]*(?=\r?$)/gm;
function maskLinePrefixes(text2) {
  const blank = (m) => " ".repeat(m.length);
  return text2.replace(LINE_PREFIX, blank).replace(TABLE_ROW_END, blank);
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
function assertNoSecrets(text2, what) {
  if (what.trim() === "") throw new TypeError("assertNoSecrets: `what` must describe the text being written");
  const findings = scanForSecrets(text2);
  if (findings.length > 0) throw new SecretDetectedError(what, findings);
}
function refusalMessage(what, findings) {
  const first = findings[0];
  if (first === void 0) throw new Error("SecretDetectedError needs at least one finding");
  const named2 = findings.slice(0, FINDINGS_NAMED_IN_MESSAGE).map((f) => `${f.kind} on line ${f.line}`);
  const rest = findings.length - named2.length;
  const list = rest > 0 ? `${named2.join(", ")} and ${rest} more` : joinWithAnd(named2);
  const plural4 = findings.length > 1;
  const example = maskExample(first.masked);
  return `Refused to write ${what}: it contains what looks like ${plural4 ? "credentials" : "a credential"} (${list}). Nothing was written. Remove or mask the ${plural4 ? "secrets" : "secret"} (e.g. ${example}) and try again.`;
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
function lineStartOffsets(text2) {
  const starts = [0];
  for (let i = text2.indexOf("\n"); i !== -1; i = text2.indexOf("\n", i + 1)) starts.push(i + 1);
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
    if (rel === null && isAbsolute$1(path)) {
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
    return realpathSync.native(path);
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
    const same2 = projectTitled(ctx.store, input.title);
    if (same2 !== null) throw errors.projectTitleTaken(same2.title, same2.id);
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
var CONFIG_MAX_BYTES = 1024 * 1024;
function hasGitRemote(top) {
  try {
    const config = readRegularFile(join(commonDir(gitDir(top)), "config"), CONFIG_MAX_BYTES, true);
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

// src/core/writes/write-context.ts
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

// src/core/rebase-check.ts
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
    return this.store.exists() && existsSync(join(this.store.dir, "trees"));
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
      const text2 = options.full === true ? renderTreeOf(project, threads2, problems2, threadId) : threadListText({ projectTitle: project.title, threads: threads2, problems: problems2, activeId: threadId }, options);
      return { text: text2, problems: problems2 };
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
    const projectIds = q.scope === "all-projects" ? this.store.exists() ? this.store.projectIds() : [] : [this.currentProject().id];
    if (projectIds.length === 0) throw errors.noProject();
    for (const id of projectIds) this.store.threadsDir(id);
    const answer = await searchThreads(searchIndexFor(this.store.dir), projectIds, input);
    return { ...answer, text: formatSearchAnswer(answer) };
  }
  /** thread_history: the versions of a thread's file in git (default: the active thread), newest first. */
  async threadHistory(input = {}) {
    if (input.threadId !== void 0) assertId(input.threadId, "thread id");
    checkHistoryLimit(input.limit);
    const { project, threadId: sessionThreadId } = await this.currentThreadRef();
    const threadId = input.threadId ?? sessionThreadId;
    const folder = this.store.threadFolder(project.id, threadId);
    if (existsSync(folder) || !existsSync(this.store.legacyThreadPath(project.id, threadId))) {
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
var TIKTOKEN_ASSETS = { wasm: "tiktoken_bg.wasm", ranks: "o200k_base.json" };
function locateTiktokenAssets(assetsDir) {
  if (assetsDir) {
    const wasm = `${assetsDir}/${TIKTOKEN_ASSETS.wasm}`;
    const ranks = `${assetsDir}/${TIKTOKEN_ASSETS.ranks}`;
    if (existsSync(wasm) && existsSync(ranks)) return { wasm, ranks };
  }
  const require2 = createRequire$1(import.meta.url);
  return {
    wasm: require2.resolve("tiktoken/lite/tiktoken_bg.wasm"),
    ranks: require2.resolve("tiktoken/encoders/o200k_base.json")
  };
}
function bundledAssetsDir(moduleUrl) {
  return fileURLToPath(new URL("./assets", moduleUrl));
}
async function loadTiktokenEncoder(assetsDir) {
  const paths = locateTiktokenAssets(assetsDir);
  const { init, Tiktoken } = await Promise.resolve().then(() => __toESM(require_init()));
  const wasm = readFileSync(paths.wasm);
  await init((imports) => WebAssembly.instantiate(wasm, imports));
  const ranks = JSON.parse(readFileSync(paths.ranks, "utf8"));
  const tiktoken = new Tiktoken(ranks.bpe_ranks, ranks.special_tokens, ranks.pat_str);
  return { countTokens: (text2) => countInPieces(text2, (piece) => tiktoken.encode(piece, "all").length) };
}
var LONG_RUN = 1e3;
var RUN_PIECE = 500;
function isSpace(code) {
  return code >= 9 && code <= 13 || code === 32 || code === 160 || code === 5760 || code >= 8192 && code <= 8202 || code === 8232 || code === 8233 || code === 8239 || code === 8287 || code === 12288 || code === 65279;
}
function countInPieces(text2, count2) {
  let total = 0;
  let from = 0;
  let run = 0;
  for (let i = 0; i <= text2.length; i++) {
    if (i < text2.length && !isSpace(text2.charCodeAt(i))) continue;
    if (i - run >= LONG_RUN) {
      if (run > from) total += count2(text2.slice(from, run));
      for (let at = run; at < i; at += RUN_PIECE) total += count2(text2.slice(at, Math.min(at + RUN_PIECE, i)));
      from = i;
    }
    run = i + 1;
  }
  return from === 0 ? count2(text2) : total + (from < text2.length ? count2(text2.slice(from)) : 0);
}
var UsageError = class extends Error {
};
function optionParserAvailable() {
  return typeof util.parseArgs === "function";
}
function parseCommandArgs(argv, known) {
  const options = {};
  for (const [name, kind] of Object.entries(known)) options[name] = { type: kind === "value" ? "string" : "boolean" };
  let parsed2;
  try {
    parsed2 = util.parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw usageErrorOf(e, known);
  }
  const flags = /* @__PURE__ */ new Map();
  for (const [name, value] of Object.entries(parsed2.values)) {
    if (typeof value === "string") flags.set(name, value);
    else if (value === true) flags.set(name, true);
  }
  return { positionals: parsed2.positionals, flags };
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
function expectNoArguments(args) {
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
}
function positiveInt(value, name) {
  if (value === void 0) return void 0;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number.parseInt(value, 10) : Number.NaN;
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive whole number`);
  return n;
}
function oneOf2(value, name, allowed, shown = allowed) {
  if (value === void 0) return void 0;
  const found = allowed.find((a) => a === value);
  if (found === void 0) throw new UsageError(`--${name} must be one of ${shown.join(", ")}`);
  return found;
}
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = resolve(dir);
  const stop = gitTop ? resolve(gitTop) : current;
  for (; ; ) {
    if (isDirectory2(join(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom(resolve(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory2(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory2(env.CLAUDE_PROJECT_DIR)) {
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
function isDirectory2(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// src/cli/cli-workspace.ts
function cliWorkspace() {
  return resolveWorkspace({ env: process.env, cwd: process.cwd() });
}

// src/cli/cli-services.ts
function gitTopHere() {
  const workspace = cliWorkspace();
  if (workspace.gitTop === null) throw new UsageError(`${workspace.root} is not in a git repository`);
  return { top: workspace.gitTop, store: new Store(workspace) };
}
function openCliServices(options) {
  return new ThreadMindServices({
    workspace: cliWorkspace(),
    session: { key: `cli-${process.pid}`, pid: process.pid },
    env: process.env,
    encoder: options.exactTokens ? () => loadTiktokenEncoder(bundledAssetsDir(import.meta.url)) : null
  });
}
function printNotices(services) {
  for (const notice of services.notices) console.error(notice);
}

// src/cli/commands/tree.ts
var treeCommand = {
  name: "tree",
  summary: "print the thread tree of the active project",
  usage: "thread-mind-mcp tree",
  options: {},
  run: async () => {
    const s = openCliServices({ exactTokens: false });
    const { text: text2, problems } = await s.threadList({ full: true });
    console.log(text2);
    printNotices(s);
    return problems.length > 0 ? 1 : 0;
  }
};

// src/cli/commands/context.ts
var contextCommand = {
  name: "context",
  summary: "print the current thread's context (as context_get gives it: whole, unless bounded)",
  usage: [
    "thread-mind-mcp context [--max-tokens N] [--max-chars N]",
    "",
    "The plugin's SessionStart loads this context within 10,000 characters, its own first line included: a longer one",
    "is cut there (doctor's Context size check says by how much)."
  ].join("\n"),
  options: { "max-tokens": "value", "max-chars": "value" },
  run: async (args) => {
    const s = openCliServices({ exactTokens: true });
    const maxTokens = positiveInt(args.flags.get("max-tokens"), "max-tokens");
    const maxChars = positiveInt(args.flags.get("max-chars"), "max-chars");
    const ctx = await s.contextGet({ ...maxTokens ? { maxTokens } : {}, ...maxChars ? { maxChars } : {} });
    console.log(ctx.text);
    printNotices(s);
    return 0;
  }
};

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

// src/core/savings/freshness-figure.ts
function group(judged, kind) {
  const mine = judged.filter((j) => j.kind === kind);
  const stale = mine.filter((j) => j.stale).length;
  return {
    restarts: mine.length,
    current: mine.length - stale,
    stale,
    averageSinceWrite: mine.length === 0 ? null : mine.reduce((sum, j) => sum + j.sinceWrite, 0) / mine.length
  };
}
function figure(judged, threshold) {
  return { threshold, clear: group(judged, "clear"), compaction: group(judged, "compaction") };
}
function freshnessFromLog(records, threshold) {
  const judged = records.flatMap(
    (r) => r.sinceWriteTokens === null ? [] : [{ kind: r.restart === "clear" ? "clear" : "compaction", sinceWrite: r.sinceWriteTokens, stale: r.stale }]
  );
  return figure(judged, threshold);
}
function freshnessFromTranscripts(restarts, sessions, threshold = DEFAULT_NUDGE_TOKENS) {
  const byId = new Map(sessions.map((s) => [s.sessionId, s]));
  const judged = restarts.flatMap((r) => {
    if (r.before === null || r.confidence === "inferred") return [];
    const kind = r.kind === "compaction" ? "compaction" : "clear";
    const ended = kind === "clear" ? r.previousSessionId === null ? void 0 : byId.get(r.previousSessionId) : byId.get(r.sessionId);
    if (ended === void 0) return [];
    const segment = kind === "clear" ? ended.compactions.length : r.compactionIndex;
    if (segment === null) return [];
    const write = ended.summaryWrites.find((w) => w.segment === segment);
    const baseline = write !== void 0 ? write.contextTokens : segment === 0 ? ended.firstContextTokens : ended.compactions[segment - 1]?.postTokens ?? ended.compactions[segment - 1]?.contextTokensAfter ?? null;
    if (baseline === null) return [];
    const sinceWrite = Math.max(0, r.before - baseline);
    return [{ kind, sinceWrite, stale: sinceWrite > threshold }];
  });
  return figure(judged, threshold);
}
function groupLine(label, g) {
  if (g.restarts === 0) return `  ${label}: none measured`;
  const since = g.averageSinceWrite === null ? "" : `, ${formatCount(Math.round(g.averageSinceWrite))} conversation tokens since the last summary write on average`;
  return `  ${label}: ${g.restarts} (${g.current} with the summary current, ${g.stale} stale)${since}`;
}
function freshnessLines(f) {
  return [
    `Summary freshness at restarts (stale: the conversation grew more than ${formatCount(Math.round(f.threshold))} tokens since the summary was last written, or since its first request when it wrote none; measured):`,
    groupLine("/clear", f.clear),
    groupLine("compaction", f.compaction)
  ];
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
function workspaceFreshnessThreshold(storeDir, lastProjectId) {
  let ids;
  try {
    ids = projectIdsIn(join(storeDir, "projects"));
  } catch {
    return DEFAULT_NUDGE_TOKENS;
  }
  const projectId = lastProjectId !== void 0 && ids.includes(lastProjectId) ? lastProjectId : ids.length === 1 ? ids[0] : null;
  return projectId === null ? DEFAULT_NUDGE_TOKENS : verdictThreshold(readFreshnessConfig(storeDir, projectId).nudgeTokens);
}
function codexHome(env, home = homedir()) {
  const configured = env.CODEX_HOME;
  return configured !== void 0 && configured !== "" ? resolve(configured) : join(home, ".codex");
}
function codexSessionsDir(env, home = homedir()) {
  return join(codexHome(env, home), "sessions");
}
function isRolloutName(name) {
  return name.startsWith("rollout-") && (name.endsWith(".jsonl") || name.endsWith(".jsonl.zst"));
}
function isRolloutPath(path) {
  return isRolloutName(path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1));
}

// src/agents/profiles.ts
var AGENT_IDS = ["claude-code", "codex"];
var PROFILES = {
  // Over 10,000 characters Claude Code records a <persisted-output> preview instead of the context.
  "claude-code": { id: "claude-code", name: "Claude Code", contextCap: { unit: "characters", limit: 1e4 } },
  // Codex cuts hook context over 2,500 estimated tokens, counted as ceil(UTF-8 bytes / 4): 10,000 bytes arrive whole.
  codex: { id: "codex", name: "Codex", contextCap: { unit: "bytes", limit: 1e4 } }
};
function agentIdOfTranscript(transcriptPath) {
  return transcriptPath !== null && isRolloutPath(transcriptPath) ? "codex" : "claude-code";
}

// src/core/savings/stats-restarts.ts
var CLEAR_PAIR_MAX_GAP_MS = 6e4;
var COMPACT_PAIR_MAX_GAP_MS = 30 * 6e4;
var KIND_ORDER = ["/clear", "manual compaction", "auto compaction"];
function labelOf(kind, r) {
  if (kind === "clear") return "/clear";
  return r.reason === "manual" || r.reason === "auto" ? `${r.reason} compaction` : `compaction (${r.reason})`;
}
function hasSize(r) {
  return typeof r.contextTokens === "number" && Number.isFinite(r.contextTokens) && r.contextTokens > 0;
}
function average(values) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
function agentOf(record2) {
  return agentIdOfTranscript(typeof record2.transcriptPath === "string" ? record2.transcriptPath : null);
}
function restartKindFigures(clears, compacts, injections) {
  const nextCompactAt = /* @__PURE__ */ new Map();
  const bySession = /* @__PURE__ */ new Map();
  for (const r of compacts) {
    const list = bySession.get(r.sessionId);
    if (list === void 0) bySession.set(r.sessionId, [r]);
    else list.push(r);
  }
  for (const list of bySession.values()) {
    list.sort((a, b) => compareAt(a.at, b.at));
    for (const [k, r] of list.entries()) nextCompactAt.set(r, list[k + 1]?.at ?? null);
  }
  const restarts = [
    ...clears.map((record2) => ({ kind: "clear", record: record2 })),
    ...compacts.map((record2) => ({ kind: "compaction", record: record2 }))
  ];
  restarts.sort((a, b) => compareAt(a.record.at, b.record.at));
  const used = /* @__PURE__ */ new Set();
  const groups = /* @__PURE__ */ new Map();
  for (const { kind, record: r } of restarts) {
    const agent = agentOf(r);
    const label = labelOf(kind, r);
    const key = `${agent}\0${label}`;
    const group2 = groups.get(key) ?? {
      agent,
      label,
      restarts: 0,
      measured: [],
      estimateOnly: [],
      noSizeBefore: 0,
      noThreadMindAfter: 0
    };
    groups.set(key, group2);
    group2.restarts += 1;
    const next = nextCompactAt.get(r) ?? null;
    const after2 = kind === "clear" ? firstInjectionAfter(
      injections,
      used,
      r.at,
      CLEAR_PAIR_MAX_GAP_MS,
      (i) => i.source === "clear" && i.sessionId !== r.sessionId && agentOf(i) === agent
    ) : firstInjectionAfter(
      injections,
      used,
      r.at,
      COMPACT_PAIR_MAX_GAP_MS,
      (i) => i.source === "compact" && i.sessionId === r.sessionId && agentOf(i) === agent && (next === null || i.at < next)
    );
    if (after2 !== null) used.add(after2);
    if (!hasSize(r)) group2.noSizeBefore += 1;
    else if (after2 === null || after2.receipt === "missing") group2.noThreadMindAfter += 1;
    else if (typeof after2.firstRequestTokens === "number")
      group2.measured.push({ before: r.contextTokens, after: after2.firstRequestTokens, loaded: after2.tokens });
    else group2.estimateOnly.push(after2.tokens);
  }
  const order = (label) => KIND_ORDER.includes(label) ? KIND_ORDER.indexOf(label) : KIND_ORDER.length;
  return [...groups.values()].sort((a, b) => AGENT_IDS.indexOf(a.agent) - AGENT_IDS.indexOf(b.agent) || order(a.label) - order(b.label)).map((g) => ({
    agent: g.agent,
    label: g.label,
    restarts: g.restarts,
    measured: g.measured.length === 0 ? null : {
      count: g.measured.length,
      averageBefore: average(g.measured.map((p) => p.before)),
      averageAfter: average(g.measured.map((p) => p.after)),
      averageThreadMind: average(g.measured.map((p) => p.loaded))
    },
    estimateOnly: g.estimateOnly.length === 0 ? null : { count: g.estimateOnly.length, averageThreadMind: average(g.estimateOnly) },
    noSizeBefore: g.noSizeBefore,
    noThreadMindAfter: g.noThreadMindAfter
  }));
}
function compareAt(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function firstInjectionAfter(injections, used, at, maxGapMs, matches) {
  const from = Date.parse(at);
  if (Number.isNaN(from)) return null;
  let best = null;
  for (const i of injections) {
    const t = Date.parse(i.at);
    if (Number.isNaN(t) || t < from || t - from > maxGapMs || used.has(i) || !matches(i)) continue;
    if (best === null || i.at < best.at) best = i;
  }
  return best;
}

// src/core/savings/stats.ts
async function collectStats(services) {
  const context2 = await services.contextGet();
  const project = context2.project;
  const { threads, problems } = services.store.readAllThreads(project.id);
  const counts = { active: 0, done: 0, abandoned: 0, total: threads.size, unreadable: problems.length };
  for (const t of threads.values()) counts[threadStatus(t)]++;
  const summaries = [];
  for (const t of treeOrder(threads)) {
    summaries.push({ threadId: t.id, tokens: await services.tokens.count(t.summary), updated: t.updatedAt.slice(0, 10) });
  }
  await services.saveTokenCache();
  const logged = readMeasurementLog(services.store.dir, services.readState().measurements);
  return {
    projectTitle: project.title,
    counts,
    active: { threadId: context2.thread.id, depth: context2.depth, contextTokens: context2.tokens },
    summaries,
    // The legacy lists an older config.json holds, as services read (and cached) it: not read a second time.
    measured: measuredPart(logged.measurements),
    freshness: freshnessFromLog(
      logged.staleness,
      verdictThreshold(readFreshnessConfig(services.store.dir, project.id).nudgeTokens)
    ),
    recall: logged.recall
  };
}
function treeOrder(threads) {
  const shape = buildTree(threads);
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const walk = (start) => {
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(threads.get(id));
      const kids = shape.children.get(id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
    }
  };
  for (const root of shape.roots) walk(root);
  for (const d of shape.detached) walk(d.id);
  return out;
}
function measuredPart(m) {
  const ends = m.sessionEnds.filter(hasSize);
  const compacts = m.preCompacts.filter(isSizeRecord);
  const injections = m.injections.filter(isInjectionRecord);
  const receipts = { delivered: 0, preview: 0, missing: 0, pending: 0 };
  for (const r of injections) if (r.receipt in receipts) receipts[r.receipt]++;
  const clears = m.sessionEnds.filter((r) => isSizeRecord(r) && r.reason === "clear");
  const hooks = m.hooksSeen.filter(isHookSeenRecord).map((h) => h.at).sort();
  return {
    sessionEnds: AGENT_IDS.flatMap((agent) => {
      const ofAgent2 = ends.filter((r) => agentOf(r) === agent);
      if (ofAgent2.length === 0) return [];
      return [
        {
          agent,
          count: ofAgent2.length,
          averageTokens: average(ofAgent2.map((r) => r.contextTokens)),
          maxTokens: ofAgent2.reduce((max, r) => Math.max(max, r.contextTokens), Number.NEGATIVE_INFINITY)
        }
      ];
    }),
    injections: AGENT_IDS.flatMap((agent) => {
      const ofAgent2 = injections.filter((r) => agentOf(r) === agent);
      if (ofAgent2.length === 0) return [];
      return [{ agent, count: ofAgent2.length, averageTokens: average(ofAgent2.map((r) => r.tokens)) }];
    }),
    receipts,
    restarts: { clear: clears.length, compaction: compacts.length, kinds: restartKindFigures(clears, compacts, injections) },
    lastHookSeen: hooks[hooks.length - 1] ?? null
  };
}
function plural2(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function change(before, after2) {
  const c = (after2 - before) / before * 100;
  return `${c < 0 ? "\u2212" : "+"}${Math.abs(c).toFixed(1)}%`;
}
function kindLines(figures, mixed) {
  const k = mixed ? { ...figures, label: `${PROFILES[figures.agent].name} ${figures.label}` } : figures;
  const out = [];
  const p = k.measured;
  if (p !== null) {
    out.push(
      `    ${k.label}: ${fmt2(p.averageBefore)} \u2192 ${fmt2(p.averageAfter)} tokens measured (${change(p.averageBefore, p.averageAfter)}; ThreadMind ~${fmt2(p.averageThreadMind)} of it), average of ${plural2(p.count, "restart")}`
    );
  }
  const rest = [];
  if (k.estimateOnly !== null) {
    rest.push(
      `${k.estimateOnly.count} with ThreadMind context (~${fmt2(k.estimateOnly.averageThreadMind)} tokens, estimated) whose first request after is not measured (it is read when that session next ends or compacts; older versions did not record it)`
    );
  }
  if (k.noThreadMindAfter > 0)
    rest.push(
      `${k.noThreadMindAfter} after which no ThreadMind context reached the model (none loaded, or its receipt is missing)`
    );
  if (k.noSizeBefore > 0) rest.push(`${k.noSizeBefore} whose size before could not be read from the transcript`);
  if (rest.length > 0) out.push(`    ${k.label}${p !== null ? ", not averaged" : ""}: ${rest.join("; ")}`);
  return out;
}
var fmt2 = (n) => Math.round(n).toLocaleString("en-US");
var STATS_SUMMARY_ROWS = 40;
function listedSummaries(rows) {
  if (rows.length <= STATS_SUMMARY_ROWS) return { listed: [...rows], more: 0, moreTokens: 0 };
  const order = rows.map((_, i) => i).sort((a, b) => rows[b].tokens - rows[a].tokens || a - b);
  const keep = new Set(order.slice(0, STATS_SUMMARY_ROWS));
  let moreTokens = 0;
  for (const i of order.slice(STATS_SUMMARY_ROWS)) moreTokens += rows[i].tokens;
  return { listed: rows.filter((_, i) => keep.has(i)), more: rows.length - STATS_SUMMARY_ROWS, moreTokens };
}
function renderStats(report) {
  const c = report.counts;
  const lines = [
    `ThreadMind Stats: "${report.projectTitle}"`,
    "",
    `Threads: ${c.total} (${c.active} open, ${c.done} done, ${c.abandoned} abandoned)${c.unreadable > 0 ? ` \u2014 ${c.unreadable} thread file${c.unreadable === 1 ? "" : "s"} could not be read (see thread_list)` : ""}`,
    `Current thread: ${report.active.threadId} (depth ${report.active.depth}, ~${fmt2(report.active.contextTokens)} tokens of context)`,
    "",
    "Summaries:"
  ];
  const { listed, more, moreTokens } = listedSummaries(report.summaries);
  const width = listed.reduce((w, s) => Math.max(w, s.threadId.length + 1), 24);
  lines.push(`  ${"Thread".padEnd(width)} ${"Tokens".padEnd(8)} Updated`);
  for (const s of listed) lines.push(`  ${s.threadId.padEnd(width)} ${`~${fmt2(s.tokens)}`.padEnd(8)} ${s.updated}`);
  if (more > 0)
    lines.push(
      `  \u2026 and ${more} smaller ${more === 1 ? "summary" : "summaries"} not listed (~${fmt2(moreTokens)} tokens in all; thread_list shows the tree)`
    );
  lines.push("", "Measured sessions (Claude Code and Codex plugins):", ...measuredLines(report.measured));
  lines.push("", ...freshnessLines(report.freshness));
  if (report.recall !== void 0) lines.push("", ...recallLines(report.recall));
  lines.push(
    "",
    "Sizes marked ~ are estimates (summaries, ThreadMind's context); the others are measured from the usage the agent records in its transcripts (Claude Code: input + cache tokens of a request; Codex: a request's input tokens, cached ones included)."
  );
  return lines.join("\n");
}
var REPORT_LINE = "  Every restart measured from the agents' transcripts (Claude Code's and Codex's), before ThreadMind too, with a chart: /thread-mind:report (`thread-mind-mcp report --html report.html` in a terminal)";
function measuredLines(m) {
  const lines = [];
  const mixedEnds = m.sessionEnds.length > 1;
  for (const e of m.sessionEnds) {
    lines.push(
      `  Conversation size when ${mixedEnds ? `${PROFILES[e.agent].name} ` : ""}sessions ended: ${fmt2(e.averageTokens)} tokens on average, ${fmt2(e.maxTokens)} at most (${plural2(e.count, "session")}, measured)`
    );
  }
  const mixedLoads = m.injections.length > 1;
  for (const i of m.injections) {
    lines.push(
      `  ThreadMind context loaded at ${mixedLoads ? `${PROFILES[i.agent].name} ` : ""}session start: ~${fmt2(i.averageTokens)} tokens on average (${plural2(i.count, "session")}, estimated)`
    );
  }
  if (m.injections.length > 0) {
    const r = m.receipts;
    lines.push(
      `  Context delivery: ${r.delivered} confirmed in the transcript, ${r.preview} replaced by a preview, ${r.missing} missing, ${r.pending} not checked yet`
    );
  }
  const restarts = m.restarts.clear + m.restarts.compaction;
  if (restarts > 0) {
    const mixed = new Set(m.restarts.kinds.map((k) => k.agent)).size > 1;
    lines.push(
      `  Restarts: ${restarts} (/clear ${m.restarts.clear}, compaction ${m.restarts.compaction}); before \u2192 first request after, each kind${mixed ? " of each agent" : ""} on its own:`
    );
    for (const k of m.restarts.kinds) lines.push(...kindLines(k, mixed));
  }
  if (lines.length > 0) return [...lines, REPORT_LINE];
  if (m.lastHookSeen) {
    return [
      `  No session has ended since the plugin's hooks started running (last seen ${m.lastHookSeen}). Sizes appear here after a session ends (/clear, /compact or exit).`,
      REPORT_LINE
    ];
  }
  return [
    "  No measurements yet. Install the ThreadMind plugin for Claude Code or Codex: its hooks reload the context after /clear and compaction",
    "  and measure each conversation's size from the agent's transcripts. Figures appear here after a session ends.",
    REPORT_LINE
  ];
}

// src/cli/commands/stats.ts
var statsCommand = {
  name: "stats",
  summary: "print thread counts, summary sizes and the measured sessions (what /thread-mind:stats shows)",
  usage: "thread-mind-mcp stats\n\nMeasured sizes come from the plugin's hooks; `thread-mind-mcp report` scans the transcripts themselves.",
  options: {},
  run: async (args) => {
    expectNoArguments(args);
    const services = openCliServices({ exactTokens: true });
    console.log(renderStats(await collectStats(services)));
    printNotices(services);
    return 0;
  }
};
function writeStdout(text2) {
  const bytes2 = Buffer.from(text2, "utf8");
  let written = 0;
  try {
    while (written < bytes2.length) written += writeSync(1, bytes2, written, bytes2.length - written);
    return Promise.resolve();
  } catch (e) {
    if (errnoCode(e) !== "EAGAIN") return Promise.resolve();
  }
  return new Promise((resolve11) => {
    process.stdout.write(bytes2.subarray(written), () => resolve11());
  });
}
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

// src/core/savings/transcript-locations.ts
function encodeProjectPath(path) {
  return path.replace(/[^a-zA-Z0-9]/g, "-");
}
var FOLDER_NAME_MAX = 200;
function folderNameHash(path) {
  let hash = 0;
  for (let i = 0; i < path.length; i++) hash = (hash << 5) - hash + path.charCodeAt(i) | 0;
  return hash;
}
function projectFolderName(path) {
  const encoded = encodeProjectPath(path);
  if (encoded.length <= FOLDER_NAME_MAX) return encoded;
  return `${encoded.slice(0, FOLDER_NAME_MAX)}-${Math.abs(folderNameHash(path)).toString(36)}`;
}
function subfolderPrefix(encodedRoot) {
  return encodedRoot.length > FOLDER_NAME_MAX ? { prefix: `${encodedRoot.slice(0, FOLDER_NAME_MAX)}-`, suffixCheckable: false } : { prefix: `${encodedRoot}-`, suffixCheckable: true };
}
function claudeConfigDir(env, home = homedir()) {
  const configured = env.CLAUDE_CONFIG_DIR;
  return configured !== void 0 && configured !== "" ? resolve(configured) : join(home, ".claude");
}
function claudeProjectsDir(env, home = homedir()) {
  return join(claudeConfigDir(env, home), "projects");
}
function isInsideDir(path, root) {
  const rel = relative(root, path);
  return rel === "" || !rel.startsWith("..") && !isAbsolute$1(rel);
}
var CWD_HEAD_BYTES = 256 * 1024;
var CWD_FIRST_READ_BYTES = 16 * 1024;
var CWD_MEMBER = Buffer.from('"cwd"');
var NEWLINE2 = 10;
function cwdOfLine(line) {
  let value;
  try {
    value = JSON.parse(line.toString("utf8"));
  } catch {
    return null;
  }
  return typeof value === "object" && value !== null && "cwd" in value && typeof value.cwd === "string" && value.cwd !== "" ? value.cwd : null;
}
function recordedCwdOf(path, maxBytes) {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    let buffer = Buffer.allocUnsafe(Math.min(CWD_FIRST_READ_BYTES, maxBytes));
    let length = 0;
    let from = 0;
    for (; ; ) {
      let ended = false;
      while (length < buffer.length) {
        const bytesRead = readSync(fd, buffer, length, buffer.length - length, length);
        if (bytesRead === 0) {
          ended = true;
          break;
        }
        length += bytesRead;
      }
      const complete = ended ? length : buffer.lastIndexOf(NEWLINE2, length - 1) + 1;
      for (let at = buffer.indexOf(CWD_MEMBER, from); at !== -1 && at + CWD_MEMBER.length <= complete; at = buffer.indexOf(CWD_MEMBER, from)) {
        const start = buffer.lastIndexOf(NEWLINE2, at) + 1;
        const newline = buffer.indexOf(NEWLINE2, at);
        const end = newline === -1 || newline >= length ? length : newline;
        const cwd = cwdOfLine(buffer.subarray(start, end));
        if (cwd !== null) return cwd;
        from = end + 1;
        if (from >= complete) break;
      }
      if (ended || buffer.length >= maxBytes) return null;
      from = Math.max(from, complete);
      const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes));
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
  } finally {
    closeSync(fd);
  }
}
function subdirectoryEncodesTo(root, suffix) {
  if (suffix === "") return true;
  if (!suffix.startsWith("-")) return false;
  let entries2;
  try {
    entries2 = readdirSync(root);
  } catch {
    return false;
  }
  for (const name of entries2) {
    const encoded = `-${encodeProjectPath(name)}`;
    if (suffix !== encoded && !suffix.startsWith(`${encoded}-`)) continue;
    const child = join(root, name);
    let isDir = false;
    try {
      isDir = statSync(child).isDirectory();
    } catch {
      continue;
    }
    if (isDir && subdirectoryEncodesTo(child, suffix.slice(encoded.length))) return true;
  }
  return false;
}
var MISSING_REASON = "not read: a link to nothing (or removed while the report ran)";
function statUnlessMissing(path) {
  try {
    return statSync(path);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return null;
    throw e;
  }
}
function realpathOrSelf(path) {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
function sessionFiles(folderPath) {
  const names = readdirSync(folderPath);
  return names.filter((n) => n.endsWith(".jsonl") && !n.startsWith("agent-")).sort();
}
async function locateTranscripts(options) {
  const given = resolve(options.workspaceRoot);
  const roots = [.../* @__PURE__ */ new Set([given, realpathOrSelf(given)])];
  const ownFolders = roots.map(projectFolderName);
  const prefixes = roots.map((root) => subfolderPrefix(encodeProjectPath(root)));
  const result = {
    projectsDir: options.projectsDir,
    projectsDirExists: false,
    roots,
    folders: [],
    transcripts: [],
    rejected: []
  };
  let names;
  try {
    names = readdirSync(options.projectsDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return result;
    throw e;
  }
  result.projectsDirExists = true;
  for (const folder of names.sort()) {
    const exact = ownFolders.includes(folder);
    const prefixed = prefixes.find((p) => folder.startsWith(p.prefix));
    if (!exact && prefixed === void 0) continue;
    const folderPath = join(options.projectsDir, folder);
    const folderInfo = statUnlessMissing(folderPath);
    if (folderInfo === null) {
      result.rejected.push({ path: folderPath, folder, reason: MISSING_REASON });
      continue;
    }
    if (!folderInfo.isDirectory()) continue;
    result.folders.push(folder);
    for (const name of sessionFiles(folderPath)) {
      const path = join(folderPath, name);
      const info = statUnlessMissing(path);
      if (info === null) {
        result.rejected.push({ path, folder, reason: MISSING_REASON });
        continue;
      }
      if (!info.isFile()) continue;
      const recordedCwd = recordedCwdOf(path, CWD_HEAD_BYTES);
      const suffix = prefixed?.suffixCheckable === true ? folder.slice(prefixed.prefix.length - 1) : null;
      const evidence = judge(recordedCwd, exact, suffix, roots);
      if (typeof evidence === "string") {
        result.transcripts.push({ path, folder, sizeBytes: info.size, recordedCwd, evidence });
      } else {
        result.rejected.push({ path, folder, reason: evidence.reason });
      }
    }
  }
  return result;
}
function judge(recordedCwd, exactName, suffix, roots) {
  if (recordedCwd !== null) {
    if (roots.some((root) => isInsideDir(resolve(recordedCwd), root))) return "recorded-cwd";
    const why = exactName ? "another directory with the same encoded name" : "a directory whose encoded name merely shares the prefix";
    return { reason: `its sessions ran in ${recordedCwd}, outside the workspace (${why})` };
  }
  if (exactName) return "exact-folder-name";
  if (suffix !== null && roots.some((root) => subdirectoryEncodesTo(root, suffix))) return "existing-subdirectory";
  return {
    reason: "it records no working directory and no directory inside the workspace encodes to its folder name: cannot tell it from a sibling's"
  };
}
var META_MAX_BYTES = 256 * 1024;
function inside(path, root) {
  const rel = relative(root, path);
  return rel === "" || !rel.startsWith("..") && !isAbsolute$1(rel);
}
function directories(dir) {
  return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}
function plainRolloutCwd(path) {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) return null;
    const buffer = Buffer.allocUnsafe(META_MAX_BYTES);
    const n = readSync(fd, buffer, 0, META_MAX_BYTES, 0);
    const newline = buffer.subarray(0, n).indexOf(10);
    return cwdOfMetaLine(buffer.toString("utf8", 0, newline === -1 ? n : newline));
  } finally {
    closeSync(fd);
  }
}
function cwdOfMetaLine(text2) {
  let value;
  try {
    value = JSON.parse(text2);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || !("type" in value) || value.type !== "session_meta") return null;
  const payload = "payload" in value ? value.payload : null;
  if (typeof payload !== "object" || payload === null || !("cwd" in payload)) return null;
  return typeof payload.cwd === "string" && payload.cwd !== "" ? payload.cwd : null;
}
async function locateRollouts(options) {
  const given = resolve(options.workspaceRoot);
  let real = given;
  try {
    real = realpathSync(given);
  } catch {
  }
  const roots = [.../* @__PURE__ */ new Set([given, real])];
  const result = { sessionsDir: options.sessionsDir, sessionsDirExists: false, rollouts: [], unreadable: [] };
  let years;
  try {
    years = directories(options.sessionsDir);
  } catch (e) {
    if (typeof e === "object" && e !== null && "code" in e && e.code === "ENOENT") return result;
    throw e;
  }
  result.sessionsDirExists = true;
  for (const year of years)
    for (const month of directories(join(options.sessionsDir, year)))
      for (const day of directories(join(options.sessionsDir, year, month))) {
        const dir = join(options.sessionsDir, year, month, day);
        for (const name of readdirSync(dir).filter(isRolloutName).sort()) {
          const path = join(dir, name);
          const folder = `${year}/${month}/${day}`;
          let cwd;
          let sizeBytes;
          try {
            const info = statSync(path);
            if (!info.isFile()) continue;
            sizeBytes = info.size;
            cwd = name.endsWith(".zst") ? cwdOfMetaLine(await options.firstLineOf(path, META_MAX_BYTES) ?? "") : plainRolloutCwd(path);
          } catch (error) {
            result.unreadable.push({ path, folder, reason: error instanceof Error ? error.message : String(error) });
            continue;
          }
          if (cwd === null || !roots.some((root) => inside(resolve(cwd), root))) continue;
          result.rollouts.push({ path, folder, sizeBytes, recordedCwd: cwd });
        }
      }
  return result;
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

// src/transcript/for-each-line.ts
var DEFAULT_STREAM_CHUNK_BYTES = 1024 * 1024;
async function forEachLine(path, sink, options = {}) {
  return streamLines(path, new LineSplitter(sink), options);
}
async function forEachByteRange(path, sink, options = {}) {
  const rangeSink = (buffer, start, end, terminated) => {
    sink(buffer, start, end, terminated);
    return false;
  };
  return streamLines(path, new ByteRangeSplitter(rangeSink, options.beforeChunkReuse !== void 0), options);
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
        await new Promise((resolve11) => setImmediate(resolve11));
      }
    }
    splitter.end();
    return { bytesRead };
  });
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
function classifyLineWithValue(text2) {
  if (text2.trim() === "") return { line: { kind: "blank" }, value: void 0 };
  let value;
  try {
    value = JSON.parse(text2);
  } catch (error) {
    return { line: notJson(error), value: void 0 };
  }
  return { line: classifyRecord(value), value };
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
    const text2 = optionalString3(part, "text", "content part");
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
      await new Promise((resolve11) => setImmediate(resolve11));
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
async function firstZstdRolloutLine(path, maxBytes) {
  let first = null;
  await forEachZstdLine(
    path,
    (buffer, start, end) => {
      first = buffer.toString("utf8", start, end);
      return true;
    },
    { chunkSize: Math.min(maxBytes, DEFAULT_STREAM_CHUNK_BYTES), bounds: { maxLineBytes: maxBytes, maxOutputBytes: maxBytes } }
  );
  return first;
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

// src/transcript/iso-time.ts
var DIGIT_0 = 48;
var DIGIT_9 = 57;
var DASH = 45;
var T = 84;
var COLON = 58;
var DOT2 = 46;
var Z = 90;
function inRange(year, month, day, hour, minute, second, ms2) {
  return year >= 1e3 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59 && ms2 >= 0;
}
function bytesDigits(line, start, length) {
  let n = 0;
  for (let i = start; i < start + length; i += 1) {
    const code = line[i];
    if (code < DIGIT_0 || code > DIGIT_9) return -1;
    n = n * 10 + (code - DIGIT_0);
  }
  return n;
}
function utc(year, month, day, hour, minute, second, ms2) {
  return inRange(year, month, day, hour, minute, second, ms2) ? Date.UTC(year, month - 1, day, hour, minute, second, ms2) : Number.NaN;
}
function timeOfBytes(line, start, end) {
  if (end - start === 24 && line[start + 4] === DASH && line[start + 7] === DASH && line[start + 10] === T && line[start + 13] === COLON && line[start + 16] === COLON && line[start + 19] === DOT2 && line[start + 23] === Z) {
    const time = utc(
      bytesDigits(line, start, 4),
      bytesDigits(line, start + 5, 2),
      bytesDigits(line, start + 8, 2),
      bytesDigits(line, start + 11, 2),
      bytesDigits(line, start + 14, 2),
      bytesDigits(line, start + 17, 2),
      bytesDigits(line, start + 20, 3)
    );
    if (!Number.isNaN(time)) return time;
  }
  return Date.parse(line.toString("utf8", start, end));
}
var SCRATCH = Buffer.alloc(24 * 4);
function timeOfText(text2) {
  if (text2.length === 24 && SCRATCH.write(text2, 0, "utf8") === 24) return timeOfBytes(SCRATCH, 0, 24);
  return Date.parse(text2);
}

// src/transcript/uncounted-line.ts
var SPACE = 32;
var TAB = 9;
var CARRIAGE_RETURN = 13;
var QUOTE = 34;
var BACKSLASH = 92;
var COMMA = 44;
var COLON2 = 58;
var OPEN_BRACE = 123;
var CLOSE_BRACE = 125;
var OPEN_BRACKET = 91;
function ascii(text2) {
  return Buffer.from(text2, "latin1");
}
var TYPE_KEY = ascii("type");
var SIDECHAIN_KEY = ascii("isSidechain");
var FALSE = ascii("false");
var TRUE = ascii("true");
var TYPE_NAMES = KNOWN_RECORD_TYPES.map((type) => [type, Buffer.from(type)]);
var TIMESTAMP_KEY = Buffer.from('"timestamp"');
var TIMESTAMP_KEY_PART = TIMESTAMP_KEY.subarray(3, TIMESTAMP_KEY.length - 1);
var KEY_PART_AT = 3;
var LOWER_T = 116;
var LOWER_I = 105;
function isSpace2(byte) {
  return byte === SPACE || byte === TAB || byte === CARRIAGE_RETURN;
}
function skipSpace(line, index, length) {
  let i = index;
  while (i < length && isSpace2(line[i])) i += 1;
  return i;
}
function byteAt(line, i, length) {
  return i < length ? line[i] : -1;
}
function bytesEqual(line, start, end, expected) {
  if (end - start !== expected.length) return false;
  for (let i = 0; i < expected.length; i += 1) if (line[start + i] !== expected[i]) return false;
  return true;
}
var UNCLOSED = -1;
function stringEnd(line, open, length) {
  let escaped = false;
  for (let i = open + 1; i < length; i += 1) {
    const byte = line[i];
    if (byte === QUOTE) return escaped ? escapedEnd(i) : i;
    if (byte === BACKSLASH) {
      escaped = true;
      i += 1;
    }
  }
  return UNCLOSED;
}
function escapedEnd(close) {
  return -2 - close;
}
function closingQuote(end) {
  return end >= 0 ? end : escapedEnd(end);
}
function recordTypeOf(line, start, end) {
  for (const [type, name] of TYPE_NAMES) if (bytesEqual(line, start, end, name)) return type;
  return "unknown";
}
var HEADS = new Map(
  [...KNOWN_RECORD_TYPES, "unknown", null].map((type) => [
    type,
    [
      { type, mainChain: false },
      { type, mainChain: true }
    ]
  ])
);
function recordHead(type, mainChain) {
  return HEADS.get(type)[mainChain ? 1 : 0];
}
function readRecordHead(line, from, to, holder) {
  let template = holder.template;
  const length = to;
  let end = length - 1;
  while (end >= from && isSpace2(line[end])) end -= 1;
  if (end < from + 1 || line[end] !== CLOSE_BRACE) return null;
  let i = skipSpace(line, from, length);
  if (byteAt(line, i, length) !== OPEN_BRACE) return null;
  i += 1;
  let type = null;
  let mainChain = true;
  let secondStart = 0;
  let laterMainChain = null;
  for (let member2 = 0; ; member2 += 1) {
    if (member2 === 1) {
      secondStart = i;
      if (template !== null) {
        const n = template.bytes.length;
        if (i + n <= length && line.compare(template.bytes, 0, n, i, i + n) === 0) {
          if (template.mainChain !== null) mainChain = template.mainChain;
          i += n;
          secondStart = -1;
        }
      }
    }
    const memberStart = i;
    i = skipSpace(line, i, length);
    if (byteAt(line, i, length) !== QUOTE) return null;
    const keyStart = i + 1;
    const keyEnd = stringEnd(line, i, length);
    if (keyEnd < 0) return null;
    i = skipSpace(line, keyEnd + 1, length);
    if (byteAt(line, i, length) !== COLON2) return null;
    i = skipSpace(line, i + 1, length);
    const first = byteAt(line, i, length);
    const isType = bytesEqual(line, keyStart, keyEnd, TYPE_KEY);
    const next = member2 >= 1 && secondStart >= 0 && (isType || first === OPEN_BRACE || first === OPEN_BRACKET) ? { bytes: Buffer.from(line.subarray(secondStart, memberStart)), mainChain: laterMainChain } : template;
    if (next !== template) {
      template = next;
      holder.template = next;
      secondStart = -1;
    }
    if (first === OPEN_BRACE || first === OPEN_BRACKET) return recordHead(type, mainChain);
    const isSidechain = !isType && bytesEqual(line, keyStart, keyEnd, SIDECHAIN_KEY);
    if (first === QUOTE) {
      const end2 = stringEnd(line, i, length);
      if (end2 === UNCLOSED || isType && end2 < 0 || isSidechain) return null;
      if (isType) type = recordTypeOf(line, i + 1, end2);
      i = closingQuote(end2) + 1;
    } else {
      const start = i;
      while (i < length && line[i] !== COMMA && line[i] !== CLOSE_BRACE && !isSpace2(line[i])) i += 1;
      if (isType) return null;
      if (isSidechain) {
        if (bytesEqual(line, start, i, FALSE)) mainChain = true;
        else if (bytesEqual(line, start, i, TRUE)) mainChain = false;
        else return null;
        if (member2 >= 1) laterMainChain = mainChain;
      }
    }
    i = skipSpace(line, i, length);
    if (byteAt(line, i, length) === COMMA) i += 1;
    else if (byteAt(line, i, length) === CLOSE_BRACE) return recordHead(type, mainChain);
    else return null;
  }
}
function typeMayCount(type) {
  switch (type) {
    case "assistant":
    // usage
    case "system":
    // compact_boundary
    case "attachment":
      return true;
    case "user":
    case "progress":
    case "summary":
    case "queue-operation":
    case "file-history-snapshot":
      return false;
    default: {
      const unreachable = type;
      throw new Error(`unhandled record type ${String(unreachable)}`);
    }
  }
}
function typeKeepsTimestamp(type) {
  return type !== "progress";
}
function timestampTimes(line) {
  const times = [];
  for (let part = line.indexOf(TIMESTAMP_KEY_PART); part !== -1; part = line.indexOf(TIMESTAMP_KEY_PART, part + 1)) {
    const at = part - KEY_PART_AT;
    const after2 = part + TIMESTAMP_KEY_PART.length;
    if (at < 0 || line[at] !== QUOTE || line[at + 1] !== LOWER_T || line[at + 2] !== LOWER_I || line[after2] !== QUOTE) continue;
    const colon = skipSpace(line, after2 + 1, line.length);
    if (line[colon] !== COLON2) continue;
    const open = skipSpace(line, colon + 1, line.length);
    if (line[open] !== QUOTE) continue;
    const close = stringEnd(line, open, line.length);
    if (close < 0) return null;
    const time = timeOfBytes(line, open + 1, close);
    if (!Number.isNaN(time)) times.push(time);
  }
  return times;
}
var UncountedLineReader = class {
  /** The previous line's HeadTemplate (readRecordHead updates it). */
  previous = { template: null };
  /** The times for the line `line[start, end)` (the whole buffer by default): see uncountedLineTimes. */
  times(line, start = 0, end = line.length) {
    const head = readRecordHead(line, start, end, this.previous);
    if (head === null || head.type === null) return null;
    if (head.type === "unknown") return [];
    if (typeMayCount(head.type)) return null;
    if (!head.mainChain || !typeKeepsTimestamp(head.type)) return [];
    return timestampTimes(start === 0 && end === line.length ? line : line.subarray(start, end));
  }
};
var SAVED_TO = /Full output saved to: ([^\n]+)\n/;
var SAVED_MAX_BYTES = 1024 * 1024;
function sessionFolderOf(transcriptPath) {
  return join(dirname(resolve(transcriptPath)), basename(transcriptPath, ".jsonl"));
}
function inside2(path, folder) {
  return path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}
function savedOutputPathOf(record2, transcriptPath) {
  if (!record2.isPersistedOutputPreview) return null;
  const named2 = SAVED_TO.exec(record2.content[0] ?? "")?.[1]?.trim();
  if (named2 === void 0 || named2 === "" || !isAbsolute$1(named2)) return null;
  const path = resolve(named2);
  return inside2(path, sessionFolderOf(transcriptPath)) ? path : null;
}
var ABSENT = /* @__PURE__ */ new Set(["ENOENT", "ENOTDIR", "ELOOP"]);
function readSavedOutput(path, transcriptPath) {
  const folder = sessionFolderOf(transcriptPath);
  if (!inside2(resolve(path), folder)) return null;
  let fd;
  try {
    const realFolder = realpathSync(folder);
    const realDir = realpathSync(dirname(resolve(path)));
    if (realDir !== realFolder && !inside2(realDir, realFolder)) return null;
    fd = openSync(join(realDir, basename(path)), constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    if (ABSENT.has(errnoCode(e) ?? "")) return null;
    throw e;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > SAVED_MAX_BYTES) return null;
    const buffer = Buffer.alloc(Math.min(stat.size, SAVED_MAX_BYTES) + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, length);
    if (length > SAVED_MAX_BYTES) return null;
    return buffer.subarray(0, length).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

// src/core/savings/session-time-span.ts
var TimeSpan = class {
  first = null;
  last = null;
  /** Folds one record's timestamp; returns whether either end moved. */
  fold(at, lineNumber) {
    const ms2 = timeOfText(at);
    if (Number.isNaN(ms2)) return false;
    const before = this.movesFirst(ms2, lineNumber);
    const after2 = this.movesLast(ms2, lineNumber);
    if (before) this.first = { ms: ms2, at, lineNumber };
    if (after2) this.last = { ms: ms2, at, lineNumber };
    return before || after2;
  }
  /** Whether a record of this line with a timestamp among `times` (Date.parse values) could move either end. */
  couldMove(times, lineNumber) {
    return times.some((ms2) => this.movesFirst(ms2, lineNumber) || this.movesLast(ms2, lineNumber));
  }
  movesFirst(ms2, lineNumber) {
    const first = this.first;
    return first === null || ms2 < first.ms || ms2 === first.ms && lineNumber < first.lineNumber;
  }
  movesLast(ms2, lineNumber) {
    const last2 = this.last;
    return last2 === null || ms2 > last2.ms || ms2 === last2.ms && lineNumber < last2.lineNumber;
  }
};
var MAX_HELD_LINES = 256;
var MAX_HELD_CHUNK_BYTES = 8 * 1024 * 1024;
var HeldLines = class {
  constructor(span, parse) {
    this.span = span;
    this.parse = parse;
  }
  span;
  parse;
  lines = [];
  /** Each read chunk a held line is a view of, with how many held lines point into it. */
  chunks = /* @__PURE__ */ new Map();
  chunkBytes = 0;
  /**
   * Holds the skipped line `buffer[start, end)` if its timestamp (one of `times`) could move the span now (else it never
   * can: the span only widens).
   */
  offer(buffer, start, end, lineNumber, times) {
    if (times.length === 0 || !this.span.couldMove(times, lineNumber)) return;
    const bytes2 = start === 0 && end === buffer.length ? buffer : buffer.subarray(start, end);
    const line = { bytes: bytes2, lineNumber, times };
    this.lines.push(line);
    this.keep(line);
    if (this.lines.length > MAX_HELD_LINES || this.chunkBytes > MAX_HELD_CHUNK_BYTES)
      this.settle(MAX_HELD_LINES / 2, MAX_HELD_CHUNK_BYTES / 2);
  }
  /** The reader is about to read into `chunk` again: drops the lines that no longer matter, copies the others in it. */
  beforeChunkReuse(chunk) {
    this.dropSettled();
    for (const line of this.lines) {
      if (line.bytes.buffer !== chunk.buffer) continue;
      this.release(line);
      line.bytes = Buffer.from(line.bytes);
      this.keep(line);
    }
  }
  /** At the end of the file: parses every held line that still matters. */
  finish() {
    this.settle(0, 0);
  }
  /** Drops the lines that no longer matter, then parses the newest (most likely to settle the others) down to the bounds. */
  settle(maxLines, maxChunkBytes) {
    this.dropSettled();
    while (this.lines.length > maxLines || this.lines.length > 0 && this.chunkBytes > maxChunkBytes) {
      const line = this.lines.pop();
      this.release(line);
      const first = this.span.first;
      const last2 = this.span.last;
      this.parse(line);
      if (this.span.first !== first || this.span.last !== last2) this.dropSettled();
    }
  }
  dropSettled() {
    const kept = [];
    for (const line of this.lines) {
      if (this.span.couldMove(line.times, line.lineNumber)) kept.push(line);
      else this.release(line);
    }
    this.lines = kept;
  }
  keep(line) {
    const count2 = this.chunks.get(line.bytes.buffer) ?? 0;
    if (count2 === 0) this.chunkBytes += line.bytes.buffer.byteLength;
    this.chunks.set(line.bytes.buffer, count2 + 1);
  }
  release(line) {
    const count2 = this.chunks.get(line.bytes.buffer);
    if (count2 > 1) this.chunks.set(line.bytes.buffer, count2 - 1);
    else {
      this.chunks.delete(line.bytes.buffer);
      this.chunkBytes -= line.bytes.buffer.byteLength;
    }
  }
};

// src/core/savings/partial-output-versions.ts
var FIRST_FULL_OUTPUT_VERSION = "2.1.97";
var PARTIAL_OUTPUT_NOTE = "Claude Code before 2.1.97 recorded partial output_tokens for many responses (an early streamed count, not the whole output): output figures of these sessions are below what the model produced, and below the bill.";
function versionNumbers(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (match === null) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}
function recordsPartialOutput(version) {
  const mine = versionNumbers(version);
  const first = versionNumbers(FIRST_FULL_OUTPUT_VERSION);
  if (mine === null) return null;
  for (let i = 0; i < 3; i += 1) {
    if (mine[i] !== first[i]) return mine[i] < first[i];
  }
  return false;
}

// src/core/savings/savings-scan.ts
var THREADMIND_HEADER_PREFIX = "ThreadMind memory, loaded ";
var MAX_POINTS_PER_SESSION = 400;
var VERSIONS_KEPT = 10;
var MALFORMED_LINES_KEPT = 10;
var PROGRESS_EVERY_BYTES = 4 * 1024 * 1024;
var CLEAR_COMMAND = "<command-name>/clear</command-name>";
var CLEAR_HOOK_NAME = "SessionStart:clear";
var PLAN_CONTENT_FIELD = '"planContent"';
var PLAN_PROMPT = "Implement the following plan:";
var EXIT_PLAN_TOOL = "ExitPlanMode";
var ThinnedSeries = class {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  points = [];
  stride = 1;
  last = null;
  add(point) {
    this.last = point;
    if (point.index % this.stride !== 0) return;
    this.points.push(point);
    if (this.points.length >= this.limit) {
      this.stride *= 2;
      this.points = this.points.filter((p) => p.index % this.stride === 0);
    }
  }
  /** Replaces the newest point's value (a streamed copy of the same response). */
  updateLast(point) {
    this.last = point;
    const tail = this.points[this.points.length - 1];
    if (tail !== void 0 && tail.index === point.index) this.points[this.points.length - 1] = point;
  }
  result() {
    const out = [...this.points];
    if (this.last !== null && out[out.length - 1]?.index !== this.last.index) out.push(this.last);
    return out;
  }
};
function parseHeader(text2) {
  const start = text2.indexOf(THREADMIND_HEADER_PREFIX);
  const newline = text2.indexOf("\n", start);
  const line = text2.slice(start, newline === -1 ? void 0 : newline);
  const rest = line.slice(THREADMIND_HEADER_PREFIX.length);
  const source = rest.startsWith("after /clear") ? "clear" : rest.startsWith("after compaction") ? "compact" : rest.startsWith("at session start") ? "startup" : null;
  const id = /\(([a-z0-9-]+)\)\. /.exec(line);
  return { source, threadId: id ? id[1] : null };
}
function jsonObject(value) {
  return typeof value === "object" && value !== null ? value : null;
}
function messageContent(value) {
  return value.message?.content;
}
function userTexts(value) {
  const content = messageContent(value);
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap(
    (b) => typeof b === "object" && b !== null && "text" in b && typeof b.text === "string" ? [b.text] : []
  );
}
function isBranchCopy(value) {
  const record2 = jsonObject(value);
  if (record2 === null) return false;
  const forkedFrom = record2.forkedFrom;
  return typeof forkedFrom === "object" && forkedFrom !== null;
}
function mainUserRecord(parsed2) {
  const value = jsonObject(parsed2);
  if (value === null) return null;
  const record2 = value;
  return record2.type === "user" && record2.isSidechain !== true ? value : null;
}
function isClearCommand(parsed2) {
  const record2 = mainUserRecord(parsed2);
  if (record2 === null || !userTexts(record2).some((t) => t.includes(CLEAR_COMMAND))) return null;
  return { at: typeof record2.timestamp === "string" ? record2.timestamp : null };
}
function planStartOf(parsed2) {
  const record2 = mainUserRecord(parsed2);
  if (record2 === null) return null;
  const at = typeof record2.timestamp === "string" ? record2.timestamp : null;
  if (typeof record2.planContent === "string" && record2.planContent.trim() !== "") {
    return { at, evidence: "planContent", textHash: contentHash(record2.planContent.trim()) };
  }
  const first = userTexts(record2)[0]?.trimStart();
  if (first === void 0 || !first.startsWith(PLAN_PROMPT)) return null;
  return { at, evidence: "prompt-text", textHash: contentHash(first.slice(PLAN_PROMPT.length).trim()) };
}
function exitPlanTexts(value) {
  const record2 = jsonObject(value);
  if (record2 === null) return [];
  const content = messageContent(record2);
  if (!Array.isArray(content)) return [];
  return content.flatMap((b) => {
    if (typeof b !== "object" || b === null) return [];
    const block = b;
    if (block.type !== "tool_use" || block.name !== EXIT_PLAN_TOOL) return [];
    const plan = typeof block.input === "object" && block.input !== null ? block.input.plan : void 0;
    return [typeof plan === "string" && plan.trim() !== "" ? plan.trim() : null];
  });
}
function stringField2(value, key) {
  const record2 = jsonObject(value);
  if (record2 === null) return null;
  const field = record2[key];
  return typeof field === "string" && field !== "" ? field : null;
}
function isClearHookRecord(parsed2) {
  const value = jsonObject(parsed2);
  if (value === null) return false;
  const record2 = value;
  if (record2.type === "attachment") return record2.attachment?.hookName === CLEAR_HOOK_NAME;
  if (record2.type === "progress") return record2.data?.hookName === CLEAR_HOOK_NAME;
  return false;
}
function callsSummaryUpdate(value) {
  const record2 = jsonObject(value);
  if (record2 === null) return false;
  const content = messageContent(record2);
  if (!Array.isArray(content)) return false;
  return content.some(
    (b) => typeof b === "object" && b !== null && b.type === "tool_use" && typeof b.name === "string" && b.name.endsWith("summary_update")
  );
}
function metaOf(line) {
  switch (line.kind) {
    case "other":
    case "skipped":
      return line.meta;
    case "assistant":
    case "compact-boundary":
    case "hook-context":
      return line.record.meta;
    case "blank":
    case "malformed":
      return null;
    default: {
      const unreachable = line;
      throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
    }
  }
}
var COPIED_FROM_KEPT = 10;
function withoutText(record2) {
  return { ...record2, content: [], text: "" };
}
function injectionSeen(record2, lineNumber, segment, savedOutputPath) {
  return {
    lineNumber,
    at: record2.meta.timestamp,
    segment,
    chars: record2.text.length,
    contentHash: contentHash(record2.text),
    preview: record2.isPersistedOutputPreview,
    previewText: record2.isPersistedOutputPreview ? record2.text : null,
    savedOutputPath,
    source: null,
    threadId: null
  };
}
var UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
var idleReadBuffer = null;
async function scanSession(file, onBytes, options = {}) {
  const name = fileNameId(file.path);
  const ownId = UUID_NAME.test(name) ? name : null;
  const first = await scanFile(file, onBytes, options, ownId);
  if (first.ownSeen || first.copiedLines === 0) return first.session;
  return (await scanFile(file, onBytes, options, null)).session;
}
function fileNameId(path) {
  return path.split(/[\\/]/).pop().replace(/\.jsonl$/, "");
}
async function scanFile(file, onBytes, options, ownId) {
  const accumulator = new SessionAccumulator();
  const series = new ThinnedSeries(MAX_POINTS_PER_SESSION);
  const threadMindInjections = [];
  const otherInjections = [];
  const summaryWrites = [];
  const boundaryResponses = [];
  const span = new TimeSpan();
  let clearCommandAt = null;
  let clearHookSeen = false;
  let planStart = null;
  const malformedLineNumbers = [];
  const lateMalformed = [];
  let lineNumber = 0;
  let unparsedLines = 0;
  let responses = 0;
  let lastKey = null;
  let truncatedLastLine = false;
  let bytesSeen = 0;
  let bytesReported = 0;
  const name = fileNameId(file.path);
  let ownSeen = false;
  let copiedLines = 0;
  const copiedKeys = /* @__PURE__ */ new Set();
  const copiedFromSessions = [];
  let slug = null;
  const planCalls = /* @__PURE__ */ new Map();
  const versions = [];
  let partialOutputCounts = false;
  let sessionIdKnown = UUID_NAME.test(name);
  const skipping = options.parseEveryLine !== true;
  const uncounted = new UncountedLineReader();
  const held = new HeldLines(span, (line) => {
    const classified = classifyLine(line.bytes.toString("utf8"));
    switch (classified.kind) {
      case "other":
        if (classified.meta.timestamp !== null) span.fold(classified.meta.timestamp, line.lineNumber);
        return;
      case "malformed":
        lateMalformed.push(line.lineNumber);
        return;
      case "skipped":
      case "blank":
        return;
      case "assistant":
      case "compact-boundary":
      case "hook-context":
        throw new Error(`line ${line.lineNumber} of ${file.path} was skipped unparsed but is a ${classified.kind} record`);
      default: {
        const unreachable = classified;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  });
  const onLine = (buffer2, start, end, terminated) => {
    lineNumber += 1;
    bytesSeen += end - start + (terminated ? 1 : 0);
    if (onBytes !== void 0 && bytesSeen - bytesReported >= PROGRESS_EVERY_BYTES) {
      bytesReported = bytesSeen;
      onBytes(bytesSeen);
    }
    if (skipping && terminated && responses > 0 && sessionIdKnown) {
      const times = uncounted.times(buffer2, start, end);
      if (times !== null) {
        unparsedLines += 1;
        accumulator.skipLine();
        held.offer(buffer2, start, end, lineNumber, times);
        return;
      }
    }
    const text2 = buffer2.toString("utf8", start, end);
    const { line: classified, value } = classifyLineWithValue(text2);
    if (classified.kind === "malformed") {
      if (!terminated) truncatedLastLine = true;
      if (malformedLineNumbers.length < MALFORMED_LINES_KEPT) malformedLineNumbers.push(lineNumber);
    }
    const meta = metaOf(classified);
    const recordSession = meta?.sessionId ?? null;
    if (recordSession !== null && recordSession === ownId) ownSeen = true;
    const otherSession = ownId !== null && !ownSeen && recordSession !== null && recordSession !== ownId;
    if (otherSession) {
      copiedLines += 1;
      if (!copiedFromSessions.includes(recordSession) && copiedFromSessions.length < COPIED_FROM_KEPT)
        copiedFromSessions.push(recordSession);
      if (classified.kind === "assistant") copiedKeys.add(responseKey(classified.record));
    }
    const copied = otherSession || isBranchCopy(value);
    if (responses === 0 && !copied) {
      if (clearCommandAt === null && text2.includes(CLEAR_COMMAND)) clearCommandAt = isClearCommand(value)?.at ?? clearCommandAt;
      if (!clearHookSeen && text2.includes(CLEAR_HOOK_NAME)) clearHookSeen = isClearHookRecord(value);
      if (planStart === null && (text2.includes(PLAN_CONTENT_FIELD) || text2.includes(PLAN_PROMPT))) planStart = planStartOf(value);
    }
    switch (classified.kind) {
      case "assistant": {
        if (copied) {
          accumulator.add({ kind: "other", meta: classified.record.meta });
          break;
        }
        const key = responseKey(classified.record);
        const at = classified.record.meta.timestamp;
        if (key === lastKey) series.updateLast({ index: responses - 1, at, tokens: classified.record.contextTokens });
        else if (accumulator.hasResponse(key)) ; else {
          series.add({ index: responses, at, tokens: classified.record.contextTokens });
          responses += 1;
          lastKey = key;
        }
        accumulator.add(classified);
        if (slug === null) slug = stringField2(value, "slug");
        const version = stringField2(value, "version");
        if (version !== null) {
          if (!versions.includes(version) && versions.length < VERSIONS_KEPT) versions.push(version);
          if (recordsPartialOutput(version) === true) partialOutputCounts = true;
        }
        for (const plan of exitPlanTexts(value)) {
          const textHash = plan === null ? null : contentHash(plan);
          planCalls.delete(textHash ?? "");
          planCalls.set(textHash ?? "", { textHash, at, contextTokens: classified.record.contextTokens });
        }
        if (callsSummaryUpdate(value)) {
          const write = {
            segment: boundaryResponses.length,
            at,
            contextTokens: classified.record.contextTokens
          };
          if (summaryWrites.at(-1)?.segment === write.segment) summaryWrites[summaryWrites.length - 1] = write;
          else summaryWrites.push(write);
        }
        break;
      }
      case "hook-context": {
        const record2 = classified.record;
        if (copied) {
          accumulator.add({ kind: "other", meta: record2.meta });
          break;
        }
        const seen = injectionSeen(record2, lineNumber, boundaryResponses.length, savedOutputPathOf(record2, file.path));
        if (record2.text.includes(THREADMIND_HEADER_PREFIX)) threadMindInjections.push({ ...seen, ...parseHeader(record2.text) });
        else otherInjections.push(seen);
        accumulator.add({ kind: "hook-context", record: withoutText(record2) });
        break;
      }
      case "compact-boundary":
        if (copied) {
          accumulator.add({ kind: "other", meta: classified.record.meta });
          break;
        }
        boundaryResponses.push(responses);
        accumulator.add(classified);
        break;
      case "blank":
      case "malformed":
      case "skipped":
      case "other":
        accumulator.add(classified);
        break;
      default: {
        const unreachable = classified;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
    if (meta !== null && !otherSession && classified.kind !== "skipped") {
      if (meta.sessionId !== null) sessionIdKnown = true;
      if (meta.timestamp !== null) span.fold(meta.timestamp, lineNumber);
    }
  };
  const buffer = idleReadBuffer ?? Buffer.allocUnsafeSlow(DEFAULT_STREAM_CHUNK_BYTES);
  idleReadBuffer = null;
  let bytesRead;
  try {
    ({ bytesRead } = await forEachByteRange(file.path, onLine, {
      beforeChunkReuse: (chunk) => held.beforeChunkReuse(chunk),
      buffer
    }));
    held.finish();
  } finally {
    idleReadBuffer = buffer;
  }
  if (onBytes !== void 0) onBytes(bytesRead);
  const figures = accumulator.result();
  const compactions = figures.compactions.map((c, i) => ({ ...c, responsesBefore: boundaryResponses[i] }));
  const session = {
    path: file.path,
    folder: file.folder,
    sessionId: UUID_NAME.test(name) ? name : figures.sessionIds[0] ?? name,
    bytes: bytesRead,
    startedAt: span.first?.at ?? null,
    endedAt: span.last?.at ?? null,
    clearCommandAt,
    clearHookSeen,
    planStart,
    slug,
    planCalls: [...planCalls.values()],
    copiedResponses: copiedKeys.size,
    copiedFromSessions,
    claudeCodeVersions: versions,
    partialOutputCounts,
    firstContextTokens: figures.firstContextTokens,
    finalContextTokens: figures.finalContextTokens,
    peakContextTokens: figures.peakContextTokens,
    apiResponses: figures.apiResponses,
    outputTokens: figures.totals.outputTokens,
    compactions,
    threadMindInjections,
    otherInjections,
    summaryWrites,
    points: series.result(),
    malformedLines: figures.malformedLines + lateMalformed.length,
    malformedLineNumbers: lateMalformed.length === 0 ? malformedLineNumbers : [...malformedLineNumbers, ...lateMalformed].sort((a, b) => a - b).slice(0, MALFORMED_LINES_KEPT),
    lines: lineNumber,
    unparsedLines,
    truncatedLastLine
  };
  return { session, ownSeen, copiedLines };
}

// src/core/savings/rollout-scan.ts
function thinned(points) {
  let kept = points;
  let stride = 1;
  while (kept.length > MAX_POINTS_PER_SESSION) {
    stride *= 2;
    kept = points.filter((p) => p.index % stride === 0);
  }
  const last2 = points.at(-1);
  if (last2 !== void 0 && kept.at(-1)?.index !== last2.index) kept = [...kept, last2];
  return kept;
}
async function scanRollout(file) {
  const classifier = new RolloutClassifier();
  const accumulator = new SessionAccumulator();
  const points = [];
  const threadMindInjections = [];
  const otherInjections = [];
  const boundaryResponses = [];
  const malformedLineNumbers = [];
  let lineNumber = 0;
  let truncatedLastLine = false;
  const bytes2 = await forEachRolloutLine(file.path, (text2, terminated) => {
    lineNumber += 1;
    const line = classifier.classifyLine(text2);
    accumulator.add(line);
    switch (line.kind) {
      case "assistant":
        points.push({ index: points.length, at: line.record.meta.timestamp, tokens: line.record.contextTokens });
        return;
      case "compact-boundary":
        boundaryResponses.push(points.length);
        return;
      case "hook-context": {
        const record2 = line.record;
        const ours = record2.text.includes(THREADMIND_HEADER_PREFIX);
        if (!ours && !record2.fromHook) return;
        const seen = injectionSeen(record2, lineNumber, boundaryResponses.length, null);
        if (ours) threadMindInjections.push({ ...seen, ...parseHeader(record2.text) });
        else otherInjections.push(seen);
        return;
      }
      case "malformed":
        if (malformedLineNumbers.length < MALFORMED_LINES_KEPT) malformedLineNumbers.push(lineNumber);
        if (!terminated) truncatedLastLine = true;
        return;
      case "blank":
      case "skipped":
      case "other":
        return;
      default: {
        const unreachable = line;
        throw new Error(`unhandled classified line ${JSON.stringify(unreachable)}`);
      }
    }
  });
  const figures = accumulator.result();
  const compactions = figures.compactions.map((c, i) => ({ ...c, responsesBefore: boundaryResponses[i] }));
  const first = threadMindInjections[0];
  return {
    agent: "codex",
    path: file.path,
    folder: file.folder,
    // Its folder is the day it started: a /clear just past midnight ends a session of the day before.
    pairingScope: "codex-rollouts",
    sessionId: figures.sessionIds[0] ?? file.path,
    bytes: bytes2,
    startedAt: figures.firstTimestamp,
    endedAt: figures.lastTimestamp,
    clearCommandAt: null,
    clearHookSeen: first !== void 0 && first.segment === 0 && first.source === "clear",
    planStart: null,
    // Claude Code's own records (a plan's slug and ExitPlanMode calls, copies of another session, its versions) are
    // not in a Codex rollout.
    slug: null,
    planCalls: [],
    copiedResponses: 0,
    copiedFromSessions: [],
    claudeCodeVersions: [],
    partialOutputCounts: false,
    firstContextTokens: figures.firstContextTokens,
    finalContextTokens: figures.finalContextTokens,
    peakContextTokens: figures.peakContextTokens,
    apiResponses: figures.apiResponses,
    outputTokens: figures.totals.outputTokens,
    compactions,
    threadMindInjections,
    otherInjections,
    summaryWrites: [],
    points: thinned(points),
    malformedLines: figures.malformedLines,
    malformedLineNumbers,
    lines: lineNumber,
    unparsedLines: 0,
    truncatedLastLine
  };
}
var MAX_LANES = 4;
var WORKERS_FROM_BYTES = 256 * 1024 * 1024;
function scanWorkerScript() {
  const url = typeof __dirname === "string" ? pathToFileURL(join(__dirname, "scan-worker.cjs")) : new URL("./scan-worker.cjs", import.meta.url);
  return url.protocol === "file:" && existsSync(fileURLToPath(url)) ? url : null;
}
function coreCount() {
  return typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
}
function askedLanes(env) {
  const asked = env.THREADMIND_SCAN_WORKERS;
  if (asked === void 0 || asked === "") return null;
  const n = Number.parseInt(asked, 10);
  return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_LANES) : 0;
}
function startScanWorker(script) {
  const worker = new (nodeWorkerThreads()).Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 12 } });
  const started = { worker, ended: false };
  const ended = () => {
    started.ended = true;
  };
  worker.once("error", ended);
  worker.once("exit", ended);
  return started;
}

// src/core/savings/scan-pool.ts
var PROBE_MS = 80;
var FREE_ENOUGH = 0.6;
function machineLoad() {
  return { cores: coreCount(), loadAverage: os.loadavg()[0] ?? 0 };
}
function scanLanes(files, env, load2 = machineLoad()) {
  const asked = askedLanes(env);
  if (asked !== null) {
    const lanes = asked > 1 ? Math.min(asked, files.length) : 0;
    return { start: lanes, upTo: lanes };
  }
  const bytes2 = files.reduce((sum, f) => sum + f.sizeBytes, 0);
  if (files.length < 2 || bytes2 < WORKERS_FROM_BYTES) return { start: 0, upTo: 0 };
  const cap = Math.min(load2.cores, MAX_LANES, files.length);
  if (cap < 2) return { start: 0, upTo: 0 };
  const idle = Math.min(Math.floor(load2.cores - load2.loadAverage), cap);
  return { start: idle > 1 ? idle : 0, upTo: cap };
}
function cpuSample() {
  let busy = 0;
  for (const cpu of os.cpus()) busy += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
  const own = process.cpuUsage();
  return { busy, own: (own.user + own.system) / 1e3, at: monotonicMs() };
}
function lanesAfterProbe(plan, cores, before, after2) {
  const elapsed = after2.at - before.at;
  const floor = Math.max(plan.start, 1);
  if (elapsed <= 0) return floor;
  const others = Math.max(0, after2.busy - before.busy - (after2.own - before.own)) / elapsed;
  const free = cores - others;
  return Math.max(floor, Math.min(plan.upTo, Math.floor(free + (1 - FREE_ENOUGH))));
}
function turn() {
  return new Promise((resolve11) => setImmediate(resolve11));
}
async function scanFiles(files, plan, onBytes, onDone, earlyWorker = null) {
  let early = earlyWorker;
  const endEarlyWorker = async () => {
    const unused = early;
    early = null;
    if (unused !== null) await unused.worker.terminate();
  };
  const script = plan.upTo > 1 ? scanWorkerScript() : null;
  const results = new Array(files.length);
  const unscanned = [];
  const scanHere = async (index) => {
    onBytes(index, 0);
    try {
      results[index] = await scanSession(files[index], (bytes2) => onBytes(index, bytes2));
    } catch (error) {
      unscanned.push({ index, path: files[index].path, folder: files[index].folder, reason: messageOf(error) });
      return;
    }
    onDone(index, results[index]);
  };
  const done = () => ({
    sessions: results.filter((s) => s !== void 0),
    unscanned: unscanned.sort((a, b) => a.index - b.index)
  });
  const order = files.map((_, i) => i);
  if (script === null) {
    await endEarlyWorker();
    for (const index of order) await scanHere(index);
    return done();
  }
  order.sort((a, b) => files[b].sizeBytes - files[a].sizeBytes);
  const claim = new Int32Array(new SharedArrayBuffer(8));
  const claimNext = () => {
    const at = Atomics.add(claim, 0, 1);
    return at < order.length ? order[at] : null;
  };
  const filesInOrder = order.map((index) => ({ index, path: files[index].path, folder: files[index].folder }));
  const STOP_FLAG = 1;
  const failed = [];
  const workers = [];
  const lanes = [];
  let failure = null;
  const startWorker = () => {
    const taken = early;
    early = null;
    let worker;
    if (taken !== null && !taken.ended) {
      worker = taken.worker;
      worker.ref();
    } else {
      if (taken !== null) void taken.worker.terminate();
      worker = startScanWorker(script).worker;
    }
    workers.push(worker);
    return worker;
  };
  const runLane = (worker, stopFlag = null) => {
    const lane = new Promise((resolve11, reject) => {
      worker.on("message", (reply) => {
        switch (reply.kind) {
          case "progress":
            onBytes(reply.index, reply.bytes);
            return;
          case "done":
            results[reply.index] = reply.session;
            onDone(reply.index, reply.session);
            return;
          case "failed":
            failed.push(reply.index);
            return;
          case "finished":
            resolve11();
            return;
          default: {
            const unreachable = reply;
            reject(new Error(`unexpected reply from a scan worker: ${JSON.stringify(unreachable)}`));
          }
        }
      });
      worker.on("error", reject);
      worker.on("exit", (code) => reject(new Error(`a scan worker exited (code ${code}) before the scan ended`)));
      worker.postMessage({
        files: filesInOrder,
        claim: claim.buffer,
        stopFlag
      });
    });
    lane.catch((error) => {
      failure ??= error;
    });
    lanes.push(lane);
  };
  for (let i = 1; i < plan.start; i++) runLane(startWorker());
  let probe = null;
  if (plan.upTo > Math.max(plan.start, 1)) {
    const before = plan.probeStart ?? cpuSample();
    runLane(startWorker(), STOP_FLAG);
    const cores = os.cpus().length;
    probe = setTimeout(
      () => {
        probe = null;
        const lanesWanted = lanesAfterProbe(plan, cores, before, cpuSample());
        const more = lanesWanted - Math.max(plan.start, 1);
        if (more < 1) {
          Atomics.store(claim, STOP_FLAG, 1);
          return;
        }
        for (let i = 1; i < more && Atomics.load(claim, 0) < order.length; i++) runLane(startWorker());
      },
      Math.max(0, PROBE_MS - (monotonicMs() - before.at))
    );
  }
  try {
    for (let index = claimNext(); index !== null; index = claimNext()) {
      await scanHere(index);
      await turn();
    }
    if (probe !== null) clearTimeout(probe);
    await Promise.allSettled(lanes);
    if (failure !== null) throw failure;
  } finally {
    if (probe !== null) clearTimeout(probe);
    await Promise.all([...workers.map((w) => w.terminate()), endEarlyWorker()]);
  }
  for (const index of failed.sort((a, b) => a - b)) await scanHere(index);
  return done();
}

// src/core/savings/scan-cache.ts
var KIND = "threadmind-report-scans";
var VERSION = 1;
var SCAN_CACHE_MAX_BYTES = 64 * 1024 * 1024;
var ScanCache = class _ScanCache {
  constructor(location, entries2) {
    this.location = location;
    this.entries = entries2;
  }
  location;
  entries;
  kept = /* @__PURE__ */ new Map();
  changed = false;
  /**
   * The cache at `location`: empty when there is none yet, or when the file is not one this build wrote (another build,
   * another layout, damaged, too large, not a regular file): it is then rebuilt, as a cache is, and nothing is lost.
   */
  static open(location) {
    return new _ScanCache(location, readEntries(location));
  }
  /** The transcript's stamp now; null when it is not a regular file (any more): it is then scanned, never cached. */
  static stampOf(path, nowMs = Date.now()) {
    const s = stampOf(path, "file");
    return s === null ? null : { stamp: s.stamp, settled: s.settledAtMs < nowMs };
  }
  /** The scan kept for the transcript at `path` while its stamp is still `stamp`; null otherwise. */
  get(path, stamp) {
    const entry = stamp === null ? void 0 : this.entries.get(path);
    if (entry === void 0 || entry.stamp !== stamp.stamp) return null;
    this.kept.set(path, entry);
    return entry.session;
  }
  /**
   * Keeps a scan of `path` made after its stamp `stamp` was taken. A stamp whose change had not settled when it was taken
   * (a write within the file system's timestamp step could share it) is not kept: the next run scans the file again.
   */
  set(path, stamp, session) {
    if (stamp === null || !stamp.settled) return;
    this.kept.set(path, { stamp: stamp.stamp, session });
    this.changed = true;
  }
  /**
   * Writes the scans kept by this run (the transcripts it met: entries of files gone are dropped) when anything changed.
   * A failure is thrown to the caller, which reports it: the report itself never depends on the cache.
   */
  save() {
    if (!this.changed && this.kept.size === this.entries.size) return;
    const entries2 = {};
    for (const [path, entry] of [...this.kept].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) entries2[path] = entry;
    writeFileAtomicSync(
      this.location.path,
      JSON.stringify({ kind: KIND, version: VERSION, builtBy: this.location.builtBy, entries: entries2 })
    );
  }
};
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function readEntries(location) {
  const entries2 = /* @__PURE__ */ new Map();
  let bytes2;
  try {
    bytes2 = readRegularFile(location.path, SCAN_CACHE_MAX_BYTES);
  } catch {
    return entries2;
  }
  if (bytes2 === null || bytes2.length > SCAN_CACHE_MAX_BYTES) return entries2;
  let parsed2;
  try {
    parsed2 = JSON.parse(bytes2.toString("utf8"));
  } catch {
    return entries2;
  }
  if (!isRecord2(parsed2) || parsed2.kind !== KIND || parsed2.version !== VERSION || parsed2.builtBy !== location.builtBy)
    return entries2;
  if (!isRecord2(parsed2.entries)) return entries2;
  for (const [path, entry] of Object.entries(parsed2.entries)) {
    if (!isRecord2(entry) || typeof entry.stamp !== "string" || !isRecord2(entry.session)) continue;
    if (entry.session.path !== path) continue;
    entries2.set(path, { stamp: entry.stamp, session: entry.session });
  }
  return entries2;
}

// src/core/savings/compaction-trigger.ts
function preCompactsBySession(preCompacts) {
  const bySession = /* @__PURE__ */ new Map();
  for (const record2 of preCompacts) {
    const t = Date.parse(record2.at);
    if (Number.isNaN(t)) continue;
    const list = bySession.get(record2.sessionId);
    if (list === void 0) bySession.set(record2.sessionId, [{ t, record: record2 }]);
    else list.push({ t, record: record2 });
  }
  for (const list of bySession.values()) list.sort((a, b) => a.t - b.t);
  return bySession;
}
function compactionTriggersFromRecords(session, bySession) {
  const agent = session.agent ?? "claude-code";
  const records = (bySession.get(session.sessionId) ?? []).filter((r) => agentOf(r.record) === agent);
  const triggers = [];
  let from = Number.NEGATIVE_INFINITY;
  let next = 0;
  for (const compaction of session.compactions) {
    const at = compaction.timestamp === null ? Number.NaN : Date.parse(compaction.timestamp);
    if (Number.isNaN(at) || at <= from) {
      triggers.push(null);
      from = Number.POSITIVE_INFINITY;
      continue;
    }
    let latest = null;
    while (next < records.length && records[next].t <= at) {
      const r = records[next];
      if (r.t > from) latest = r;
      next += 1;
    }
    from = at;
    const reason = latest?.record.reason;
    triggers.push(
      latest !== null && at - latest.t <= COMPACT_PAIR_MAX_GAP_MS && (reason === "manual" || reason === "auto") ? { trigger: reason, recordAt: latest.record.at } : null
    );
  }
  return triggers;
}

// src/core/savings/savings-pairing.ts
var CLEAR_TOLERANCE_MS = 5e3;
var MAX_CONFIDENT_GAP_MS = 30 * 6e4;
function ms(at) {
  if (at === null) return null;
  const t = Date.parse(at);
  return Number.isNaN(t) ? null : t;
}
function sizes(before, after2) {
  if (before === null || after2 === null) return { saving: null, savingPercent: null };
  return { saving: before - after2, savingPercent: before > 0 ? (before - after2) / before * 100 : null };
}
function clearTime(fresh) {
  return fresh.clearCommandAt ?? fresh.startedAt;
}
function tokensOfChars(chars) {
  return charsEstimate("x".repeat(chars));
}
function loadedAt(session, segment, expected, injections) {
  const seen = session.threadMindInjections.find((i) => i.segment === segment);
  if (seen !== void 0) {
    const record2 = injections.byHash.get(seen.contentHash) ?? null;
    return {
      threadId: seen.threadId ?? record2?.threadId ?? expected?.threadId ?? null,
      chars: seen.chars,
      tokens: record2 !== null ? record2.tokens : tokensOfChars(seen.chars),
      receipt: seen.preview ? "preview" : "delivered"
    };
  }
  if (expected === null) return null;
  return { threadId: expected.threadId, chars: expected.chars, tokens: expected.tokens, receipt: "missing" };
}
function injectionIndex(measurements) {
  const bySession = /* @__PURE__ */ new Map();
  const byHash = /* @__PURE__ */ new Map();
  for (const i of measurements.injections) {
    if (!isInjectionRecord(i)) continue;
    if (!byHash.has(i.contentHash)) byHash.set(i.contentHash, i);
    const list = bySession.get(i.sessionId);
    if (list === void 0) bySession.set(i.sessionId, [i]);
    else list.push(i);
  }
  for (const list of bySession.values()) list.sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
  return { bySession, byHash };
}
function segmentLoads(session, injections) {
  const mine = injections.bySession.get(session.sessionId) ?? [];
  const loads = [
    loadedAt(session, 0, mine.find((i) => i.source === "startup" || i.source === "clear") ?? null, injections)
  ];
  session.compactions.forEach((c, k) => {
    const boundaryAt = ms(c.timestamp);
    const nextAt = ms(session.compactions[k + 1]?.timestamp ?? null);
    const expected = mine.find((i) => {
      const t = ms(i.at);
      return i.source === "compact" && t !== null && boundaryAt !== null && t >= boundaryAt - CLEAR_TOLERANCE_MS && (nextAt === null || t < nextAt);
    }) ?? null;
    loads.push(loadedAt(session, k + 1, expected, injections));
  });
  return loads;
}
function sessionLoads(sessions, injections) {
  return new Map(sessions.map((s) => [s, segmentLoads(s, injections)]));
}
function sizeBeforeClear(old, endAt, sessionEnds) {
  const final = { tokens: old?.finalContextTokens ?? null, from: "final-context" };
  const end = ms(endAt);
  const lastRequest = ms(old?.points.at(-1)?.at ?? null);
  if (old === null || end === null || lastRequest === null || lastRequest <= end + CLEAR_TOLERANCE_MS) return final;
  let record2 = null;
  for (const r of sessionEnds) {
    const at = ms(r.at);
    if (!isSizeRecord(r) || r.sessionId !== old.sessionId || r.reason !== "clear" || at === null) continue;
    if (Math.abs(at - end) > CLEAR_TOLERANCE_MS) continue;
    if (record2 === null || Math.abs(at - end) < Math.abs((ms(record2.at) ?? 0) - end)) record2 = r;
  }
  const tokens = record2 !== null && typeof record2.contextTokens === "number" && record2.contextTokens > 0 ? record2.contextTokens : null;
  return { tokens, from: "session-end-record" };
}
function pairsFromHooks(hooksSeen) {
  const records = hooksSeen.filter(isHookSeenRecord).sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0);
  const used = /* @__PURE__ */ new Set();
  const newToOld = /* @__PURE__ */ new Map();
  for (const start of records) {
    if (start.event !== "SessionStart:clear" || newToOld.has(start.sessionId)) continue;
    let end = null;
    for (const r of records) {
      if (r.at > start.at) break;
      if (r.event === "SessionEnd:clear" && !used.has(r) && r.sessionId !== start.sessionId) end = r;
    }
    if (end === null || Date.parse(start.at) - Date.parse(end.at) > CLEAR_PAIR_MAX_GAP_MS) continue;
    used.add(end);
    newToOld.set(start.sessionId, { oldId: end.sessionId, endAt: end.at, startAt: start.at });
  }
  return newToOld;
}
function isPlanClear(fresh) {
  return fresh.clearCommandAt === null && fresh.planStart !== null;
}
function planSessionOf(fresh, sessions, usedOld) {
  const clearAt = ms(clearTime(fresh));
  const inTime = (c) => clearAt === null || (ms(c.at) ?? 0) <= clearAt + CLEAR_TOLERANCE_MS;
  let best = null;
  for (const candidate of sessions) {
    if (candidate === fresh || usedOld.has(candidate.sessionId)) continue;
    if (fresh.slug !== null && candidate.slug !== null && fresh.slug !== candidate.slug) continue;
    const shared2 = fresh.slug !== null && fresh.slug === candidate.slug;
    const byText = candidate.planCalls.find((c) => c.textHash === fresh.planStart.textHash && inTime(c));
    const bySlug = shared2 ? candidate.planCalls.find((c) => c.textHash === null && inTime(c)) : void 0;
    const call = byText ?? bySlug;
    if (call === void 0) continue;
    const rank2 = (byText !== void 0 ? 2 : 0) + (shared2 ? 1 : 0);
    const at = ms(call.at) ?? 0;
    if (best === null || rank2 > best.rank || rank2 === best.rank && at > best.at) best = { old: candidate, call, rank: rank2, at };
  }
  if (best === null) return null;
  return { old: best.old, call: best.call, matchedBy: best.call.textHash === null ? "slug" : "plan-text" };
}
function clearRecordOf(fresh) {
  if (fresh.clearCommandAt !== null) return { record: "clear-command", at: fresh.clearCommandAt };
  if (fresh.planStart !== null)
    return { record: fresh.planStart.evidence === "planContent" ? "planContent" : "plan-prompt", at: fresh.planStart.at };
  if (fresh.clearHookSeen) return { record: "clear-hook", at: fresh.startedAt };
  return null;
}
function scopeOf(session) {
  return session.pairingScope ?? session.folder;
}
function findRestarts(sessions, measurements, injections = injectionIndex(measurements), loads = sessionLoads(sessions, injections)) {
  const byId = /* @__PURE__ */ new Map();
  for (const s of sessions) if (!byId.has(s.sessionId)) byId.set(s.sessionId, s);
  const restarts = [];
  const predecessors = /* @__PURE__ */ new Map();
  const usedOld = /* @__PURE__ */ new Set();
  for (const [newId, { oldId, endAt, startAt }] of pairsFromHooks(measurements.hooksSeen)) {
    const fresh = byId.get(newId);
    const old = byId.get(oldId);
    if (fresh === void 0 || old === void 0 || scopeOf(old) !== scopeOf(fresh)) continue;
    predecessors.set(newId, { old, by: "hooks", hooks: { endAt, startAt } });
    usedOld.add(oldId);
  }
  const byStart = [...sessions].sort((a, b) => (ms(clearTime(a)) ?? 0) - (ms(clearTime(b)) ?? 0));
  for (const fresh of byStart) {
    if (predecessors.has(fresh.sessionId) || !isPlanClear(fresh)) continue;
    const by = fresh.clearHookSeen ? "clear-hook" : fresh.planStart.evidence === "planContent" ? "plan-record" : null;
    if (by === null) continue;
    const found = planSessionOf(fresh, sessions, usedOld);
    if (found !== null) usedOld.add(found.old.sessionId);
    predecessors.set(fresh.sessionId, {
      old: found?.old ?? null,
      by,
      planCall: found?.call ?? null,
      planMatchedBy: found?.matchedBy ?? null
    });
  }
  for (const fresh of byStart) {
    if (predecessors.has(fresh.sessionId)) continue;
    const by = fresh.clearCommandAt !== null ? "clear-command" : fresh.clearHookSeen ? "clear-hook" : fresh.planStart?.evidence === "planContent" ? "plan-record" : null;
    if (by === null) continue;
    const clearAt = ms(clearTime(fresh));
    let best = null;
    if (clearAt !== null) {
      for (const candidate of sessions) {
        if (candidate === fresh || scopeOf(candidate) !== scopeOf(fresh) || usedOld.has(candidate.sessionId)) continue;
        const started = ms(candidate.startedAt);
        const ended = ms(candidate.endedAt);
        if (started === null || ended === null || started > clearAt || ended > clearAt + CLEAR_TOLERANCE_MS) continue;
        if (best === null || ended > (ms(best.endedAt) ?? 0)) best = candidate;
      }
    }
    if (best !== null) usedOld.add(best.sessionId);
    predecessors.set(fresh.sessionId, { old: best, by });
  }
  for (const [newId, { old, by, hooks, planCall, planMatchedBy }] of predecessors) {
    const fresh = byId.get(newId);
    const byPlan = planCall !== void 0;
    const call = planCall ?? null;
    const sizeBefore = call !== null ? { tokens: call.contextTokens, from: "plan-call" } : sizeBeforeClear(old, hooks?.endAt ?? null, measurements.sessionEnds);
    const before = sizeBefore.tokens;
    const after2 = fresh.firstContextTokens;
    const clearAt = ms(clearTime(fresh));
    const ended = ms((call !== null ? call.at : old?.endedAt) ?? null);
    const gapMs = clearAt === null || ended === null ? null : Math.max(0, clearAt - ended);
    const confidence = by === "hooks" ? "hooks" : old === null || byPlan || gapMs !== null && gapMs <= MAX_CONFIDENT_GAP_MS ? "clear-record" : "inferred";
    const evidence = {
      hookRecords: hooks === void 0 ? null : { sessionEndAt: hooks.endAt, sessionStartAt: hooks.startAt },
      clearRecord: clearRecordOf(fresh),
      plan: byPlan && fresh.planStart !== null ? {
        textHash: fresh.planStart.textHash,
        callAt: call?.at ?? null,
        matchedBy: planMatchedBy ?? null,
        newSlug: fresh.slug,
        endedSlug: old?.slug ?? null
      } : null,
      timeOrder: by === "hooks" || byPlan ? null : { endedSessionLastRecordAt: old?.endedAt ?? null, gapMs },
      boundary: null
    };
    restarts.push({
      agent: fresh.agent ?? "claude-code",
      kind: fresh.clearCommandAt === null && fresh.planStart !== null ? "plan-clear" : "clear",
      at: clearTime(fresh),
      folder: fresh.folder,
      sessionId: newId,
      previousSessionId: old?.sessionId ?? null,
      trigger: null,
      compactionIndex: null,
      pairedBy: by,
      confidence,
      gapMs,
      notAveraged: old === null ? byPlan ? "plan-session-not-found" : "no-ended-session" : before === null ? sizeBefore.from === "session-end-record" ? "no-size-before" : "ended-session-without-requests" : after2 === null ? "no-request-after" : confidence === "inferred" ? "gap-over-limit" : null,
      evidence,
      before,
      beforeFrom: before === null ? null : sizeBefore.from,
      after: after2,
      afterFrom: after2 === null ? null : "first-context",
      ...sizes(before, after2),
      threadMind: loads.get(fresh)[0]
    });
  }
  const preCompacts = preCompactsBySession(measurements.preCompacts.filter(isSizeRecord));
  for (const session of sessions) {
    const loaded4 = loads.get(session);
    const recorded = session.compactions.some((c) => c.trigger === null) ? compactionTriggersFromRecords(session, preCompacts) : [];
    session.compactions.forEach((c, k) => {
      const fromRecord = c.trigger === null ? recorded[k] ?? null : null;
      const before = c.preTokens ?? c.contextTokensBefore;
      const after2 = c.contextTokensAfter ?? c.postTokens;
      restarts.push({
        agent: session.agent ?? "claude-code",
        kind: "compaction",
        at: c.timestamp,
        folder: session.folder,
        sessionId: session.sessionId,
        previousSessionId: null,
        trigger: c.trigger ?? fromRecord?.trigger ?? null,
        compactionIndex: k,
        pairedBy: "boundary",
        confidence: "boundary",
        gapMs: null,
        notAveraged: before === null ? "no-size-before" : after2 === null ? "no-request-after" : null,
        evidence: {
          hookRecords: null,
          clearRecord: null,
          plan: null,
          timeOrder: null,
          boundary: { lineNumber: c.lineNumber, preCompactRecordAt: fromRecord?.recordAt ?? null }
        },
        before,
        beforeFrom: c.preTokens !== null ? "preTokens" : c.contextTokensBefore !== null ? "context-before-boundary" : null,
        after: after2,
        afterFrom: c.contextTokensAfter !== null ? "context-after-boundary" : c.postTokens !== null ? "postTokens" : null,
        ...sizes(before, after2),
        threadMind: loaded4[k + 1]
      });
    });
  }
  return restarts.sort((a, b) => (ms(a.at) ?? 0) - (ms(b.at) ?? 0));
}

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
  const text2 = path === null ? null : readSavedOutput(path, transcriptPath);
  return text2 === null ? null : of(text2);
}

// src/core/savings/savings-receipts.ts
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

// src/core/savings/savings-report.ts
var RESTART_KIND_ORDER = [
  "clear",
  "plan-clear",
  "manual-compaction",
  "auto-compaction",
  "other-compaction"
];
function restartKindKey(r) {
  switch (r.kind) {
    case "clear":
    case "plan-clear":
      return r.kind;
    case "compaction":
      return r.trigger === "manual" ? "manual-compaction" : r.trigger === "auto" ? "auto-compaction" : "other-compaction";
    default: {
      const unreachable = r.kind;
      throw new Error(`unknown restart kind ${String(unreachable)}`);
    }
  }
}
function average2(values) {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}
function restartGroup(restarts, withThreadMind) {
  const measured = restarts.filter(
    (r) => r.notAveraged === null && r.before !== null && r.after !== null
  );
  const averageBefore = average2(measured.map((r) => r.before));
  const averageAfter = average2(measured.map((r) => r.after));
  return {
    restarts: restarts.length,
    measured: measured.length,
    averageBefore,
    averageAfter,
    averageSaving: average2(measured.map((r) => r.before - r.after)),
    savingPercent: averageBefore !== null && averageAfter !== null && averageBefore > 0 ? (averageBefore - averageAfter) / averageBefore * 100 : null,
    averageLoaded: withThreadMind ? average2(measured.flatMap((r) => r.threadMind === null ? [] : [r.threadMind.tokens])) : null
  };
}
function sessionGroup(sessions) {
  const known = (pick) => sessions.flatMap((s) => pick(s) === null ? [] : [pick(s)]);
  return {
    sessions: sessions.length,
    averageFirst: average2(known((s) => s.firstContextTokens)),
    averagePeak: average2(known((s) => s.peakContextTokens)),
    averageFinal: average2(known((s) => s.finalContextTokens))
  };
}
function reportSession(s, loads, startedBy) {
  const loadedTokens = (k) => {
    const load2 = loads[k];
    return load2 === null || load2 === void 0 || load2.receipt === "missing" ? 0 : load2.tokens;
  };
  return {
    agent: s.agent ?? "claude-code",
    sessionId: s.sessionId,
    folder: s.folder,
    path: s.path,
    bytes: s.bytes,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    startedByClear: startedBy.clear.has(s.sessionId),
    startedByPlan: startedBy.plan.has(s.sessionId),
    apiResponses: s.apiResponses,
    firstContextTokens: s.firstContextTokens,
    peakContextTokens: s.peakContextTokens,
    finalContextTokens: s.finalContextTokens,
    outputTokens: s.outputTokens,
    claudeCodeVersions: s.claudeCodeVersions,
    partialOutputCounts: s.partialOutputCounts,
    copiedResponses: s.copiedResponses,
    copiedFromSessions: s.copiedFromSessions,
    withThreadMind: s.threadMindInjections.some((i) => !i.preview),
    threadMindInjections: s.threadMindInjections.length,
    otherInjections: s.otherInjections.length,
    points: s.points,
    compactionMarks: s.compactions.map((c, k) => ({ responsesBefore: c.responsesBefore, threadMindTokens: loadedTokens(k + 1) })),
    threadMindTokensAtStart: loadedTokens(0),
    malformedLines: s.malformedLines
  };
}
async function buildSavingsReport(options) {
  const probeStart = cpuSample();
  const located = await locateTranscripts({ projectsDir: options.projectsDir, workspaceRoot: options.workspaceRoot });
  const files = located.transcripts;
  const bytesTotal = files.reduce((sum, t) => sum + t.sizeBytes, 0);
  const inFile = /* @__PURE__ */ new Map();
  let bytesDone = 0;
  let filesDone = 0;
  const progress = (index) => {
    let bytes2 = bytesDone;
    for (const b of inFile.values()) bytes2 += b;
    options.onProgress?.({
      filesDone,
      filesTotal: files.length,
      bytesDone: bytes2,
      bytesTotal,
      currentPath: index === null ? null : files[index].path
    });
  };
  const cache = options.scanCache ?? null;
  const scanStartedMs = Date.now();
  const stamps = files.map((f) => cache === null ? null : ScanCache.stampOf(f.path, scanStartedMs));
  const results = files.map((f, i) => cache?.get(f.path, stamps[i] ?? null) ?? void 0);
  const toScan = [];
  for (let i = 0; i < files.length; i++) {
    const kept = results[i];
    if (kept === void 0) toScan.push(i);
    else {
      bytesDone += kept.bytes;
      filesDone += 1;
    }
  }
  const scanning = toScan.map((i) => files[i]);
  const scannedNow = await scanFiles(
    scanning,
    { ...scanLanes(scanning, options.env ?? {}), probeStart },
    (at, bytes2) => {
      inFile.set(toScan[at], bytes2);
      progress(toScan[at]);
    },
    (at, session) => {
      const index = toScan[at];
      inFile.delete(index);
      bytesDone += session.bytes;
      filesDone += 1;
      results[index] = session;
      cache?.set(files[index].path, stamps[index] ?? null, session);
    },
    null
  );
  const scanned = results.filter((s) => s !== void 0);
  const unscanned = scannedNow.unscanned.map((u) => ({ ...u, index: toScan[u.index] }));
  progress(null);
  const rollouts = await locateRollouts({
    sessionsDir: codexSessionsDir(options.env ?? {}),
    workspaceRoot: options.workspaceRoot,
    firstLineOf: firstZstdRolloutLine
  });
  const unscannedRollouts = [...rollouts.unreadable];
  for (const rollout of rollouts.rollouts) {
    let session;
    try {
      session = await scanRollout(rollout);
    } catch (error) {
      unscannedRollouts.push({ path: rollout.path, folder: rollout.folder, reason: messageOf(error) });
      continue;
    }
    scanned.push(session);
    bytesDone += session.bytes;
  }
  const injections = injectionIndex(options.measurements);
  const loads = sessionLoads(scanned, injections);
  const restarts = findRestarts(scanned, options.measurements, injections, loads);
  const [byClear, byPlan] = [/* @__PURE__ */ new Set(), /* @__PURE__ */ new Set()];
  for (const r of restarts) {
    if (r.kind !== "compaction") byClear.add(r.sessionId);
    if (r.kind === "plan-clear") byPlan.add(r.sessionId);
  }
  const sessions = scanned.map((s) => reportSession(s, loads.get(s), { clear: byClear, plan: byPlan })).sort((a, b) => (Date.parse(a.startedAt ?? "") || 0) - (Date.parse(b.startedAt ?? "") || 0));
  const delivered = (r) => r.threadMind !== null && r.threadMind.receipt === "delivered";
  return {
    workspaceRoot: options.workspaceRoot,
    projectsDir: located.projectsDir,
    projectsDirExists: located.projectsDirExists,
    folders: located.folders,
    codexSessionsDir: rollouts.sessionsDir,
    codexSessionsDirExists: rollouts.sessionsDirExists,
    scannedFiles: scanned.length,
    scannedBytes: bytesDone,
    rejected: located.rejected,
    unscanned: [...unscanned.map(({ path, folder, reason }) => ({ path, folder, reason })), ...unscannedRollouts],
    sessions,
    restarts,
    byKind: AGENT_IDS.flatMap(
      (agent) => RESTART_KIND_ORDER.flatMap((kind) => {
        const ofKind = restarts.filter((r) => r.agent === agent && restartKindKey(r) === kind);
        if (ofKind.length === 0) return [];
        return [
          {
            agent,
            kind,
            withThreadMind: restartGroup(ofKind.filter(delivered), true),
            withoutThreadMind: restartGroup(
              ofKind.filter((r) => !delivered(r)),
              false
            )
          }
        ];
      })
    ),
    sessionComparison: AGENT_IDS.flatMap((agent) => {
      const ofAgent2 = sessions.filter((s) => s.agent === agent);
      if (ofAgent2.length === 0) return [];
      return [
        {
          agent,
          withThreadMind: sessionGroup(ofAgent2.filter((s) => s.withThreadMind)),
          withoutThreadMind: sessionGroup(ofAgent2.filter((s) => !s.withThreadMind))
        }
      ];
    }),
    receipts: summarizeReceipts(options.measurements.injections, scanned),
    malformedLines: scanned.reduce((sum, s) => sum + s.malformedLines, 0),
    malformedFiles: scanned.filter((s) => s.malformedLines > 0).map((s) => ({ path: s.path, count: s.malformedLines, lineNumbers: s.malformedLineNumbers, lines: s.lines })),
    freshness: freshnessFromTranscripts(restarts, scanned, options.freshnessThreshold),
    outputTotals: {
      outputTokens: sessions.reduce((sum, s) => sum + s.outputTokens, 0),
      sessions: sessions.length,
      partialSessions: sessions.filter((s) => s.partialOutputCounts).length
    }
  };
}

// src/cli/report-model.ts
var fmt3 = (n) => Math.round(n).toLocaleString("en-US");

// src/cli/report-freshness.ts
function row(label, g) {
  return [label, fmt3(g.restarts), fmt3(g.current), fmt3(g.stale), g.averageSinceWrite === null ? "\u2013" : fmt3(g.averageSinceWrite)];
}
function freshnessTable(f) {
  return {
    title: "Summary freshness at restarts",
    notes: [
      "From each ended conversation's summary_update calls (any tool name ending in summary_update), history from before ThreadMind included.",
      `Current: the conversation grew no more than ${fmt3(f.threshold)} tokens since its last summary_update call (or since its first request, when it made none); stale otherwise, written earlier or not. Both sizes are measured: no estimate.`
    ],
    headers: ["Restart", "Measured", "Summary current", "Stale", "Avg tokens since last write"],
    align: ["l", "r", "r", "r", "r"],
    rows: [row("/clear", f.clear), row("compaction", f.compaction)]
  };
}

// src/cli/report-tables.ts
var MINUS = "\u2212";
function signed(n) {
  return n < 0 ? `${MINUS}${fmt3(-n)}` : fmt3(n);
}
function percentChange(before, after2) {
  const change2 = (after2 - before) / before * 100;
  return `${change2 < 0 ? MINUS : "+"}${Math.abs(change2).toFixed(1)}%`;
}
function maybe(n, render = fmt3) {
  return n === null ? "\u2014" : render(n);
}
function when(at) {
  if (at === null || Number.isNaN(Date.parse(at))) return "\u2014";
  return new Date(at).toISOString().slice(0, 16).replace("T", " ");
}
var shortId = (id) => id.slice(0, 8);
function megabytes(bytes2) {
  return `${(bytes2 / (1024 * 1024)).toFixed(1)} MB`;
}
function groupRow(label, g) {
  const change2 = g.averageBefore !== null && g.averageAfter !== null && g.averageBefore > 0 ? ` (${percentChange(g.averageBefore, g.averageAfter)})` : "";
  return [
    label,
    String(g.restarts),
    String(g.measured),
    maybe(g.averageBefore),
    maybe(g.averageAfter),
    g.averageSaving === null ? "\u2014" : `${signed(g.averageSaving)}${change2}`,
    g.averageLoaded === null ? "\u2014" : `~${fmt3(g.averageLoaded)}`
  ];
}
function sessionGroupRow(label, g) {
  return [label, String(g.sessions), maybe(g.averageFirst), maybe(g.averagePeak), maybe(g.averageFinal)];
}
var KIND_LABELS = {
  clear: "/clear",
  "plan-clear": 'plan accepted with "clear context"',
  "manual-compaction": "manual compaction (/compact)",
  "auto-compaction": "auto compaction",
  "other-compaction": "compaction (trigger not recorded)"
};
function restartKind(r) {
  switch (r.kind) {
    case "clear":
    case "plan-clear":
      return KIND_LABELS[r.kind];
    case "compaction":
      return `compaction${r.trigger ? ` (${r.trigger})` : ""}`;
    default: {
      const unreachable = r.kind;
      throw new Error(`unknown restart kind ${String(unreachable)}`);
    }
  }
}
function ofAgent(agent, label, mixed) {
  return mixed ? `${PROFILES[agent].name}: ${label}` : label;
}
function loaded3(r) {
  if (r.threadMind === null) return "\u2014";
  const t = r.threadMind;
  return `~${fmt3(t.tokens)} (${fmt3(t.chars)} chars, ${t.receipt})`;
}
function duration(msValue) {
  const s = msValue / 1e3;
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} d`;
}
function pairing(r) {
  const gap = r.kind !== "compaction" && r.previousSessionId === null ? ", no ended session found" : r.gapMs === null ? "" : `, ${duration(r.gapMs)} gap`;
  switch (r.confidence) {
    case "hooks":
      return `ThreadMind hooks${gap}`;
    case "clear-record":
      return `${r.pairedBy === "plan-record" ? "plan record" : r.pairedBy === "clear-hook" ? "SessionStart:clear record" : "/clear record"}${gap}`;
    case "boundary":
      return "compact boundary";
    case "inferred":
      return `inferred by time order${gap}`;
    default: {
      const unreachable = r.confidence;
      throw new Error(`unknown confidence ${String(unreachable)}`);
    }
  }
}
function notAveragedText(r) {
  const reason = r.notAveraged;
  if (reason === null) return null;
  switch (reason) {
    case "no-ended-session":
      return "no session of this project folder ended before it (nothing to measure before)";
    case "plan-session-not-found":
      return "no scanned session holds the ExitPlanMode call with the accepted plan's text (deleted, in another folder, or resumed elsewhere): never paired by time order";
    case "ended-session-without-requests":
      return "the session it ended recorded no request (no size before)";
    case "no-size-before":
      return r.kind === "compaction" ? "no preTokens in the boundary and no request before it (no size before)" : "the session it ended went on later (resumed) and ThreadMind's SessionEnd hook recorded no size at the /clear (no size before)";
    case "no-request-after":
      return "no request after it in the transcript (no size after)";
    case "gap-over-limit":
      return `the ended session was found by time order only, ${r.gapMs === null ? "an unknown time" : duration(r.gapMs)} before the /clear (over ${duration(MAX_CONFIDENT_GAP_MS)}): it may have been closed, not cleared`;
    default: {
      const unreachable = reason;
      throw new Error(`unknown reason ${String(unreachable)}`);
    }
  }
}
function restartRow(r, mixed) {
  const session = r.kind !== "compaction" ? `${shortId(r.sessionId)} \u2190 ${r.previousSessionId === null ? "?" : shortId(r.previousSessionId)}` : shortId(r.sessionId);
  const before = r.before === null ? "\u2014" : `${fmt3(r.before)}${r.beforeFrom === "preTokens" ? " (preTokens)" : r.beforeFrom === "session-end-record" ? " (at the /clear, SessionEnd hook)" : ""}`;
  const after2 = r.after === null ? "\u2014" : `${fmt3(r.after)}${r.afterFrom === "postTokens" ? " (postTokens)" : ""}`;
  const saving = r.saving === null || r.before === null || r.after === null || r.before === 0 ? "\u2014" : `${signed(r.saving)} (${percentChange(r.before, r.after)})`;
  return [
    when(r.at),
    ofAgent(r.agent, restartKind(r), mixed),
    session,
    before,
    after2,
    saving,
    loaded3(r),
    pairing(r),
    notAveragedText(r) ?? "yes"
  ];
}
function malformedLines(file) {
  const out = file.lineNumbers.map(
    (n) => n === file.lines ? `${file.path}: line ${n}, the last, is incomplete and was skipped (the session was probably still being written)` : `${file.path}: line ${n} is not a JSON record and was skipped`
  );
  if (file.count > file.lineNumbers.length)
    out.push(
      `${file.path}: ${file.count - file.lineNumbers.length} more malformed line${file.count - file.lineNumbers.length === 1 ? "" : "s"} skipped`
    );
  return out;
}
var PAIRING_LINES = [
  `/clear (the ended session's final size \u2192 the new session's first request): the new session is paired with the one it ended by ThreadMind's hook records when present (SessionEnd with reason clear, then SessionStart with source clear: the latest unused SessionEnd at or before the SessionStart) \u2014 "ThreadMind hooks".`,
  `Otherwise by the new transcript itself: it opens with the \`/clear\` command record or a SessionStart hook of any plugin reporting source clear; the ended session is the one in the same project folder (for Codex, among the workspace's rollouts, whatever their day) whose last record (progress and sidechain records not read) is the latest at or before the /clear (5 s tolerance), each session ending at most one pair. Within ${duration(MAX_CONFIDENT_GAP_MS)} of the /clear the pair is confident ("/clear record"); further apart it is "inferred by time order" (the ended session may have been closed rather than cleared): listed with its gap, never averaged (nor in the freshness table). Sessions started without such evidence (startup, a new terminal) are not restarts.`,
  `A plan accepted with "clear context" (the new transcript opens with the accepted plan) is paired with the session holding the ExitPlanMode call of the same plan text and, when both record one, the same slug ("plan record"; size before: that call's request), never by time order; without such a session it is listed, not averaged.`,
  "A session file that opens with copies of another session's records (a continued conversation: that session's id on each) counts its own records only; the copies are the other session's.",
  'A /clear whose new session opens with an accepted plan, and not with a typed /clear, is a plan accepted with "clear context": its own kind.',
  `Compaction: \`preTokens\` of the compact_boundary record (else the last size before it) \u2192 the first request after it (else \`postTokens\`) \u2014 "compact boundary"; manual (/compact) and auto compactions are separate kinds. Codex records a compaction (its \`compacted\` line) without sizes or trigger: the last size before it \u2192 the first request after it, manual or auto as ThreadMind's PreCompact hook recorded it for that session (the latest record before it, after the previous compaction, at most ${duration(COMPACT_PAIR_MAX_GAP_MS)} earlier); without one, "trigger not recorded".`,
  "Sizes (Claude Code) are input + cache creation + cache read tokens of a main-chain request, streamed copies counted once (message.id + requestId, final copy), sidechains and progress records left out; (Codex) a request's input tokens (`last_token_usage.input_tokens`, cached ones included), a token count written twice counted once. The first request after a restart carries the agent's system prompt and tools too, so it is never near zero."
];
function filesOf(report, agent) {
  const of = report.sessions.filter((s) => s.agent === agent);
  return { files: of.length, bytes: of.reduce((sum, s) => sum + s.bytes, 0) };
}
function reportDocument(report) {
  const claude = filesOf(report, "claude-code");
  const codex2 = filesOf(report, "codex");
  const intro = [
    `Workspace: ${report.workspaceRoot}`,
    report.projectsDirExists ? `Scanned ${claude.files} Claude Code transcript${claude.files === 1 ? "" : "s"} (${megabytes(claude.bytes)}) in ${report.folders.length} project folder${report.folders.length === 1 ? "" : "s"} under ${report.projectsDir}.` : `No Claude Code transcripts: ${report.projectsDir} does not exist (set CLAUDE_CONFIG_DIR if Claude Code keeps its configuration elsewhere).`,
    ...!report.codexSessionsDirExists ? [] : codex2.files > 0 ? [
      `Scanned ${codex2.files} Codex rollout${codex2.files === 1 ? "" : "s"} (${megabytes(codex2.bytes)}) of this workspace under ${report.codexSessionsDir}.`
    ] : [`No Codex rollout of this workspace under ${report.codexSessionsDir}.`],
    "Conversation sizes (before, after, first, peak, final) are measured from the usage the agent (Claude Code, Codex) records in its transcripts; only ThreadMind context sizes, marked ~, are estimates. Times are UTC."
  ];
  const out = report.outputTotals;
  if (out.sessions > 0)
    intro.push(
      out.partialSessions === 0 ? `Output tokens: ${fmt3(out.outputTokens)} in ${out.sessions} session${out.sessions === 1 ? "" : "s"}.` : `Output tokens: ${fmt3(out.outputTokens)} in ${out.sessions} session${out.sessions === 1 ? "" : "s"}, ${out.partialSessions === out.sessions ? "all" : out.partialSessions} of them with partial output counts (marked "partial" under Sessions): below what the model produced. ${PARTIAL_OUTPUT_NOTE}`
    );
  if (report.malformedLines > 0)
    intro.push(
      `${report.malformedLines} malformed line${report.malformedLines === 1 ? "" : "s"} skipped: see "Malformed lines" below.`
    );
  const mixed = new Set(report.restarts.map((r2) => r2.agent)).size > 1;
  const mixedSessions = report.sessionComparison.length > 1;
  const tables = [
    {
      title: "Restarts by kind, with and without ThreadMind context",
      notes: [
        `Average conversation size before a restart and at the first request after it (tokens, measured), each kind of restart${mixed ? " of each agent" : ""} on its own. Only restarts paired with confidence and measured on both sides are averaged ("In averages"); every other one is in "Every restart" with the reason.`,
        ...mixed ? [
          "Restarts of different agents are never averaged together: their system prompts, tools and context caps differ, and so do the sizes after a restart."
        ] : []
      ],
      headers: ["", "Restarts", "In averages", "Avg before", "Avg after", "Avg saving", "ThreadMind loaded (~)"],
      align: ["l", "r", "r", "r", "r", "r", "r"],
      rows: report.byKind.flatMap((k) => [
        groupRow(ofAgent(k.agent, `${KIND_LABELS[k.kind]}, with ThreadMind context`, mixed), k.withThreadMind),
        groupRow(ofAgent(k.agent, `${KIND_LABELS[k.kind]}, without (baseline)`, mixed), k.withoutThreadMind)
      ])
    },
    {
      title: "Every restart",
      notes: report.restarts.length === 0 ? ["No /clear or compaction found in these transcripts."] : [],
      headers: ["When", "Kind", "Session", "Before", "After", "Saving", "ThreadMind loaded (~)", "Paired by", "In averages"],
      align: ["l", "l", "l", "r", "r", "r", "r", "l", "l"],
      rows: report.restarts.map((r2) => restartRow(r2, mixed))
    },
    {
      title: "Sessions with and without ThreadMind context",
      notes: report.sessionComparison.length === 0 ? ["No session found in these transcripts."] : mixedSessions ? [
        "Sessions of different agents are never averaged together: each request also carries the agent's own system prompt and tools, so their sizes differ from the first request on."
      ] : [],
      headers: ["", "Sessions", "Avg first request", "Avg peak", "Avg final"],
      align: ["l", "r", "r", "r", "r"],
      rows: report.sessionComparison.flatMap((c) => [
        sessionGroupRow(ofAgent(c.agent, "With ThreadMind context", mixedSessions), c.withThreadMind),
        sessionGroupRow(ofAgent(c.agent, "Without", mixedSessions), c.withoutThreadMind)
      ])
    },
    {
      title: "Sessions",
      notes: report.sessions.some((s) => s.partialOutputCounts) ? [`Output "partial": ${PARTIAL_OUTPUT_NOTE}`] : [],
      headers: ["Started", "Session", "Folder", "Requests", "First", "Peak", "Final", "Output", "Compactions", "ThreadMind"],
      align: ["l", "l", "l", "r", "r", "r", "r", "r", "r", "l"],
      rows: report.sessions.map((s) => [
        when(s.startedAt),
        `${shortId(s.sessionId)}${s.startedByPlan ? ` (${KIND_LABELS["plan-clear"]})` : s.startedByClear ? " (after /clear)" : ""}`,
        // A Codex session's folder is its rollout's date folder under $CODEX_HOME/sessions: the agent is named with it.
        s.agent === "codex" ? `Codex ${s.folder}` : s.folder,
        String(s.apiResponses),
        maybe(s.firstContextTokens),
        maybe(s.peakContextTokens),
        maybe(s.finalContextTokens),
        `${fmt3(s.outputTokens)}${s.partialOutputCounts ? " (partial)" : ""}`,
        String(s.compactionMarks.length),
        s.withThreadMind ? `yes (${s.threadMindInjections})` : s.threadMindInjections > 0 ? "preview only" : "no"
      ])
    },
    freshnessTable(report.freshness)
  ];
  const r = report.receipts;
  const receiptLines = [
    `Recorded by the hooks: ${r.recorded.delivered} delivered, ${r.recorded.preview} replaced by a preview, ${r.recorded.missing} missing, ${r.recorded.pending} not checked yet.`,
    `Checked now in the transcripts: ${r.checked.delivered} delivered, ${r.checked.preview} replaced by a preview, ${r.checked.missing} missing, ${r.checked["not-scanned"]} whose transcript was not found.`,
    `ThreadMind injections seen in the transcripts: ${r.seenInTranscripts} (${r.previewsInTranscripts} as a preview: over 10,000 characters, the model saw only 2 KB).`
  ];
  const sections = [
    { title: "Injection receipts", lines: receiptLines },
    { title: "How restarts are paired", lines: PAIRING_LINES }
  ];
  if (report.malformedFiles.length > 0)
    sections.push({ title: "Malformed lines", lines: report.malformedFiles.flatMap(malformedLines) });
  if (report.unscanned.length > 0) {
    sections.push({
      title: "Transcripts that could not be scanned",
      lines: [
        "These files are left out of everything above (the rest is reported as usual):",
        ...report.unscanned.map((x) => `${x.path}: ${x.reason}`)
      ]
    });
  }
  if (report.rejected.length > 0) {
    sections.push({
      title: "Transcripts left out",
      lines: [
        `Claude Code's folder names replace every non-alphanumeric character with "-", so other directories can share this workspace's prefix. These files were left out:`,
        ...report.rejected.map((x) => `${x.path}: ${x.reason}`)
      ]
    });
  }
  return { title: "ThreadMind savings report", intro, tables, sections };
}

// src/cli/report-markdown.ts
function cell(text2) {
  return text2.replace(/\|/g, "\\|").replace(/\n/g, " ");
}
function table(t) {
  const lines = [`## ${t.title}`, ""];
  for (const note of t.notes) lines.push(note, "");
  if (t.rows.length === 0) return lines;
  lines.push(`| ${t.headers.map(cell).join(" | ")} |`);
  lines.push(`| ${t.align.map((a) => a === "r" ? "---:" : "---").join(" | ")} |`);
  for (const row2 of t.rows) lines.push(`| ${row2.map(cell).join(" | ")} |`);
  lines.push("");
  return lines;
}
function renderMarkdown(doc) {
  const lines = [`# ${doc.title}`, "", ...doc.intro.flatMap((l) => [l, ""])];
  for (const t of doc.tables) lines.push(...table(t));
  for (const s of doc.sections) {
    lines.push(`## ${s.title}`, "");
    for (const l of s.lines) lines.push(`- ${l}`);
    lines.push("");
  }
  return `${lines.join("\n").trimEnd()}
`;
}

// src/cli/report-svg.ts
var MARGIN = { left: 78, right: 24, top: 64, bottom: 124 };
var WIDE_LABEL_PX = 90;
var PLOT_HEIGHT = 300;
var TARGET_PLOT_WIDTH = 960;
var MIN_SESSION_WIDTH = 14;
var SESSION_GAP = 10;
var COLORS = {
  withTm: "#2563eb",
  withoutTm: "#6b7280",
  context: "#16a34a",
  restart: "#dc2626",
  grid: "#e5e7eb",
  text: "#111827"
};
function forbiddenInXml(c) {
  return c < 32 && c !== 9 && c !== 10 && c !== 13 || c === 65534 || c === 65535;
}
function xmlCharacters(text2) {
  let out = "";
  let from = 0;
  for (let i = 0; i < text2.length; i++) {
    const c = text2.charCodeAt(i);
    const pair = c >= 55296 && c <= 56319 && i + 1 < text2.length && (text2.charCodeAt(i + 1) & 64512) === 56320;
    if (pair) {
      i++;
      continue;
    }
    if (forbiddenInXml(c) || (c & 63488) === 55296) {
      out += `${text2.slice(from, i)}\uFFFD`;
      from = i + 1;
    }
  }
  return from === 0 ? text2 : out + text2.slice(from);
}
function xmlEscape(text2) {
  return xmlCharacters(text2).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
var n2 = (v) => (Math.round(v * 100) / 100).toString();
function niceCeil(value) {
  if (value <= 0) return 1e3;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}
function shortTokens(v) {
  if (v >= 1e6) return `${n2(v / 1e6)}M`;
  if (v >= 1e3) return `${n2(v / 1e3)}k`;
  return String(v);
}
function place(sessions) {
  const units = sessions.map((s) => Math.max(1, s.apiResponses));
  const totalUnits = units.reduce((a, b) => a + b, 0);
  const gaps = Math.max(0, sessions.length - 1) * SESSION_GAP;
  const unitPx = totalUnits === 0 ? 0 : Math.max(0.5, (TARGET_PLOT_WIDTH - gaps) / totalUnits);
  const placed = [];
  let x0 = 0;
  sessions.forEach((session, i) => {
    const width = Math.max(MIN_SESSION_WIDTH, units[i] * unitPx);
    const span = Math.max(1, session.apiResponses - 1);
    const start = x0;
    placed.push({
      session,
      x0: start,
      width,
      x: (index) => start + (session.apiResponses <= 1 ? width / 2 : index / span * width)
    });
    x0 += width + SESSION_GAP;
  });
  return { placed, plotWidth: Math.max(TARGET_PLOT_WIDTH, x0 - SESSION_GAP) };
}
function renderSvg(report) {
  const { placed, plotWidth } = place(report.sessions);
  const width = MARGIN.left + plotWidth + MARGIN.right;
  const height = MARGIN.top + PLOT_HEIGHT + MARGIN.bottom;
  const peak = Math.max(0, ...report.sessions.map((s) => s.peakContextTokens ?? 0), ...report.restarts.map((r) => r.before ?? 0));
  const yMax = niceCeil(peak);
  const X = (x) => MARGIN.left + x;
  const Y = (tokens) => MARGIN.top + PLOT_HEIGHT - tokens / yMax * PLOT_HEIGHT;
  const out = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n2(width)}" height="${height}" viewBox="0 0 ${n2(width)} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-labelledby="tm-title">`
  );
  out.push(`<title id="tm-title">ThreadMind: conversation size per session (measured), restarts and ThreadMind context</title>`);
  out.push(`<rect class="background" x="0" y="0" width="${n2(width)}" height="${height}" fill="#ffffff"/>`);
  out.push(
    `<text x="${MARGIN.left}" y="22" font-size="15" font-weight="600" fill="${COLORS.text}">Conversation size per session (tokens, measured)</text>`
  );
  const legend = [
    [COLORS.withTm, "session with ThreadMind context"],
    [COLORS.withoutTm, "session without"],
    [COLORS.context, "ThreadMind context loaded (~)"],
    [COLORS.restart, "restart (dotted: unpaired or inferred)"]
  ];
  let lx = MARGIN.left;
  out.push('<g class="legend">');
  for (const [color, label] of legend) {
    out.push(
      `<rect x="${n2(lx)}" y="34" width="14" height="10" fill="${color}"/><text x="${n2(lx + 18)}" y="43" fill="${COLORS.text}">${xmlEscape(label)}</text>`
    );
    lx += 30 + label.length * 6.4;
  }
  out.push("</g>");
  out.push('<g class="axes">');
  for (let i = 0; i <= 5; i++) {
    const v = yMax / 5 * i;
    out.push(`<line x1="${X(0)}" y1="${n2(Y(v))}" x2="${n2(X(plotWidth))}" y2="${n2(Y(v))}" stroke="${COLORS.grid}"/>`);
    out.push(`<text x="${X(-8)}" y="${n2(Y(v) + 4)}" text-anchor="end" fill="${COLORS.text}">${shortTokens(v)}</text>`);
  }
  out.push(`<line x1="${X(0)}" y1="${Y(0)}" x2="${n2(X(plotWidth))}" y2="${Y(0)}" stroke="${COLORS.text}"/>`);
  out.push(
    `<text x="${n2(X(plotWidth / 2))}" y="${height - 12}" text-anchor="middle" fill="${COLORS.text}">requests, sessions in time order (time between sessions not to scale)</text>`
  );
  out.push("</g>");
  if (report.sessions.length === 0) {
    out.push(
      `<text class="empty" x="${n2(X(plotWidth / 2))}" y="${n2(Y(yMax / 2))}" text-anchor="middle" fill="${COLORS.text}">No Claude Code or Codex sessions found for this workspace</text>`
    );
  }
  const byId = new Map(placed.map((p) => [p.session.sessionId, p]));
  for (const p of placed) {
    const s = p.session;
    const color = s.withThreadMind ? COLORS.withTm : COLORS.withoutTm;
    out.push(`<g class="session" data-session-id="${xmlEscape(s.sessionId)}" data-with-threadmind="${s.withThreadMind}">`);
    out.push(
      `<title>${xmlEscape(`${s.sessionId} (${s.folder}), started ${when(s.startedAt)}: ${s.apiResponses} requests, first ${fmt3(s.firstContextTokens ?? 0)}, peak ${fmt3(s.peakContextTokens ?? 0)}, final ${fmt3(s.finalContextTokens ?? 0)} tokens`)}</title>`
    );
    if (s.points.length > 0) {
      const coords = s.points.map((pt) => `${n2(X(p.x(pt.index)))},${n2(Y(pt.tokens))}`).join(" ");
      out.push(
        `<polyline class="size" fill="none" stroke="${color}" stroke-width="1.8" points="${coords}" data-indexes="${s.points.map((pt) => pt.index).join(" ")}" data-tokens="${s.points.map((pt) => pt.tokens).join(" ")}"/>`
      );
      const last2 = s.points[s.points.length - 1];
      out.push(`<circle cx="${n2(X(p.x(last2.index)))}" cy="${n2(Y(last2.tokens))}" r="2.5" fill="${color}"/>`);
    }
    if (s.threadMindTokensAtStart > 0) {
      out.push(contextBar(X(p.x(0)) - 3, s.threadMindTokensAtStart, "start", Y));
    }
    s.compactionMarks.forEach((mark, k) => {
      const x = X(
        mark.responsesBefore === 0 ? p.x(0) : (p.x(mark.responsesBefore - 1) + p.x(Math.min(mark.responsesBefore, Math.max(0, s.apiResponses - 1)))) / 2
      );
      out.push(`<g class="restart compaction" data-session-id="${xmlEscape(s.sessionId)}" data-index="${k}">`);
      out.push(
        `<line x1="${n2(x)}" y1="${MARGIN.top}" x2="${n2(x)}" y2="${Y(0)}" stroke="${COLORS.restart}" stroke-dasharray="4 3"/>`
      );
      out.push(`<text x="${n2(x + 3)}" y="${MARGIN.top + 10}" fill="${COLORS.restart}" font-size="10">compaction</text>`);
      if (mark.threadMindTokens > 0) out.push(contextBar(x + 1, mark.threadMindTokens, "compaction", Y));
      out.push("</g>");
    });
    if (p.width >= WIDE_LABEL_PX) {
      out.push(
        `<text class="session-label" x="${n2(X(p.x0))}" y="${Y(0) + 16}" fill="${COLORS.text}" font-size="10">${xmlEscape(when(s.startedAt))}</text>`
      );
    } else {
      const lx2 = X(p.x0 + p.width / 2) + 3;
      const ly = Y(0) + 8;
      out.push(
        `<text class="session-label" x="${n2(lx2)}" y="${n2(ly)}" transform="rotate(-90 ${n2(lx2)} ${n2(ly)})" text-anchor="end" fill="${COLORS.text}" font-size="9">${xmlEscape(when(s.startedAt))}</text>`
      );
    }
    out.push("</g>");
  }
  for (const r of report.restarts) {
    if (r.kind === "compaction") continue;
    const label = KIND_LABELS[r.kind];
    const to = byId.get(r.sessionId);
    const from = r.previousSessionId === null ? void 0 : byId.get(r.previousSessionId);
    const a = from?.session.points[from.session.points.length - 1];
    const b = to?.session.points[0];
    const attrs = `data-kind="${r.kind}" data-from="${xmlEscape(r.previousSessionId ?? "")}" data-to="${xmlEscape(r.sessionId)}" data-before="${r.before ?? ""}" data-after="${r.after ?? ""}" data-confidence="${r.confidence}"`;
    if (from !== void 0 && to !== void 0 && a !== void 0 && b !== void 0) {
      const x1 = X(from.x(a.index));
      const x2 = X(to.x(b.index));
      const dash = r.confidence === "inferred" ? "1 3" : "4 3";
      out.push(`<g class="restart clear" ${attrs}>`);
      out.push(
        `<line x1="${n2(x1)}" y1="${n2(Y(a.tokens))}" x2="${n2(x2)}" y2="${n2(Y(b.tokens))}" stroke="${COLORS.restart}" stroke-dasharray="${dash}"/>`
      );
      out.push(
        `<text x="${n2((x1 + x2) / 2)}" y="${n2(Math.min(Y(a.tokens), Y(b.tokens)) - 6)}" text-anchor="middle" fill="${COLORS.restart}" font-size="10">${xmlEscape(label)}${r.confidence === "inferred" ? " (inferred)" : ""}</text>`
      );
      out.push("</g>");
      continue;
    }
    if (to === void 0) continue;
    const x = X(to.x0) - SESSION_GAP / 2;
    out.push(`<g class="restart clear unpaired" ${attrs}>`);
    out.push(
      `<line x1="${n2(x)}" y1="${MARGIN.top}" x2="${n2(x)}" y2="${Y(0)}" stroke="${COLORS.restart}" stroke-dasharray="1 3"/>`
    );
    out.push(
      `<text x="${n2(x + 3)}" y="${MARGIN.top + 22}" fill="${COLORS.restart}" font-size="10">${xmlEscape(label)} (unpaired)</text>`
    );
    out.push(
      `<title>${xmlEscape(`${label} at ${when(r.at)}: not measured (${r.previousSessionId === null ? "no ended session found" : "a side without a request"})`)}</title>`
    );
    out.push("</g>");
  }
  out.push("</svg>");
  return `${out.join("\n")}
`;
}
function contextBar(x, tokens, at, Y) {
  const top = Y(tokens);
  const height = Math.max(2, Y(0) - top);
  return `<rect class="threadmind-context" data-at="${at}" data-tokens="${tokens}" x="${n2(x)}" y="${n2(Y(0) - height)}" width="5" height="${n2(height)}" fill="${COLORS.context}"><title>ThreadMind context loaded: ~${fmt3(tokens)} tokens</title></rect>`;
}

// src/cli/report-html.ts
function table2(t) {
  const parts = [`<h2>${xmlEscape(t.title)}</h2>`, ...t.notes.map((n) => `<p>${xmlEscape(n)}</p>`)];
  if (t.rows.length === 0) return parts.join("\n");
  const th = t.headers.map((h, i) => `<th class="${t.align[i] === "r" ? "num" : ""}">${xmlEscape(h)}</th>`).join("");
  const rows = t.rows.map(
    (row2) => `<tr>${row2.map((c, i) => `<td class="${t.align[i] === "r" ? "num" : ""}">${xmlEscape(c)}</td>`).join("")}</tr>`
  );
  parts.push(`<table>
<thead><tr>${th}</tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>`);
  return parts.join("\n");
}
function renderHtml(doc, svg) {
  const inlineSvg = svg.replace(/^<\?xml[^>]*\?>\s*/, "");
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<title>${xmlEscape(doc.title)}</title>`,
    "<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111827}table{border-collapse:collapse;margin:0.5rem 0 1.5rem}th,td{border:1px solid #d1d5db;padding:0.25rem 0.5rem}th{background:#f3f4f6}.num{text-align:right}svg{max-width:100%;height:auto}</style>",
    "</head>",
    "<body>",
    `<h1>${xmlEscape(doc.title)}</h1>`,
    ...doc.intro.map((l) => `<p>${xmlEscape(l)}</p>`),
    `<figure>${inlineSvg}</figure>`,
    ...doc.tables.map(table2),
    ...doc.sections.map(
      (s) => `<h2>${xmlEscape(s.title)}</h2>
<ul>
${s.lines.map((l) => `<li>${xmlEscape(l)}</li>`).join("\n")}
</ul>`
    ),
    "</body>",
    "</html>",
    ""
  ].join("\n");
}

// src/cli/scan-progress.ts
var mb = (bytes2) => (bytes2 / (1024 * 1024)).toFixed(1);
function stderrProgress(options = {}) {
  const delayMs = options.delayMs ?? 1e3;
  const started = Date.now();
  let stream = null;
  let intervalMs = 0;
  let lastShown = 0;
  let shown = false;
  return {
    update(p) {
      const now = Date.now();
      if (now - started < delayMs) return;
      if (stream === null) {
        stream = options.stream ?? process.stderr;
        intervalMs = options.intervalMs ?? (stream.isTTY ? 200 : 2e3);
      }
      if (now - lastShown < intervalMs) return;
      lastShown = now;
      shown = true;
      const text2 = `Scanning Claude Code transcripts: ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB`;
      stream.write(stream.isTTY ? `\r${text2}\x1B[K` : `${text2}
`);
    },
    done() {
      if (shown && stream?.isTTY === true) stream.write("\n");
    }
  };
}
function scanCachePath(storeDir) {
  return join(storeDir, "cache", "report-scans.json");
}

// src/cli/report-scan-cache.ts
function runningFile() {
  if (typeof __filename === "string") return __filename;
  const url = new URL(import.meta.url);
  return url.protocol === "file:" ? fileURLToPath(url) : null;
}
function scanBuild() {
  const self = runningFile();
  if (self === null) return null;
  const own = fileStamp(self);
  const worker = fileStamp(join(dirname(self), "scan-worker.cjs"));
  return own === null || worker === null ? null : `${own}|${worker}`;
}
function reportScanCacheLocation(storeDir, env, builtBy = scanBuild()) {
  if (env.THREADMIND_SCAN_CACHE === "0" || builtBy === null) return null;
  const store = lstatSync(storeDir, { throwIfNoEntry: false });
  if (store === void 0 || !store.isDirectory()) return null;
  const path = scanCachePath(storeDir);
  makeDir(dirname(path));
  return { path, builtBy };
}

// src/cli/commands/report.ts
function fileFlag(value, name) {
  if (value === void 0) return null;
  if (value === true || value === "") throw new UsageError(`--${name} needs a file name`);
  return resolve(value);
}
function outputProblem(file) {
  const folder = statSync(dirname(file), { throwIfNoEntry: false });
  if (folder === void 0) return `its folder does not exist (${dirname(file)})`;
  if (!folder.isDirectory()) return `${dirname(file)} is not a folder`;
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) return "it is a directory";
  return null;
}
function pageFile(workspace) {
  if (storeDirState(workspace.storeDir) === "directory") {
    const cache = join(workspace.storeDir, "cache");
    try {
      mkdirSync(cache, { recursive: true });
    } catch {
    }
    return join(cache, "report.html");
  }
  return join(tmpdir(), `thread-mind-report-${basename(workspace.root) || "workspace"}.html`);
}
function writeOutput(file, text2) {
  try {
    writeFileSync(file, text2);
    return true;
  } catch (e) {
    console.error(`thread-mind-mcp report: cannot write ${file}: ${messageOf(e)}`);
    return false;
  }
}
function reportCommandWith(earlyWorker) {
  return {
    name: "report",
    summary: "measure restarts (/clear, compaction) in this workspace's Claude Code transcripts, with and without ThreadMind",
    usage: [
      "thread-mind-mcp report [--json] [--svg FILE] [--html FILE | --page]",
      "",
      "Scans ~/.claude/projects/<this workspace>/ (and its subdirectories' folders; CLAUDE_CONFIG_DIR is honoured),",
      "history from before ThreadMind included, and prints a Markdown report on stdout.",
      "  --json       print the report as JSON instead",
      "  --svg FILE   also write a chart of conversation size per session (restarts and ThreadMind context marked)",
      "  --html FILE  also write an HTML page with the chart and the tables",
      "  --page       the same page in this workspace's .threadmind/cache/report.html, wherever you are in it (in the",
      "               system temp folder when it has no .threadmind); the path is printed (/thread-mind:report uses it)"
    ].join("\n"),
    options: { json: "boolean", svg: "value", html: "value", page: "boolean" },
    run: async (args) => {
      expectNoArguments(args);
      const svgFile = fileFlag(args.flags.get("svg"), "svg");
      if (args.flags.has("page") && args.flags.has("html")) throw new UsageError("give --html FILE or --page, not both");
      const htmlFile = args.flags.has("page") ? pageFile(cliWorkspace()) : fileFlag(args.flags.get("html"), "html");
      for (const file of [svgFile, htmlFile]) {
        const problem = file === null ? null : outputProblem(file);
        if (problem !== null) {
          console.error(`thread-mind-mcp report: cannot write ${file}: ${problem}. Nothing was scanned.`);
          return 1;
        }
      }
      const workspace = cliWorkspace();
      const local = readLocalState(workspace.storeDir);
      if (local.problem)
        console.error(
          `thread-mind-mcp report: ${workspace.storeDir}/config.json could not be used (${local.problem}); the hook records it still held are left out.`
        );
      const logged = readMeasurementLog(workspace.storeDir, local.state.measurements);
      if (logged.unreadableLines > 0)
        console.error(
          `thread-mind-mcp report: ${logged.unreadableLines} line(s) of ${workspace.storeDir}/measurements.jsonl are not measurement records; they are left out.`
        );
      let scanCache = null;
      try {
        const location = reportScanCacheLocation(workspace.storeDir, process.env);
        if (location !== null) scanCache = ScanCache.open(location);
      } catch (e) {
        console.error(`thread-mind-mcp report: the scan cache cannot be used (${messageOf(e)}); every transcript is read.`);
      }
      const progress = stderrProgress();
      const report = await buildSavingsReport({
        workspaceRoot: workspace.root,
        projectsDir: claudeProjectsDir(process.env),
        measurements: logged.measurements,
        onProgress: progress.update,
        freshnessThreshold: workspaceFreshnessThreshold(workspace.storeDir, local.state.lastProjectId),
        env: process.env,
        earlyWorker,
        scanCache
      });
      progress.done();
      try {
        scanCache?.save();
      } catch (e) {
        console.error(
          `thread-mind-mcp report: the scan cache was not saved (${messageOf(e)}); the next report reads every transcript again.`
        );
      }
      let doc;
      const document = () => doc ??= reportDocument(report);
      if (args.flags.get("json") === true)
        await writeStdout(`${JSON.stringify({ ...report, recall: logged.recall }, null, 2)}
`);
      else
        await writeStdout(
          `${renderMarkdown(document())}
## Point-of-action recall

${recallLines(logged.recall).join("\n")}
`
        );
      if (svgFile !== null || htmlFile !== null) {
        const svg = renderSvg(report);
        let written = true;
        if (svgFile !== null) {
          if (writeOutput(svgFile, svg)) console.error(`Chart written to ${svgFile}`);
          else written = false;
        }
        if (htmlFile !== null) {
          if (writeOutput(htmlFile, renderHtml(document(), svg))) console.error(`Report written to ${htmlFile}`);
          else written = false;
        }
        if (!written) return 1;
      }
      return 0;
    }
  };
}
var reportCommand = reportCommandWith(null);

// src/core/doctor/doctor-types.ts
function ok(id, title, ...detail) {
  return { id, title, status: "ok", detail };
}
function warn(id, title, fix, ...detail) {
  return { id, title, status: "warn", detail, fix };
}
function fail(id, title, fix, ...detail) {
  return { id, title, status: "fail", detail, fix };
}
function ago(at, now) {
  const seconds = Math.max(0, Math.round((now.getTime() - Date.parse(at)) / 1e3));
  if (seconds < 90) return `${seconds} s ago`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86400)} days ago`;
}

// src/core/doctor/json-file.ts
var JSON_FILE_MAX_BYTES = 4 * 1024 * 1024;
function readJsonObject(path) {
  try {
    const bytes2 = readRegularFile(path, JSON_FILE_MAX_BYTES, true);
    if (bytes2 === null) return { data: null };
    if (bytes2.length > JSON_FILE_MAX_BYTES)
      return { data: null, problem: `${path} cannot be read: it is larger than ${JSON_FILE_MAX_BYTES} bytes` };
    const data = JSON.parse(bytes2.toString("utf8"));
    if (typeof data !== "object" || data === null || Array.isArray(data))
      return { data: null, problem: `${path} is not a JSON object` };
    return { data };
  } catch (e) {
    return { data: null, problem: `${path} cannot be read: ${messageOf(e)}` };
  }
}
function readRegularFileText(path) {
  try {
    const bytes2 = readRegularFile(path, JSON_FILE_MAX_BYTES, true);
    if (bytes2 === null) return null;
    if (bytes2.length > JSON_FILE_MAX_BYTES)
      return { problem: `${path} cannot be read: it is larger than ${JSON_FILE_MAX_BYTES} bytes` };
    return { text: bytes2.toString("utf8") };
  } catch (e) {
    return { problem: `${path} cannot be read: ${messageOf(e)}` };
  }
}

// src/core/version.ts
var BUNDLE_VERSION = "0.5.0" ;
var MIN_NODE = "18.3.0";

// src/core/doctor/doctor-runtime-checks.ts
function versionParts(version) {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}
function atLeast(version, minimum) {
  const have = versionParts(version);
  const need = versionParts(minimum);
  if (have === null || need === null) return false;
  for (let i = 0; i < 3; i++) if (have[i] !== need[i]) return have[i] > need[i];
  return true;
}
function checkNode(version) {
  if (atLeast(version, MIN_NODE)) return ok("node", "Node.js", `${version} (ThreadMind needs ${MIN_NODE} or later)`);
  return fail(
    "node",
    "Node.js",
    `Install Node.js ${MIN_NODE} or later (https://nodejs.org) and make it the \`node\` on PATH: the hooks and the MCP server run with it.`,
    `${version} is too old (ThreadMind needs ${MIN_NODE} or later)`
  );
}
function gitVersion(env) {
  return new Promise((resolve11) => {
    execFile("git", ["--version"], { env: { ...process.env, ...env } }, (error, stdout) => resolve11(error ? null : stdout.trim()));
  });
}
async function checkGit(workspace, env) {
  const version = await gitVersion(env);
  if (version === null) {
    return [
      warn(
        "git",
        "Git",
        "Install git and put it on PATH: without it threads are not linked to branches and summaries are not checked against later commits.",
        "git is not available on PATH"
      )
    ];
  }
  const checks = [ok("git", "Git", version)];
  if (workspace.gitTop === null) {
    checks.push(
      warn(
        "branch",
        "Git branch",
        "Run `git init` in the workspace (or open a git repository): threads follow branches only inside one.",
        `${workspace.root} is not inside a git repository`
      )
    );
  } else {
    const branch = readBranch(workspace.gitTop);
    checks.push(
      branch === null ? warn(
        "branch",
        "Git branch",
        "Check out a branch (`git switch <branch>`): on a detached HEAD new sessions start on the main thread.",
        `HEAD is detached in ${workspace.gitTop}`
      ) : ok("branch", "Git branch", `${branch} (${workspace.gitTop})`)
    );
  }
  try {
    if (env.THREADMIND_AUTHOR) {
      checks.push(ok("author", "Author id", `${await resolveAuthorId(env, workspace.gitTop)} (from THREADMIND_AUTHOR)`));
    } else {
      const user = await gitUser(workspace.gitTop);
      const author = authorIdFrom(user.name, user.email);
      if (user.name === null) {
        checks.push(
          warn(
            "author",
            "Author id",
            'Set your git identity: `git config --global user.name "Your Name"` and user.email (or THREADMIND_AUTHOR): team projects use it to decide who may change a thread.',
            `${author} (git user.name is not set: taken from the system user)`
          )
        );
      } else checks.push(ok("author", "Author id", `${author} (git user ${user.name}${user.email ? ` <${user.email}>` : ""})`));
    }
  } catch (e) {
    checks.push(
      fail(
        "author",
        "Author id",
        "Set THREADMIND_AUTHOR to lowercase letters, digits and dashes, or unset it to use your git identity.",
        messageOf(e)
      )
    );
  }
  return checks;
}
function versionIn(path) {
  const read = readJsonObject(path);
  if (read.problem !== void 0) return { problem: read.problem };
  if (read.data === null) return { problem: `${path} is missing` };
  const version = read.data.version;
  return typeof version === "string" ? { version } : { problem: `${path} has no "version"` };
}
var PLUGIN_CONFIGS = ["plugin/hooks.json", "plugin/mcp.json"];
var LOADED_AT_RUN_TIME = [
  "cli.cjs",
  "cli.mjs",
  "cli-main.mjs",
  "cli-report.cjs",
  "cli-merge.cjs",
  "cli-statusline.cjs",
  "cli-statusline-store.cjs",
  "hook-start.cjs",
  "hook-main.cjs",
  "hook-recall.cjs",
  "hook-core.cjs",
  "scan-worker.cjs",
  "tokenizer-worker.cjs",
  "yaml.cjs"
].map((file) => `plugin/dist/${file}`);
function pluginBundles(pluginRoot2) {
  const found = new Set(LOADED_AT_RUN_TIME);
  for (const config of PLUGIN_CONFIGS) {
    const path = join(pluginRoot2, config);
    if (!existsSync(path)) return { problem: `${path} is missing` };
    for (const match of readFileSync(path, "utf8").matchAll(/\$\{CLAUDE_PLUGIN_ROOT\}\/([^"\s\\]+\.[cm]js)/g))
      found.add(match[1]);
  }
  return { bundles: [...found].sort() };
}
function checkVersions(bundleVersion, pluginRoot2) {
  const title = "Plugin version";
  const pkg = versionIn(join(pluginRoot2, "package.json"));
  const manifest = versionIn(join(pluginRoot2, ".claude-plugin", "plugin.json"));
  const bundles = pluginBundles(pluginRoot2);
  const rebuild = `Rebuild and reinstall: \`npm run build\` in ${pluginRoot2} (or reinstall the plugin: /plugin install thread-mind@thread-mind).`;
  if ("problem" in pkg) return fail("versions", title, rebuild, pkg.problem);
  if ("problem" in manifest) return fail("versions", title, rebuild, manifest.problem);
  if ("problem" in bundles) return fail("versions", title, rebuild, bundles.problem);
  const missing = bundles.bundles.filter((b) => !existsSync(join(pluginRoot2, b)));
  if (missing.length > 0)
    return fail(
      "versions",
      title,
      rebuild,
      `missing bundle${missing.length === 1 ? "" : "s"} in ${pluginRoot2}: ${missing.join(", ")}`
    );
  if (pkg.version !== manifest.version) {
    return fail(
      "versions",
      title,
      "Give .claude-plugin/plugin.json the version of package.json (Claude Code installs the plugin under plugin.json's version).",
      `package.json says ${pkg.version}, .claude-plugin/plugin.json says ${manifest.version}`
    );
  }
  if (bundleVersion === "dev") {
    return warn(
      "versions",
      title,
      "Run the built CLI (`node plugin/dist/cli.mjs doctor`) to check the bundles' version.",
      `running from source; package.json and plugin.json say ${pkg.version}`
    );
  }
  if (bundleVersion !== pkg.version) {
    return fail("versions", title, rebuild, `the bundle is ${bundleVersion} but package.json and plugin.json say ${pkg.version}`);
  }
  return ok(
    "versions",
    title,
    `${bundleVersion} (bundle, package.json and .claude-plugin/plugin.json agree; ${bundles.bundles.join(", ")} present)`
  );
}

// src/core/context/context-header.ts
var CHARACTER_CAP = 1e4;
var HEADER_TITLE_CHARS = 200;
function contextHeader(source, threadId, title) {
  const when2 = "at session start";
  const named2 = titleLine(title, HEADER_TITLE_CHARS);
  return `ThreadMind memory, loaded ${when2}: the context of thread "${named2}" (${threadId}). Keep it current with summary_update.

`;
}

// src/core/doctor/doctor-store-checks.ts
function checkWorkspace(workspace, state) {
  const title = "Workspace";
  const where = `${workspace.root} (chosen from ${workspace.source})`;
  if (state === "absent") {
    return warn(
      "workspace",
      title,
      "Create a project: run /thread-mind:project <title> in Claude Code here (or ask the agent to create a ThreadMind project).",
      `${where}: no .threadmind/ project yet`
    );
  }
  if (state !== "directory") {
    const refusal = errors.storeDirUnusable(workspace.storeDir, state.problem).message;
    return fail(
      "workspace",
      title,
      `Move ${workspace.storeDir} away: ThreadMind keeps its threads in a real .threadmind/ directory there.`,
      refusal
    );
  }
  try {
    accessSync(workspace.storeDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (e) {
    return fail(
      "workspace",
      title,
      `Give your user read and write access to ${workspace.storeDir} (e.g. \`chmod -R u+rwX .threadmind\`).`,
      `${workspace.storeDir} is not readable and writable: ${messageOf(e)}`
    );
  }
  return ok("workspace", title, where, `${workspace.storeDir} is readable and writable`);
}
function checkThreads(services) {
  const title = "Thread files";
  const store = services.store;
  const rel = (p) => relative(services.workspace.root, p) || p;
  const problems = [];
  let threadCount = 0;
  let ids;
  try {
    ids = store.projectIds();
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
    return fail(
      "threads",
      title,
      `Move ${join(store.dir, "projects")} away: ThreadMind keeps its projects in a real directory there.`,
      e.message
    );
  }
  for (const id of ids) {
    try {
      store.readProject(id);
    } catch (e) {
      problems.push(messageOf(e));
      continue;
    }
    let read;
    try {
      read = store.readAllThreads(id);
    } catch (e) {
      problems.push(messageOf(e));
      continue;
    }
    const { threads, problems: unreadable2 } = read;
    threadCount += threads.size;
    for (const p of unreadable2) problems.push(`${rel(p.path)}: ${p.reason}`);
    for (const d of buildTree(threads).detached)
      problems.push(`${rel(store.threadPath(id, d.id))}: ${detachedReason(d, threads, unreadable2)}`);
  }
  if (ids.length === 0)
    return warn(
      "threads",
      title,
      "Create a project: run /thread-mind:project <title> in Claude Code here.",
      "no project in .threadmind/projects/"
    );
  if (problems.length > 0) {
    return fail(
      "threads",
      title,
      "Fix or remove the files named above (they are plain Markdown with YAML frontmatter; `git log -p` shows their last good content). ThreadMind never overwrites a file it cannot read.",
      `${problems.length} problem${problems.length === 1 ? "" : "s"} in ${ids.length} project${ids.length === 1 ? "" : "s"}`,
      ...problems
    );
  }
  return ok(
    "threads",
    title,
    `${ids.length} project${ids.length === 1 ? "" : "s"}, ${threadCount} thread${threadCount === 1 ? "" : "s"}: every file parses, no cycle, no orphan`
  );
}
function checkFreshnessSettings(services) {
  let ids;
  try {
    ids = services.store.projectIds();
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
    return [];
  }
  const problems = [];
  for (const id of ids) {
    try {
      services.store.readProject(id);
    } catch (e) {
      if (!(e instanceof ThreadMindError)) throw e;
      continue;
    }
    const { problem } = readFreshnessConfig(services.workspace.storeDir, id);
    const file = relative(services.workspace.root, services.store.projectPath(id));
    if (problem !== void 0) problems.push(`${file}: ${problem}`);
  }
  if (problems.length === 0) return [];
  return [
    warn(
      "freshness",
      "Summary reminders",
      'Set "freshness": { "nudgeTokens": N } in the project file to a whole number of tokens (0 turns the reminders off), or remove it.',
      ...problems
    )
  ];
}
function checkLocalState(storeDir, local, log) {
  if (local.problem !== void 0) {
    return warn(
      "local-state",
      "Local state",
      "Nothing to do by hand: the next write sets the file aside (config.json.corrupt-<time>) and starts a new one. Thread files and measurements.jsonl are not affected.",
      `${storeDir}/config.json cannot be used: ${local.problem}`
    );
  }
  const path = measurementLogPath(storeDir);
  if ("error" in log) {
    const e = log.error;
    return warn(
      "local-state",
      "Local state",
      `Move ${path} away (the hooks start a new one); stats and the report show no measurements until then.`,
      `${path} cannot be read: ${messageOf(e)}`
    );
  }
  const unreadable2 = log.read.unreadableLines;
  if (unreadable2 > 0) {
    return warn(
      "local-state",
      "Local state",
      "Nothing to do by hand: those lines are left out of stats and the report (a write cut short by a crash leaves one such line).",
      `${unreadable2} line${unreadable2 === 1 ? "" : "s"} of ${path} ${unreadable2 === 1 ? "is" : "are"} not measurement records`
    );
  }
  return ok("local-state", "Local state", `${storeDir}/config.json and measurements.jsonl are usable`);
}
async function checkContextSize(services) {
  const title = "Context size";
  const cap = CHARACTER_CAP.toLocaleString("en-US");
  const { project, thread } = await services.currentThread({ newProcess: true });
  const header = contextHeader("startup", thread.id, thread.title);
  const fitted = await services.contextFor(project, thread, { maxChars: Math.max(0, CHARACTER_CAP - header.length) });
  const trimmed = fitted.omitted.length > 0 || fitted.omittedBeyond || fitted.systemContextOmitted || fitted.truncated;
  if (!trimmed) {
    return ok(
      "context-size",
      title,
      `${(header.length + fitted.text.length).toLocaleString("en-US")} of ${cap} characters for thread "${thread.id}" (reaches the model whole)`
    );
  }
  const whole = await services.contextFor(project, thread, {});
  const wholeChars = header.length + whole.text.length;
  if (fitted.truncated) {
    return fail(
      "context-size",
      title,
      `Shorten the summary of "${thread.id}" (summary_update or /thread-mind:summary): over ${cap} characters Claude Code shows the model only a 2 KB preview, so the hook cuts it.`,
      `thread "${thread.id}" needs ${wholeChars.toLocaleString("en-US")} characters; even without its ancestors and the project's system context, its summary (${thread.summary.trim().length.toLocaleString("en-US")} characters) does not fit ${cap}: sessions start with it cut`
    );
  }
  const ancestors = `${fitted.omitted.length}${fitted.omittedBeyond ? " or more" : ""} ancestor${fitted.omitted.length === 1 && !fitted.omittedBeyond ? "" : "s"}`;
  const left = [
    ...fitted.omitted.length > 0 || fitted.omittedBeyond ? [ancestors] : [],
    ...fitted.systemContextOmitted ? ["the project's system context"] : []
  ];
  return warn(
    "context-size",
    title,
    "Shorten the ancestors' summaries or the project's system context (or merge finished threads) so the whole chain fits.",
    `thread "${thread.id}" with its ancestors needs ${wholeChars.toLocaleString("en-US")} characters, over the ${cap}-character cap: sessions start without ${left.join(" and ")}`
  );
}
var PLUGIN_NAME = "thread-mind";
function installationsFor(configDir, workspaceRoot) {
  const read = readJsonObject(join(configDir, "plugins", "installed_plugins.json"));
  const problems = read.problem ? [read.problem] : [];
  const plugins = read.data?.plugins;
  if (typeof plugins !== "object" || plugins === null) return { found: [], problems };
  const found = [];
  for (const [key, entries2] of Object.entries(plugins)) {
    if (!key.startsWith(`${PLUGIN_NAME}@`) || !Array.isArray(entries2)) continue;
    for (const entry of entries2) {
      if (typeof entry !== "object" || entry === null) continue;
      const e = entry;
      const scope = typeof e.scope === "string" ? e.scope : "user";
      const projectPath = typeof e.projectPath === "string" ? e.projectPath : null;
      if (scope !== "user" && (projectPath === null || !isInsideDir(workspaceRoot, projectPath))) continue;
      found.push({ key, scope, version: typeof e.version === "string" ? e.version : null, projectPath });
    }
  }
  return { found, problems };
}
function enabledSetting(configDir, workspaceRoot, key) {
  const files = [
    join(workspaceRoot, ".claude", "settings.local.json"),
    join(workspaceRoot, ".claude", "settings.json"),
    join(configDir, "settings.json")
  ];
  const problems = [];
  for (const file of files) {
    const read = readJsonObject(file);
    if (read.problem) problems.push(read.problem);
    const enabled = read.data?.enabledPlugins;
    if (typeof enabled === "object" && enabled !== null && key in enabled) {
      const value = enabled[key];
      if (typeof value === "boolean") return { value, from: file, problems };
    }
  }
  return { value: void 0, from: null, problems };
}
function lastOf(m, prefix) {
  let best = null;
  for (const h of m.hooksSeen) {
    if (typeof h.at !== "string" || typeof h.event !== "string" || !h.event.startsWith(prefix)) continue;
    if (best === null || h.at > best.at) best = { at: h.at, event: h.event };
  }
  return best;
}
function checkPluginInstalled(options) {
  const title = "Plugin hooks";
  const { found, problems } = installationsFor(options.configDir, options.workspaceRoot);
  const seen = lastOf(options.measurements, "");
  const install = `In Claude Code: \`/plugin marketplace add ${options.pluginRoot}\` then \`/plugin install ${PLUGIN_NAME}@${PLUGIN_NAME}\` (or start \`claude --plugin-dir ${options.pluginRoot}\`).`;
  if (found.length === 0) {
    if (seen !== null) {
      return ok(
        "plugin",
        title,
        `not installed from a marketplace for this workspace, but its hooks have run here (last: ${seen.event}), e.g. with --plugin-dir`,
        ...problems
      );
    }
    return warn(
      "plugin",
      title,
      install,
      `${PLUGIN_NAME} is not installed for ${options.workspaceRoot} (looked in ${join(options.configDir, "plugins", "installed_plugins.json")}) and no hook has run here`,
      ...problems
    );
  }
  const chosen = found[0];
  const setting = enabledSetting(options.configDir, options.workspaceRoot, chosen.key);
  const where = `${chosen.key}, ${chosen.scope} scope${chosen.projectPath ? ` (${chosen.projectPath})` : ""}, version ${chosen.version ?? "unknown"}`;
  if (setting.value === false) {
    return warn(
      "plugin",
      title,
      `Enable it: \`/plugin enable ${chosen.key}\` in Claude Code (or set enabledPlugins["${chosen.key}"] to true in ${setting.from}).`,
      `installed (${where}) but disabled in ${setting.from}`,
      ...problems,
      ...setting.problems
    );
  }
  if (options.bundleVersion !== "dev" && chosen.version !== null && chosen.version !== options.bundleVersion) {
    return warn(
      "plugin",
      title,
      `Update the installed copy: \`/plugin marketplace update ${chosen.key.split("@")[1]}\` then reinstall ${chosen.key}.`,
      `installed ${where}, but this CLI is ${options.bundleVersion}`,
      ...problems
    );
  }
  return ok("plugin", title, `installed: ${where}`, ...problems, ...setting.problems);
}
function checkHooksSeen(measurements, now) {
  const title = "Hooks seen";
  const start = lastOf(measurements, "SessionStart:");
  const end = lastOf(measurements, "SessionEnd:");
  const line = (label, r) => r === null ? `${label}: never` : `${label}: ${r.event} at ${r.at} (${ago(r.at, now)})`;
  const detail = [line("last SessionStart", start), line("last SessionEnd", end)];
  if (start === null && end === null) {
    return warn(
      "hooks",
      title,
      "Start Claude Code in this workspace with the plugin installed (see Plugin hooks); the hooks record themselves in .threadmind/measurements.jsonl.",
      "no ThreadMind hook has run in this workspace yet",
      ...detail
    );
  }
  if (end === null) {
    return warn(
      "hooks",
      title,
      "End a session (/clear, /exit): conversation sizes are measured at SessionEnd. If sessions end and nothing appears, the SessionEnd hook is being killed (Claude Code allows it about 1.5 s): check that node starts quickly here.",
      "SessionStart ran, but no SessionEnd has been recorded",
      ...detail
    );
  }
  return ok("hooks", title, ...detail);
}
function checkReceipts(measurements) {
  const title = "Context delivery";
  const recent2 = measurements.injections.filter(isInjectionRecord).sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0).slice(-5);
  if (recent2.length === 0) {
    return warn(
      "receipts",
      title,
      "Start a Claude Code session here with the plugin: its SessionStart hook loads the current thread's context and records it.",
      "no context injection recorded yet"
    );
  }
  const count2 = (s) => recent2.filter((r) => r.receipt === s).length;
  const summary = `last ${recent2.length} injection${recent2.length === 1 ? "" : "s"}: ${count2("delivered")} delivered, ${count2("pending")} not checked yet, ${count2("preview")} replaced by a preview, ${count2("missing")} missing`;
  const lines = recent2.map((r) => `${r.at} ${r.source} \u2192 ${r.threadId}: ${r.receipt}`);
  if (count2("preview") > 0) {
    return fail(
      "receipts",
      title,
      "The context was over 10,000 characters and the model saw only a 2 KB preview: shorten the summaries (see Context size), and report it if the hook's budget let it happen.",
      summary,
      ...lines
    );
  }
  if (count2("missing") > 0) {
    return fail(
      "receipts",
      title,
      "The context never reached the model: check that the plugin's SessionStart hook runs (`claude --debug` shows hook output) and that no setting strips hook output; then start a new session.",
      summary,
      ...lines
    );
  }
  return ok(
    "receipts",
    title,
    `${summary}${count2("pending") > 0 ? " (checked when the session ends or compacts)" : ""}`,
    ...lines
  );
}
function bundlePath(pluginRoot2, file) {
  return join(pluginRoot2, "plugin", "dist", file);
}

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
    const entries2 = entriesOf(anchor);
    if (entries2 === null) return null;
    for (const [key, p] of entries2) {
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

// src/core/recall/keyed-lines.ts
function encodeKeyedLines(header, entries2) {
  const sorted = [...entries2].sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  const body = sorted.map(([key, value]) => `${JSON.stringify([key, value])}
`).join("");
  return `${JSON.stringify({ ...header, size: Buffer.byteLength(body) })}
${body}`;
}
var NEWLINE4 = 10;
var isRecord3 = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
function parsed(text2) {
  try {
    return JSON.parse(text2);
  } catch {
    return void 0;
  }
}
function keyedLinesHeader(bytes2) {
  const end = bytes2.indexOf(NEWLINE4);
  if (end === -1) return null;
  const header = parsed(bytes2.toString("utf8", 0, end));
  if (!isRecord3(header) || header.size !== bytes2.length - end - 1) return null;
  return header;
}
function lineEntry(text2) {
  const line = parsed(text2);
  return Array.isArray(line) && line.length === 2 && typeof line[0] === "string" ? [line[0], line[1]] : null;
}
function keyedLineValue(bytes2, key) {
  const at = bytes2.indexOf(`
[${JSON.stringify(key)},`, 0, "utf8");
  if (at === -1) return void 0;
  const end = bytes2.indexOf(NEWLINE4, at + 1);
  const entry = lineEntry(bytes2.toString("utf8", at + 1, end === -1 ? bytes2.length : end));
  return entry !== null && entry[0] === key ? { value: entry[1] } : null;
}
function allKeyedLines(bytes2) {
  const out = [];
  let start = bytes2.indexOf(NEWLINE4) + 1;
  if (start === 0) return null;
  while (start < bytes2.length) {
    const end = bytes2.indexOf(NEWLINE4, start);
    if (end === -1) return null;
    const text2 = bytes2.toString("utf8", start, end);
    const entry = lineEntry(text2);
    const previous = out.at(-1);
    if (entry === null || !text2.startsWith(`[${JSON.stringify(entry[0])},`)) return null;
    if (previous !== void 0 && !(previous[0] < entry[0])) return null;
    out.push(entry);
    start = end + 1;
  }
  return out;
}

// src/core/recall/path-index-files.ts
var FILE_MAX_BYTES = 16 * 1024 * 1024;
function recallCacheDir(storeDir) {
  return join(storeDir, "cache", "recall");
}
var SHARD_KINDS = ["paths", "heads", "text"];
var shardName = (kind, n) => `${kind}-${String(n).padStart(2, "0")}.jsonl`;
function readBounded(path) {
  const bytes2 = readRegularFile(path, FILE_MAX_BYTES);
  return bytes2 === null || bytes2.length > FILE_MAX_BYTES ? null : bytes2;
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
  const bytes2 = readBounded(join(recallCacheDir(storeDir), name));
  const header = bytes2 === null ? null : keyedLinesHeader(bytes2);
  return header !== null && header.version === PATH_INDEX_VERSION && header.full === full ? bytes2 : null;
}
function readIndexHead(storeDir) {
  const d = readJson(join(recallCacheDir(storeDir), "head.json"));
  if (d === null || d.version !== PATH_INDEX_VERSION || !isString(d.full)) return null;
  if (!(d.quick === null || isString(d.quick)) || !isCount5(d.threads) || !isCount5(d.withPaths)) return null;
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
    return Array.isArray(list) && list.every(isEntry) ? list : null;
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
  const path = join(recallCacheDir(storeDir), name);
  await writeFileAtomic(path, `${JSON.stringify({ version: PATH_INDEX_VERSION, ...data })}
`, { durable: false });
}
async function writeShard(storeDir, kind, n, full, entries2) {
  const path = join(recallCacheDir(storeDir), shardName(kind, n));
  await writeFileAtomic(path, encodeKeyedLines({ version: PATH_INDEX_VERSION, full }, entries2), { durable: false });
}
async function savePathIndex(storeDir, index, full, quick) {
  const headPath2 = join(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath2);
  makeDir(dirname(headPath2));
  const byAnchor = entriesByAnchor(index);
  const shardsOf = () => Array.from({ length: PATH_INDEX_SHARDS }, () => []);
  const pathShards = shardsOf();
  for (const [anchor, entries2] of byAnchor) pathShards[shardOf(anchor)].push([anchor, entries2]);
  const headShards = shardsOf();
  for (const [key, record2] of headRecords(index)) headShards[shardOf(key)].push([key, record2]);
  const textShards = shardsOf();
  for (const [key, text2] of Object.entries(index.excerpts)) textShards[shardOf(key)].push([key, text2]);
  for (let n = 0; n < PATH_INDEX_SHARDS; n++) {
    await writeShard(storeDir, "paths", n, full, pathShards[n]);
    await writeShard(storeDir, "heads", n, full, headShards[n]);
    await writeShard(storeDir, "text", n, full, textShards[n]);
  }
  const withPaths = index.threads.filter((t) => t.paths.length > 0).length;
  await writePart(storeDir, "head.json", { full, quick, threads: index.threads.length, withPaths });
  for (const name of readdirSync(recallCacheDir(storeDir))) {
    if (EARLIER_LAYOUT_FILE.test(name)) rmSync(join(recallCacheDir(storeDir), name), { force: true });
  }
}
var EARLIER_LAYOUT_FILE = new RegExp(`^(?:(?:paths|text|threads)|(?:${SHARD_KINDS.join("|")})-\\d{2})\\.json$`);
async function saveQuickStamp(storeDir, head, quick) {
  const headPath2 = join(recallCacheDir(storeDir), "head.json");
  assertNoLinksBelow(storeDir, headPath2);
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
    const text2 = shardLines(storeDir, "text", n, head.full);
    if (paths === null || records === null || text2 === null) return false;
    if (!paths.every(([, list]) => Array.isArray(list) && list.every(isEntry))) return false;
    if (!records.every(([, record2]) => isHead(record2))) return false;
    if (!text2.every(([, excerpt]) => isString(excerpt))) return false;
    heads += records.length;
  }
  return heads === head.threads;
}

// src/core/text-fingerprint.ts
function textFingerprint(text2) {
  const bytes2 = Buffer.alloc(Math.ceil(text2.length * 3 / 4) * 4 + 4);
  const written = bytes2.write(text2, "utf8");
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

// src/core/recall/path-index-stamp.ts
var STAMP_MAX_ENTRIES = 2e5;
var QUICK_MAX_PROJECTS = 256;
function threadFilesStamp(storeDir) {
  const parts = [];
  let latest = 0n;
  const walk = (dir, rel) => {
    let names;
    try {
      names = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() || d.isSymbolicLink() === false && !d.isFile()).map((d) => d.name).sort();
    } catch {
      parts.push(`${rel}:unreadable`);
      return true;
    }
    for (const name of names) {
      if (parts.length >= STAMP_MAX_ENTRIES) return false;
      const path = join(dir, name);
      let s;
      try {
        s = lstatSync(path, { bigint: true });
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
  const top = join(storeDir, "threads");
  let root;
  try {
    root = lstatSync(top, { bigint: true });
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
      add("index", join(dir, "index"), "file");
      add("HEAD", join(dir, "HEAD"), "file");
    }
  }
  const top = join(storeDir, "threads");
  add("threads", top, "dir");
  let names;
  try {
    names = readdirSync(top).sort();
  } catch (e) {
    if (e.code === "ENOENT") return { stamp: parts.join("\n"), settledAtMs: 0 };
    return null;
  }
  if (names.length > QUICK_MAX_PROJECTS) return null;
  for (const name of names) add(`p/${name}`, join(top, name), "dir");
  return { stamp: `${parts.length}:${textFingerprint(parts.join("\n"))}`, settledAtMs: settled };
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
    await setTimeout$1(wait + 1);
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

// src/core/doctor/doctor-recall-checks.ts
var CHANGING = ["Edit", "Write", "MultiEdit", "NotebookEdit"];
function declaredHooks(pluginRoot2) {
  const data = JSON.parse(readFileSync(join(pluginRoot2, "plugin", "hooks.json"), "utf8"));
  const out = /* @__PURE__ */ new Map();
  const hooks = isRecord(data) && isRecord(data.hooks) ? data.hooks : {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    out.set(
      event,
      groups.filter(isRecord).map((g) => ({
        matcher: typeof g.matcher === "string" ? g.matcher : "",
        commands: (Array.isArray(g.hooks) ? g.hooks : []).filter(isRecord).map((h) => typeof h.command === "string" ? h.command : "")
      }))
    );
  }
  return out;
}
function runPreToolUse(node, hook, root) {
  const started = Date.now();
  return new Promise((resolve11) => {
    const child = execFile(
      node,
      ["--preserve-symlinks-main", hook, "pre-tool-use"],
      { cwd: root, timeout: 5e3, env: { ...process.env, CLAUDE_PROJECT_DIR: root } },
      (error, stdout) => resolve11({
        code: error === null ? 0 : typeof error.code === "number" ? error.code : null,
        stdout,
        ms: Date.now() - started,
        error: error === null ? null : error.message.split("\n")[0]
      })
    );
    child.stdin?.end(
      JSON.stringify({
        session_id: "doctor",
        cwd: root,
        hook_event_name: "PreToolUse",
        tool_name: "Read",
        tool_input: { file_path: join(root, "README.md") }
      })
    );
  });
}
async function checkRecallHooks(options) {
  const title = "Point-of-action recall hooks";
  let declared;
  try {
    declared = declaredHooks(options.pluginRoot);
  } catch (e) {
    return fail(
      "recall-hooks",
      title,
      "Reinstall the plugin: its plugin/hooks.json cannot be read.",
      `plugin/hooks.json: ${messageOf(e)}`
    );
  }
  const pre = declared.get("PreToolUse") ?? [];
  const covered = CHANGING.filter(
    (tool) => pre.some((g) => g.commands.some((c) => c.includes("pre-tool-use")) && new RegExp(`^(?:${g.matcher})$`).test(tool))
  );
  const sub = (declared.get("SubagentStart") ?? []).some((g) => g.commands.some((c) => c.includes("subagent-start")));
  const missing = [
    ...CHANGING.filter((t) => !covered.includes(t)).map((t) => `PreToolUse on ${t}`),
    ...sub ? [] : ["SubagentStart"]
  ];
  if (missing.length > 0) {
    return warn(
      "recall-hooks",
      title,
      "Update the plugin: this copy does not declare every recall hook.",
      `not declared: ${missing.join(", ")}`
    );
  }
  const run = await runPreToolUse(options.nodePath, bundlePath(options.pluginRoot, "hook.cjs"), options.root);
  if (run.code !== 0 || run.stdout !== "") {
    return fail(
      "recall-hooks",
      title,
      "Check that `node` starts here and that plugin/dist/hook.cjs is the plugin's own (reinstall it if not).",
      `the PreToolUse hook did not run cleanly: exit ${String(run.code)}${run.error ? ` (${run.error})` : ""}${run.stdout ? `, printed ${run.stdout.slice(0, 200)}` : ""}`
    );
  }
  let indexLine;
  try {
    const { size } = await currentPathIndex(options.store);
    indexLine = `path index: ${size.threads} thread(s), ${size.withPaths} with paths (cached in .threadmind/cache/recall/)`;
  } catch (e) {
    return fail(
      "recall-hooks",
      title,
      "Fix what the message names (see also the Threads check).",
      `the path index could not be built: ${messageOf(e)}`
    );
  }
  return ok(
    "recall-hooks",
    title,
    `PreToolUse (${CHANGING.join(", ")}) and SubagentStart declared; a PreToolUse run here took ${run.ms} ms and exited 0`,
    indexLine
  );
}
function checkRecallDelivery(recall) {
  if (recall.recalls === 0 && recall.subagentContexts === 0) return null;
  const title = "Recall delivery";
  const [, ...lines] = recallLines(recall);
  const detail = lines.map((l) => l.trim());
  if (recall.recallsUndelivered > 0 || recall.subagentContextsUndelivered > 0) {
    return warn(
      "recall-delivery",
      title,
      "Decisions handed over by the PreToolUse or SubagentStart hook are missing from Claude Code's transcript: check that no setting strips hook output (`claude --debug` shows it) and that the plugin is current.",
      ...detail
    );
  }
  return ok("recall-delivery", title, ...detail);
}
var CODEX_PLUGIN_NAME = "thread-mind";
var CODEX_HOOK_EVENTS = [
  "session_start",
  "user_prompt_submit",
  "pre_compact",
  "session_end",
  "pre_tool_use",
  "subagent_start"
];
function codexConfigPath(codexHome2) {
  return join(codexHome2, "config.toml");
}
function tableOf(line) {
  const m = /^\[([^\]]+)\]\s*(#.*)?$/.exec(line);
  return m ? m[1].trim() : null;
}
function codexPluginState(configText) {
  const enabled = /* @__PURE__ */ new Set();
  const trusted = /* @__PURE__ */ new Map();
  const pluginTable = new RegExp(`^plugins\\."${CODEX_PLUGIN_NAME}@([^"]+)"$`);
  const hookTable = new RegExp(`^hooks\\.state\\."${CODEX_PLUGIN_NAME}@([^":]+):plugin/hooks\\.json:([a-z_]+):\\d+:\\d+"$`);
  let current = null;
  for (const raw of configText.split("\n")) {
    const line = raw.trim();
    const table3 = tableOf(line);
    if (table3 !== null) {
      const plugin = pluginTable.exec(table3);
      const hook = hookTable.exec(table3);
      current = plugin ? { kind: "plugin", marketplace: plugin[1] } : hook ? { kind: "hook", marketplace: hook[1], event: hook[2] } : null;
      continue;
    }
    if (current === null) continue;
    if (current.kind === "plugin" && /^enabled\s*=\s*true\s*(#.*)?$/.test(line)) enabled.add(current.marketplace);
    if (current.kind === "hook" && /^trusted_hash\s*=\s*"sha256:[^"]+"/.test(line)) {
      const events = trusted.get(current.marketplace) ?? /* @__PURE__ */ new Set();
      events.add(current.event);
      trusted.set(current.marketplace, events);
    }
  }
  const enabledFrom = [...enabled].sort();
  return {
    enabledFrom,
    trustedEvents: Object.fromEntries(enabledFrom.map((m) => [m, [...trusted.get(m) ?? []].sort()]))
  };
}

// src/core/doctor/doctor-codex-checks.ts
var ID = "codex-hooks";
var TITLE = "Codex plugin and hook trust";
var TRUST_FIX = "Start `codex` in the repository and trust ThreadMind's hooks when it lists them for review (Codex asks again after every plugin update); until then it skips them without a word.";
function checkCodexHooks(codexHome2) {
  const path = codexConfigPath(codexHome2);
  const read = readRegularFileText(path);
  if (read === null) return null;
  if ("problem" in read) return warn(ID, TITLE, `Check ${path}.`, read.problem);
  const state = codexPluginState(read.text);
  if (state.enabledFrom.length === 0) {
    return warn(
      ID,
      TITLE,
      "In Codex: `codex plugin marketplace add <this repository's URL or path>`, then `codex plugin add thread-mind@thread-mind`.",
      `the ThreadMind plugin is not enabled in ${path}`
    );
  }
  const lines = state.enabledFrom.map((m) => {
    const trusted = state.trustedEvents[m] ?? [];
    return `thread-mind@${m}: ${trusted.length} of ${CODEX_HOOK_EVENTS.length} hooks trusted${trusted.length < CODEX_HOOK_EVENTS.length ? ` (untrusted: ${CODEX_HOOK_EVENTS.filter((e) => !trusted.includes(e)).join(", ")})` : ""}`;
  });
  const allTrusted = state.enabledFrom.every((m) => (state.trustedEvents[m] ?? []).length === CODEX_HOOK_EVENTS.length);
  return allTrusted ? ok(ID, TITLE, ...lines, "a hash is recorded for each hook; after a plugin update Codex asks to trust them again") : warn(ID, TITLE, TRUST_FIX, ...lines);
}
var DRIVER_DESCRIPTION = "ThreadMind: merges thread and project files by meaning";
function shellQuote(path) {
  return `"${path.replace(/(["\\$`])/g, "\\$1")}"`;
}
function driverCommand(nodePath, cliPath) {
  return `${shellQuote(nodePath)} ${shellQuote(cliPath)} merge-file %O %A %B %P`;
}
function gitConfigPath(gitTop) {
  return gitConfigPathIn(gitDir(gitTop));
}
function gitConfigPathIn(dotGit) {
  return join(commonDir(dotGit), "config");
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
  if (!existsSync(configPath)) return null;
  return findDriver(readFileSync(configPath, "utf8").split("\n")).driver;
}
function driverState(configured, expected) {
  if (configured === null) return "missing";
  return configured === expected ? "ok" : "stale";
}

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

// src/core/merge/diff3.ts
var LCS_CELL_LIMIT = 4e6;
function appendAll(target2, items) {
  for (const item of items) target2.push(item);
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
    const last2 = chunks[chunks.length - 1];
    if (last2?.kind === "ok") appendAll(last2.items, items);
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
function splitThreadFile(text2) {
  if (text2.trim() === "") return { fields: {}, summary: "" };
  const split = splitFrontmatter(text2.replace(/\r\n/g, "\n"));
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
function sectionMap(parsed2) {
  const map = /* @__PURE__ */ new Map();
  for (const s of parsed2.sections) {
    const id = sectionId(s);
    if (map.has(id)) return null;
    map.set(id, { heading: s.heading, body: s.body });
  }
  return map;
}
function insertSection(order, id) {
  const rank2 = SECTION_KEYS.indexOf(id);
  if (rank2 === -1) {
    order.push(id);
    return;
  }
  const at = order.findIndex((o) => {
    const r = SECTION_KEYS.indexOf(o);
    return r > rank2;
  });
  if (at === -1) order.push(id);
  else order.splice(at, 0, id);
}
function mergeSummary(base, ours, theirs) {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: [] };
  if (base === ours) return { text: theirs, conflicts: [] };
  const [pb, po, pt] = [parseSummary(base), parseSummary(ours), parseSummary(theirs)];
  const [mb2, mo, mt] = [sectionMap(pb), sectionMap(po), sectionMap(pt)];
  if (mb2 === null || mo === null || mt === null) return mergeLines(base, ours, theirs, "the summary");
  const conflicts = [];
  const preamble = mergeSectionBody(pb.preamble.trim(), po.preamble.trim(), pt.preamble.trim());
  if (preamble.conflicted) conflicts.push("the text before the first section");
  const order = [...mo.keys()];
  for (const id of mt.keys()) if (!mo.has(id)) insertSection(order, id);
  const parts = [];
  if (preamble.text.trim() !== "") parts.push(preamble.text);
  for (const id of order) {
    const [b, o, t] = [mb2.get(id), mo.get(id), mt.get(id)];
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
function splitYaml(text2) {
  return text2 === "" ? [] : text2.replace(/\n$/, "").split("\n");
}

// src/core/merge/merge-project.ts
var PROJECT_RULES = {
  order: ["id", "title", "mode", "createdAt", "systemContext"],
  stamps: [],
  sets: [],
  earliest: ["createdAt"]
};
function parseObject(text2) {
  if (text2.trim() === "") return {};
  try {
    const data = JSON.parse(text2);
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
function itemOrNull(text2) {
  if (text2.trim() === "") return null;
  try {
    return parseItem(text2);
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
function headOf3(text2) {
  try {
    return parseHead(text2);
  } catch (e) {
    if (e instanceof FrontmatterError) return null;
    throw e;
  }
}
function twoFolderThreads(path, ours, theirs) {
  const [o, t] = [headOf3(ours), headOf3(theirs)];
  if (o === null || t === null || o.id !== t.id || o.id !== posix.basename(posix.dirname(path))) return null;
  if (o.createdAt === t.createdAt && o.author === t.author) return null;
  return [o, t];
}
function workTreeHead(file) {
  try {
    const text2 = readTextStrict(file, LIMITS.threadFileBytes);
    return text2 === null ? null : headOf3(text2);
  } catch (e) {
    if (e instanceof UnreadableFileError) return null;
    throw e;
  }
}
async function splitFolderThreads(gitTop, path, ours, theirs) {
  const folderRel = posix.dirname(path);
  const projectRel = posix.dirname(folderRel);
  const projectDir = join(gitTop, projectRel);
  const newId = uniqueId(theirs.title, (c) => existsSync(join(projectDir, c)) || existsSync(join(projectDir, `${c}.md`)), [
    theirs.id
  ]);
  const newFolderRel = posix.join(projectRel, newId);
  const headFiles = await git(gitTop, ["ls-tree", "-r", "--name-only", "-z", "HEAD", "--", projectRel]).catch(() => "");
  const inHead = new Set(headFiles.split("\0"));
  const listed = new Set((await git(gitTop, ["ls-files", "-z", "--", projectRel])).split("\0").filter((p) => p !== ""));
  for (const rel of listed) {
    if (!rel.startsWith(`${folderRel}/`) || rel === path || inHead.has(rel)) continue;
    const to = join(gitTop, newFolderRel, rel.slice(folderRel.length + 1));
    mkdirSync(dirname(to), { recursive: true });
    renameSync(join(gitTop, rel), to);
  }
  writeFileAtomicSync(join(gitTop, path), ours);
  writeFileAtomicSync(join(gitTop, newFolderRel, HEAD_FILE), serializeHead({ ...theirs, id: newId }));
  const rewritten = [];
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
      writeFileAtomicSync(join(folder, "related", memberFileName(newId)), `${newId}
`);
      rewritten.push(gitPath(gitTop, join(folder, "related")));
    }
  }
  const staged = [.../* @__PURE__ */ new Set([folderRel, newFolderRel, ...rewritten])];
  await git(gitTop, ["add", "-A", "--", ...staged]);
  return { movedTo: posix.join(newFolderRel, HEAD_FILE), rewritten };
}

// src/core/merge/resolve-conflicts.ts
async function unmergedFiles(gitTop, storeDir) {
  return parseUnmergedListing(await git(gitTop, ["ls-files", "-u", "-z", "--", gitPath(gitTop, storeDir) || "."]));
}
async function stageText(gitTop, stage, path) {
  const text2 = strictUtf8(await gitBytes(gitTop, ["show", `:${stage}:${path}`]));
  if (text2 === null) throw errors.indexStageNotUtf8(path, stage === 1 ? "the base" : stage === 2 ? "our" : "their");
  return text2;
}
function threadOf2(text2) {
  try {
    return parseThread(text2);
  } catch {
    return null;
  }
}
function workTreeText(file) {
  try {
    return readTextStrict(file, LIMITS.threadFileBytes);
  } catch (e) {
    if (e instanceof UnreadableFileError) return null;
    throw e;
  }
}
function threadFileOf(file) {
  const text2 = workTreeText(file);
  return text2 === null ? null : threadOf2(text2);
}
function twoThreads(path, ours, theirs) {
  const [o, t] = [threadOf2(ours), threadOf2(theirs)];
  if (o === null || t === null || o.id !== t.id) return null;
  if (o.createdAt === t.createdAt && o.author === t.author) return null;
  const fileId = basename(path, ".md");
  if (fileId !== o.id) throw errors.threadIdNotFileName(path, o.id, fileId);
  return [o, t];
}
async function splitAddedThreads(gitTop, path, ours, theirs) {
  const full = join(gitTop, path);
  const dir = dirname(full);
  const newId = uniqueId(theirs.title, (c) => existsSync(join(dir, `${c}.md`)), [theirs.id]);
  const movedTo = posix.join(posix.dirname(path), `${newId}.md`);
  writeFileAtomicSync(full, ours);
  writeFileAtomicSync(join(gitTop, movedTo), serializeThreadExactly({ ...theirs, id: newId }));
  const rewritten = [];
  const folder = gitPath(gitTop, dir) || ".";
  const listed = await git(gitTop, ["ls-files", "-z", "--", folder]);
  const headFiles = await git(gitTop, ["ls-tree", "-r", "--name-only", "-z", "HEAD", "--", folder]).catch(() => "");
  const inHead = new Set(headFiles.split("\0"));
  for (const rel of new Set(listed.split("\0").filter((p) => p.endsWith(".md") && p !== path && p !== movedTo))) {
    if (inHead.has(rel)) continue;
    const file = join(gitTop, rel);
    const t = threadFileOf(file);
    if (t === null) continue;
    const refersParent = t.parentId === theirs.id;
    const refersRelated = t.related?.includes(theirs.id) ?? false;
    if (!refersParent && !refersRelated) continue;
    const updated = { ...t, ...refersParent ? { parentId: newId } : {} };
    if (refersRelated) updated.related = t.related.map((r) => r === theirs.id ? newId : r);
    writeFileAtomicSync(file, serializeThreadExactly(updated));
    rewritten.push(rel);
  }
  await git(gitTop, ["add", "--", path, movedTo, ...rewritten]);
  return { path, kind: "split", movedTo, rewritten };
}
function editedByHand(file, ours) {
  const text2 = workTreeText(file);
  if (text2 === null || hasConflictMarkers(text2)) return false;
  const lf = (t) => t.replace(/\r\n/g, "\n");
  return lf(text2) !== lf(ours);
}
async function resolveFile(gitTop, file) {
  try {
    return await remerge(gitTop, file);
  } catch (e) {
    return { path: file.path, kind: "failed", reason: messageOf(e).split("\n")[0] };
  }
}
async function remerge(gitTop, file) {
  const { path, stages } = file;
  if (!stages.has(2) || !stages.has(3))
    return { path, kind: "deleted-on-one-side", deletedBy: stages.has(2) ? "theirs" : "ours" };
  const base = stages.has(1) ? await stageText(gitTop, 1, path) : "";
  const [ours, theirs] = [await stageText(gitTop, 2, path), await stageText(gitTop, 3, path)];
  if (editedByHand(join(gitTop, path), ours)) return { path, kind: "edited-by-hand" };
  const heads = !stages.has(1) && posix.basename(path) === HEAD_FILE ? twoFolderThreads(path, ours, theirs) : null;
  if (heads !== null) return { path, kind: "split", ...await splitFolderThreads(gitTop, path, ours, heads[1]) };
  if (!stages.has(1) && path.endsWith(".md")) {
    const pair = twoThreads(path, ours, theirs);
    if (pair !== null) return splitAddedThreads(gitTop, path, ours, pair[1]);
  }
  const merged = mergeStoreFile(path, base, ours, theirs);
  writeFileAtomicSync(join(gitTop, path), merged.text);
  if (merged.conflicts.length > 0) return { path, kind: "conflict", conflicts: merged.conflicts };
  await git(gitTop, ["add", "--", path]);
  return { path, kind: "merged" };
}
function describeOutcome(o) {
  switch (o.kind) {
    case "merged":
      return `merged and staged: ${o.path}`;
    case "split":
      return `two threads had one id: kept ${o.path}, moved the other to ${o.movedTo}${o.rewritten.length > 0 ? ` (and updated ${o.rewritten.join(", ")})` : ""}; staged`;
    case "conflict":
      return `still in conflict: ${o.path} (${o.conflicts.join(", ")}): edit the part between <<<<<<< and >>>>>>>, then \`git add ${o.path}\``;
    case "deleted-on-one-side":
      return `deleted on one side (${o.deletedBy}), changed on the other: ${o.path}: \`git rm ${o.path}\` to delete it, or \`git add ${o.path}\` to keep it`;
    case "restored":
      return `thread deleted on one branch while another added items to it: ${o.path} kept with its items, its ${HEAD_FILE} ${o.from === null ? "written anew (none in git history: its title is its id, edit it there)" : `restored from commit ${o.from.slice(0, 12)}`}; staged (to delete it for good instead: \`thread-mind-mcp resolve --delete ${o.path}\`)`;
    case "deleted-for-good":
      return `deleted for good: ${o.path} (a thread deleted on one branch, with the items another branch added to it); staged`;
    case "not-headless":
      return `not a thread folder without ${HEAD_FILE}: ${o.path} (--delete removes only a folder that holds items but no ${HEAD_FILE}; delete a thread with thread_delete)`;
    case "edited-by-hand":
      return `edited by hand: ${o.path} has no conflict markers and is not git's version, so it was left as it is: \`git add ${o.path}\` to keep it, or \`git checkout -m ${o.path}\` to bring the conflict back and run resolve again`;
    case "not-unmerged":
      return `not in conflict in git's index: ${o.path} (nothing to re-merge; if it holds conflict markers, edit it by hand)`;
    case "failed":
      return `could not re-merge ${o.path}: ${o.reason} (left as it was)`;
    default: {
      const unreachable = o;
      return String(unreachable);
    }
  }
}

// src/core/doctor/doctor-team-checks.ts
var SETUP = "Run `thread-mind-mcp git-setup` in the repository (a Claude Code session with the plugin also sets it at start).";
function checkMergeDriver(gitTop, expected) {
  const title = "Merge driver";
  let configured;
  let configPath;
  try {
    configPath = gitConfigPath(gitTop);
    configured = readConfiguredDriver(configPath);
  } catch (e) {
    return warn("merge-driver", title, SETUP, `the git config of ${gitTop} cannot be read: ${messageOf(e)}`);
  }
  const state = driverState(configured, expected);
  switch (state) {
    case "ok":
      return ok("merge-driver", title, `thread files merge by meaning (merge.threadmind.driver set in ${configPath})`);
    case "missing":
      return warn(
        "merge-driver",
        title,
        SETUP,
        "merge.threadmind.driver is not set in this repository: thread folders still merge with git's own rules, but what git cannot settle (an item or a field of thread.md changed two ways, a format-1 thread or a project file changed on both branches) is left marked for you or `resolve`"
      );
    case "stale": {
      const gone = [...(configured ?? "").matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1].replace(/\\(.)/g, "$1")).filter((p) => !existsSync(p));
      const why = gone.length > 0 ? `; ${gone.join(" and ")} no longer exist${gone.length === 1 ? "s" : ""}, so git cannot merge thread files` : "";
      return warn(
        "merge-driver",
        title,
        SETUP,
        `merge.threadmind.driver runs ${configured}, not this install (${expected})${why}`
      );
    }
    default: {
      const unreachable = state;
      throw new Error(`unknown driver state ${String(unreachable)}`);
    }
  }
}
async function checkConflicts(workspace) {
  if (workspace.gitTop === null) return null;
  const top = workspace.gitTop;
  let files;
  try {
    files = await unmergedFiles(top, workspace.storeDir);
  } catch {
    return null;
  }
  if (files.length === 0) return ok("conflicts", "Conflicted thread files", "none in git's index");
  const line = (f) => {
    const rel = relative(workspace.root, `${top}/${f.path}`) || f.path;
    if (f.stages.has(2) && f.stages.has(3)) return rel;
    const side = f.stages.has(2) ? "their" : "our";
    return `${rel}: deleted on ${side} side, changed on the other: \`git rm ${rel}\` to delete it, or \`git add ${rel}\` to keep it`;
  };
  return fail(
    "conflicts",
    "Conflicted thread files",
    "Run /thread-mind:resolve (`thread-mind-mcp resolve` in a terminal): it re-merges by meaning the files changed on both sides and stages the clean ones; what is left is marked with <<<<<<< / >>>>>>> in its field or section. A file deleted on one side is settled with git rm or git add, as named above.",
    `${files.length} ThreadMind file${files.length === 1 ? "" : "s"} in conflict`,
    ...files.map(line)
  );
}
var UNCOMMITTED_WARN_MS = 24 * 60 * 60 * 1e3;
var NAMED = 3;
var COMMIT_FIX = 'Commit them with the code: `git add .threadmind && git commit -m "ThreadMind summaries"`.';
function parseStatus(output) {
  const parts = output.split("\0");
  const changes = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i];
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    changes.push({ path: entry.slice(3), untracked: code === "??" });
    if (code.includes("R") || code.includes("C")) i++;
  }
  return changes;
}
async function checkCommitted(workspace, now) {
  if (workspace.gitTop === null) return null;
  const top = workspace.gitTop;
  const storeRel = relative(top, workspace.storeDir) || ".threadmind";
  let changes;
  let tracked;
  try {
    changes = parseStatus(await git(top, ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--", storeRel]));
    tracked = await git(top, ["ls-files", "-z", "--", storeRel]);
  } catch {
    return null;
  }
  const title = "Thread files committed";
  if (changes.length === 0) return ok("committed", title, "every thread and project file is committed");
  const names = (list) => list.length <= NAMED ? list.map((c) => c.path).join(", ") : `${list.slice(0, NAMED).map((c) => c.path).join(", ")} and ${list.length - NAMED} more`;
  if (tracked === "") {
    return warn(
      "committed",
      title,
      COMMIT_FIX,
      `the thread files have never been committed (${changes.length} untracked: ${names(changes)}): a \`git clean -fdx\` would delete them, and no teammate or other clone has them`
    );
  }
  const old = changes.filter((c) => {
    try {
      return now.getTime() - lstatSync(join(top, c.path)).mtimeMs > UNCOMMITTED_WARN_MS;
    } catch {
      return false;
    }
  });
  if (old.length === 0)
    return ok("committed", title, `${changes.length} thread file change(s) not committed yet, all from the last day`);
  return warn(
    "committed",
    title,
    COMMIT_FIX,
    `${old.length} thread file change(s) left uncommitted for more than a day: ${names(old)}`
  );
}

// src/core/doctor/doctor-format-check.ts
var ID2 = "format-1";
var TITLE2 = "Threads still in format 1";
var NAMED2 = 5;
var FORMAT_ONE_FIX = 'Run `thread-mind-mcp migrate` (every thread written as a folder; its <id>.md is left frozen), then commit the change: `git add .threadmind && git commit -m "ThreadMind: threads migrated to folders"`.';
var plural3 = (n, one, many) => `${formatCount(n)} ${n === 1 ? one : many}`;
function named(ids) {
  const shown = ids.slice(0, NAMED2).join(", ");
  return ids.length > NAMED2 ? `${shown} and ${formatCount(ids.length - NAMED2)} more` : shown;
}
function checkFormatOne(services) {
  const store = services.store;
  let ids;
  try {
    ids = store.projectIds();
  } catch (e) {
    if (e instanceof ThreadMindError) return null;
    throw e;
  }
  if (ids.length === 0) return null;
  const lines = [];
  let unmigrated = 0;
  let edited = 0;
  let projects = 0;
  for (const id of ids) {
    let left;
    try {
      store.readProject(id);
      left = store.threadsToMigrate(id);
    } catch (e) {
      if (e instanceof ThreadMindError) continue;
      throw e;
    }
    const parts = [];
    if (left.unmigrated.length > 0)
      parts.push(`${plural3(left.unmigrated.length, "thread", "threads")} in format 1 (${named(left.unmigrated)})`);
    if (left.edited.length > 0)
      parts.push(
        `${plural3(left.edited.length, "migrated thread whose <id>.md was", "migrated threads whose <id>.md were")} edited since, by a branch that had not migrated (${named(left.edited)})`
      );
    if (parts.length === 0) continue;
    projects += 1;
    unmigrated += left.unmigrated.length;
    edited += left.edited.length;
    lines.push(`${id}: ${parts.join("; ")}`);
  }
  if (lines.length === 0) return ok(ID2, TITLE2, "none: every thread is a folder (format 2)");
  const counts = [
    ...unmigrated > 0 ? [`${plural3(unmigrated, "thread", "threads")} still in format 1`] : [],
    ...edited > 0 ? [`${plural3(edited, "migrated thread", "migrated threads")} with an edited format-1 file`] : []
  ];
  const why = unmigrated > 0 ? ": a thread in format 1 conflicts under plain git (a pull request merged on the server) when two branches write it" : "";
  return warn(ID2, TITLE2, FORMAT_ONE_FIX, `${counts.join(" and ")} in ${plural3(projects, "project", "projects")}${why}`, ...lines);
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
var SPACE2 = 32;
var TAB2 = 9;
var CARRIAGE_RETURN2 = 13;
var COLON3 = 58;
function skipSpaceBack(line, index) {
  let i = index;
  while (i >= 0 && (line[i] === SPACE2 || line[i] === TAB2 || line[i] === CARRIAGE_RETURN2)) i -= 1;
  return i;
}
function hasMember(line, marker) {
  let at = line.indexOf(marker.value);
  while (at !== -1) {
    const colon = skipSpaceBack(line, at - 1);
    if (colon >= 0 && line[colon] === COLON3) {
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

// src/core/doctor/doctor-receipts-now.ts
async function withReceiptsCheckedNow(measurements) {
  const recent2 = new Set(
    [...measurements.injections].sort((a, b) => a.at < b.at ? -1 : a.at > b.at ? 1 : 0).slice(-5).filter((i) => i.receipt === "pending" && i.transcriptPath !== void 0)
  );
  if (recent2.size === 0) return measurements;
  const injections = await Promise.all(
    measurements.injections.map(async (injection) => {
      if (!recent2.has(injection) || injection.transcriptPath === void 0) return injection;
      try {
        const head = await readHead(injection.transcriptPath, { from: injection.transcriptOffset ?? 0 });
        if (!head.stoppedAtFirstResponse) return injection;
        return { ...injection, receipt: receiptFor(injection, head.hookContexts) };
      } catch {
        return injection;
      }
    })
  );
  return { ...measurements, injections };
}

// src/core/doctor/doctor.ts
async function contextCheck(services) {
  try {
    return await checkContextSize(services);
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
    if (e.code === "unreadable")
      return fail("context-size", "Context size", "Fix the thread file named above (see Thread files).", e.message);
    return warn(
      "context-size",
      "Context size",
      "Choose the project in Claude Code (/thread-mind:project) so sessions know which context to load.",
      e.message
    );
  }
}
function projectsListed(services) {
  try {
    return services.hasProjects();
  } catch (e) {
    if (e instanceof ThreadMindError) return false;
    throw e;
  }
}
function readLog(storeDir, legacy) {
  try {
    return { read: readMeasurementLog(storeDir, legacy) };
  } catch (e) {
    return { error: e };
  }
}
async function runDoctor(options) {
  const now = options.now ?? /* @__PURE__ */ new Date();
  const checks = [checkNode(options.nodeVersion)];
  const workspace = resolveWorkspace({ env: options.env, cwd: options.cwd });
  const services = new ThreadMindServices({
    workspace,
    session: { key: `doctor-${process.pid}` },
    env: options.env,
    encoder: null
  });
  const storeState = storeDirState(workspace.storeDir);
  const workspaceCheck = checkWorkspace(workspace, storeState);
  checks.push(workspaceCheck);
  const usable = workspaceCheck.status === "ok";
  let measurements = emptyMeasurements();
  let recall = emptyRecallFigures();
  if (usable) {
    if (services.hasOldLayout()) {
      checks.push(
        warn(
          "layout",
          "Store layout",
          "Nothing to do by hand: the next Claude Code session (or MCP tool call) migrates it, keeping a backup.",
          "`.threadmind/` still has the 0.4 layout (trees/)"
        )
      );
    }
    const local = readLocalState(workspace.storeDir);
    const log = readLog(workspace.storeDir, local.state.measurements);
    if ("read" in log) {
      measurements = log.read.measurements;
      recall = log.read.recall;
    }
    checks.push(checkThreads(services));
    const formatOne = checkFormatOne(services);
    if (formatOne !== null) checks.push(formatOne);
    checks.push(...checkFreshnessSettings(services), checkLocalState(workspace.storeDir, local, log));
  }
  checks.push(...await checkGit(workspace, options.env));
  if (usable && workspace.gitTop !== null) {
    checks.push(
      checkMergeDriver(
        workspace.gitTop,
        driverCommand(options.nodePath ?? process.execPath, bundlePath(options.pluginRoot, "cli.mjs"))
      )
    );
    const conflicts = await checkConflicts(workspace);
    if (conflicts !== null) checks.push(conflicts);
    const committed = await checkCommitted(workspace, now);
    if (committed !== null) checks.push(committed);
  }
  checks.push(checkVersions(options.bundleVersion, options.pluginRoot));
  checks.push(
    checkPluginInstalled({
      configDir: claudeConfigDir(options.env, options.home ?? homedir()),
      workspaceRoot: workspace.root,
      measurements,
      bundleVersion: options.bundleVersion,
      pluginRoot: options.pluginRoot
    })
  );
  const codex2 = checkCodexHooks(codexHome(options.env, options.home ?? homedir()));
  if (codex2 !== null) checks.push(codex2);
  if (usable) {
    checks.push(checkHooksSeen(measurements, now), checkReceipts(await withReceiptsCheckedNow(measurements)));
    if (projectsListed(services)) {
      checks.push(
        await checkRecallHooks({
          pluginRoot: options.pluginRoot,
          nodePath: options.nodePath ?? process.execPath,
          root: workspace.root,
          store: services.store
        })
      );
      const delivery = checkRecallDelivery(recall);
      if (delivery !== null) checks.push(delivery);
    }
    if (projectsListed(services)) checks.push(await contextCheck(services));
  }
  return checks;
}
var LABEL = { ok: "ok  ", warn: "warn", fail: "FAIL" };
function renderDoctor(checks, version) {
  const lines = [`ThreadMind doctor (thread-mind-mcp ${version})`, ""];
  for (const c of checks) {
    const [head = "", ...rest] = c.detail;
    lines.push(`[${LABEL[c.status]}] ${c.title}: ${head}`);
    for (const r of rest) lines.push(`       ${r}`);
    if (c.fix !== void 0 && c.status !== "ok") lines.push(`       fix: ${c.fix}`);
  }
  const count2 = (s) => checks.filter((c) => c.status === s).length;
  const failures = count2("fail");
  const warnings = count2("warn");
  lines.push(
    "",
    `${count2("ok")} ok, ${warnings} warning${warnings === 1 ? "" : "s"}, ${failures} failure${failures === 1 ? "" : "s"}.`
  );
  return lines.join("\n");
}
function doctorExitCode(checks) {
  return checks.some((c) => c.status === "fail") ? 1 : 0;
}

// src/cli/commands/doctor.ts
var doctorCommand = {
  name: "doctor",
  summary: "check Node, the workspace's threads, git, the plugin's version and hooks, context delivery and size",
  usage: [
    "thread-mind-mcp doctor [--json]",
    "",
    "Each check prints ok, warn or FAIL with the fix. Exits 1 when a check fails.",
    "  --json   print the checks as JSON"
  ].join("\n"),
  options: { json: "boolean" },
  run: async (args) => {
    expectNoArguments(args);
    const checks = await runDoctor({
      env: process.env,
      cwd: process.cwd(),
      nodeVersion: process.version,
      bundleVersion: BUNDLE_VERSION,
      pluginRoot: pluginRoot()
    });
    if (args.flags.get("json") === true) console.log(JSON.stringify({ version: BUNDLE_VERSION, checks }, null, 2));
    else console.log(renderDoctor(checks, BUNDLE_VERSION));
    return doctorExitCode(checks);
  }
};

// src/cli/commands/search.ts
var searchCommand = {
  name: "search",
  summary: "search the threads (ids, titles, paths, headings, then summaries, then by meaning) for words",
  usage: "thread-mind-mcp search <words\u2026> [--intent overview|lookup|semantic|deep] [--status open|done|abandoned] [--scope project|all-projects] [--limit N] [--json]\n  --intent  deepest tier allowed (default semantic: by meaning when words match weakly; deep adds word beginnings)\n  --json    the whole answer as JSON (hits, tiers run, cost)",
  options: { intent: "value", status: "value", scope: "value", limit: "value", json: "boolean" },
  run: async (args) => {
    const query = args.positionals.join(" ");
    if (query.trim() === "") throw new UsageError("give the words to search for");
    const input = { query };
    const intent = oneOf2(args.flags.get("intent"), "intent", SEARCH_INTENTS);
    const word = oneOf2(args.flags.get("status"), "status", STATUS_INPUTS, STATUS_WORDS);
    const status = word === void 0 ? void 0 : statusOfWord(word);
    const scope = oneOf2(args.flags.get("scope"), "scope", SEARCH_SCOPES);
    const limit = positiveInt(args.flags.get("limit"), "limit");
    if (intent) input.intent = intent;
    if (status) input.status = status;
    if (scope) input.scope = scope;
    if (limit !== void 0) input.limit = limit;
    const services = openCliServices({ exactTokens: false });
    const answer = await services.threadSearch(input);
    console.log(args.flags.has("json") ? JSON.stringify(answer, null, 2) : answer.text);
    printNotices(services);
    return 0;
  }
};

// src/cli/commands/history.ts
var historyCommand = {
  name: "history",
  summary: "show how a thread's summary changed over its git history (default: the current thread)",
  usage: "thread-mind-mcp history [thread-id] [--limit N] [--json]",
  options: { limit: "value", json: "boolean" },
  run: async (args) => {
    if (args.positionals.length > 1) throw new UsageError("give at most one thread id");
    const limit = positiveInt(args.flags.get("limit"), "limit");
    const services = openCliServices({ exactTokens: false });
    const history = await services.threadHistory({
      ...args.positionals[0] !== void 0 ? { threadId: args.positionals[0] } : {},
      ...limit !== void 0 ? { limit } : {}
    });
    console.log(args.flags.has("json") ? JSON.stringify(history, null, 2) : history.text);
    printNotices(services);
    return 0;
  }
};
function readSide(path) {
  const max = 4 * LIMITS.threadFileBytes;
  let bytes2;
  try {
    bytes2 = readRegularFile(path, max, true);
  } catch (e) {
    throw new UsageError(messageOf(e));
  }
  if (bytes2 === null) throw new UsageError(`${path} does not exist`);
  if (bytes2.length > max) throw new UsageError(`${path} is larger than ${max} bytes`);
  return strictUtf8(bytes2);
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
    writeFileSync(ours, merged.text);
    if (merged.conflicts.length === 0) return 0;
    console.error(
      `ThreadMind: conflict in ${path ?? ours}: ${merged.conflicts.join(", ")} (fix: edit between the markers, or run \`thread-mind-mcp resolve\`)`
    );
    return 1;
  }
};
function thisDriverCommand() {
  return driverCommand(process.execPath, bundlePath(pluginRoot(), "cli.mjs"));
}
var gitSetupCommand = {
  name: "git-setup",
  summary: "set up git here so thread files merge by meaning (driver in .git/config, .threadmind/.gitattributes)",
  usage: [
    "thread-mind-mcp git-setup",
    "",
    `Sets merge.${DRIVER_NAME}.driver in this repository's own .git/config (never the global config) to this CLI by`,
    "absolute path, and writes .threadmind/.gitattributes (commit it). The plugin's SessionStart keeps the path current."
  ].join("\n"),
  options: {},
  run: async (args) => {
    expectNoArguments(args);
    const { top, store } = gitTopHere();
    const command = thisDriverCommand();
    await git(top, ["config", "--local", `merge.${DRIVER_NAME}.name`, DRIVER_DESCRIPTION]);
    await git(top, ["config", "--local", `merge.${DRIVER_NAME}.driver`, command]);
    console.log(`Merge driver "${DRIVER_NAME}" set in ${top}'s git config: ${command}`);
    if (store.exists()) {
      const wrote = store.ensureAttributes();
      console.log(
        `${relative(process.cwd(), join(store.dir, ".gitattributes")) || ".gitattributes"}: ${wrote ? "written (commit it with the project)" : "already up to date"}`
      );
    } else console.log("No .threadmind/ here yet: its .gitattributes is written when the project is created.");
    return 0;
  }
};
function entries(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
function isHeadless(folder) {
  if (lstatSync(join(folder, HEAD_FILE), { throwIfNoEntry: false }) !== void 0) return false;
  return entries(folder).some(
    (e) => e.isDirectory() && (isSectionDir(e.name) || isSetDir(e.name)) && entries(join(folder, e.name)).some((f) => f.isFile())
  );
}
function headlessFolders(gitTop, storeDir) {
  const out = [];
  const threads = join(storeDir, "threads");
  for (const project of entries(threads).filter((e) => e.isDirectory()).sort((a, b) => a.name < b.name ? -1 : 1)) {
    for (const e of entries(join(threads, project.name)).sort((a, b) => a.name < b.name ? -1 : 1)) {
      if (!e.isDirectory() || !isValidId(e.name)) continue;
      const folder = join(threads, project.name, e.name);
      if (isHeadless(folder)) out.push(gitPath(gitTop, folder));
    }
  }
  return out;
}
async function historyTips(gitTop) {
  const tips = ["HEAD"];
  for (const ref of ["MERGE_HEAD", "REBASE_HEAD", "CHERRY_PICK_HEAD"]) {
    const found = await git(gitTop, ["rev-parse", "-q", "--verify", `${ref}^{commit}`]).catch(() => "");
    if (found.trim() !== "") tips.push(found.trim());
  }
  return tips;
}
async function lastCommittedFolder(gitTop, folderRel, id) {
  const tips = await historyTips(gitTop);
  const headRel = posix.join(folderRel, HEAD_FILE);
  const log = await git(gitTop, ["log", "--full-history", "--format=%H", "-n", "50", ...tips, "--", folderRel]).catch(() => "");
  for (const commit of log.split("\n").filter((c) => /^[0-9a-f]{40,64}$/.test(c))) {
    const bytes2 = await gitBytes(gitTop, ["show", `${commit}:${headRel}`]).catch(() => null);
    const text2 = bytes2 === null ? null : strictUtf8(bytes2);
    if (text2 === null) continue;
    try {
      if (parseHead(text2).id === id) return commit;
    } catch (e) {
      if (!(e instanceof FrontmatterError)) throw e;
    }
  }
  return null;
}
async function restoreFolder(gitTop, folderRel, now) {
  const id = posix.basename(folderRel);
  const from = await lastCommittedFolder(gitTop, folderRel, id);
  if (from !== null) {
    const files = (await git(gitTop, ["ls-tree", "-r", "-z", "--name-only", from, "--", `${folderRel}/`])).split("\0");
    for (const rel of files.filter((f) => f.startsWith(`${folderRel}/`))) {
      const to = join(gitTop, rel);
      if (lstatSync(to, { throwIfNoEntry: false }) !== void 0) continue;
      const parent = lstatSync(dirname(to), { throwIfNoEntry: false });
      if (parent !== void 0 && !parent.isDirectory()) continue;
      mkdirSync(dirname(to), { recursive: true });
      writeFileAtomicSync(to, await gitBytes(gitTop, ["show", `${from}:${rel}`]));
    }
  } else {
    const head = { id, title: id, parentId: null, author: "unknown", createdAt: now, body: "" };
    writeFileAtomicSync(join(gitTop, folderRel, HEAD_FILE), serializeHead(head));
  }
  await git(gitTop, ["add", "-A", "--", folderRel]);
  return { from };
}
async function deleteFolder(gitTop, folderRel) {
  await git(gitTop, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", folderRel]);
  rmSync(join(gitTop, folderRel), { recursive: true, force: true });
}

// src/cli/commands/resolve.ts
var resolveCommand = {
  name: "resolve",
  summary: "re-merge conflicted thread and project files from git's index (after a merge without the driver)",
  usage: [
    "thread-mind-mcp resolve [file\u2026]",
    "thread-mind-mcp resolve --delete <folder>\u2026",
    "",
    "Re-merges each conflicted file under .threadmind/ (or the files named) from git's stages :1 :2 :3 with the merge",
    "driver's rules, writes it, and stages it when clean. A thread folder holding items but no thread.md (its thread",
    "deleted on one branch while another added items to it) is restored with its items, thread.md from git history;",
    "--delete deletes the folders named for good instead. Exit 1 when a conflict is left to edit by hand."
  ].join("\n"),
  options: { delete: "boolean" },
  run: async (args) => {
    const { top, store } = gitTopHere();
    const wanted = args.positionals.map(
      (p) => relative(top, isAbsolute$1(p) ? p : resolve(process.cwd(), p)).split("\\").join("/").replace(/\/+$/, "")
    );
    const headless = headlessFolders(top, store.dir);
    const outcomes = [];
    if (args.flags.has("delete")) {
      for (const w of wanted) {
        if (!headless.includes(w)) outcomes.push({ path: w, kind: "not-headless" });
        else {
          await deleteFolder(top, w);
          outcomes.push({ path: w, kind: "deleted-for-good" });
        }
      }
      if (outcomes.length === 0) console.log("Name the thread folders to delete: resolve --delete <folder>\u2026");
      for (const o of outcomes) console.log(describeOutcome(o));
      return outcomes.length === 0 || outcomes.some((o) => o.kind !== "deleted-for-good") ? 1 : 0;
    }
    const all = await unmergedFiles(top, store.dir);
    let chosen = all;
    let restore = headless;
    if (wanted.length > 0) {
      chosen = all.filter((f) => wanted.includes(f.path));
      restore = headless.filter((h) => wanted.includes(h));
      for (const w of wanted)
        if (!all.some((f) => f.path === w) && !headless.includes(w)) outcomes.push({ path: w, kind: "not-unmerged" });
    }
    for (const file of chosen) outcomes.push(await resolveFile(top, file));
    for (const folder of restore) {
      try {
        outcomes.push({ path: folder, kind: "restored", ...await restoreFolder(top, folder, (/* @__PURE__ */ new Date()).toISOString()) });
      } catch (e) {
        outcomes.push({ path: folder, kind: "failed", reason: messageOf(e).split("\n")[0] });
      }
    }
    if (outcomes.length === 0) {
      console.log("No conflicted ThreadMind file in git's index.");
      return 0;
    }
    for (const o of outcomes) console.log(describeOutcome(o));
    return outcomes.some((o) => o.kind !== "merged" && o.kind !== "split" && o.kind !== "restored") ? 1 : 0;
  }
};
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

// src/core/store/thread-title-quick.ts
var HEAD_MAX_BYTES = 64 * 1024;
var PLAIN_FIRST = /^[^\s\-?:,[\]{}#&*!|>'"%@`]/;
var NOT_A_STRING2 = /^(?:true|false|yes|no|on|off|y|n|null|~|[+-]?[.\d].*)$/i;
function headPath(storeDir, projectId, threadId) {
  const legacy = join(storeDir, "threads", projectId, `${threadId}.md`);
  const folder = join(storeDir, "threads", projectId, threadId);
  if (!entryThere(folder)) return { path: legacy, legacy: null };
  return { path: join(folder, HEAD_FILE), legacy: entryThere(legacy) ? legacy : null };
}
var LEGACY_MAX_BYTES = 1024 * 1024;
function legacyUnchanged(legacy, migratedFrom) {
  const bytes2 = readRegularFile(legacy, LEGACY_MAX_BYTES);
  if (bytes2 === null || bytes2.length > LEGACY_MAX_BYTES) return false;
  return gitBlobId(bytes2) === migratedFrom;
}
function simpleTitleValue(value) {
  if (value === "" || /[\r\t\n]/.test(value)) return null;
  const single = /^'((?:[^']|'')*)'$/.exec(value);
  if (single !== null) return single[1].replaceAll("''", "'");
  const double = /^"([^"\\]*)"$/.exec(value);
  if (double !== null) return double[1];
  if (!PLAIN_FIRST.test(value) || NOT_A_STRING2.test(value)) return null;
  if (value.includes(": ") || value.includes(" #") || value.endsWith(":") || value.endsWith(" ")) return null;
  return value;
}
function quickThreadTitle(storeDir, projectId, threadId) {
  if (!isValidId(projectId) || !isValidId(threadId)) return null;
  let text2;
  let legacy;
  try {
    const head = headPath(storeDir, projectId, threadId);
    legacy = head.legacy;
    const bytes2 = readRegularFile(head.path, HEAD_MAX_BYTES);
    if (bytes2 === null || bytes2.length > HEAD_MAX_BYTES) return null;
    text2 = bytes2.toString("utf8");
  } catch {
    return null;
  }
  if (!text2.startsWith("---\n") || hasConflictMarkers(text2)) return null;
  const end = text2.indexOf("\n---", 3);
  if (end === -1 || text2[end + 4] !== void 0 && text2[end + 4] !== "\n") return null;
  const lines = text2.slice(4, end).split("\n");
  const titles = lines.filter((line2) => line2.startsWith("title:"));
  if (titles.length !== 1 || !lines.includes(`id: ${threadId}`)) return null;
  if (legacy !== null) {
    const from = lines.filter((line2) => line2.startsWith("migratedFrom: "));
    const blob = from.length === 1 ? from[0].slice("migratedFrom: ".length) : null;
    try {
      if (blob === null || !/^[0-9a-f]{40,64}$/.test(blob) || !legacyUnchanged(legacy, blob)) return null;
    } catch {
      return null;
    }
  }
  const line = titles[0];
  return line.startsWith("title: ") ? simpleTitleValue(line.slice("title: ".length)) : null;
}

// src/transcript/walk-back.ts
var DEFAULT_TAIL_CHUNK_BYTES = 64 * 1024;
var NEWLINE5 = 10;
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
    let newline = chunk.lastIndexOf(NEWLINE5, end - 1);
    while (newline !== -1 && !stopped) {
      const piece = chunk.subarray(newline + 1, end);
      const bytes2 = carry.length === 0 ? piece : Buffer.concat([piece, ...carry]);
      carry = [];
      stopped = takeLine(bytes2);
      end = newline;
      newline = end === 0 ? -1 : chunk.lastIndexOf(NEWLINE5, end - 1);
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

// src/transcript/codex/read-rollout-head.ts
var DEFAULT_ROLLOUT_HEAD_BYTES = 256 * 1024;
var NEWLINE6 = 10;
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
    let at = from === 0 ? 0 : buffer[0] === NEWLINE6 ? 1 : buffer.indexOf(NEWLINE6) + 1;
    if (at === 0 && from > 0) return reading;
    const classifier = new RolloutClassifier();
    while (at < length) {
      const newline = buffer.indexOf(NEWLINE6, at);
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
function isCompleteJson(text2) {
  if (!text2.trimEnd().endsWith("}")) return false;
  try {
    JSON.parse(text2);
    return true;
  } catch {
    return false;
  }
}
function readStdinBlocking() {
  let stat;
  try {
    stat = fstatSync(0);
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
      n = readSync(0, buffer, 0, buffer.length, null);
    } catch (e) {
      if (errnoCode(e) === "EAGAIN") return { done: false, bytes: Buffer.concat(chunks) };
      if (errnoCode(e) === "EOF") return { done: true, text: Buffer.concat(chunks).toString("utf8") };
      throw e;
    }
    if (n === 0) return { done: true, text: Buffer.concat(chunks).toString("utf8") };
    size += n;
    if (size > MAX_INPUT_BYTES) throw new HookInputTooLargeError();
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    const text2 = Buffer.concat(chunks).toString("utf8");
    if (isCompleteJson(text2)) return { done: true, text: text2 };
  }
}
function readStdinStream(timeoutMs, already) {
  return new Promise((resolve11, reject) => {
    const chunks = [already];
    let size = already.length;
    const timer = setTimeout(() => finish2(new Error(`no complete hook input on stdin within ${timeoutMs} ms`)), timeoutMs);
    const finish2 = (error) => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      if (error) reject(error);
      else resolve11(Buffer.concat(chunks).toString("utf8"));
    };
    process.stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) finish2(new HookInputTooLargeError());
      else {
        chunks.push(chunk);
        if (isCompleteJson(Buffer.concat(chunks).toString("utf8"))) finish2();
      }
    });
    process.stdin.on("end", () => finish2());
    process.stdin.on("error", (e) => finish2(e));
  });
}
var STATUSLINE_INPUT_WAIT_MS = 2e3;
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
  const record2 = isRecord(data) ? data : {};
  const workspace = isRecord(record2.workspace) ? record2.workspace : {};
  return {
    sessionId: text(record2.session_id),
    transcriptPath: text(record2.transcript_path),
    cwd: text(workspace.current_dir) ?? text(record2.cwd) ?? cwd
  };
}
function shortCount(tokens) {
  return tokens < 1e3 ? String(tokens) : `${Math.round(tokens / 1e3)}k`;
}
function shortTitle(title) {
  const oneLine3 = title.replace(/\s+/g, " ").trim();
  return oneLine3.length <= TITLE_MAX_CHARS ? oneLine3 : `${oneLine3.slice(0, TITLE_MAX_CHARS - 1)}\u2026`;
}
function windowSession(env, logged) {
  const fromEnv = hookSession(env);
  if (fromEnv !== null) return fromEnv;
  const events = logged();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind === "conversation" && e.instance !== void 0) {
      const pid = /^claude-(\d+)$/.exec(e.instance)?.[1];
      return pid === void 0 ? { key: e.instance } : { key: e.instance, pid: Number(pid) };
    }
  }
  return null;
}
var attention = (what) => `${MARK} ThreadMind \xB7 ${what} (run /thread-mind:doctor)`;
async function statuslineText(input, env, storeTitle2) {
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
  const logged = () => input.sessionId === null ? [] : sessionEvents(workspace.storeDir, input.sessionId);
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
  const title = quickThreadTitle(workspace.storeDir, thread.projectId, thread.threadId) ?? storeTitle2(workspace, thread);
  if (title === null) return attention(`thread "${thread.threadId}" unreadable`);
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
async function runStatusline(env, cwd, storeTitle2) {
  let line;
  try {
    line = await statuslineText(parseStatuslineInput(await readStdin(STATUSLINE_INPUT_WAIT_MS), cwd), env, storeTitle2);
  } catch (e) {
    line = attention(messageOf(e).split("\n")[0].slice(0, 80));
  }
  if (line !== "") await writeStdout(`${line}
`);
  return 0;
}

// src/cli/statusline-store.ts
function storeTitle(workspace, thread) {
  try {
    return new Store(workspace, {}, { sweepTempFiles: false }).readThread(thread.projectId, thread.threadId).title;
  } catch {
    return null;
  }
}

// src/cli/commands/statusline.ts
var statuslineCommand = {
  name: "statusline",
  summary: "Claude Code status line: this window's thread and how far its summary is behind",
  usage: [
    "thread-mind-mcp statusline",
    "",
    `Reads Claude Code's status line JSON on stdin and prints one line, e.g. "\u25C6 Refunds \xB7 summary current" or`,
    '"\u25C6 Refunds \xB7 42k tokens since summary"; nothing outside a ThreadMind repository. Always exits 0.',
    'Set it in ~/.claude/settings.json: "statusLine": { "type": "command", "command": "node <install>/plugin/dist/cli.cjs statusline" }',
    "(/thread-mind:statusline does it for you)."
  ].join("\n"),
  options: {},
  run: async (args) => {
    expectNoArguments(args);
    return runStatusline(process.env, process.cwd(), storeTitle);
  }
};

// src/core/conflicts/conflict-sweep-files.ts
function stampDigest(stamp) {
  return Number.parseInt(textFingerprint(stamp), 16).toString(36);
}
function fileHasMarkers(path, maxBytes) {
  try {
    const bytes2 = readRegularFile(path, maxBytes);
    return bytes2 !== null && hasConflictMarkers(bytes2.subarray(0, maxBytes).toString("utf8"));
  } catch {
    return false;
  }
}
function digestOf(folderStamp, subdirStamps) {
  return stampDigest(`${folderStamp}|${subdirStamps.join("|")}`);
}
function currentDigest(folder, mask2, budget) {
  const own = stampOf(folder, "dir");
  budget.listed += 1;
  if (own === null) return null;
  const stamps = FOLDER_SUBDIRS.map((name, i) => {
    if ((mask2 & 1 << i) === 0) return "-";
    budget.listed += 1;
    return stampOf(`${folder}${sep}${name}`, "dir")?.stamp ?? "-";
  });
  return digestOf(own.stamp, stamps);
}
function namesIn(path, limit, budget) {
  let dir;
  try {
    dir = opendirSync(path);
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
  let mask2 = 0;
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
      add(name, `${folder}${sep}${name}`, folderFileBytes(null));
      continue;
    }
    const at = FOLDER_SUBDIRS.indexOf(name);
    if (at < 0) continue;
    const sub = FOLDER_SUBDIRS[at];
    const path = `${folder}${sep}${sub}`;
    const stamp = stampOf(path, "dir");
    if (stamp === null) continue;
    mask2 |= 1 << at;
    subdirStamps[at] = stamp.stamp;
    if (stamp.settledAtMs >= now) settled = false;
    const inside3 = namesIn(path, subdirEntryLimit(sub), budget);
    if (inside3 === null) {
      over = true;
      continue;
    }
    for (const file of inside3) {
      if (isSectionDir(sub) && !isItemFileName(file)) continue;
      add(`${sub}/${file}`, `${path}${sep}${file}`, folderFileBytes(sub));
    }
  }
  return { mask: mask2, digest: digestOf(own.stamp, subdirStamps), settled, files, over: over || names === null };
}
function judgedBy(record2, file) {
  if (record2 === void 0) return false;
  if (file.changedMs !== record2.upTo) return file.changedMs < record2.upTo;
  return record2.complete || file.rel <= record2.after;
}
var byChange = (a, b) => a.changedMs - b.changedMs || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
function judgeFolder(folder, saved, savedMarked, budget, now) {
  const keptMarks = new Map([...savedMarked].filter(([rel, stamp]) => stampOf(`${folder}${sep}${rel}`, "file")?.stamp === stamp));
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
  const judge2 = (file) => {
    budget.filesLeft -= 1;
    budget.read += 1;
    if (fileHasMarkers(file.path, file.maxBytes)) marked.set(file.rel, file.stamp);
  };
  if (toRead.length <= budget.filesLeft) {
    for (const file of toRead) judge2(file);
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
    judge2(file);
    if (file.settledAtMs >= now) moving = false;
    if (moving) record2 = { complete: false, upTo: file.changedMs, after: file.rel };
  }
  return { record: record2, marked, complete: false };
}
var SWEEP_VERSION = 3;
var STATE_MAX_BYTES = 64 * 1024 * 1024;
var HEAD_READ_BYTES = 64 * 1024;
function sweepPath(storeDir) {
  return join(storeDir, "cache", "conflict-sweep.json");
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
    const { headText, rest } = readHead2(path, counted);
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
            const parsed2 = JSON.parse(rest() ?? "");
            details = isRecord(parsed2) ? parsed2 : {};
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
function readHead2(path, counted) {
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
    const cache = join(storeDir, "cache");
    mkdirSync(cache, { recursive: true });
    if (!lstatSync(cache).isDirectory()) return;
    const after2 = /* @__PURE__ */ new Map();
    for (const projectId of Object.keys(state.summary)) {
      const kept = gone.has(projectId) || swept.has(projectId) ? void 0 : state.verdicts(projectId);
      if (kept !== void 0) after2.set(projectId, kept);
    }
    for (const [projectId, verdicts] of swept) after2.set(projectId, verdicts);
    rmSync(temp, { force: true });
    writeFileSync(temp, stateText(index, after2), { flag: "wx" });
    renameSync(temp, sweepPath(storeDir));
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
    }
  }
}
function sameMap(a, b, same2) {
  const names = Object.keys(b);
  if (names.length !== Object.keys(a).length) return false;
  return names.every((name) => {
    const x = ownEntry(a, name);
    return x !== void 0 && same2(x, b[name]);
  });
}
var sameFolderRecord = (a, b) => savedFolderRecord(a).join("\n") === savedFolderRecord(b).join("\n");
function sameVerdicts(saved, now) {
  if (saved === void 0 || saved.dir !== now.dir) return false;
  const same2 = (x, y) => x === y;
  return sameMap(saved.marked, now.marked, same2) && sameMap(saved.files, now.files, same2) && sameMap(saved.folders, now.folders, sameFolderRecord);
}

// src/core/conflicts/conflict-marker-sweep.ts
function sweepMarkerPath(storeDir) {
  return join(storeDir, "cache", "conflict-sweep.pid");
}
var MAX_FILES_READ = 200;
var MANY_ENTRIES_BYTES = 64 * 1024;
var MAX_PROJECTS = 50;
function indexStampOf(storeDir, dotGit) {
  try {
    let dir = dotGit;
    if (dir === void 0) {
      const top = findGitTop(dirname(storeDir));
      dir = top === null ? null : gitDir(top);
    }
    return dir === null ? null : stampOf(join(dir, "index"), "file");
  } catch {
    return null;
  }
}
function sweptKind(name) {
  if (name.endsWith(".md")) return !isAtomicTempFile(name) && isValidId(name.slice(0, -3)) ? "file" : null;
  return isValidId(name) ? "folder" : null;
}
function moreUnjudgedThan(names, known, limit) {
  let count2 = 0;
  for (const name of names) {
    const kind = sweptKind(name);
    const judged = kind === "folder" ? ownEntry(known?.folders ?? {}, name) !== void 0 : ownEntry(known?.files ?? {}, name) !== void 0;
    if (kind !== null && !judged) count2 += 1;
    if (count2 > limit) return true;
  }
  return false;
}
function stillMarked(dir, savedMarked) {
  return Object.entries(savedMarked).filter(([rel, stamp]) => stampOf(`${dir}${sep}${rel}`, "file")?.stamp === stamp).map(([rel]) => rel);
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
  const names = unlisted ? [] : readdirSync(dir);
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
    const path = `${dir}${sep}${name}`;
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
    const projectsDir = join(storeDir, "projects");
    if (lstatSync(projectsDir).isSymbolicLink()) return [];
    if (lstatSync(join(storeDir, "threads"), { throwIfNoEntry: false })?.isSymbolicLink() === true) return [];
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
      const dir = join(storeDir, "threads", projectId);
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
function sweepToCompletion(storeDir, maxSweeps) {
  for (let sweeps = 1; sweeps <= maxSweeps; sweeps++) {
    const work = { listed: 0, read: 0 };
    threadFilesWithMarkers(storeDir, Date.now(), work);
    if ((work.read ?? 0) < MAX_FILES_READ) return sweeps;
  }
  return maxSweeps;
}
var MAX_SWEEPS = 1e4;
var NAMED_IDS = 10;
function migratedLine(projectId, migrated) {
  const n = migrated.length;
  const more = n > NAMED_IDS ? ` and ${formatCount(n - NAMED_IDS)} more` : "";
  const ids = n > 0 ? ` (${migrated.slice(0, NAMED_IDS).join(", ")}${more})` : "";
  return `${projectId}: ${formatCount(n)} thread${n === 1 ? "" : "s"} migrated${ids}`;
}
var migrateCommand = {
  name: "migrate",
  summary: "write every thread still in one file (<id>.md) as a folder of one file per item (<id>/), for merges without conflicts",
  usage: "thread-mind-mcp migrate [--finish]\n  (no option)  writes <id>/ beside each <id>.md, which is left as it is (frozen): a branch that has not migrated still merges\n  --finish     deletes the frozen <id>.md files: only once every branch has migrated (commit the change)",
  options: { finish: "boolean" },
  run: async (args) => {
    const s = openCliServices({ exactTokens: false });
    const finish2 = args.flags.has("finish");
    let problems = 0;
    await s.store.locked(async () => {
      for (const projectId of s.store.projectIds()) {
        if (finish2) {
          const removed = s.store.finishMigration(projectId, true);
          console.log(`${projectId}: ${removed.length} frozen format-1 file${removed.length === 1 ? "" : "s"} deleted`);
          continue;
        }
        const { migrated, problems: unreadable2 } = await s.store.migrateProject(projectId);
        console.log(migratedLine(projectId, migrated));
        for (const p of unreadable2) console.error(`${p.path}: ${p.reason} (not migrated)`);
        problems += unreadable2.length;
      }
    });
    if (!finish2) {
      await setTimeout$1(FINE_RACY_MARGIN_MS + 10);
      sweepToCompletion(s.store.dir, MAX_SWEEPS);
    }
    printNotices(s);
    return problems > 0 ? 1 : 0;
  }
};
function markerPid(marker) {
  const bytes2 = readRegularFile(marker, 64);
  if (bytes2 === null) return null;
  const pid = Number(bytes2.toString("utf8").trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}
function finishMarker(marker) {
  if (markerPid(marker) === process.pid) rmSync(marker, { force: true });
}

// src/core/recall/index-build-marker.ts
function buildMarkerPath(storeDir) {
  return join(recallCacheDir(storeDir), "build.pid");
}
function finishBackgroundBuild(storeDir) {
  finishMarker(buildMarkerPath(storeDir));
}

// src/cli/commands/recall-index.ts
var recallIndexCommand = {
  name: "recall-index",
  summary: "build the path index of point-of-action recall now (the hooks start it in the background when needed)",
  usage: "thread-mind-mcp recall-index",
  options: {},
  run: async () => {
    const s = openCliServices({ exactTokens: false });
    try {
      const { size } = await currentPathIndex(s.store, { settleMs: 3500 });
      console.log(`path index: ${size.threads} thread(s), ${size.withPaths} with paths (.threadmind/cache/recall/)`);
    } finally {
      finishBackgroundBuild(s.store.dir);
    }
    printNotices(s);
    return 0;
  }
};

// src/cli/commands/conflict-sweep.ts
var MAX_SWEEPS2 = 1e4;
var conflictSweepCommand = {
  name: "conflict-sweep",
  summary: "judge every thread file for git conflict markers now (session starts start it in the background when needed)",
  usage: "thread-mind-mcp conflict-sweep",
  options: {},
  run: async (args) => {
    expectNoArguments(args);
    const { storeDir } = cliWorkspace();
    try {
      const sweeps = sweepToCompletion(storeDir, MAX_SWEEPS2);
      console.log(
        `conflict-marker sweep: complete after ${sweeps} pass${sweeps === 1 ? "" : "es"} (.threadmind/cache/conflict-sweep.json)`
      );
    } finally {
      finishMarker(sweepMarkerPath(storeDir));
    }
    return 0;
  }
};

// src/cli/commands/index.ts
var COMMANDS = [
  serveCommand,
  hookCommand,
  treeCommand,
  contextCommand,
  statsCommand,
  reportCommand,
  doctorCommand,
  searchCommand,
  historyCommand,
  mergeFileCommand,
  gitSetupCommand,
  resolveCommand,
  statuslineCommand,
  migrateCommand,
  recallIndexCommand,
  conflictSweepCommand
];
function commandNamed(name) {
  return COMMANDS.find((c) => c.name === name);
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

// src/cli/main.ts
function help() {
  const lines = ["ThreadMind \u2014 memory for AI coding sessions", "", "Usage: thread-mind-mcp <command> [options]", "", "Commands:"];
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  for (const c of COMMANDS) lines.push(`  ${c.name.padEnd(width)} ${c.summary}`);
  lines.push("", "Run `thread-mind-mcp <command> --help` for a command's options.");
  return lines.join("\n");
}
async function main(argv) {
  const [name = "serve", ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    console.log(help());
    return 0;
  }
  if (name === "--version" || name === "-v") {
    console.log(BUNDLE_VERSION);
    return 0;
  }
  const command = commandNamed(name);
  if (!command) {
    console.error(`thread-mind-mcp: unknown command "${name}"

${help()}`);
    return 2;
  }
  return runCommand(command, rest);
}

export { main };
