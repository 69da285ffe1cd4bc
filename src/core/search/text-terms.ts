// Search terms: text → normalized, stemmed terms (accents folded, stopwords dropped), with their character offsets for snippets.

/** A term and where it sits in the original text (for snippets). */
export interface TermAt {
  term: string;
  start: number;
  end: number;
}

const STOPWORDS = new Set(
  (
    "a an and are as at be but by can could did do does for from had has have how i if in into is it its me my no not of on " +
    "or our so than that the their them then there these they this to us was we were what when where which who why will " +
    "with would you your any all about did does done should shall may might just also"
  ).split(" "),
);

/** Letters and digits of any script; everything else separates words. */
const WORD = /[\p{L}\p{N}]+/gu;

/** A light English stemmer: plural and -ing/-ed endings, a final "e" (decide/decided/deciding → decid). */
export function stem(word: string): string {
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

/** Lowercase, accents folded (é → e), so that "Thème" and "theme" meet. */
export function fold(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The terms of a text with their offsets; stopwords and one-letter words are left out. */
export function termsAt(text: string): TermAt[] {
  const out: TermAt[] = [];
  for (const m of text.matchAll(WORD)) {
    const folded = fold(m[0]);
    if (folded.length < 2 || STOPWORDS.has(folded)) continue;
    out.push({ term: stem(folded), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The terms of a text, in order (repeats kept: term frequencies count them). */
export function terms(text: string): string[] {
  return termsAt(text).map((t) => t.term);
}

/** The distinct terms of a query, in order of first appearance. */
export function queryTerms(query: string): string[] {
  return [...new Set(terms(query))];
}
