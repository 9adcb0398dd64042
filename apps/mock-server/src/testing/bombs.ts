import { strToU8, zipSync } from 'fflate';

/**
 * Hostile Office files for the tests, the fuzz suite and the benchmark
 * (bench/bombs.ts): small uploads that expand to huge parts (highly
 * compressible XML, zipped at level 9), archives of many entries, and XML
 * that declares entities (the "billion laughs").
 */

const CONTENT_TYPES_DOCX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS_DOCX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * Text of about `bytes` bytes made of the `units` repeated in turn, stopping after the unit that reaches `bytes` (the
 * cycle keeps it from compressing to nothing). Whole cycles are one `repeat` (a part of 96 MiB in milliseconds).
 */
function repeated(bytes: number, units: readonly string[]): string {
  const cycle = units.join('');
  const cycles = Math.floor(bytes / cycle.length);
  let text = cycle.repeat(cycles);
  for (let i = 0; text.length < bytes; i++) text += units[i % units.length];
  return text;
}

/** Zipped at level 9, as a Blob part (a copy over a plain ArrayBuffer). */
const zip = (files: Record<string, string | Uint8Array>): Uint8Array<ArrayBuffer> =>
  new Uint8Array(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v])), { level: 9 }));

/** A .docx whose document.xml is `bytes` of question paragraphs (`1、题目` …). */
export function docxBomb(bytes: number): Uint8Array<ArrayBuffer> {
  const body = repeated(
    bytes,
    [0, 1, 2].map((n) => `<w:p><w:r><w:t>${n}、题目</w:t></w:r></w:p>`),
  );
  return zip({
    '[Content_Types].xml': CONTENT_TYPES_DOCX,
    '_rels/.rels': RELS_DOCX,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
  });
}

/** A .docx whose document.xml declares nested entities (each level ten of the one below: 10^depth copies of "lol"). */
export function docxEntityBomb(depth = 9): Uint8Array<ArrayBuffer> {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= depth; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE w:document [${entities.join('')}]>` +
    `<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>1、&lol${depth};</w:t></w:r></w:p></w:body></w:document>`;
  return zip({ '[Content_Types].xml': CONTENT_TYPES_DOCX, '_rels/.rels': RELS_DOCX, 'word/document.xml': xml });
}

/** A .docx (valid parts) plus `count` tiny extra entries. */
export function manyEntriesDocx(count: number): Uint8Array<ArrayBuffer> {
  const files: Record<string, string> = {
    '[Content_Types].xml': CONTENT_TYPES_DOCX,
    '_rels/.rels': RELS_DOCX,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>1、题目</w:t></w:r></w:p></w:body></w:document>`,
  };
  for (let i = 0; i < count; i++) files[`word/media/x${i}.xml`] = '<a/>';
  return zip(files);
}

/**
 * A .xlsx of one sheet (the question import's headers and one row) whose
 * sharedStrings.xml holds `bytes` of strings no cell uses.
 */
export function xlsxBomb(bytes: number): Uint8Array<ArrayBuffer> {
  const headers = ['题型', '题干', '选项A', '选项B', '答案'];
  const row = ['单选题', '1+1=?', '1', '2', 'B'];
  const used = [...headers, ...row];
  const padding = repeated(
    bytes,
    [0, 1, 2].map((n) => `<si><t>填充${n}</t></si>`),
  );
  const shared =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
    `${used.map((s) => `<si><t>${s}</t></si>`).join('')}${padding}</sst>`;
  const cells = (values: string[], r: number, from: number) =>
    values.map((_, c) => `<c r="${String.fromCharCode(65 + c)}${r}" t="s"><v>${from + c}</v></c>`).join('');
  const sheet =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
    `<row r="1">${cells(headers, 1, 0)}</row><row r="2">${cells(row, 2, headers.length)}</row></sheetData></worksheet>`;
  const ns = 'http://schemas.openxmlformats.org';
  return zip({
    '[Content_Types].xml':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>` +
      `<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="题目" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': sheet,
    'xl/sharedStrings.xml': shared,
  });
}

/** A CSV whose header row has `count` columns (`c1,c2,…`) and one data row. */
export function wideCsv(count: number): Uint8Array<ArrayBuffer> {
  const header = Array.from({ length: count }, (_, i) => `c${i}`).join(',');
  return new Uint8Array(strToU8(`题型,题干,答案,${header}\n单选题,x,A\n`));
}
