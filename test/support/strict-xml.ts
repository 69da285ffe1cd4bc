// A tiny strict XML parser for tests: throws on anything not well-formed (nesting, quoting, entities), returns the element tree.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Character data directly inside this element (entities decoded). */
  text: string;
}

export class XmlError extends Error {}

const NAME = /^[A-Za-z_:][A-Za-z0-9_.:-]*/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  return raw.replace(/&([^;]*);?/g, (match, body: string) => {
    if (!match.endsWith(";")) throw new XmlError(`unterminated entity near offset ${at}`);
    if (body in ENTITIES) return ENTITIES[body]!;
    const numeric = /^#(x[0-9a-fA-F]+|[0-9]+)$/.exec(body);
    if (numeric)
      return String.fromCodePoint(body[1] === "x" ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10));
    throw new XmlError(`unknown entity &${body}; near offset ${at}`);
  });
}

/** Parses a whole document (optional XML declaration, comments, one root element). */
export function parseXml(source: string): XmlElement {
  let i = 0;
  const fail = (message: string): never => {
    throw new XmlError(`${message} at offset ${i}: ${JSON.stringify(source.slice(i, i + 40))}`);
  };
  const skipSpace = () => {
    while (i < source.length && /\s/.test(source[i]!)) i++;
  };
  const skipMisc = () => {
    for (;;) {
      skipSpace();
      if (source.startsWith("<!--", i)) {
        const end = source.indexOf("-->", i + 4);
        if (end === -1) fail("unterminated comment");
        i = end + 3;
      } else if (source.startsWith("<?", i)) {
        const end = source.indexOf("?>", i + 2);
        if (end === -1) fail("unterminated processing instruction");
        i = end + 2;
      } else return;
    }
  };
  const readName = (): string => {
    const match = NAME.exec(source.slice(i, i + 200));
    if (!match) fail("expected a name");
    i += match![0].length;
    return match![0];
  };

  const element = (): XmlElement => {
    if (source[i] !== "<") fail("expected <");
    i++;
    const name = readName();
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = i;
      skipSpace();
      if (source.startsWith("/>", i)) {
        i += 2;
        return { name, attributes, children: [], text: "" };
      }
      if (source[i] === ">") {
        i++;
        break;
      }
      if (i === before) fail("expected whitespace before an attribute");
      const attr = readName();
      skipSpace();
      if (source[i] !== "=") fail(`attribute ${attr} has no =`);
      i++;
      skipSpace();
      const quote = source[i];
      if (quote !== '"' && quote !== "'") fail(`attribute ${attr} is not quoted`);
      const end = source.indexOf(quote!, i + 1);
      if (end === -1) fail(`attribute ${attr} is not closed`);
      const raw = source.slice(i + 1, end);
      if (raw.includes("<")) fail(`attribute ${attr} contains <`);
      if (attr in attributes) fail(`duplicate attribute ${attr}`);
      attributes[attr] = decode(raw, i);
      i = end + 1;
    }
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      if (i >= source.length) fail(`element <${name}> is not closed`);
      if (source.startsWith("</", i)) {
        i += 2;
        const closing = readName();
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        skipSpace();
        if (source[i] !== ">") fail("expected >");
        i++;
        return { name, attributes, children, text };
      }
      if (source.startsWith("<!--", i)) {
        const end = source.indexOf("-->", i + 4);
        if (end === -1) fail("unterminated comment");
        i = end + 3;
        continue;
      }
      if (source.startsWith("<![CDATA[", i)) {
        const end = source.indexOf("]]>", i);
        if (end === -1) fail("unterminated CDATA");
        text += source.slice(i + 9, end);
        i = end + 3;
        continue;
      }
      if (source[i] === "<") {
        children.push(element());
        continue;
      }
      const next = source.indexOf("<", i);
      const raw = source.slice(i, next === -1 ? source.length : next);
      if (raw.includes(">") && raw.includes("]]>")) fail("]]> in text");
      text += decode(raw, i);
      i = next === -1 ? source.length : next;
    }
  };

  skipMisc();
  if (source.startsWith("<!DOCTYPE", i)) fail("a DOCTYPE is not expected here");
  const root = element();
  skipMisc();
  if (i !== source.length) fail("content after the root element");
  return root;
}

/** Every element (depth-first) matching the predicate. */
export function findAll(root: XmlElement, match: (e: XmlElement) => boolean): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    if (match(e)) out.push(e);
    e.children.forEach(walk);
  };
  walk(root);
  return out;
}

/** Elements whose class attribute lists `className`. */
export function byClass(root: XmlElement, className: string): XmlElement[] {
  return findAll(root, (e) => (e.attributes.class ?? "").split(/\s+/).includes(className));
}
