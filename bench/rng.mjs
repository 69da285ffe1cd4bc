// Seeded pseudo-random numbers (mulberry32) for deterministic benchmark fixtures.

/** A generator of floats in [0, 1) that gives the same sequence for the same seed. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [min, max] (both included). */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    /** Hex string of `length` digits. */
    hex: (length) => {
      let s = "";
      while (s.length < length)
        s += Math.floor(next() * 0x100000000)
          .toString(16)
          .padStart(8, "0");
      return s.slice(0, length);
    },
    /** A UUID-shaped string (version 4 layout). */
    uuid: () => {
      const h = [];
      for (let i = 0; i < 4; i++)
        h.push(
          Math.floor(next() * 0x100000000)
            .toString(16)
            .padStart(8, "0"),
        );
      const s = h.join("");
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-a${s.slice(17, 20)}-${s.slice(20, 32)}`;
    },
  };
}

const WORDS = (
  "thread context summary decision constraint branch commit parser store lock token budget cache index search " +
  "session transcript hook server client request response stream buffer chunk record field schema module bundle " +
  "import export config state migrate release review refactor test fixture harness measure latency memory disk " +
  "retry timeout deadline error warning notice path file folder tree node edge parent child ancestor sibling " +
  "render format markdown heading section list table column row value key hash id title author status merge"
).split(" ");

/** Plain English-looking words (deterministic from `rng`). */
export function words(rng, count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(rng.pick(WORDS));
  return out.join(" ");
}

/** Sentences of words filling about `chars` characters. */
export function prose(rng, chars) {
  let text = "";
  while (text.length < chars) {
    const sentence = words(rng, rng.int(6, 16));
    text += `${sentence[0].toUpperCase()}${sentence.slice(1)}. `;
  }
  return text.slice(0, chars).trimEnd();
}
