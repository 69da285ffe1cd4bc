// Pattern table of the secret gate: one rule per credential kind (a linear regex plus a validator that rejects look-alikes).

/** Human-readable credential kinds; they appear verbatim in the gate's error message. */
export type SecretKind =
  | "private key"
  | "AWS access key ID"
  | "AWS secret access key"
  | "GitHub token"
  | "GitLab token"
  | "npm token"
  | "Slack token"
  | "Slack webhook URL"
  | "Anthropic API key"
  | "OpenAI API key"
  | "Stripe live key"
  | "Google API key"
  | "JWT"
  | "bearer token"
  | "password in URL"
  | "password assignment"
  | "secret assignment"
  | "token assignment"
  | "API key assignment"
  | "access key assignment"
  | "private key assignment";

/** Where a rule found a credential: offsets into the scanned text and the part of it that is public (safe to show). */
export interface SecretCandidate {
  readonly kind: SecretKind;
  readonly start: number;
  readonly end: number;
  /** A non-secret prefix of the credential such as "ghp_"; "" when nothing of it may be shown. */
  readonly publicPrefix: string;
}

export interface SecretRule {
  /** Global regex with the `d` (indices) flag. Every match is handed to `detect`. */
  readonly pattern: RegExp;
  /** Turns a match into a candidate, or null when the match is a placeholder or a look-alike. */
  readonly detect: (match: RegExpExecArray, text: string) => SecretCandidate | null;
  /** A credential over several lines (a PEM key): also matched with quote, list and table prefixes masked (secret-scan). */
  readonly multiLine?: boolean;
}

/** Generic assignments need a value at least this long… */
export const GENERIC_MIN_LENGTH = 12;
/** …and at least this much Shannon entropy, in bits per character. */
export const GENERIC_MIN_ENTROPY = 2.5;
/** Vendor tokens (fixed prefix) need a random part with at least this much entropy. */
const TOKEN_MIN_ENTROPY = 2.5;

/** Shannon entropy of a string in bits per character (0 for the empty string). */
export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  let total = 0;
  for (const ch of value) {
    counts.set(ch, (counts.get(ch) ?? 0) + 1);
    total += 1;
  }
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / total;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Placeholder words long enough (5+ characters) not to occur by chance in a generated token of 20-100 characters. */
const PLACEHOLDER_WORDS = [
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
  "…",
  "...",
  "123456789",
  "abcdefgh",
] as const;

/** Short placeholder words: telling in a hand-written value, but a generated token contains one about once in 10^4. */
const SHORT_PLACEHOLDER_WORDS = ["your", "fake", "xxxx"] as const;

/**
 * True for documentation placeholders that fill a whole token format: `ghp_xxxxxxxx…`, `AKIAIOSFODNN7EXAMPLE`,
 * `<your-token>`, `[REDACTED]`, `changeme`, runs of one character.
 */
export function looksLikePlaceholder(value: string): boolean {
  if (PLACEHOLDER_WORDS.some((word) => containsWord(value, word))) return true;
  if (/^<.*>$|^\[.*\]$|^\{.*\}$/.test(value)) return true;
  return /(.)\1{5}/.test(value);
}

/** Placeholders in a hand-written value: the long ones, and also `your-api-key`, `fake123…`, `xxxx`. */
function looksLikeValuePlaceholder(value: string): boolean {
  return looksLikePlaceholder(value) || SHORT_PLACEHOLDER_WORDS.some((word) => containsWord(value, word));
}

/** `word` as written by a person: lower case, UPPER CASE or Capitalized (random mixed case like "DUMmY" is not a word). */
function containsWord(value: string, word: string): boolean {
  const capitalized = word.charAt(0).toUpperCase() + word.slice(1);
  return value.includes(word) || value.includes(word.toUpperCase()) || value.includes(capitalized);
}

/** True for references to a secret rather than the secret: `${VAR}`, `$VAR`, `%VAR%`, `{{ x }}`, `process.env.X`, calls. */
function looksLikeReference(value: string): boolean {
  if (/\$\{|\{\{|%\(/.test(value)) return true;
  if (/^\$[A-Za-z_]/.test(value)) return true;
  if (/^%[A-Za-z_]\w*%$/.test(value)) return true;
  if (/^(?:process\.env|import\.meta\.env|os\.environ|os\.getenv|env\b|ENV\[)/.test(value)) return true;
  // a member expression such as config.auth.token or settings.apiKey2
  return /^[A-Za-z_$][\w$]*(?:(?:\.|\?\.|::)[A-Za-z_$][\w$]*)+$/.test(value);
}

/**
 * The heuristic behind every context-dependent rule (assignments, bearer headers, URL passwords): the value must be long,
 * single-word, high-entropy, contain a digit or a symbol, and be neither a placeholder, a reference, a path nor a word.
 */
export function looksLikeCredentialValue(value: string, minLength: number = GENERIC_MIN_LENGTH): boolean {
  if (value.length < minLength) return false;
  if (/\s/.test(value)) return false;
  if (looksLikeValuePlaceholder(value) || looksLikeReference(value)) return false;
  if (/^\d+$/.test(value)) return false; // counts, ports, timestamps
  if (/^[A-Za-z_./:-]+$/.test(value)) return false; // identifiers, words, SCREAMING_SNAKE names, digit-free paths
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return false; // URLs (credentials inside URLs have their own rule)
  if (/\//.test(value) && /\.[A-Za-z][A-Za-z0-9]{0,4}$/.test(value)) return false; // file paths such as certs/key2.pem
  if (/^(?:\.{1,2}\/|~\/|\/[A-Za-z])/.test(value) && !/[+=]/.test(value)) return false; // absolute/relative paths
  if (/[()[\]{}<>]/.test(value)) return false; // code, not a literal
  // generated secrets and real passwords mix letters with digits or symbols; words glued by punctuation do not
  if (!/[A-Za-z]/.test(value) || !/[0-9!@$%^&+~|]/.test(value)) return false;
  if (looksLikeWordsJoined(value)) return false; // SESSION_SECRET_V2, release-2024-notes, db_password_v2
  return shannonEntropy(value) >= GENERIC_MIN_ENTROPY;
}

/**
 * True for names made of words: separated parts that are each a word (lower, UPPER or Capitalized), a number, or at
 * most three characters of one case (`v2`, `X86`, `db`). Generated secrets with separators have mixed-case, digit-laden
 * parts instead, also short ones (`5xY`).
 */
function looksLikeWordsJoined(value: string): boolean {
  const parts = value.split(/[-_.]+/).filter((part) => part !== "");
  if (parts.length < 2) return false;
  return parts.every((part) => /^(?:[A-Z]?[a-z]+|[A-Z]+|\d+|[A-Z0-9]{1,3}|[a-z0-9]{1,3})$/.test(part));
}

/** The span of capture group `group` (0 = whole match); requires the `d` flag. */
function groupSpan(match: RegExpExecArray, group: number): { start: number; end: number } {
  const span = match.indices?.[group];
  if (span === undefined) throw new Error(`secret pattern ${String(match)} has no indices for group ${group}`);
  return { start: span[0], end: span[1] };
}

/**
 * A rule for credentials with a fixed public prefix (ghp_, xoxb-, sk-ant-…): group 1 is the credential, `prefix` matches
 * its public head, and the rest must not be a placeholder, must be random enough and must pass `accept` (by default
 * `looksGenerated`).
 */
function prefixedTokenRule(
  kind: SecretKind,
  pattern: RegExp,
  prefix: RegExp,
  accept: (body: string) => boolean = looksGenerated,
): SecretRule {
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
    },
  };
}

const hasDigit = (s: string): boolean => /\d/.test(s);
const hasLetterAndDigit = (s: string): boolean => /\d/.test(s) && /[A-Za-z]/.test(s);

/**
 * True when a token body looks machine-generated: not words joined by `-`/`_`, and with digits or mixed case. Kebab and
 * snake names after a prefix (`glpat-some-words-here`) fail; a random body fails only if all one case with no digit.
 */
function looksGenerated(body: string): boolean {
  if (looksLikeWordsJoined(body)) return false;
  return hasDigit(body) || (/[a-z]/.test(body) && /[A-Z]/.test(body));
}

/** After a PEM/PGP header: optional "Key: value" header lines, then at least 40 base64 characters of body. */
const PRIVATE_KEY_BODY =
  /(?:[ \t\r\n]|\\[rn])*(?:[A-Za-z][\w-]*: [^\r\n\\]*(?:\r?\n|\\[rn])(?:[ \t\r\n]|\\[rn])*){0,4}[A-Za-z0-9+/]{40}(?:[A-Za-z0-9+/=\s]|\\[rn])*(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----)?/y;

const privateKeyRule: SecretRule = {
  multiLine: true,
  pattern: /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----/dg,
  detect(match, text) {
    const { start, end: headerEnd } = groupSpan(match, 0);
    const body = new RegExp(PRIVATE_KEY_BODY.source, PRIVATE_KEY_BODY.flags);
    body.lastIndex = headerEnd;
    // a bare header (prose explaining the PEM format) is not a key; a header followed by key material is
    if (body.exec(text) === null) return null;
    return { kind: "private key", start, end: body.lastIndex, publicPrefix: match[0] };
  },
};

const jwtRule: SecretRule = {
  pattern: /(?<![A-Za-z0-9_-])([A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,})(?![A-Za-z0-9_-])/dg,
  detect(match) {
    const token = match[1] ?? "";
    const header = token.slice(0, token.indexOf("."));
    if (!isJwtHeader(header)) return null;
    const { start, end } = groupSpan(match, 1);
    return { kind: "JWT", start, end, publicPrefix: token.startsWith("eyJ") ? "eyJ" : "" };
  },
};

/** True when a base64url segment decodes to a JSON object with a string "alg" (a JOSE header). */
function isJwtHeader(segment: string): boolean {
  const decoded = Buffer.from(segment, "base64url").toString("utf8");
  if (!decoded.trimStart().startsWith("{")) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoded);
  } catch {
    return false; // not JSON: an ordinary dotted identifier, not a JWT
  }
  return typeof parsed === "object" && parsed !== null && "alg" in parsed && typeof parsed.alg === "string";
}

const bearerRule: SecretRule = {
  pattern: /(?<![A-Za-z0-9_])bearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)/dgi,
  detect(match) {
    const { start, end: rawEnd } = groupSpan(match, 1);
    const raw = match[1] ?? "";
    const token = raw.replace(/\.+$/, ""); // a sentence's full stop is not part of the token
    if (!looksLikeCredentialValue(token, 16)) return null;
    return { kind: "bearer token", start, end: rawEnd - (raw.length - token.length), publicPrefix: "" };
  },
};

const urlPasswordRule: SecretRule = {
  pattern: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/[^\s:@/?#]{1,100}:([^\s:@/?#]{1,200})@/dg,
  detect(match) {
    const password = match[1] ?? "";
    if (!looksLikeCredentialValue(password, 8)) return null;
    return { kind: "password in URL", ...groupSpan(match, 1), publicPrefix: "" };
  },
};

const AWS_SECRET_KEY_NAME = String.raw`(?:aws[_-]?)?secret[_-]?access[_-]?key|aws[_-]?secret[_-]?key`;
const awsSecretRule: SecretRule = {
  pattern: new RegExp(
    String.raw`(?:${AWS_SECRET_KEY_NAME})["'\x60]?[ \t]*(?:=>|:=|=|:)[ \t]*["'\x60]?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
    "dgi",
  ),
  detect(match) {
    const secret = match[1] ?? "";
    if (looksLikePlaceholder(secret) || shannonEntropy(secret) < 3.5 || !hasDigit(secret)) return null;
    return { kind: "AWS secret access key", ...groupSpan(match, 1), publicPrefix: "" };
  },
};

/** Keywords of generic assignments, the assignment kind each one names. */
function assignmentKind(keyword: string): SecretKind {
  const k = keyword.toLowerCase().replace(/[_-]/g, "");
  if (k.startsWith("pass")) return "password assignment";
  if (k.startsWith("secret")) return "secret assignment";
  if (k === "token") return "token assignment";
  if (k === "apikey") return "API key assignment";
  if (k === "accesskey") return "access key assignment";
  if (k === "privatekey") return "private key assignment";
  throw new Error(`secret-patterns: keyword ${keyword} has no assignment kind`);
}

/**
 * `password=…`, `DB_PASSWORD: …`, `"api_key": "…"`, `export GITHUB_TOKEN='…'`, `clientSecret => "…"`. The keyword must end
 * the key (so tokenCount, token_budget, secretsManager never match). Groups: 1 keyword, 2 space before the separator,
 * 3-5 quoted value ("", '', ``), 6 bare value.
 */
const ASSIGNMENT = new RegExp(
  String.raw`(pass(?:word|wd|phrase)|secret(?:[_-]?key)?|token|api[_-]?key|access[_-]?key|private[_-]?key)(?![A-Za-z0-9_-])` +
    String.raw`["'\x60\]]?([ \t]*)(?:=>|:=|=|:)[ \t]*` +
    String.raw`(?:"([^"\r\n]{0,500})"|'([^'\r\n]{0,500})'|\x60([^\x60\r\n]{0,500})\x60|([^\s"'\x60,;&)\]}]{1,500}))`,
  "dgi",
);

/** Generic assignments; the kind of each finding is named by its keyword. */
const assignmentRule: SecretRule = { pattern: ASSIGNMENT, detect: detectAssignment };

function detectAssignment(match: RegExpExecArray, text: string): SecretCandidate | null {
  const kind = assignmentKind(match[1] ?? "");
  const quotedGroup = [3, 4, 5].find((g) => match[g] !== undefined);
  if (quotedGroup !== undefined) {
    const value = match[quotedGroup] ?? "";
    if (!looksLikeCredentialValue(value)) return null;
    return { kind, ...groupSpan(match, quotedGroup), publicPrefix: "" };
  }
  const raw = match[6];
  if (raw === undefined) throw new Error("secret-patterns: assignment matched without a value");
  const value = raw.replace(/[.:!?]+$/, ""); // prose punctuation after a bare value
  if (!looksLikeCredentialValue(value)) return null;
  const span = groupSpan(match, 6);
  if (/^[A-Za-z_$][\w$]*$/.test(value)) {
    // A bare identifier is a variable in code (`token = tok2abcdefghij;`, `{ apiKey: keyV2ForTests }`) but a literal in
    // env files, YAML and query strings (`TOKEN=ab12cd34ef56gh`), where nothing but the line end or `&` follows.
    const spaceBeforeSeparator = (match[2] ?? "") !== "";
    const after = text.slice(span.end, span.end + 200);
    const endsLiteral = /^(?:[.:!?]*[ \t]*(?:#[^\r\n]*)?(?:\r?\n|$)|&)/.test(after);
    if (spaceBeforeSeparator || !endsLiteral) return null;
  }
  return { kind, start: span.start, end: span.start + value.length, publicPrefix: "" };
}

/** Boundaries: a token may not be glued to more token characters on either side (also keeps every regex linear). */
const B = String.raw`(?<![A-Za-z0-9_-])`;
const E = String.raw`(?![A-Za-z0-9_-])`;
const rx = (source: string, flags = "dg"): RegExp => new RegExp(source, flags);

/**
 * The table, most specific first: when two rules claim overlapping text (a `GITHUB_TOKEN=ghp_…` line), the earlier rule's
 * finding wins and the later one is dropped.
 */
export const SECRET_RULES: readonly SecretRule[] = [
  privateKeyRule,
  prefixedTokenRule(
    "AWS access key ID",
    rx(String.raw`(?<![A-Za-z0-9])((?:AKIA|ASIA)[A-Z0-9]{16})(?![A-Za-z0-9])`),
    /^(?:AKIA|ASIA)/,
    () => true, // base32 ids may lack digits; 16 capitals glued to AKIA do not occur in prose
  ),
  awsSecretRule,
  prefixedTokenRule(
    "GitHub token",
    rx(String.raw`(?<![A-Za-z0-9_])(gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{50,251})(?![A-Za-z0-9_])`),
    /^(?:gh[pousr]_|github_pat_)/,
  ),
  prefixedTokenRule("GitLab token", rx(String.raw`${B}(glpat-[A-Za-z0-9_-]{20,}(?:\.[A-Za-z0-9_-]+)*)${E}`), /^glpat-/),
  prefixedTokenRule("npm token", rx(String.raw`${B}(npm_[A-Za-z0-9]{36})${E}`), /^npm_/),
  prefixedTokenRule(
    "Slack token",
    rx(String.raw`${B}(xox[abposr]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,})${E}`),
    /^(?:xox[abposr]|xapp)-/,
    (body) => body.length >= 20 && body.includes("-") && hasLetterAndDigit(body),
  ),
  {
    pattern:
      /(hooks\.slack\.com\/(?:services\/T[A-Z0-9]{6,}\/B[A-Z0-9]{6,}\/[A-Za-z0-9]{20,}|(?:workflows|triggers)\/T[A-Z0-9]{6,}\/[A-Za-z0-9/]{20,}))/dg,
    detect(match) {
      const url = match[1] ?? "";
      const secret = url.slice(url.lastIndexOf("/") + 1);
      if (looksLikePlaceholder(url) || shannonEntropy(secret) < TOKEN_MIN_ENTROPY) return null;
      return { kind: "Slack webhook URL", ...groupSpan(match, 1), publicPrefix: "hooks.slack.com/" };
    },
  },
  prefixedTokenRule("Anthropic API key", rx(String.raw`${B}(sk-ant-[A-Za-z0-9_-]{20,})${E}`), /^sk-ant-(?:[a-z]+\d*-)?/),
  prefixedTokenRule(
    "OpenAI API key",
    rx(String.raw`${B}(sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{32,}))${E}`),
    /^sk-(?:(?:proj|svcacct|admin|None)-)?/,
    (body) => looksGenerated(body) && /[a-z]/.test(body) && /[A-Z]/.test(body),
  ),
  prefixedTokenRule(
    "Stripe live key",
    rx(String.raw`(?<![A-Za-z0-9_])((?:sk|rk)_live_[A-Za-z0-9]{24,247})(?![A-Za-z0-9_])`),
    /^(?:sk|rk)_live_/,
  ),
  prefixedTokenRule("Google API key", rx(String.raw`${B}(AIza[A-Za-z0-9_-]{35})${E}`), /^AIza/),
  jwtRule,
  bearerRule,
  urlPasswordRule,
  assignmentRule,
];
