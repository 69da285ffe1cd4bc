// A fast non-cryptographic fingerprint of a text (cyrb53 over its UTF-8 bytes taken as 32-bit words: pure JS, so hooks
// recognise an injected text without loading node:crypto, and few enough steps to be quick before the JIT warms up).
// Stored beside the sha1 content hash and compared only on the machine that wrote it; it identifies, it does not protect.

const encoder = new TextEncoder();

/** 14 hex digits. */
export function textFingerprint(text: string): string {
  // An aligned copy of the UTF-8 bytes, zero-padded to whole 32-bit words (platform byte order).
  const bytes = new Uint8Array(Math.ceil((text.length * 3) / 4) * 4 + 4);
  const { written } = encoder.encodeInto(text, bytes);
  const words = new Uint32Array(bytes.buffer, 0, Math.ceil(written / 4));
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
