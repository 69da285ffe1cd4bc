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

// src/cli/statusline-main.ts
var statusline_main_exports = {};
__export(statusline_main_exports, {
  main: () => main
});
module.exports = __toCommonJS(statusline_main_exports);
var import_node_path13 = require("path");

// src/core/workspace.ts
var import_node_fs4 = require("fs");
var import_node_path3 = require("path");
var import_node_url = require("url");

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
var MAX_REF_FILE_BYTES = 64 * 1024 * 1024;

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
var GIT_POINTER_MAX_BYTES = 64 * 1024;
function gitDir(top) {
  const dotGit = (0, import_node_path2.join)(top, ".git");
  if ((0, import_node_fs3.statSync)(dotGit).isDirectory()) return dotGit;
  const text2 = readRegularFile(dotGit, GIT_POINTER_MAX_BYTES, true)?.toString("utf8") ?? "";
  const match = /^gitdir:\s*(.+)\s*$/m.exec(text2);
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

// src/core/store/store-dir.ts
var import_node_fs5 = require("fs");
function storeDirState(storeDir) {
  let stat;
  try {
    stat = (0, import_node_fs5.lstatSync)(storeDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return "absent";
    return { problem: `cannot be examined (${messageOf(e)})` };
  }
  if (stat.isSymbolicLink()) return { problem: "is a symbolic link" };
  if (!stat.isDirectory()) return { problem: "is not a directory" };
  return "directory";
}

// src/core/store/local-state.ts
var import_node_path5 = require("path");

// src/core/store/read-strict.ts
var nodeBuffer = __toESM(require("buffer"), 1);
var import_node_fs6 = require("fs");
var import_node_path4 = require("path");
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
    return (0, import_node_fs6.lstatSync)(path, { bigint });
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
    return (0, import_node_fs6.lstatSync)(path).size;
  } catch {
    return fallback;
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
  return (0, import_node_path5.join)(storeDir, "config.json");
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

// src/core/store/thread-title-quick.ts
var import_node_path7 = require("path");

// src/core/store/conflict-markers.ts
var CONFLICT_START = /^<{7}( |$)/m;
var CONFLICT_END = /^>{7}( |$)/m;
function hasConflictMarkers(text2) {
  return CONFLICT_START.test(text2) && CONFLICT_END.test(text2);
}

// src/core/types.ts
var SECTION_KEYS = ["decisions", "constraints", "state", "open-questions", "next-steps"];
var STATUS_WORDS = ["open", "done", "abandoned"];
var STATUS_INPUTS = [...STATUS_WORDS, "active"];

// src/core/store/thread-folder-layout.ts
var HEAD_FILE = "thread.md";
var SET_DIRS = ["paths", "related", "removed"];
var FOLDER_SUBDIRS = [...SECTION_KEYS, ...SET_DIRS];

// src/core/builtin-at-use.ts
function builtin(name) {
  if (typeof process.getBuiltinModule === "function") return process.getBuiltinModule(name);
  return require(name);
}
function nodeCrypto() {
  return builtin("node:crypto");
}

// src/core/store/blob-id.ts
function gitBlobId(bytes) {
  const hash = nodeCrypto().createHash("sha1");
  hash.update(`blob ${bytes.length}\0`);
  hash.update(bytes);
  return hash.digest("hex");
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

// src/core/store/thread-title-quick.ts
var HEAD_MAX_BYTES = 64 * 1024;
var PLAIN_FIRST = /^[^\s\-?:,[\]{}#&*!|>'"%@`]/;
var NOT_A_STRING = /^(?:true|false|yes|no|on|off|y|n|null|~|[+-]?[.\d].*)$/i;
function headPath(storeDir, projectId, threadId) {
  const legacy = (0, import_node_path7.join)(storeDir, "threads", projectId, `${threadId}.md`);
  const folder = (0, import_node_path7.join)(storeDir, "threads", projectId, threadId);
  if (!entryThere(folder)) return { path: legacy, legacy: null };
  return { path: (0, import_node_path7.join)(folder, HEAD_FILE), legacy: entryThere(legacy) ? legacy : null };
}
var LEGACY_MAX_BYTES = 1024 * 1024;
function legacyUnchanged(legacy, migratedFrom) {
  const bytes = readRegularFile(legacy, LEGACY_MAX_BYTES);
  if (bytes === null || bytes.length > LEGACY_MAX_BYTES) return false;
  return gitBlobId(bytes) === migratedFrom;
}
function simpleTitleValue(value) {
  if (value === "" || /[\r\t\n]/.test(value)) return null;
  const single = /^'((?:[^']|'')*)'$/.exec(value);
  if (single !== null) return single[1].replaceAll("''", "'");
  const double = /^"([^"\\]*)"$/.exec(value);
  if (double !== null) return double[1];
  if (!PLAIN_FIRST.test(value) || NOT_A_STRING.test(value)) return null;
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
    const bytes = readRegularFile(head.path, HEAD_MAX_BYTES);
    if (bytes === null || bytes.length > HEAD_MAX_BYTES) return null;
    text2 = bytes.toString("utf8");
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

// src/core/store/project-ids.ts
var import_node_fs8 = require("fs");
function projectIdsIn(dir) {
  return (0, import_node_fs8.readdirSync)(dir).filter((f) => f.endsWith(".json") && isValidId(f.slice(0, -".json".length))).map((f) => f.slice(0, -".json".length)).sort();
}

// src/core/measure/measurement-log-read.ts
var import_node_fs11 = require("fs");

// src/core/measure/measurement-log.ts
var import_node_fs9 = require("fs");
var import_node_path8 = require("path");
var MEASUREMENT_LOG = "measurements.jsonl";
var MEASUREMENT_LOG_PREVIOUS = "measurements.1.jsonl";
var LOG_ROTATE_BYTES = 1024 * 1024;
var MAX_APPEND_BYTES = 64 * 1024;
function measurementLogPath(storeDir) {
  return (0, import_node_path8.join)(storeDir, MEASUREMENT_LOG);
}
function previousMeasurementLogPath(storeDir) {
  return (0, import_node_path8.join)(storeDir, MEASUREMENT_LOG_PREVIOUS);
}
function measurementLogPaths(storeDir) {
  return [previousMeasurementLogPath(storeDir), measurementLogPath(storeDir)];
}
function forEachLogFile(storeDir, use) {
  const [previousPath, currentPath] = measurementLogPaths(storeDir);
  const current = openRegularFile(currentPath, import_node_fs9.constants.O_RDONLY);
  try {
    const previous = openRegularFile(previousPath, import_node_fs9.constants.O_RDONLY);
    try {
      const same = previous !== null && current !== null && previous.stat.ino === current.stat.ino && previous.stat.dev === current.stat.dev;
      if (previous !== null && !same) use(previous.fd, previous.stat.size, previous.stat);
    } finally {
      if (previous !== null) (0, import_node_fs9.closeSync)(previous.fd);
    }
    if (current !== null) use(current.fd, current.stat.size, current.stat);
  } finally {
    if (current !== null) (0, import_node_fs9.closeSync)(current.fd);
  }
}

// src/core/measure/measurement-index.ts
var import_node_fs10 = require("fs");
var import_node_path9 = require("path");
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
  return (0, import_node_path9.join)(storeDir, "cache", "measurement-index.txt");
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
    const n = (0, import_node_fs10.readSync)(fd, buffer, filled, buffer.length - filled, position + filled);
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
    opened = openRegularFile(measurementIndexPath(storeDir), import_node_fs10.constants.O_RDONLY);
    if (opened === null) return null;
    const prefix = Buffer.allocUnsafe(Math.min(PREFIX_BYTES, opened.stat.size));
    const length = readAt(opened.fd, prefix, 0);
    const marker = prefix.indexOf("\n@");
    if (length === prefix.length && prefix.subarray(0, HEADER_BYTES.length).equals(HEADER_BYTES) && marker !== -1 && marker + 2 + BUCKETS * ENTRY < prefix.length && prefix[marker + 2 + BUCKETS * ENTRY] === NEWLINE)
      return { fd: opened.fd, size: opened.stat.size, prefix, table: marker + 2 };
  } catch {
  }
  if (opened !== null) (0, import_node_fs10.closeSync)(opened.fd);
  return null;
}
function closeMeasurementIndex(index) {
  (0, import_node_fs10.closeSync)(index.fd);
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
  return paths.reduce((total, path) => total + ((0, import_node_fs11.lstatSync)(path, { throwIfNoEntry: false })?.size ?? 0), 0);
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
    const n = (0, import_node_fs11.readSync)(fd, buffer, held, buffer.length - held, position);
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

// src/core/freshness/freshness-config.ts
var import_node_path10 = require("path");
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
  const path = (0, import_node_path10.join)(storeDir, "projects", `${projectId}.json`);
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
    const context = record.contextTokens;
    if (this.firstContextTokens === null) this.firstContextTokens = context;
    if (this.peakContextTokens === null || context > this.peakContextTokens) this.peakContextTokens = context;
    this.lastAssistant = record;
    for (const compaction of this.awaitingContextAfter) compaction.contextTokensAfter = context;
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

// src/transcript/transcript-file.ts
var import_node_fs12 = require("fs");
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
    const before = (0, import_node_fs12.statSync)(path);
    if (before.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!before.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    fd = (0, import_node_fs12.openSync)(path, import_node_fs12.constants.O_RDONLY | (import_node_fs12.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw asReadError(path, error);
  }
  try {
    const stats = (0, import_node_fs12.fstatSync)(fd);
    if (stats.isDirectory()) throw new TranscriptReadError(path, "is a directory", { code: "EISDIR" });
    if (!stats.isFile()) throw new TranscriptReadError(path, "is not a regular file", { code: null });
    return { path, fd, size: stats.size };
  } catch (error) {
    (0, import_node_fs12.closeSync)(fd);
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
    (0, import_node_fs12.closeSync)(file.fd);
  }
}
async function readExactly(file, buffer, position) {
  let filled = 0;
  while (filled < buffer.length) {
    const bytesRead = (0, import_node_fs12.readSync)(file.fd, buffer, filled, buffer.length - filled, position + filled);
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
    return tailReading(path, file.size, walk, collector, {
      lastAssistant: collector.lastAssistant,
      compactBoundaries: collector.boundariesLastFirst.reverse(),
      hookContexts: collector.hookContextsLastFirst.reverse()
    });
  });
}

// src/transcript/for-each-line.ts
var import_node_fs13 = require("fs");
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
      const n = (0, import_node_fs13.readSync)(file.fd, chunk, 0, chunkSize, bytesRead);
      if (n === 0) break;
      bytesRead += n;
      splitter.push(n === chunkSize ? chunk : chunk.subarray(0, n));
      sinceYield += n;
      if (sinceYield >= BYTES_BETWEEN_YIELDS) {
        sinceYield = 0;
        await new Promise((resolve5) => setImmediate(resolve5));
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

// src/agents/codex/rollout-paths.ts
var import_node_os = require("os");
var import_node_path11 = require("path");
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

// src/transcript/codex/zstd-lines.ts
var import_node_fs14 = require("fs");

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
      const n = (0, import_node_fs14.readSync)(file.fd, chunk, 0, options.chunkSize, bytesRead);
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
      await new Promise((resolve5) => setImmediate(resolve5));
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
    return tailReading(path, file.size, walk, collector, {
      lastAssistant: collector.lastAssistant(),
      compactBoundaries: collector.compactBoundaries(),
      hookContexts: collector.hookContexts()
    });
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

// src/core/write-stdout.ts
var import_node_fs15 = require("fs");
function writeStdout(text2) {
  const bytes = Buffer.from(text2, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += (0, import_node_fs15.writeSync)(1, bytes, written, bytes.length - written);
    return Promise.resolve();
  } catch (e) {
    if (errnoCode(e) !== "EAGAIN") return Promise.resolve();
  }
  return new Promise((resolve5) => {
    process.stdout.write(bytes.subarray(written), () => resolve5());
  });
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

// src/hooks/hook-input.ts
var import_node_fs16 = require("fs");
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
    stat = (0, import_node_fs16.fstatSync)(0);
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
      n = (0, import_node_fs16.readSync)(0, buffer, 0, buffer.length, null);
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

// src/cli/statusline.ts
var import_node_path12 = require("path");
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
async function statuslineText(input, env, storeTitle) {
  const workspace = resolveWorkspace({ env, cwd: input.cwd });
  const dirState = storeDirState(workspace.storeDir);
  if (dirState === "absent") return "";
  if (dirState !== "directory") return attention(".threadmind is not a directory");
  const { state, problem } = readLocalState(workspace.storeDir);
  if (problem !== void 0) return attention("config.json unusable");
  let projectIds;
  try {
    projectIds = projectIdsIn((0, import_node_path12.join)(workspace.storeDir, "projects"));
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
  const title = quickThreadTitle(workspace.storeDir, thread.projectId, thread.threadId) ?? storeTitle(workspace, thread);
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
async function runStatusline(env, cwd, storeTitle) {
  let line;
  try {
    line = await statuslineText(parseStatuslineInput(await readStdin(STATUSLINE_INPUT_WAIT_MS), cwd), env, storeTitle);
  } catch (e) {
    line = attention(messageOf(e).split("\n")[0].slice(0, 80));
  }
  if (line !== "") await writeStdout(`${line}
`);
  return 0;
}

// src/cli/statusline-main.ts
function main() {
  return runStatusline(process.env, process.cwd(), (workspace, thread) => {
    const full = require((0, import_node_path13.join)(__dirname, "cli-statusline-store.cjs"));
    return full.storeTitle(workspace, thread);
  });
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  main
});
