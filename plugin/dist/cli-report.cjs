'use strict';

var fs = require('fs');
var os = require('os');
var path = require('path');
var nodeBuffer = require('buffer');
var url = require('url');
var util = require('util');

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

var os__namespace = /*#__PURE__*/_interopNamespace(os);
var nodeBuffer__namespace = /*#__PURE__*/_interopNamespace(nodeBuffer);
var util__namespace = /*#__PURE__*/_interopNamespace(util);

var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// node_modules/tsup/assets/cjs_shims.js
var getImportMetaUrl, importMetaUrl;
var init_cjs_shims = __esm({
  "node_modules/tsup/assets/cjs_shims.js"() {
    getImportMetaUrl = () => typeof document === "undefined" ? new URL(`file:${__filename}`).href : document.currentScript && document.currentScript.tagName.toUpperCase() === "SCRIPT" ? document.currentScript.src : new URL("main.js", document.baseURI).href;
    importMetaUrl = /* @__PURE__ */ getImportMetaUrl();
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
    init_cjs_shims();
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
        var lss = b3 >> 4, lcs = 0, s4 = 0;
        if (lbt < 2) {
          if (sf & 1)
            lss |= dat[++bt] << 4 | (sf & 2 && dat[++bt] << 12);
          else
            lss = b3 >> 3;
        } else {
          s4 = sf;
          if (sf < 2)
            lss |= (dat[++bt] & 63) << 4, lcs = dat[bt] >> 6 | dat[++bt] << 2;
          else if (sf == 2)
            lss |= dat[++bt] << 4 | (dat[++bt] & 3) << 12, lcs = dat[bt] >> 2 | dat[++bt] << 6;
          else
            lss |= dat[++bt] << 4 | (dat[++bt] & 63) << 12, lcs = dat[bt] >> 6 | dat[++bt] << 2 | dat[++bt] << 10;
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
            lcs += bt - (bt = hud[0]);
            st.h = hu = hud[1];
          } else if (!hu)
            err(0);
          (s4 ? dhu4 : dhu)(dat.subarray(bt, bt += lcs), buf.subarray(spl), hu);
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

// src/cli/report-main.ts
init_cjs_shims();

// src/cli/commands/report.ts
init_cjs_shims();

// src/core/error-details.ts
init_cjs_shims();
function errnoCode(error) {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string") return error.code;
  return void 0;
}
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/core/write-stdout.ts
init_cjs_shims();
function writeStdout(text) {
  const bytes = Buffer.from(text, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += fs.writeSync(1, bytes, written, bytes.length - written);
    return Promise.resolve();
  } catch (e) {
    if (errnoCode(e) !== "EAGAIN") return Promise.resolve();
  }
  return new Promise((resolve9) => {
    process.stdout.write(bytes.subarray(written), () => resolve9());
  });
}

// src/core/store/local-state.ts
init_cjs_shims();

// src/core/store/read-strict.ts
init_cjs_shims();

// src/core/errors.ts
init_cjs_shims();
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
init_cjs_shims();
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

// src/core/store/read-strict.ts
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
    return fs.lstatSync(path, { bigint });
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
function fstatSizeOr(path, fallback) {
  try {
    return fs.lstatSync(path).size;
  } catch {
    return fallback;
  }
}

// src/core/limits.ts
init_cjs_shims();
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
init_cjs_shims();
var ID_PATTERN = /^[a-z0-9-]{1,64}$/;
function isValidId(id) {
  return typeof id === "string" && ID_PATTERN.test(id);
}

// src/core/measure/measurements.ts
init_cjs_shims();
function emptyMeasurements() {
  return { sessionEnds: [], preCompacts: [], injections: [], hooksSeen: [] };
}

// src/core/json-record.ts
init_cjs_shims();
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/core/store/local-state.ts
function emptyLocalState() {
  return { version: 1, branches: {}, sessions: {}, conversations: {}, measurements: emptyMeasurements(), legacyAuthorIds: [] };
}
function localStatePath(storeDir) {
  return path.join(storeDir, "config.json");
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

// src/core/measure/measurement-log-read.ts
init_cjs_shims();

// src/core/measure/measurement-log.ts
init_cjs_shims();
var MEASUREMENT_LOG = "measurements.jsonl";
var MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
function measurementLogPath(storeDir) {
  return path.join(storeDir, MEASUREMENT_LOG);
}
function previousMeasurementLogPath(storeDir) {
  return path.join(storeDir, MEASUREMENT_LOG_PREVIOUS);
}
function measurementLogPaths(storeDir) {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}
function forEachLogFile(storeDir, use) {
  const [previousPath, currentPath] = measurementLogPaths(storeDir);
  const current = openRegularFile(currentPath, fs.constants.O_RDONLY);
  try {
    const previous = openRegularFile(previousPath, fs.constants.O_RDONLY);
    try {
      const same = previous !== null && current !== null && previous.stat.ino === current.stat.ino && previous.stat.dev === current.stat.dev;
      if (previous !== null && !same) use(previous.fd, previous.stat.size, previous.stat);
    } finally {
      if (previous !== null) fs.closeSync(previous.fd);
    }
    if (current !== null) use(current.fd, current.stat.size, current.stat);
  } finally {
    if (current !== null) fs.closeSync(current.fd);
  }
}

// src/core/measure/measurement-log-legacy.ts
init_cjs_shims();
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

// src/core/measure/measurement-index.ts
init_cjs_shims();
var LOG_LINE_MAX_BYTES = 64 * 1024 - 1;
var HEADER = "threadmind measurement index 2\n";
Buffer.from(HEADER);
function readAt(fd, buffer, position) {
  let filled = 0;
  while (filled < buffer.length) {
    const n = fs.readSync(fd, buffer, filled, buffer.length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}

// src/core/measure/freshness-events.ts
init_cjs_shims();
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

// src/core/measure/recall-events.ts
init_cjs_shims();

// src/core/format-count.ts
init_cjs_shims();
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
  const fold = (line, fromLog, rawBytes) => {
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
  for (const event of legacyMeasurementEvents(legacy)) fold(JSON.stringify(event), false, 0);
  forEachLogFile(storeDir, (fd, size) => {
    const bytes = logBytes(fd, size);
    for (let start = 0; start <= bytes.length; ) {
      const newline = bytes.indexOf(10, start);
      const end = newline === -1 ? bytes.length : newline;
      fold(bytes.toString("utf8", start, end), true, end - start);
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

// src/core/savings/transcript-locations.ts
init_cjs_shims();

// src/transcript/transcript-file.ts
init_cjs_shims();
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
    const before = fs.statSync(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = fs.fstatSync(fd);
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, fd, size: stats.size };
  } catch (error) {
    fs.closeSync(fd);
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
    fs.closeSync(file.fd);
  }
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
function claudeConfigDir(env, home = os.homedir()) {
  const configured = env.CLAUDE_CONFIG_DIR;
  return configured !== void 0 && configured !== "" ? path.resolve(configured) : path.join(home, ".claude");
}
function claudeProjectsDir(env, home = os.homedir()) {
  return path.join(claudeConfigDir(env, home), "projects");
}
function isInsideDir(path$1, root) {
  const rel = path.relative(root, path$1);
  return rel === "" || !rel.startsWith("..") && !path.isAbsolute(rel);
}
var CWD_HEAD_BYTES = 256 * 1024;
var CWD_FIRST_READ_BYTES = 16 * 1024;
var CWD_MEMBER = Buffer.from('"cwd"');
var NEWLINE = 10;
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
  const fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    if (!fs.fstatSync(fd).isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    let buffer = Buffer.allocUnsafe(Math.min(CWD_FIRST_READ_BYTES, maxBytes));
    let length = 0;
    let from = 0;
    for (; ; ) {
      let ended = false;
      while (length < buffer.length) {
        const bytesRead = fs.readSync(fd, buffer, length, buffer.length - length, length);
        if (bytesRead === 0) {
          ended = true;
          break;
        }
        length += bytesRead;
      }
      const complete = ended ? length : buffer.lastIndexOf(NEWLINE, length - 1) + 1;
      for (let at = buffer.indexOf(CWD_MEMBER, from); at !== -1 && at + CWD_MEMBER.length <= complete; at = buffer.indexOf(CWD_MEMBER, from)) {
        const start = buffer.lastIndexOf(NEWLINE, at) + 1;
        const newline = buffer.indexOf(NEWLINE, at);
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
    fs.closeSync(fd);
  }
}
function subdirectoryEncodesTo(root, suffix) {
  if (suffix === "") return true;
  if (!suffix.startsWith("-")) return false;
  let entries;
  try {
    entries = fs.readdirSync(root);
  } catch {
    return false;
  }
  for (const name of entries) {
    const encoded = `-${encodeProjectPath(name)}`;
    if (suffix !== encoded && !suffix.startsWith(`${encoded}-`)) continue;
    const child = path.join(root, name);
    let isDir = false;
    try {
      isDir = fs.statSync(child).isDirectory();
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
    return fs.statSync(path);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return null;
    throw e;
  }
}
function realpathOrSelf(path) {
  try {
    return fs.realpathSync(path);
  } catch {
    return path;
  }
}
function sessionFiles(folderPath) {
  const names = fs.readdirSync(folderPath);
  return names.filter((n) => n.endsWith(".jsonl") && !n.startsWith("agent-")).sort();
}
async function locateTranscripts(options) {
  const given = path.resolve(options.workspaceRoot);
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
    names = fs.readdirSync(options.projectsDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return result;
    throw e;
  }
  result.projectsDirExists = true;
  for (const folder of names.sort()) {
    const exact = ownFolders.includes(folder);
    const prefixed = prefixes.find((p) => folder.startsWith(p.prefix));
    if (!exact && prefixed === void 0) continue;
    const folderPath = path.join(options.projectsDir, folder);
    const folderInfo = statUnlessMissing(folderPath);
    if (folderInfo === null) {
      result.rejected.push({ path: folderPath, folder, reason: MISSING_REASON });
      continue;
    }
    if (!folderInfo.isDirectory()) continue;
    result.folders.push(folder);
    for (const name of sessionFiles(folderPath)) {
      const path$1 = path.join(folderPath, name);
      const info = statUnlessMissing(path$1);
      if (info === null) {
        result.rejected.push({ path: path$1, folder, reason: MISSING_REASON });
        continue;
      }
      if (!info.isFile()) continue;
      const recordedCwd = recordedCwdOf(path$1, CWD_HEAD_BYTES);
      const suffix = prefixed?.suffixCheckable === true ? folder.slice(prefixed.prefix.length - 1) : null;
      const evidence = judge(recordedCwd, exact, suffix, roots);
      if (typeof evidence === "string") {
        result.transcripts.push({ path: path$1, folder, sizeBytes: info.size, recordedCwd, evidence });
      } else {
        result.rejected.push({ path: path$1, folder, reason: evidence.reason });
      }
    }
  }
  return result;
}
function judge(recordedCwd, exactName, suffix, roots) {
  if (recordedCwd !== null) {
    if (roots.some((root) => isInsideDir(path.resolve(recordedCwd), root))) return "recorded-cwd";
    const why = exactName ? "another directory with the same encoded name" : "a directory whose encoded name merely shares the prefix";
    return { reason: `its sessions ran in ${recordedCwd}, outside the workspace (${why})` };
  }
  if (exactName) return "exact-folder-name";
  if (suffix !== null && roots.some((root) => subdirectoryEncodesTo(root, suffix))) return "existing-subdirectory";
  return {
    reason: "it records no working directory and no directory inside the workspace encodes to its folder name: cannot tell it from a sibling's"
  };
}

// src/core/savings/savings-report.ts
init_cjs_shims();

// src/agents/profiles.ts
init_cjs_shims();

// src/agents/codex/rollout-paths.ts
init_cjs_shims();
function codexHome(env, home = os.homedir()) {
  const configured = env.CODEX_HOME;
  return configured !== void 0 && configured !== "" ? path.resolve(configured) : path.join(home, ".codex");
}
function codexSessionsDir(env, home = os.homedir()) {
  return path.join(codexHome(env, home), "sessions");
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

// src/agents/codex/rollout-locations.ts
init_cjs_shims();
var META_MAX_BYTES = 256 * 1024;
function inside(path$1, root) {
  const rel = path.relative(root, path$1);
  return rel === "" || !rel.startsWith("..") && !path.isAbsolute(rel);
}
function directories(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}
function plainRolloutCwd(path) {
  const fd = fs.openSync(path, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  try {
    if (!fs.fstatSync(fd).isFile()) return null;
    const buffer = Buffer.allocUnsafe(META_MAX_BYTES);
    const n = fs.readSync(fd, buffer, 0, META_MAX_BYTES, 0);
    const newline = buffer.subarray(0, n).indexOf(10);
    return cwdOfMetaLine(buffer.toString("utf8", 0, newline === -1 ? n : newline));
  } finally {
    fs.closeSync(fd);
  }
}
function cwdOfMetaLine(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || !("type" in value) || value.type !== "session_meta") return null;
  const payload = "payload" in value ? value.payload : null;
  if (typeof payload !== "object" || payload === null || !("cwd" in payload)) return null;
  return typeof payload.cwd === "string" && payload.cwd !== "" ? payload.cwd : null;
}
async function locateRollouts(options) {
  const given = path.resolve(options.workspaceRoot);
  let real = given;
  try {
    real = fs.realpathSync(given);
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
    for (const month of directories(path.join(options.sessionsDir, year)))
      for (const day of directories(path.join(options.sessionsDir, year, month))) {
        const dir = path.join(options.sessionsDir, year, month, day);
        for (const name of fs.readdirSync(dir).filter(isRolloutName).sort()) {
          const path$1 = path.join(dir, name);
          const folder = `${year}/${month}/${day}`;
          let cwd;
          let sizeBytes;
          try {
            const info = fs.statSync(path$1);
            if (!info.isFile()) continue;
            sizeBytes = info.size;
            cwd = name.endsWith(".zst") ? cwdOfMetaLine(await options.firstLineOf(path$1, META_MAX_BYTES) ?? "") : plainRolloutCwd(path$1);
          } catch (error) {
            result.unreadable.push({ path: path$1, folder, reason: error instanceof Error ? error.message : String(error) });
            continue;
          }
          if (cwd === null || !roots.some((root) => inside(path.resolve(cwd), root))) continue;
          result.rollouts.push({ path: path$1, folder, sizeBytes, recordedCwd: cwd });
        }
      }
  return result;
}

// src/transcript/codex/read-rollout.ts
init_cjs_shims();

// src/transcript/for-each-line.ts
init_cjs_shims();

// src/transcript/line-splitter.ts
init_cjs_shims();
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
      const n = fs.readSync(file.fd, chunk, 0, chunkSize, bytesRead);
      if (n === 0) break;
      bytesRead += n;
      splitter.push(n === chunkSize ? chunk : chunk.subarray(0, n));
      sinceYield += n;
      if (sinceYield >= BYTES_BETWEEN_YIELDS) {
        sinceYield = 0;
        await new Promise((resolve9) => setImmediate(resolve9));
      }
    }
    splitter.end();
    return { bytesRead };
  });
}

// src/transcript/session-accumulator.ts
init_cjs_shims();

// src/transcript/classify-record.ts
init_cjs_shims();

// src/transcript/types.ts
init_cjs_shims();
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
function readMeta(record2, type) {
  return {
    type,
    sessionId: optionalString(record2, "sessionId", "record"),
    timestamp: optionalString(record2, "timestamp", "record"),
    uuid: optionalString(record2, "uuid", "record")
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
      requestId: optionalString(record2, "requestId", "record"),
      model,
      usage: tokens,
      contextTokens: contextTokensOf(tokens)
    }
  };
}
function classifySystem(record2, meta) {
  if (optionalString(record2, "subtype", "record") !== "compact_boundary") return { kind: "other", meta };
  const metadata = record2.compactMetadata;
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
function classifyAttachment(record2, meta) {
  const attachment = requiredObject(record2, "attachment", "record");
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
function classifyLineWithValue(text) {
  if (text.trim() === "") return { line: { kind: "blank" }, value: void 0 };
  let value;
  try {
    value = JSON.parse(text);
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
function addUsage(target, usage, sign) {
  target.inputTokens += sign * usage.inputTokens;
  target.cacheCreationInputTokens += sign * usage.cacheCreationInputTokens;
  target.cacheReadInputTokens += sign * usage.cacheReadInputTokens;
  target.outputTokens += sign * usage.outputTokens;
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
    const context = record2.contextTokens;
    if (this.firstContextTokens === null) this.firstContextTokens = context;
    if (this.peakContextTokens === null || context > this.peakContextTokens) this.peakContextTokens = context;
    this.lastAssistant = record2;
    for (const compaction of this.awaitingContextAfter) compaction.contextTokensAfter = context;
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
init_cjs_shims();
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
    const text = optionalString2(part, "text", "content part");
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
init_cjs_shims();

// src/transcript/codex/zstd-frame-guard.ts
init_cjs_shims();
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
      const n = fs.readSync(file.fd, chunk, 0, options.chunkSize, bytesRead);
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
      await new Promise((resolve9) => setImmediate(resolve9));
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

// src/core/savings/rollout-scan.ts
init_cjs_shims();

// src/core/savings/savings-scan.ts
init_cjs_shims();

// src/transcript/uncounted-line.ts
init_cjs_shims();

// src/transcript/iso-time.ts
init_cjs_shims();
var DIGIT_0 = 48;
var DIGIT_9 = 57;
var DASH = 45;
var T = 84;
var COLON = 58;
var DOT = 46;
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
  if (end - start === 24 && line[start + 4] === DASH && line[start + 7] === DASH && line[start + 10] === T && line[start + 13] === COLON && line[start + 16] === COLON && line[start + 19] === DOT && line[start + 23] === Z) {
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
function timeOfText(text) {
  if (text.length === 24 && SCRATCH.write(text, 0, "utf8") === 24) return timeOfBytes(SCRATCH, 0, 24);
  return Date.parse(text);
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
function ascii(text) {
  return Buffer.from(text, "latin1");
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
function isSpace(byte) {
  return byte === SPACE || byte === TAB || byte === CARRIAGE_RETURN;
}
function skipSpace(line, index, length) {
  let i = index;
  while (i < length && isSpace(line[i])) i += 1;
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
  while (end >= from && isSpace(line[end])) end -= 1;
  if (end < from + 1 || line[end] !== CLOSE_BRACE) return null;
  let i = skipSpace(line, from, length);
  if (byteAt(line, i, length) !== OPEN_BRACE) return null;
  i += 1;
  let type = null;
  let mainChain = true;
  let secondStart = 0;
  let laterMainChain = null;
  for (let member = 0; ; member += 1) {
    if (member === 1) {
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
    const next = member >= 1 && secondStart >= 0 && (isType || first === OPEN_BRACE || first === OPEN_BRACKET) ? { bytes: Buffer.from(line.subarray(secondStart, memberStart)), mainChain: laterMainChain } : template;
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
      while (i < length && line[i] !== COMMA && line[i] !== CLOSE_BRACE && !isSpace(line[i])) i += 1;
      if (isType) return null;
      if (isSidechain) {
        if (bytesEqual(line, start, i, FALSE)) mainChain = true;
        else if (bytesEqual(line, start, i, TRUE)) mainChain = false;
        else return null;
        if (member >= 1) laterMainChain = mainChain;
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
    const after = part + TIMESTAMP_KEY_PART.length;
    if (at < 0 || line[at] !== QUOTE || line[at + 1] !== LOWER_T || line[at + 2] !== LOWER_I || line[after] !== QUOTE) continue;
    const colon = skipSpace(line, after + 1, line.length);
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

// src/core/content-hash.ts
init_cjs_shims();

// src/core/builtin-at-use.ts
init_cjs_shims();
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

// src/core/content-hash.ts
var createHash = null;
function contentHash(text) {
  createHash ??= nodeCrypto().createHash;
  return createHash("sha1").update(text).digest("base64url").slice(0, 20);
}

// src/core/savings/saved-output.ts
init_cjs_shims();
var SAVED_TO = /Full output saved to: ([^\n]+)\n/;
var SAVED_MAX_BYTES = 1024 * 1024;
function sessionFolderOf(transcriptPath) {
  return path.join(path.dirname(path.resolve(transcriptPath)), path.basename(transcriptPath, ".jsonl"));
}
function inside2(path$1, folder) {
  return path$1.startsWith(folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`);
}
function savedOutputPathOf(record2, transcriptPath) {
  if (!record2.isPersistedOutputPreview) return null;
  const named = SAVED_TO.exec(record2.content[0] ?? "")?.[1]?.trim();
  if (named === void 0 || named === "" || !path.isAbsolute(named)) return null;
  const path$1 = path.resolve(named);
  return inside2(path$1, sessionFolderOf(transcriptPath)) ? path$1 : null;
}
var ABSENT = /* @__PURE__ */ new Set(["ENOENT", "ENOTDIR", "ELOOP"]);
function readSavedOutput(path$1, transcriptPath) {
  const folder = sessionFolderOf(transcriptPath);
  if (!inside2(path.resolve(path$1), folder)) return null;
  let fd;
  try {
    const realFolder = fs.realpathSync(folder);
    const realDir = fs.realpathSync(path.dirname(path.resolve(path$1)));
    if (realDir !== realFolder && !inside2(realDir, realFolder)) return null;
    fd = fs.openSync(path.join(realDir, path.basename(path$1)), fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    if (ABSENT.has(errnoCode(e) ?? "")) return null;
    throw e;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > SAVED_MAX_BYTES) return null;
    const buffer = Buffer.alloc(Math.min(stat.size, SAVED_MAX_BYTES) + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = fs.readSync(fd, buffer, length, buffer.length - length, length);
    if (length > SAVED_MAX_BYTES) return null;
    return buffer.subarray(0, length).toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

// src/core/savings/session-time-span.ts
init_cjs_shims();
var TimeSpan = class {
  first = null;
  last = null;
  /** Folds one record's timestamp; returns whether either end moved. */
  fold(at, lineNumber) {
    const ms2 = timeOfText(at);
    if (Number.isNaN(ms2)) return false;
    const before = this.movesFirst(ms2, lineNumber);
    const after = this.movesLast(ms2, lineNumber);
    if (before) this.first = { ms: ms2, at, lineNumber };
    if (after) this.last = { ms: ms2, at, lineNumber };
    return before || after;
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
    const last = this.last;
    return last === null || ms2 > last.ms || ms2 === last.ms && lineNumber < last.lineNumber;
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
    const bytes = start === 0 && end === buffer.length ? buffer : buffer.subarray(start, end);
    const line = { bytes, lineNumber, times };
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
      const last = this.span.last;
      this.parse(line);
      if (this.span.first !== first || this.span.last !== last) this.dropSettled();
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
init_cjs_shims();
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
function parseHeader(text) {
  const start = text.indexOf(THREADMIND_HEADER_PREFIX);
  const newline = text.indexOf("\n", start);
  const line = text.slice(start, newline === -1 ? void 0 : newline);
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
function mainUserRecord(parsed) {
  const value = jsonObject(parsed);
  if (value === null) return null;
  const record2 = value;
  return record2.type === "user" && record2.isSidechain !== true ? value : null;
}
function isClearCommand(parsed) {
  const record2 = mainUserRecord(parsed);
  if (record2 === null || !userTexts(record2).some((t) => t.includes(CLEAR_COMMAND))) return null;
  return { at: typeof record2.timestamp === "string" ? record2.timestamp : null };
}
function planStartOf(parsed) {
  const record2 = mainUserRecord(parsed);
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
function stringField(value, key) {
  const record2 = jsonObject(value);
  if (record2 === null) return null;
  const field = record2[key];
  return typeof field === "string" && field !== "" ? field : null;
}
function isClearHookRecord(parsed) {
  const value = jsonObject(parsed);
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
    const text = buffer2.toString("utf8", start, end);
    const { line: classified, value } = classifyLineWithValue(text);
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
      if (clearCommandAt === null && text.includes(CLEAR_COMMAND)) clearCommandAt = isClearCommand(value)?.at ?? clearCommandAt;
      if (!clearHookSeen && text.includes(CLEAR_HOOK_NAME)) clearHookSeen = isClearHookRecord(value);
      if (planStart === null && (text.includes(PLAN_CONTENT_FIELD) || text.includes(PLAN_PROMPT))) planStart = planStartOf(value);
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
        if (slug === null) slug = stringField(value, "slug");
        const version = stringField(value, "version");
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
  const last = points.at(-1);
  if (last !== void 0 && kept.at(-1)?.index !== last.index) kept = [...kept, last];
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
  const bytes = await forEachRolloutLine(file.path, (text, terminated) => {
    lineNumber += 1;
    const line = classifier.classifyLine(text);
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
    bytes,
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

// src/core/savings/scan-pool.ts
init_cjs_shims();

// src/core/monotonic-clock.ts
init_cjs_shims();
function monotonicMs() {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

// src/core/savings/scan-worker-start.ts
init_cjs_shims();
var MAX_LANES = 4;
var WORKERS_FROM_BYTES = 256 * 1024 * 1024;
function scanWorkerScript() {
  const url$1 = typeof __dirname === "string" ? url.pathToFileURL(path.join(__dirname, "scan-worker.cjs")) : new URL("./scan-worker.cjs", importMetaUrl);
  return url$1.protocol === "file:" && fs.existsSync(url.fileURLToPath(url$1)) ? url$1 : null;
}
function coreCount() {
  return typeof os__namespace.availableParallelism === "function" ? os__namespace.availableParallelism() : os__namespace.cpus().length;
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
  return { cores: coreCount(), loadAverage: os__namespace.loadavg()[0] ?? 0 };
}
function scanLanes(files, env, load = machineLoad()) {
  const asked = askedLanes(env);
  if (asked !== null) {
    const lanes = asked > 1 ? Math.min(asked, files.length) : 0;
    return { start: lanes, upTo: lanes };
  }
  const bytes = files.reduce((sum, f) => sum + f.sizeBytes, 0);
  if (files.length < 2 || bytes < WORKERS_FROM_BYTES) return { start: 0, upTo: 0 };
  const cap = Math.min(load.cores, MAX_LANES, files.length);
  if (cap < 2) return { start: 0, upTo: 0 };
  const idle = Math.min(Math.floor(load.cores - load.loadAverage), cap);
  return { start: idle > 1 ? idle : 0, upTo: cap };
}
function cpuSample() {
  let busy = 0;
  for (const cpu of os__namespace.cpus()) busy += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq;
  const own = process.cpuUsage();
  return { busy, own: (own.user + own.system) / 1e3, at: monotonicMs() };
}
function lanesAfterProbe(plan, cores, before, after) {
  const elapsed = after.at - before.at;
  const floor = Math.max(plan.start, 1);
  if (elapsed <= 0) return floor;
  const others = Math.max(0, after.busy - before.busy - (after.own - before.own)) / elapsed;
  const free = cores - others;
  return Math.max(floor, Math.min(plan.upTo, Math.floor(free + (1 - FREE_ENOUGH))));
}
function turn() {
  return new Promise((resolve9) => setImmediate(resolve9));
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
      results[index] = await scanSession(files[index], (bytes) => onBytes(index, bytes));
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
    const lane = new Promise((resolve9, reject) => {
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
            resolve9();
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
    const cores = os__namespace.cpus().length;
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
init_cjs_shims();

// src/core/store/atomic-write.ts
init_cjs_shims();
function tempSuffix() {
  const high = Math.floor(Math.random() * 16777216);
  const low = Math.floor(Math.random() * 16777216);
  return `${high.toString(16).padStart(6, "0")}${low.toString(16).padStart(6, "0")}`;
}
function atomicTempPath(target, dir = path.dirname(target)) {
  return path.join(dir, `.${path.basename(target)}.${process.pid}.${tempSuffix()}.tmp`);
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
function writeFileAtomicSync(path$1, data, fence, { durable = true } = {}) {
  const temp = atomicTempPath(path$1, fence?.tempDir);
  let tempExists = false;
  try {
    const fd = fs.openSync(temp, "wx");
    tempExists = true;
    try {
      fs.writeFileSync(fd, data);
      if (durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (fence) ;
    fs.renameSync(temp, path$1);
    tempExists = false;
    if (durable) fsyncDirectorySync(path.dirname(path$1));
  } catch (caught) {
    const error = caught instanceof FenceRefusal ? caught.error : caught;
    let cleanupError;
    if (tempExists) {
      try {
        fs.unlinkSync(temp);
      } catch (e) {
        cleanupError = missingIsFine(e);
      }
    }
    if (caught instanceof FenceRefusal && cleanupError === void 0) throw error;
    throw new AtomicWriteError(path$1, error, temp, cleanupError);
  }
}
function fsyncDirectorySync(dir) {
  let fd;
  try {
    fd = fs.openSync(dir, "r");
  } catch (error) {
    if (isDirectorySyncRefusal(error)) return;
    throw error;
  }
  try {
    fs.fsyncSync(fd);
  } catch (error) {
    if (!isDirectorySyncRefusal(error)) throw error;
  } finally {
    fs.closeSync(fd);
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

// src/core/store/file-stamp.ts
init_cjs_shims();
function fileStamp(path) {
  try {
    const s = fs.lstatSync(path, { bigint: true });
    return s.isFile() ? statStamp(s) : null;
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
    const s = fs.lstatSync(path, { bigint: true });
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

// src/core/savings/scan-cache.ts
var KIND = "threadmind-report-scans";
var VERSION = 1;
var SCAN_CACHE_MAX_BYTES = 64 * 1024 * 1024;
var ScanCache = class _ScanCache {
  constructor(location, entries) {
    this.location = location;
    this.entries = entries;
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
    const entries = {};
    for (const [path, entry] of [...this.kept].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) entries[path] = entry;
    writeFileAtomicSync(
      this.location.path,
      JSON.stringify({ kind: KIND, version: VERSION, builtBy: this.location.builtBy, entries })
    );
  }
};
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function readEntries(location) {
  const entries = /* @__PURE__ */ new Map();
  let bytes;
  try {
    bytes = readRegularFile(location.path, SCAN_CACHE_MAX_BYTES);
  } catch {
    return entries;
  }
  if (bytes === null || bytes.length > SCAN_CACHE_MAX_BYTES) return entries;
  let parsed;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch {
    return entries;
  }
  if (!isRecord2(parsed) || parsed.kind !== KIND || parsed.version !== VERSION || parsed.builtBy !== location.builtBy)
    return entries;
  if (!isRecord2(parsed.entries)) return entries;
  for (const [path, entry] of Object.entries(parsed.entries)) {
    if (!isRecord2(entry) || typeof entry.stamp !== "string" || !isRecord2(entry.session)) continue;
    if (entry.session.path !== path) continue;
    entries.set(path, { stamp: entry.stamp, session: entry.session });
  }
  return entries;
}

// src/core/savings/savings-pairing.ts
init_cjs_shims();

// src/core/context/token-estimate.ts
init_cjs_shims();

// src/core/store/make-dir.ts
init_cjs_shims();
function makeDir(path) {
  try {
    fs.mkdirSync(path, { recursive: true });
  } catch (error) {
    if (errnoCode(error) !== "ENOENT") throw error;
    makeDirOneByOne(path);
  }
}
function makeDirOneByOne(path$1) {
  try {
    fs.mkdirSync(path$1);
  } catch (error) {
    if (errnoCode(error) !== "ENOENT" || path.dirname(path$1) === path$1) {
      madeMeanwhile(path$1, error);
      return;
    }
    makeDirOneByOne(path.dirname(path$1));
    try {
      fs.mkdirSync(path$1);
    } catch (again) {
      madeMeanwhile(path$1, again);
    }
  }
}
function madeMeanwhile(path, error) {
  if (errnoCode(error) === "EEXIST" && fs.lstatSync(path).isDirectory()) return;
  throw error;
}
function charsEstimate(text) {
  return Math.ceil(text.length / 3.5);
}

// src/core/savings/stats-restarts.ts
init_cjs_shims();
var CLEAR_PAIR_MAX_GAP_MS = 6e4;
var COMPACT_PAIR_MAX_GAP_MS = 30 * 6e4;
function agentOf(record2) {
  return agentIdOfTranscript(typeof record2.transcriptPath === "string" ? record2.transcriptPath : null);
}

// src/core/savings/compaction-trigger.ts
init_cjs_shims();
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
function sizes(before, after) {
  if (before === null || after === null) return { saving: null, savingPercent: null };
  return { saving: before - after, savingPercent: before > 0 ? (before - after) / before * 100 : null };
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
    const shared = fresh.slug !== null && fresh.slug === candidate.slug;
    const byText = candidate.planCalls.find((c) => c.textHash === fresh.planStart.textHash && inTime(c));
    const bySlug = shared ? candidate.planCalls.find((c) => c.textHash === null && inTime(c)) : void 0;
    const call = byText ?? bySlug;
    if (call === void 0) continue;
    const rank = (byText !== void 0 ? 2 : 0) + (shared ? 1 : 0);
    const at = ms(call.at) ?? 0;
    if (best === null || rank > best.rank || rank === best.rank && at > best.at) best = { old: candidate, call, rank, at };
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
    const after = fresh.firstContextTokens;
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
      notAveraged: old === null ? byPlan ? "plan-session-not-found" : "no-ended-session" : before === null ? sizeBefore.from === "session-end-record" ? "no-size-before" : "ended-session-without-requests" : after === null ? "no-request-after" : confidence === "inferred" ? "gap-over-limit" : null,
      evidence,
      before,
      beforeFrom: before === null ? null : sizeBefore.from,
      after,
      afterFrom: after === null ? null : "first-context",
      ...sizes(before, after),
      threadMind: loads.get(fresh)[0]
    });
  }
  const preCompacts = preCompactsBySession(measurements.preCompacts.filter(isSizeRecord));
  for (const session of sessions) {
    const loaded2 = loads.get(session);
    const recorded = session.compactions.some((c) => c.trigger === null) ? compactionTriggersFromRecords(session, preCompacts) : [];
    session.compactions.forEach((c, k) => {
      const fromRecord = c.trigger === null ? recorded[k] ?? null : null;
      const before = c.preTokens ?? c.contextTokensBefore;
      const after = c.contextTokensAfter ?? c.postTokens;
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
        notAveraged: before === null ? "no-size-before" : after === null ? "no-request-after" : null,
        evidence: {
          hookRecords: null,
          clearRecord: null,
          plan: null,
          timeOrder: null,
          boundary: { lineNumber: c.lineNumber, preCompactRecordAt: fromRecord?.recordAt ?? null }
        },
        before,
        beforeFrom: c.preTokens !== null ? "preTokens" : c.contextTokensBefore !== null ? "context-before-boundary" : null,
        after,
        afterFrom: c.contextTokensAfter !== null ? "context-after-boundary" : c.postTokens !== null ? "postTokens" : null,
        ...sizes(before, after),
        threadMind: loaded2[k + 1]
      });
    });
  }
  return restarts.sort((a, b) => (ms(a.at) ?? 0) - (ms(b.at) ?? 0));
}

// src/core/savings/savings-receipts.ts
init_cjs_shims();

// src/core/savings/receipt-rule.ts
init_cjs_shims();
function receiptOf(injection, found, value, seen) {
  if (found.some((r) => seen.identity(r) === value)) return "delivered";
  const previews = found.filter((r) => seen.isPreview(r));
  if (previews.some((r) => seen.savedIdentity(r) === value)) return "preview";
  if (previews.some((r) => seen.previewText(r)?.includes(`(${injection.threadId})`) === true)) return "preview";
  return "missing";
}
function savedOutputIdentity(path, transcriptPath, of) {
  const text = path === null ? null : readSavedOutput(path, transcriptPath);
  return text === null ? null : of(text);
}

// src/core/savings/savings-receipts.ts
function savedOutputHash(path, transcriptPath) {
  return savedOutputIdentity(path, transcriptPath, contentHash);
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

// src/core/savings/freshness-figure.ts
init_cjs_shims();

// src/core/freshness/freshness.ts
init_cjs_shims();
var DEFAULT_NUDGE_TOKENS = 3e4;
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
function average(values) {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}
function restartGroup(restarts, withThreadMind) {
  const measured = restarts.filter(
    (r) => r.notAveraged === null && r.before !== null && r.after !== null
  );
  const averageBefore = average(measured.map((r) => r.before));
  const averageAfter = average(measured.map((r) => r.after));
  return {
    restarts: restarts.length,
    measured: measured.length,
    averageBefore,
    averageAfter,
    averageSaving: average(measured.map((r) => r.before - r.after)),
    savingPercent: averageBefore !== null && averageAfter !== null && averageBefore > 0 ? (averageBefore - averageAfter) / averageBefore * 100 : null,
    averageLoaded: withThreadMind ? average(measured.flatMap((r) => r.threadMind === null ? [] : [r.threadMind.tokens])) : null
  };
}
function sessionGroup(sessions) {
  const known = (pick) => sessions.flatMap((s) => pick(s) === null ? [] : [pick(s)]);
  return {
    sessions: sessions.length,
    averageFirst: average(known((s) => s.firstContextTokens)),
    averagePeak: average(known((s) => s.peakContextTokens)),
    averageFinal: average(known((s) => s.finalContextTokens))
  };
}
function reportSession(s, loads, startedBy) {
  const loadedTokens = (k) => {
    const load = loads[k];
    return load === null || load === void 0 || load.receipt === "missing" ? 0 : load.tokens;
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
    let bytes = bytesDone;
    for (const b of inFile.values()) bytes += b;
    options.onProgress?.({
      filesDone,
      filesTotal: files.length,
      bytesDone: bytes,
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
    (at, bytes) => {
      inFile.set(toScan[at], bytes);
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
    options.earlyWorker ?? null
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

// src/cli/cli-options.ts
init_cjs_shims();
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
function expectNoArguments(args) {
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
}

// src/cli/cli-workspace.ts
init_cjs_shims();

// src/core/workspace.ts
init_cjs_shims();

// src/core/git/git.ts
init_cjs_shims();

// src/core/git/git-refs.ts
init_cjs_shims();

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

// src/core/store/store-dir.ts
init_cjs_shims();
function storeDirState(storeDir) {
  let stat;
  try {
    stat = fs.lstatSync(storeDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return "absent";
    return { problem: `cannot be examined (${messageOf(e)})` };
  }
  if (stat.isSymbolicLink()) return { problem: "is a symbolic link" };
  if (!stat.isDirectory()) return { problem: "is not a directory" };
  return "directory";
}

// src/cli/report-tables.ts
init_cjs_shims();

// src/cli/report-freshness.ts
init_cjs_shims();

// src/cli/report-model.ts
init_cjs_shims();
var fmt = (n) => Math.round(n).toLocaleString("en-US");

// src/cli/report-freshness.ts
function row(label, g) {
  return [label, fmt(g.restarts), fmt(g.current), fmt(g.stale), g.averageSinceWrite === null ? "\u2013" : fmt(g.averageSinceWrite)];
}
function freshnessTable(f) {
  return {
    title: "Summary freshness at restarts",
    notes: [
      "From each ended conversation's summary_update calls (any tool name ending in summary_update), history from before ThreadMind included.",
      `Current: the conversation grew no more than ${fmt(f.threshold)} tokens since its last summary_update call (or since its first request, when it made none); stale otherwise, written earlier or not. Both sizes are measured: no estimate.`
    ],
    headers: ["Restart", "Measured", "Summary current", "Stale", "Avg tokens since last write"],
    align: ["l", "r", "r", "r", "r"],
    rows: [row("/clear", f.clear), row("compaction", f.compaction)]
  };
}

// src/cli/report-tables.ts
var MINUS = "\u2212";
function signed(n) {
  return n < 0 ? `${MINUS}${fmt(-n)}` : fmt(n);
}
function percentChange(before, after) {
  const change = (after - before) / before * 100;
  return `${change < 0 ? MINUS : "+"}${Math.abs(change).toFixed(1)}%`;
}
function maybe(n, render = fmt) {
  return n === null ? "\u2014" : render(n);
}
function when(at) {
  if (at === null || Number.isNaN(Date.parse(at))) return "\u2014";
  return new Date(at).toISOString().slice(0, 16).replace("T", " ");
}
var shortId = (id) => id.slice(0, 8);
function megabytes(bytes) {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
function groupRow(label, g) {
  const change = g.averageBefore !== null && g.averageAfter !== null && g.averageBefore > 0 ? ` (${percentChange(g.averageBefore, g.averageAfter)})` : "";
  return [
    label,
    String(g.restarts),
    String(g.measured),
    maybe(g.averageBefore),
    maybe(g.averageAfter),
    g.averageSaving === null ? "\u2014" : `${signed(g.averageSaving)}${change}`,
    g.averageLoaded === null ? "\u2014" : `~${fmt(g.averageLoaded)}`
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
function loaded(r) {
  if (r.threadMind === null) return "\u2014";
  const t = r.threadMind;
  return `~${fmt(t.tokens)} (${fmt(t.chars)} chars, ${t.receipt})`;
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
  const before = r.before === null ? "\u2014" : `${fmt(r.before)}${r.beforeFrom === "preTokens" ? " (preTokens)" : r.beforeFrom === "session-end-record" ? " (at the /clear, SessionEnd hook)" : ""}`;
  const after = r.after === null ? "\u2014" : `${fmt(r.after)}${r.afterFrom === "postTokens" ? " (postTokens)" : ""}`;
  const saving = r.saving === null || r.before === null || r.after === null || r.before === 0 ? "\u2014" : `${signed(r.saving)} (${percentChange(r.before, r.after)})`;
  return [
    when(r.at),
    ofAgent(r.agent, restartKind(r), mixed),
    session,
    before,
    after,
    saving,
    loaded(r),
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
  const codex = filesOf(report, "codex");
  const intro = [
    `Workspace: ${report.workspaceRoot}`,
    report.projectsDirExists ? `Scanned ${claude.files} Claude Code transcript${claude.files === 1 ? "" : "s"} (${megabytes(claude.bytes)}) in ${report.folders.length} project folder${report.folders.length === 1 ? "" : "s"} under ${report.projectsDir}.` : `No Claude Code transcripts: ${report.projectsDir} does not exist (set CLAUDE_CONFIG_DIR if Claude Code keeps its configuration elsewhere).`,
    ...!report.codexSessionsDirExists ? [] : codex.files > 0 ? [
      `Scanned ${codex.files} Codex rollout${codex.files === 1 ? "" : "s"} (${megabytes(codex.bytes)}) of this workspace under ${report.codexSessionsDir}.`
    ] : [`No Codex rollout of this workspace under ${report.codexSessionsDir}.`],
    "Conversation sizes (before, after, first, peak, final) are measured from the usage the agent (Claude Code, Codex) records in its transcripts; only ThreadMind context sizes, marked ~, are estimates. Times are UTC."
  ];
  const out = report.outputTotals;
  if (out.sessions > 0)
    intro.push(
      out.partialSessions === 0 ? `Output tokens: ${fmt(out.outputTokens)} in ${out.sessions} session${out.sessions === 1 ? "" : "s"}.` : `Output tokens: ${fmt(out.outputTokens)} in ${out.sessions} session${out.sessions === 1 ? "" : "s"}, ${out.partialSessions === out.sessions ? "all" : out.partialSessions} of them with partial output counts (marked "partial" under Sessions): below what the model produced. ${PARTIAL_OUTPUT_NOTE}`
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
        `${fmt(s.outputTokens)}${s.partialOutputCounts ? " (partial)" : ""}`,
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
init_cjs_shims();
function cell(text) {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
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
init_cjs_shims();
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
function xmlCharacters(text) {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 55296 && c <= 56319 && i + 1 < text.length && (text.charCodeAt(i + 1) & 64512) === 56320;
    if (pair) {
      i++;
      continue;
    }
    if (forbiddenInXml(c) || (c & 63488) === 55296) {
      out += `${text.slice(from, i)}\uFFFD`;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}
function xmlEscape(text) {
  return xmlCharacters(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
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
      `<title>${xmlEscape(`${s.sessionId} (${s.folder}), started ${when(s.startedAt)}: ${s.apiResponses} requests, first ${fmt(s.firstContextTokens ?? 0)}, peak ${fmt(s.peakContextTokens ?? 0)}, final ${fmt(s.finalContextTokens ?? 0)} tokens`)}</title>`
    );
    if (s.points.length > 0) {
      const coords = s.points.map((pt) => `${n2(X(p.x(pt.index)))},${n2(Y(pt.tokens))}`).join(" ");
      out.push(
        `<polyline class="size" fill="none" stroke="${color}" stroke-width="1.8" points="${coords}" data-indexes="${s.points.map((pt) => pt.index).join(" ")}" data-tokens="${s.points.map((pt) => pt.tokens).join(" ")}"/>`
      );
      const last = s.points[s.points.length - 1];
      out.push(`<circle cx="${n2(X(p.x(last.index)))}" cy="${n2(Y(last.tokens))}" r="2.5" fill="${color}"/>`);
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
  return `<rect class="threadmind-context" data-at="${at}" data-tokens="${tokens}" x="${n2(x)}" y="${n2(Y(0) - height)}" width="5" height="${n2(height)}" fill="${COLORS.context}"><title>ThreadMind context loaded: ~${fmt(tokens)} tokens</title></rect>`;
}

// src/cli/report-html.ts
init_cjs_shims();
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
init_cjs_shims();
var mb = (bytes) => (bytes / (1024 * 1024)).toFixed(1);
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
      const text = `Scanning Claude Code transcripts: ${p.filesDone}/${p.filesTotal} files, ${mb(p.bytesDone)}/${mb(p.bytesTotal)} MB`;
      stream.write(stream.isTTY ? `\r${text}\x1B[K` : `${text}
`);
    },
    done() {
      if (shown && stream?.isTTY === true) stream.write("\n");
    }
  };
}

// src/core/freshness/freshness-config.ts
init_cjs_shims();

// src/core/store/project-ids.ts
init_cjs_shims();
function projectIdsIn(dir) {
  return fs.readdirSync(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}

// src/core/freshness/freshness-config.ts
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
  const path$1 = path.join(storeDir, "projects", `${projectId}.json`);
  let text;
  try {
    text = readTextStrict(path$1, LIMITS.threadFileBytes);
  } catch (e) {
    return { nudgeTokens: DEFAULT_NUDGE_TOKENS, problem: `${path$1}: ${messageOf(e)}` };
  }
  if (text === null) return { nudgeTokens: DEFAULT_NUDGE_TOKENS };
  try {
    return freshnessConfigOf(JSON.parse(text));
  } catch (e) {
    return { nudgeTokens: DEFAULT_NUDGE_TOKENS, problem: `${path$1} is not JSON (${messageOf(e)})` };
  }
}
function workspaceFreshnessThreshold(storeDir, lastProjectId) {
  let ids;
  try {
    ids = projectIdsIn(path.join(storeDir, "projects"));
  } catch {
    return DEFAULT_NUDGE_TOKENS;
  }
  const projectId = lastProjectId !== void 0 && ids.includes(lastProjectId) ? lastProjectId : ids.length === 1 ? ids[0] : null;
  return projectId === null ? DEFAULT_NUDGE_TOKENS : verdictThreshold(readFreshnessConfig(storeDir, projectId).nudgeTokens);
}

// src/cli/report-scan-cache.ts
init_cjs_shims();

// src/core/savings/scan-cache-path.ts
init_cjs_shims();
function scanCachePath(storeDir) {
  return path.join(storeDir, "cache", "report-scans.json");
}

// src/cli/report-scan-cache.ts
function runningFile() {
  if (typeof __filename === "string") return __filename;
  const url$1 = new URL(importMetaUrl);
  return url$1.protocol === "file:" ? url.fileURLToPath(url$1) : null;
}
function scanBuild() {
  const self = runningFile();
  if (self === null) return null;
  const own = fileStamp(self);
  const worker = fileStamp(path.join(path.dirname(self), "scan-worker.cjs"));
  return own === null || worker === null ? null : `${own}|${worker}`;
}
function reportScanCacheLocation(storeDir, env, builtBy = scanBuild()) {
  if (env.THREADMIND_SCAN_CACHE === "0" || builtBy === null) return null;
  const store = fs.lstatSync(storeDir, { throwIfNoEntry: false });
  if (store === void 0 || !store.isDirectory()) return null;
  const path$1 = scanCachePath(storeDir);
  makeDir(path.dirname(path$1));
  return { path: path$1, builtBy };
}

// src/cli/commands/report.ts
function fileFlag(value, name) {
  if (value === void 0) return null;
  if (value === true || value === "") throw new UsageError(`--${name} needs a file name`);
  return path.resolve(value);
}
function outputProblem(file) {
  const folder = fs.statSync(path.dirname(file), { throwIfNoEntry: false });
  if (folder === void 0) return `its folder does not exist (${path.dirname(file)})`;
  if (!folder.isDirectory()) return `${path.dirname(file)} is not a folder`;
  if (fs.statSync(file, { throwIfNoEntry: false })?.isDirectory()) return "it is a directory";
  return null;
}
function pageFile(workspace) {
  if (storeDirState(workspace.storeDir) === "directory") {
    const cache = path.join(workspace.storeDir, "cache");
    try {
      fs.mkdirSync(cache, { recursive: true });
    } catch {
    }
    return path.join(cache, "report.html");
  }
  return path.join(os.tmpdir(), `thread-mind-report-${path.basename(workspace.root) || "workspace"}.html`);
}
function writeOutput(file, text) {
  try {
    fs.writeFileSync(file, text);
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
      const document2 = () => doc ??= reportDocument(report);
      if (args.flags.get("json") === true)
        await writeStdout(`${JSON.stringify({ ...report, recall: logged.recall }, null, 2)}
`);
      else
        await writeStdout(
          `${renderMarkdown(document2())}
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
          if (writeOutput(htmlFile, renderHtml(document2(), svg))) console.error(`Report written to ${htmlFile}`);
          else written = false;
        }
        if (!written) return 1;
      }
      return 0;
    }
  };
}

// src/cli/run-command.ts
init_cjs_shims();

// src/core/version.ts
init_cjs_shims();
var MIN_NODE = "18.3.0";

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

// src/cli/report-main.ts
function runReport(rest, early) {
  return runCommand(reportCommandWith(early), rest);
}

exports.runReport = runReport;
