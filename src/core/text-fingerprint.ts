// A fast non-cryptographic fingerprint of a text (cyrb53 over its UTF-8 bytes taken as 32-bit words: pure JS, so hooks
// recognise an injected text without loading node:crypto, and few enough steps to be quick before the JIT warms up).
// Stored beside the sha1 content hash and compared only on the machine that wrote it; it identifies, it does not protect.

/** 14 hex digits. */
export function textFingerprint(text: string): string {
  // An aligned copy of the UTF-8 bytes, zero-padded to whole 32-bit words (platform byte order). Buffer.alloc has its
  // own zeroed memory (never the pool) and write() encodes as TextEncoder does (a lone surrogate as U+FFFD), without the
  // TextEncoder a hook would create at start-up (~0.2 ms in a cold process).
  const bytes = Buffer.alloc(Math.ceil((text.length * 3) / 4) * 4 + 4);
  const written = bytes.write(text, "utf8");
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, Math.ceil(written / 4));
  let h1 = 0xdeadbeef ^ written;
  let h2 = 0x41c6ce57 ^ written;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    h1 = Math.imul(h1 ^ w, 2654435761);
    h2 = Math.imul(h2 ^ w, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}
