import { deflateRawSync, crc32 } from 'node:zlib';
import { OPTION_LABELS, QUESTION_IMPORT_MAX_BYTES, QUESTION_IMPORT_MAX_ROWS } from '@edu/sdk';
import sanitizeHtml from 'sanitize-html';
import { imageTypeOf } from './pictures.ts';
import { INDEFINITE_CHOICE_CLASS, QTI_ARCHIVE_LIMITS } from './qti.ts';
import type { QuestionExport } from './word-export.ts';
import { escapeXml } from './xml.ts';

/**
 * Questions as an IMS QTI 2.1 content package (the reader is qti.ts): one
 * `assessmentItem` per question (a material question gives one item per
 * sub-question, the passage before its stem), listed in `imsmanifest.xml` as
 * `imsqti_item_xmlv2p1` resources with their pictures; for a paper, an
 * `assessmentTest` (one `assessmentSection` per paper section) as an
 * `imsqti_test_xmlv2p1` resource. Interactions: 单选/不定项/多选 →
 * `choiceInteraction` (`maxChoices` 1, else 0; 不定项 marked
 * `class="indefinite-choice"`, which other tools ignore), 判断 → a two-option choice
 * (`true` 正确 / `false` 错误), 填空 → a `textEntryInteraction` per blank (its
 * accepted answers mapped), 简答 → `extendedTextInteraction` (the reference
 * answer as the correct response); the score is `MAXSCORE`'s default; the
 * analysis (解析) is the item's `modalFeedback`, shown at the end of an
 * attempt (its `FEEDBACK` outcome holds the feedback's identifier by
 * default); the difficulty is the item resource's IEEE LOM metadata in the
 * manifest (IMS MD 1.2 `educational/difficulty`, LOM's vocabulary: 简单 easy,
 * 一般 medium, 困难 difficult). Rich
 * text is cut to QTI's XHTML subset (well-formed, no attributes but an
 * image's `src` and `alt`); pictures stored on this site travel in the package
 * under `images/`.
 */

const NS = 'http://www.imsglobal.org/xsd/imsqti_v2p1';
const SCHEMA = `${NS} http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd`;
const CP = 'http://www.imsglobal.org/xsd/imscp_v1p1';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const MD = 'http://www.imsglobal.org/xsd/imsmd_v1p2';

/** The bank's difficulty (1 简单, 2 一般, 3 困难) as LOM's `educational/difficulty` value, and back. */
export const LOM_DIFFICULTY = ['easy', 'medium', 'difficult'] as const;
/** The identifier of an item's analysis feedback (and the FEEDBACK outcome's default). */
export const ANALYSIS_FEEDBACK = 'ANALYSIS';

export interface PackagePicture {
  bytes: Uint8Array;
  contentType: string;
}

/** QTI's XHTML subset: text-level and block elements; `u`, `s`, links and unknown elements become spans or their text. */
const XHTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'sub',
    'sup',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'table',
    'tbody',
    'tr',
    'td',
    'th',
    'img',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
  ],
  allowedAttributes: { img: ['src', 'alt'] },
  transformTags: { u: 'span', s: 'span', a: 'span', h1: 'h2' },
  selfClosing: ['br', 'img', 'hr'],
  parser: { decodeEntities: true },
};

/** Rich text as well-formed QTI XHTML; pictures of this site renamed to their package file (`rename`). */
function xhtml(html: string, rename: (src: string) => string): string {
  const clean = sanitizeHtml(html, XHTML)
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/<img\b([^>]*?)\s*\/?>/g, (_m, attrs: string) => {
      const src = /\bsrc="([^"]*)"/.exec(attrs)?.[1] ?? '';
      const alt = /\balt="([^"]*)"/.exec(attrs)?.[1] ?? '';
      return `<img src="${escapeXml(rename(src.replaceAll('&amp;', '&')))}" alt="${alt}" />`;
    })
    .replace(/<(br|hr)>/g, '<$1 />');
  return clean;
}

interface Item {
  identifier: string;
  href: string;
  xml: string;
  files: string[];
  difficulty: QuestionExport['difficulty'];
}

/** A resource's LOM metadata: its difficulty. */
const lomOf = (difficulty: QuestionExport['difficulty']) => {
  const value = LOM_DIFFICULTY[difficulty - 1];
  const lang = (s: string) => `<imsmd:langstring xml:lang="x-none">${s}</imsmd:langstring>`;
  return value
    ? `<metadata><imsmd:lom><imsmd:educational><imsmd:difficulty><imsmd:source>${lang('LOMv1.0')}</imsmd:source><imsmd:value>${lang(value)}</imsmd:value></imsmd:difficulty></imsmd:educational></imsmd:lom></metadata>`
    : '';
};

/** One question as an item. */
function itemOf(
  q: QuestionExport,
  identifier: string,
  title: string,
  passage: string | null,
  rename: (src: string) => string,
  used: Set<string>,
): string {
  const files = (html: string) =>
    xhtml(html, (src) => {
      const name = rename(src);
      if (name !== src) used.add(name);
      return name;
    });
  const declarations: string[] = [];
  let body = passage ? `<div>${files(passage)}</div>` : '';
  let processing = '';
  const type = q.questionType;
  if (type === 1 || type === 2 || type === 7 || type === 3) {
    const choices =
      type === 3
        ? [
            { id: 'true', content: '正确', correct: q.trueFalseAnswer === true },
            { id: 'false', content: '错误', correct: q.trueFalseAnswer === false },
          ]
        : q.options.map((o, i) => ({ id: OPTION_LABELS[i] ?? `O${i}`, content: files(o.content), correct: o.isCorrect }));
    const single = type === 1 || type === 3;
    declarations.push(
      `<responseDeclaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" baseType="identifier"><correctResponse>${choices
        .filter((c) => c.correct)
        .map((c) => `<value>${c.id}</value>`)
        .join('')}</correctResponse></responseDeclaration>`,
    );
    // 不定项 has no interaction of its own: a choice of any number of answers, marked by a class (any bodyElement's) that our reader reads.
    const mark = type === 7 ? ` class="${INDEFINITE_CHOICE_CLASS}"` : '';
    body += `<div>${files(q.stem)}</div><choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${single ? 1 : 0}"${mark}>${choices
      .map((c) => `<simpleChoice identifier="${c.id}">${c.content}</simpleChoice>`)
      .join('')}</choiceInteraction>`;
    processing = '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/match_correct" />';
  } else if (type === 4) {
    const blanks = q.blanks ?? [];
    let i = 0;
    const stem = files(q.stem).replace(/_{2,}/g, () => {
      i++;
      return `<textEntryInteraction responseIdentifier="${blanks.length === 1 ? 'RESPONSE' : `RESPONSE_${i}`}" expectedLength="10" />`;
    });
    blanks.forEach((b, k) => {
      const id = blanks.length === 1 ? 'RESPONSE' : `RESPONSE_${k + 1}`;
      // A mapping's keys are distinct (the same answer twice maps once).
      const answers = [...new Set(b.answers.map((a) => a.trim()).filter(Boolean))];
      declarations.push(
        `<responseDeclaration identifier="${id}" cardinality="single" baseType="string"><correctResponse><value>${escapeXml(answers[0] ?? '')}</value></correctResponse><mapping defaultValue="0">${answers
          .map((a) => `<mapEntry mapKey="${escapeXml(a)}" mappedValue="1" />`)
          .join('')}</mapping></responseDeclaration>`,
      );
    });
    // textEntryInteraction is inline: the stem's text stays in a block.
    body += /^<(p|div|ul|ol|table|blockquote|pre|h\d)[ >]/.test(stem) ? `<div>${stem}</div>` : `<div><p>${stem}</p></div>`;
    if (blanks.length === 1) processing = '<responseProcessing template="http://www.imsglobal.org/question/qti_v2p1/rptemplates/map_response" />';
  } else {
    declarations.push(
      `<responseDeclaration identifier="RESPONSE" cardinality="single" baseType="string">${
        q.referenceAnswer ? `<correctResponse><value>${escapeXml(q.referenceAnswer)}</value></correctResponse>` : ''
      }</responseDeclaration>`,
    );
    body += `<div>${files(q.stem)}</div><extendedTextInteraction responseIdentifier="RESPONSE" />`;
  }
  const analysis = q.analysis?.trim() ? files(q.analysis) : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<assessmentItem xmlns="${NS}" xmlns:xsi="${XSI}" xsi:schemaLocation="${SCHEMA}" identifier="${identifier}" title="${escapeXml(title)}" adaptive="false" timeDependent="false">`,
    ...declarations,
    '<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float" />',
    `<outcomeDeclaration identifier="MAXSCORE" cardinality="single" baseType="float"><defaultValue><value>${q.score}</value></defaultValue></outcomeDeclaration>`,
    analysis &&
      `<outcomeDeclaration identifier="FEEDBACK" cardinality="single" baseType="identifier"><defaultValue><value>${ANALYSIS_FEEDBACK}</value></defaultValue></outcomeDeclaration>`,
    `<itemBody>${body}</itemBody>`,
    processing,
    analysis &&
      `<modalFeedback outcomeIdentifier="FEEDBACK" identifier="${ANALYSIS_FEEDBACK}" showHide="show" title="解析">${analysis}</modalFeedback>`,
    '</assessmentItem>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** A plain title from rich text (the first 60 characters). */
const titleOf = (html: string) => {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text || 'Question';
};

export interface QtiSection {
  title: string;
  questions: ReadonlyArray<QuestionExport & { id: number }>;
}

/**
 * The package's files: items (`items/q<id>.xml`, `…-<n>` for a material's
 * sub-questions), pictures (`images/…`), a test when `test` is given, and the
 * manifest. `pictures` by `src`, as stored on this site.
 */
export function qtiPackage(
  sections: readonly QtiSection[],
  pictures: ReadonlyMap<string, PackagePicture>,
  test?: { title: string },
): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const names = new Map<string, string>();
  const rename = (src: string) => {
    const p = pictures.get(src);
    if (!p) return src;
    let name = names.get(src);
    if (!name) {
      const ext = imageTypeOf(p.bytes)?.split('/')[1] ?? 'bin';
      name = `images/picture-${names.size + 1}.${ext === 'jpeg' ? 'jpg' : ext}`;
      names.set(src, name);
      files.set(name, p.bytes);
    }
    return `../${name}`;
  };
  const sectionItems: Item[][] = sections.map((s) =>
    s.questions.flatMap((q): Item[] => {
      const parts =
        q.questionType === 6
          ? q.subQuestions.map((sub, i) => ({ part: { ...sub, difficulty: q.difficulty, subQuestions: [] }, n: i + 1 }))
          : [{ part: q, n: 0 }];
      return parts.map(({ part, n }) => {
        const identifier = n ? `q${q.id}-${n}` : `q${q.id}`;
        const used = new Set<string>();
        const xml = itemOf(part, identifier, titleOf(n ? `${q.stem} (${n})` : q.stem), n ? q.stem : null, rename, used);
        const href = `items/${identifier}.xml`;
        files.set(href, utf8(xml));
        return { identifier, href, xml, files: [...used].map((u) => u.replace(/^\.\.\//, '')), difficulty: part.difficulty };
      });
    }),
  );
  const resources = sectionItems
    .flat()
    .map(
      (i) =>
        `<resource identifier="${i.identifier}" type="imsqti_item_xmlv2p1" href="${i.href}">${lomOf(i.difficulty)}<file href="${i.href}" />${i.files.map((f) => `<file href="${f}" />`).join('')}</resource>`,
    );
  if (test) {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<assessmentTest xmlns="${NS}" xmlns:xsi="${XSI}" xsi:schemaLocation="${SCHEMA}" identifier="test" title="${escapeXml(test.title)}">`,
      '<testPart identifier="part" navigationMode="nonlinear" submissionMode="simultaneous">',
      ...sectionItems.map(
        (items, i) =>
          `<assessmentSection identifier="section-${i + 1}" title="${escapeXml(sections[i]!.title)}" visible="true">${items
            .map((it) => `<assessmentItemRef identifier="${it.identifier}" href="../${it.href}" />`)
            .join('')}</assessmentSection>`,
      ),
      '</testPart>',
      '</assessmentTest>',
    ].join('\n');
    files.set('tests/test.xml', utf8(xml));
    resources.push(
      `<resource identifier="test" type="imsqti_test_xmlv2p1" href="tests/test.xml"><file href="tests/test.xml" />${sectionItems
        .flat()
        .map((i) => `<dependency identifierref="${i.identifier}" />`)
        .join('')}</resource>`,
    );
  }
  files.set(
    'imsmanifest.xml',
    utf8(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<manifest xmlns="${CP}" xmlns:imsmd="${MD}" xmlns:xsi="${XSI}" xsi:schemaLocation="${CP} http://www.imsglobal.org/xsd/imscp_v1p1.xsd ${MD} http://www.imsglobal.org/xsd/imsmd_v1p2p4.xsd" identifier="MANIFEST-edu">`,
        '<metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion></metadata>',
        '<organizations />',
        `<resources>${resources.join('')}</resources>`,
        '</manifest>',
      ].join('\n'),
    ),
  );
  return files;
}

/** Why our own importer would refuse a package (too many items or files, or too large), so the export refuses to write it. */
export type UnimportablePackage = { kind: 'items' | 'files'; count: number; limit: number } | { kind: 'bytes'; limit: number };

/**
 * Checks a package against what the question import accepts: at most
 * `QUESTION_IMPORT_MAX_ROWS` items, `QTI_ARCHIVE_LIMITS`' entries and sizes,
 * and (once zipped, `zipBytes`) the upload's largest file. Null when the
 * import reads it; the export then never hands out a package it refuses.
 */
export function unimportablePackage(files: ReadonlyMap<string, Uint8Array>, zipBytes?: number): UnimportablePackage | null {
  const items = [...files.keys()].filter((name) => name.startsWith('items/')).length;
  if (items > QUESTION_IMPORT_MAX_ROWS) return { kind: 'items', count: items, limit: QUESTION_IMPORT_MAX_ROWS };
  const { maxEntries, maxEntryBytes, maxTotalBytes } = QTI_ARCHIVE_LIMITS;
  if (files.size > maxEntries) return { kind: 'files', count: files.size, limit: maxEntries };
  let total = 0;
  for (const data of files.values()) {
    total += data.length;
    if (data.length > maxEntryBytes || total > maxTotalBytes) return { kind: 'bytes', limit: QUESTION_IMPORT_MAX_BYTES };
  }
  if (zipBytes !== undefined && zipBytes > QUESTION_IMPORT_MAX_BYTES) return { kind: 'bytes', limit: QUESTION_IMPORT_MAX_BYTES };
  return null;
}

/** A ZIP archive of the files (deflated, UTF-8 names), as any unzip reads it. */
export function zipFiles(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const deflated = deflateRawSync(data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(deflated.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, deflated);
    central.push(dir, nameBytes);
    offset += local.length + nameBytes.length + deflated.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.size, 8);
  end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, ...central, end]));
}
