/**
 * A small, strict XML reader for the migration formats (QTI items and
 * manifests, the equations of a Word file): elements, attributes, text,
 * CDATA, comments and processing instructions, the five predefined entities
 * and character references. A document type declaration is refused (entities
 * can only be declared inside one: no expansion, no external fetch), as is
 * anything not well-formed, with the line it was found on.
 */

export interface XmlElement {
  /** The qualified name as written (`imsqti:toolName`). */
  name: string;
  /** The name without its prefix (`toolName`). */
  local: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  /** 1-based line of the start tag. */
  line: number;
}
export type XmlNode = XmlElement | string;

/** Why a document is not well-formed, and where (1-based line). */
export class XmlError extends Error {
  constructor(
    readonly reason: 'malformed' | 'doctype',
    readonly line: number,
    detail: string,
  ) {
    super(`${detail} (line ${line})`);
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_:\u00c0-\uffff][\w.:\-\u00b7\u00c0-\uffff]*/y;

/** Parses a whole document (a BOM and the XML declaration allowed) into its root element. */
export function parseXml(source: string): XmlElement {
  const text = source.replace(/^\uFEFF/, '');
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineAt = (pos: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const fail = (pos: number, detail: string): never => {
    throw new XmlError('malformed', lineAt(pos), detail);
  };
  const decode = (raw: string, at: number) =>
    raw.replace(/&([^;&\s]*);?/g, (m, ref: string) => {
      if (!m.endsWith(';')) return fail(at, `unterminated reference "${m}"`);
      if (ref.startsWith('#')) {
        const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
        if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) return fail(at, `bad character reference "${m}"`);
        return String.fromCodePoint(code);
      }
      const e = ENTITIES[ref];
      return e ?? fail(at, `undeclared entity "${m}"`);
    });

  let pos = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const readName = () => {
    NAME.lastIndex = pos;
    const m = NAME.exec(text);
    if (!m) return fail(pos, 'a name was expected');
    pos += m[0].length;
    return m[0];
  };
  const skipSpace = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  const addText = (value: string, at: number) => {
    const parent = stack.at(-1);
    if (!parent) {
      if (value.trim()) fail(at, 'text outside the root element');
      return;
    }
    const last = parent.children.at(-1);
    if (typeof last === 'string') parent.children[parent.children.length - 1] = last + value;
    else parent.children.push(value);
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) {
      addText(decode(text.slice(pos), pos), pos);
      break;
    }
    if (lt > pos) addText(decode(text.slice(pos, lt), pos), pos);
    pos = lt;
    if (text.startsWith('<!--', pos)) {
      const end = text.indexOf('-->', pos + 4);
      if (end < 0) fail(pos, 'unterminated comment');
      pos = end + 3;
    } else if (text.startsWith('<![CDATA[', pos)) {
      const end = text.indexOf(']]>', pos + 9);
      if (end < 0) fail(pos, 'unterminated CDATA section');
      if (!stack.length) fail(pos, 'CDATA outside the root element');
      addText(text.slice(pos + 9, end), pos);
      pos = end + 3;
    } else if (text.startsWith('<!DOCTYPE', pos) || text.startsWith('<!doctype', pos)) {
      throw new XmlError('doctype', lineAt(pos), 'document type declarations are not accepted');
    } else if (text.startsWith('<?', pos)) {
      const end = text.indexOf('?>', pos + 2);
      if (end < 0) fail(pos, 'unterminated processing instruction');
      pos = end + 2;
    } else if (text.startsWith('</', pos)) {
      const at = pos;
      pos += 2;
      const name = readName();
      skipSpace();
      if (text[pos] !== '>') fail(pos, `">" expected after </${name}`);
      pos++;
      const open = stack.pop();
      if (!open) return fail(at, `</${name}> closes nothing`);
      if (open.name !== name) fail(at, `</${name}> found where </${open.name}> (line ${open.line}) was expected`);
    } else {
      const at = pos;
      pos++;
      const name = readName();
      const el: XmlElement = { name, local: name.slice(name.indexOf(':') + 1), attrs: {}, children: [], line: lineAt(at) };
      for (;;) {
        const before = pos;
        skipSpace();
        if (text.startsWith('/>', pos)) {
          pos += 2;
          break;
        }
        if (text[pos] === '>') {
          pos++;
          stack.push(el);
          break;
        }
        if (pos >= text.length) fail(at, `unterminated tag <${name}`);
        if (pos === before) fail(pos, `space expected in <${name}>`);
        const attr = readName();
        skipSpace();
        if (text[pos] !== '=') fail(pos, `"=" expected after ${attr}`);
        pos++;
        skipSpace();
        const quote = text[pos];
        if (quote !== '"' && quote !== "'") return fail(pos, `quoted value expected for ${attr}`);
        const end = text.indexOf(quote, pos + 1);
        if (end < 0) fail(pos, `unterminated value of ${attr}`);
        const raw = text.slice(pos + 1, end);
        if (raw.includes('<')) fail(pos, `"<" in the value of ${attr}`);
        if (attr in el.attrs) fail(pos, `attribute ${attr} repeated`);
        el.attrs[attr] = decode(raw, pos);
        pos = end + 1;
      }
      const parent = stack.at(stack.at(-1) === el ? -2 : -1);
      if (parent) parent.children.push(el);
      else if (root) fail(at, 'a second root element');
      else root = el;
    }
  }
  if (stack.length) fail(text.length, `<${stack.at(-1)!.name}> (line ${stack.at(-1)!.line}) is not closed`);
  if (!root) return fail(0, 'no root element');
  return root;
}

/** Child elements, optionally by local name. */
export const childrenOf = (e: XmlElement, local?: string): XmlElement[] =>
  e.children.filter((c): c is XmlElement => typeof c !== 'string' && (local === undefined || c.local === local));

/** The first descendant (depth first) with this local name. */
export function findFirst(e: XmlElement, local: string): XmlElement | null {
  for (const c of childrenOf(e)) {
    if (c.local === local) return c;
    const deep = findFirst(c, local);
    if (deep) return deep;
  }
  return null;
}

/** Every descendant with this local name, in document order. */
export function findAll(e: XmlElement, local: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of childrenOf(e)) {
    if (c.local === local) out.push(c);
    findAll(c, local, out);
  }
  return out;
}

/** The text content of an element (all descendants' text, in order). */
export const textOf = (e: XmlNode): string => (typeof e === 'string' ? e : e.children.map(textOf).join(''));

/** Escapes text for XML content and attribute values. */
export const escapeXml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
