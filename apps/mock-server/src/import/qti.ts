import path from 'node:path/posix';
import { QUESTION_IMPORT_MAX_ROWS } from '@edu/sdk';
import { ARCHIVE_LIMITS, type ArchiveLimits } from '../kit/import/archive.ts';
import type { ImportItem } from '../kit/import/running.ts';
import { type Culture, localize, textsIn } from '../localization/text-tables.ts';
import { migrationItem, type Base, type MigrationQuestion } from './migration.ts';
import { newPicture, picturesUsed, pictureUrl, type ImportPicture } from './pictures.ts';
import type { DocumentQuestion } from './question-document.ts';
import { BLANK_PLACEHOLDER, trueFalseOf } from './question-format.ts';
import { XmlError, childrenOf, escapeXml, findAll, findFirst, parseXml, textOf, type XmlElement, type XmlNode } from './xml.ts';

/**
 * IMS QTI 2.1 items (docs/architecture/imports.md, "Migration formats"): a
 * single `assessmentItem` XML file, or an IMS content package (a ZIP with
 * `imsmanifest.xml` whose `imsqti_item_xmlv2p1` resources name the items, as
 * TAO and other QTI tools export). Per item:
 *
 * - `choiceInteraction`: `maxChoices="1"` → 单选, `0` or more → 多选 (不定项
 *   when classed `indefinite-choice`, as our export marks it); the keys
 *   are `correctResponse`'s values (else the mapping's positive entries); two
 *   options reading 正确/错误 (True/False) → 判断;
 * - `textEntryInteraction`s → 填空, one blank each where it stands in the
 *   text, its accepted answers the correct response and the mapping's
 *   positive keys;
 * - `extendedTextInteraction` → 简答, the reference answer its correct response;
 * - the item body (prompts included) is the stem, as the bank's rich text;
 *   pictures of a package are stored with the question (import/pictures.ts),
 *   elsewhere they become their alt text;
 * - the score is the `MAXSCORE` outcome's default (else the mapping's upper
 *   bound, else 2); other interactions, or mixed ones, are reported per item;
 * - the analysis (解析) is the `modalFeedback` shown whatever the answer: one
 *   whose identifier is its outcome's default value (as qti-export.ts writes
 *   it); feedback set by response processing (正确!/错误!) is not an analysis;
 * - in a package, the difficulty is the resource's LOM metadata
 *   (`educational/difficulty`: very easy and easy 简单, medium 一般, difficult
 *   and very difficult 困难), else 一般.
 *
 * A file that is not well-formed (the item of a package included), a package
 * without manifest or with a resource whose file is missing, is refused as a
 * whole naming the file and line. The ZIP has passed the archive limits
 * (kit/import/archive.ts, `QTI_ARCHIVE_LIMITS`) before this runs (in the read worker).
 */

/**
 * The archive limits of a QTI package: a file per item, so more entries than
 * an Office file has, as many as an import may hold questions
 * (`QUESTION_IMPORT_MAX_ROWS`), each with a picture, plus the manifest, a
 * test and folder entries. Sizes, ratio and the DTD refusal are the archive's
 * own, unchanged: more entries cost a longer directory walk, never more bytes.
 * The QTI export checks its packages against these (`qti-export.ts`).
 */
export const QTI_ARCHIVE_LIMITS: ArchiveLimits = { ...ARCHIVE_LIMITS, maxEntries: 2 * QUESTION_IMPORT_MAX_ROWS + 64 };

/** The class our export puts on a 不定项's `choiceInteraction` (QTI has no such interaction): read back as type 7, ignored by other tools. */
export const INDEFINITE_CHOICE_CLASS = 'indefinite-choice';

export type QtiRead = { items: Array<ImportItem<DocumentQuestion>> } | { fileProblem: string };

class QtiRefused extends Error {}

const decoder = new TextDecoder('utf-8');

/** Parses one XML file of the upload, refusing it as a whole with the file and line when it is not well-formed. */
function xmlOf(file: string, bytes: Uint8Array, culture: Culture): { root: XmlElement; lines: string[] } {
  const T = textsIn(culture);
  const text = decoder.decode(bytes);
  try {
    return { root: parseXml(text), lines: text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/) };
  } catch (err) {
    if (!(err instanceof XmlError)) throw err;
    throw new QtiRefused(
      err.reason === 'doctype'
        ? T('QuestionImportQtiDoctype', file)
        : T('QuestionImportQtiMalformed', file, err.line, err.message.replace(/ \(line \d+\)$/, '')),
    );
  }
}

/** XHTML elements of an item body kept as they are (attributes dropped but an image's). */
const KEPT = new Set([
  'p',
  'div',
  'br',
  'span',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'sub',
  'sup',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'small',
  'big',
  'q',
  'cite',
  'abbr',
  'dl',
  'dt',
  'dd',
  'caption',
]);
const VOID = new Set(['br', 'hr']);

interface BodyContext {
  culture: Culture;
  /** A picture's bytes by its href (relative to the item file), in a package. */
  picture: (src: string) => ImportPicture | null;
  pictures: ImportPicture[];
}

/** An item body's nodes as the bank's rich text; interactions are handled by `replace`. */
function htmlOf(nodes: readonly XmlNode[], ctx: BodyContext, replace: (e: XmlElement) => string | null): string {
  return nodes
    .map((n): string => {
      if (typeof n === 'string') return escapeXml(n).replaceAll('&apos;', "'");
      const replaced = replace(n);
      if (replaced !== null) return replaced;
      if (n.local === 'img') {
        const p = ctx.picture(n.attrs.src ?? '');
        const alt = n.attrs.alt ?? '';
        if (p) {
          ctx.pictures.push(p);
          return `<img src="${pictureUrl(p.token)}"${alt ? ` alt="${escapeXml(alt)}"` : ''} />`;
        }
        return escapeXml(alt ? localize(ctx.culture, 'QuestionImportQtiPicture', alt) : localize(ctx.culture, 'QuestionImportQtiPictureBare'));
      }
      if (n.local === 'prompt') return `<p>${htmlOf(n.children, ctx, replace)}</p>`;
      if (n.local === 'feedbackInline' || n.local === 'feedbackBlock' || n.local === 'rubricBlock' || n.local === 'modalFeedback') return '';
      const inner = htmlOf(n.children, ctx, replace);
      if (!KEPT.has(n.local)) return inner;
      return VOID.has(n.local) ? `<${n.local} />` : `<${n.local}>${inner}</${n.local}>`;
    })
    .join('');
}

/** Collapses the pretty-printing whitespace of an XML body. */
const tidy = (html: string) =>
  html
    .replace(/\s+/g, ' ')
    .replace(/\s*(<\/?(?:p|div|blockquote|ul|ol|li|table|thead|tbody|tr|td|th|pre|h[1-6]|dl|dt|dd|caption)>|<(?:br|hr) \/>)\s*/g, '$1')
    .trim();

const INTERACTIONS = new Set(['choiceInteraction', 'textEntryInteraction', 'extendedTextInteraction']);

/** The item's analysis: the modal feedback its outcome shows by default (whatever the answer), as rich text; null without one. */
function analysisOf(root: XmlElement, ctx: BodyContext): string | null {
  const defaults = new Map(
    childrenOf(root, 'outcomeDeclaration').map((o) => [
      o.attrs.identifier ?? '',
      findAll(findFirst(o, 'defaultValue') ?? o, 'value').map((v) => textOf(v).trim()),
    ]),
  );
  const shown = childrenOf(root, 'modalFeedback').filter(
    (f) => (f.attrs.showHide ?? 'show') === 'show' && (defaults.get(f.attrs.outcomeIdentifier ?? '') ?? []).includes(f.attrs.identifier ?? ''),
  );
  const html = shown.map((f) => tidy(htmlOf(f.children, ctx, () => null))).filter(Boolean);
  return html.length ? html.join('') : null;
}

/** LOM's difficulty words as the bank's levels. */
const LOM_LEVEL: Record<string, 1 | 2 | 3> = { 'very easy': 1, easy: 1, medium: 2, difficult: 3, 'very difficult': 3 };

/** A manifest resource's difficulty (its LOM `educational/difficulty`), or null. */
function difficultyOf(resource: XmlElement): 1 | 2 | 3 | null {
  const educational = findFirst(resource, 'educational');
  const difficulty = educational && findFirst(educational, 'difficulty');
  const value = difficulty && findFirst(difficulty, 'value');
  return value ? (LOM_LEVEL[textOf(value).trim().toLowerCase()] ?? null) : null;
}

/** One `assessmentItem` as a draft or its problems. */
function readItem(root: XmlElement, ctx: BodyContext, difficulty: 1 | 2 | 3): Pick<MigrationQuestion, 'draft' | 'problems' | 'label'> {
  const T = textsIn(ctx.culture);
  const label = root.attrs.title ?? root.attrs.identifier ?? '';
  const body = findFirst(root, 'itemBody');
  const fail = (reason: string) => ({ draft: null, problems: [{ column: null, reason }], label });
  if (!body) return fail(T('QuestionImportQtiNoInteraction'));
  const declarations = new Map(childrenOf(root, 'responseDeclaration').map((d) => [d.attrs.identifier ?? '', d]));
  /** A response's accepted values: the correct response, then the mapping's positive keys. */
  const accepted = (id: string | undefined) => {
    const d = declarations.get(id ?? '');
    if (!d) return [];
    const correct = findAll(findFirst(d, 'correctResponse') ?? d, 'value').map((v) => textOf(v).trim());
    const mapped = findAll(d, 'mapEntry')
      .filter((m) => Number(m.attrs.mappedValue) > 0)
      .map((m) => (m.attrs.mapKey ?? '').trim());
    return [...new Set([...(findFirst(d, 'correctResponse') ? correct : []), ...mapped])].filter(Boolean);
  };
  const all = collect(body);
  const kinds = new Set(all.map((e) => e.local));
  const unsupported = [...new Set(all.filter((e) => !INTERACTIONS.has(e.local)).map((e) => e.local))];
  if (unsupported.length) return fail(T('QuestionImportQtiUnsupported', unsupported.join(', ')));
  if (!all.length) return fail(T('QuestionImportQtiNoInteraction'));
  const choices = all.filter((e) => e.local === 'choiceInteraction');
  if (kinds.size > 1 || choices.length > 1 || all.filter((e) => e.local === 'extendedTextInteraction').length > 1)
    return fail(T('QuestionImportQtiUnsupported', [...kinds].join(' + ')));
  const maxScore = Number(
    textOf(findFirst(childrenOf(root, 'outcomeDeclaration').find((o) => o.attrs.identifier === 'MAXSCORE') ?? root, 'value') ?? ''),
  );
  const upper = Number(findFirst(root, 'mapping')?.attrs.upperBound);
  const rawScore = Number.isFinite(maxScore) && maxScore > 0 ? maxScore : Number.isFinite(upper) && upper > 0 ? upper : 2;
  const score = Math.min(100, Math.round(rawScore * 2) / 2);
  const base = { analysis: analysisOf(root, ctx), difficulty, score };

  const choice = choices[0];
  if (choice) {
    const stem = tidy(htmlOf(body.children, ctx, (e) => (e === choice ? htmlOf(childrenOf(e, 'prompt'), ctx, () => null) : null)));
    const keys = new Set(accepted(choice.attrs.responseIdentifier));
    const simple = findAll(choice, 'simpleChoice');
    const options = simple.map((c) => ({ content: tidy(htmlOf(c.children, ctx, () => null)), isCorrect: keys.has(c.attrs.identifier ?? '') }));
    const words = simple.map((c) => trueFalseOf(textOf(c).trim()));
    const right = options.findIndex((o) => o.isCorrect);
    if (simple.length === 2 && words[0] !== null && words[1] !== null && words[0] !== words[1] && keys.size === 1 && right >= 0) {
      return { label, problems: [], draft: { ...base, questionType: 3, stem, options: [], trueFalseAnswer: words[right] } };
    }
    const max = Number(choice.attrs.maxChoices ?? '1');
    const indefinite = (choice.attrs.class ?? '').split(/\s+/).includes(INDEFINITE_CHOICE_CLASS);
    return { label, problems: [], draft: { ...base, questionType: max === 1 ? 1 : indefinite ? 7 : 2, stem, options } };
  }
  const extended = all.find((e) => e.local === 'extendedTextInteraction');
  if (extended) {
    const stem = tidy(htmlOf(body.children, ctx, (e) => (e === extended ? htmlOf(childrenOf(e, 'prompt'), ctx, () => null) : null)));
    const reference = accepted(extended.attrs.responseIdentifier).join('\n') || null;
    return { label, problems: [], draft: { ...base, questionType: 5, stem, options: [], referenceAnswer: reference } };
  }
  const blanks: Array<{ answers: string[] }> = [];
  const stem = tidy(
    htmlOf(body.children, ctx, (e) => {
      if (e.local !== 'textEntryInteraction') return null;
      blanks.push({ answers: accepted(e.attrs.responseIdentifier) });
      return BLANK_PLACEHOLDER;
    }),
  );
  return { label, problems: [], draft: { ...base, questionType: 4, stem, options: [], blanks } };
}

/** The interactions of an item body (elements named `…Interaction`), in order. */
function collect(e: XmlElement, out: XmlElement[] = []): XmlElement[] {
  for (const c of childrenOf(e)) {
    if (c.local.endsWith('Interaction')) out.push(c);
    else collect(c, out);
  }
  return out;
}

function itemOf(
  file: string,
  xml: { root: XmlElement; lines: string[] },
  n: number,
  base: Base,
  culture: Culture,
  picture: BodyContext['picture'],
  difficulty: 1 | 2 | 3 = 2,
): ImportItem<DocumentQuestion> {
  const T = textsIn(culture);
  if (xml.root.local !== 'assessmentItem') throw new QtiRefused(T('QuestionImportQtiNotItem', file, xml.root.name));
  const ctx: BodyContext = { culture, picture, pictures: [] };
  const read = readItem(xml.root, ctx, difficulty);
  const item = migrationItem({ question: n, from: xml.root.line, to: xml.lines.length, ...read }, base, xml.lines, culture);
  const draft = item.input?.draft;
  if (item.input && draft) {
    const used = picturesUsed(ctx.pictures, [draft.stem, draft.analysis ?? '', ...(draft.options ?? []).map((o) => o.content)]);
    if (used.length) item.input = { ...item.input, pictures: used };
  }
  // Where the item came from in a package: the report names its file.
  return { ...item, label: n > 0 && file ? `${file}: ${item.label}` : item.label };
}

/** The items of a package, in the manifest's order. */
function packageItems(entries: Map<string, Uint8Array>, base: Base, culture: Culture): Array<ImportItem<DocumentQuestion>> {
  const T = textsIn(culture);
  const manifestName = [...entries.keys()].find((k) => k.toLowerCase() === 'imsmanifest.xml');
  if (!manifestName) throw new QtiRefused(T('QuestionImportQtiNoManifest'));
  const manifest = xmlOf(manifestName, entries.get(manifestName)!, culture).root;
  const resources = findAll(manifest, 'resource').filter((r) => /^imsqti_item_xmlv2p1$/i.test(r.attrs.type ?? ''));
  if (!resources.length) throw new QtiRefused(T('QuestionImportQtiNoItems'));
  return resources.map((r, i) => {
    const href = path.normalize(decodeURIComponent(r.attrs.href ?? ''));
    const bytes = entries.get(href);
    if (!bytes) throw new QtiRefused(T('QuestionImportQtiMissingFile', r.attrs.href ?? ''));
    const dir = path.dirname(href);
    const picture = (src: string) => {
      if (!src || /^[a-z][a-z0-9+.-]*:/i.test(src)) return null;
      const name = path.normalize(path.join(dir, decodeURIComponent(src)));
      const data = entries.get(name);
      return data ? newPicture(path.basename(name), data) : null;
    };
    return itemOf(href, xmlOf(href, bytes, culture), i + 1, base, culture, picture, difficultyOf(r) ?? 2);
  });
}

/** Reads a QTI upload: one item XML (`entries` null) or a content package's entries. */
export function parseQti(fileName: string, source: Uint8Array | Map<string, Uint8Array>, base: Base, culture: Culture): QtiRead {
  try {
    if (source instanceof Map) return { items: packageItems(source, base, culture) };
    return { items: [itemOf('', xmlOf(fileName, source, culture), 1, base, culture, () => null)] };
  } catch (err) {
    if (err instanceof QtiRefused) return { fileProblem: err.message };
    throw err;
  }
}

/** Whether a text is XML whose root is a QTI item or an IMS manifest (a `.xml` upload). */
export const looksLikeQti = (text: string) => /<(?:\w+:)?assessmentItem[\s>]/.test(text);
