import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readArchive } from '../kit/import/archive.ts';
import type { ImportItem } from '../kit/import/running.ts';
import { looksLikeAiken, parseAiken } from './aiken.ts';
import { looksLikeGift, parseGift } from './gift.ts';
import { docxLines } from './docx-lines.ts';
import { withDocumentMedia } from './pictures.ts';
import { parseQti } from './qti.ts';
import { parseQuestionDocument } from './question-document.ts';
import type { DocumentQuestion } from './question-document.ts';

/**
 * The migration formats on the files their origin projects test with
 * (../shared/fixtures/import/migration: Moodle's GIFT and Aiken fixtures,
 * oat-sa/qti-sdk's QTI 2.1 items, TAO's content packages), read as those
 * projects' tests read them.
 */

const shared = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/import/migration');
const present = existsSync(shared);
if (!present) console.warn(`skipping the migration fixtures: ${shared} is absent (CI has shared/ beside the clone)`);
const file = (name: string) => new Uint8Array(readFileSync(path.join(shared, name)));
const text = (name: string) => readFileSync(path.join(shared, name), 'utf8');
const base = { categoryId: 1, chapterTypeId: null, isUniversity: false };
const drafts = (items: Array<ImportItem<DocumentQuestion>>) => items.map((i) => i.input?.draft ?? null);
const reasons = (items: Array<ImportItem<DocumentQuestion>>) => items.map((i) => i.errors.map((e) => e.message).join(' '));

describe.skipIf(!present)('Moodle GIFT', () => {
  it('reads questions.gift.txt: essay, choices with weights, short answer, true/false; matching and numerical reported per question', () => {
    const source = text('gift/questions.gift.txt');
    expect(looksLikeGift(source)).toBe(true);
    const items = parseGift(source, base, 'zh-Hans');
    expect(items.map((i) => i.row)).toEqual([2, 5, 14, 22, 31, 34, 41, 46, 49]);
    const d = drafts(items);
    expect(d[0]).toMatchObject({ questionType: 5, stem: '<p>How are you?</p>' });
    expect(reasons(items)[1]).toContain('matching');
    expect(d[2]).toMatchObject({
      questionType: 1,
      stem: "<p>What's between orange and green in the spectrum?</p>",
      options: [
        { content: 'yellow', isCorrect: true },
        { content: 'red', isCorrect: false },
        { content: 'blue', isCorrect: false },
      ],
    });
    expect(d[3]).toMatchObject({ questionType: 2, options: [{ isCorrect: true }, { isCorrect: false }, { isCorrect: true }, { isCorrect: false }] });
    expect(reasons(items)[4]).toContain('numerical');
    expect(d[5]).toMatchObject({ questionType: 4, stem: '<p>Which is the best animal? ____</p>', blanks: [{ answers: ['Frog', 'Cat'] }] });
    expect(d[6]).toMatchObject({
      questionType: 3,
      trueFalseAnswer: false,
      analysis: "<p>This is, of course, a Hitchiker's Guide to the Galaxy reference.</p>",
    });
    expect(d[7]).toMatchObject({ questionType: 3, trueFalseAnswer: true, stem: '<p>TSL is blablabla.</p>' });
    expect(d[8]).toMatchObject({ questionType: 3, trueFalseAnswer: true });
    // The per-question report names the question and its line; the preview shows the file's lines.
    expect(items[1]!.errors[0]).toMatchObject({ row: 5, question: 2 });
    expect(items[2]!.preview?.lines[0]).toEqual({ line: 14, text: "::Q2:: What's between orange and green in the spectrum?" });
  });

  it('reads questions_in_category.gift.txt: the category line skipped, [html] text kept as HTML, escapes undone', () => {
    const items = parseGift(text('gift/questions_in_category.gift.txt'), base, 'en');
    expect(items).toHaveLength(4);
    const d = drafts(items);
    expect(reasons(items)[0]).toContain('matching');
    expect(d[1]).toMatchObject({
      questionType: 1,
      stem: '<a href="http://demo.moodle.net/file.php/5/media/bonjour.mp3">Listen to this greeting:</a><br /><br />What language is being spoken?',
      options: [{ content: 'English' }, { content: 'French', isCorrect: true }, { content: 'German' }, { content: 'Spanish' }],
    });
    expect(d[2]).toMatchObject({ questionType: 4, blanks: [{ answers: ['Moodler'] }] });
    expect(d[3]).toMatchObject({
      questionType: 3,
      trueFalseAnswer: true,
      stem: expect.stringContaining('Modular Object-Oriented Dynamic Learning Environment'),
    });
  });
});

describe.skipIf(!present)('Moodle Aiken', () => {
  it('reads questions.aiken.txt as two single-choice questions, HTML characters kept as text', () => {
    const source = text('aiken/questions.aiken.txt');
    expect(looksLikeAiken(source)).toBe(true);
    const items = parseAiken(source, base, 'zh-Hans');
    expect(drafts(items)).toMatchObject([
      { questionType: 1, stem: '<p>The Moodle project was started by:</p>', options: [{}, { content: 'Martin Dougiamas', isCorrect: true }, {}, {}] },
      {
        questionType: 1,
        stem: '<p>Moodle&#39;s abilities include handling user input that includes &lt;html class=&quot;cool&quot;&gt; &amp; images:</p>'.replace(
          '&#39;',
          "'",
        ),
      },
    ]);
  });

  it('reads aiken_errors.txt: the three good questions, each broken one reported with its line', () => {
    const items = parseAiken(text('aiken/aiken_errors.txt'), base, 'en');
    expect(items.map((i) => [i.row, i.input === null])).toEqual([
      [1, true],
      [5, true],
      [9, false],
      [14, true],
      [18, false],
      [23, false],
    ]);
    expect(reasons(items)[0]).toContain('at least two options');
    expect(reasons(items)[1]).toContain('no question text');
    expect(reasons(items)[3]).toContain('ANSWER: line is missing');
    expect(drafts(items)[4]).toMatchObject({
      options: [
        { content: 'Incorrect (No space)', isCorrect: false },
        { content: 'Correct (No space)', isCorrect: true },
      ],
    });
    expect(drafts(items)[5]).toMatchObject({ options: [{ content: 'Correct (&lt; &gt; &amp;)', isCorrect: true }, {}] });
  });
});

describe.skipIf(!present)('IMS QTI 2.1', () => {
  const item = (name: string) => {
    const read = parseQti(name, file(`qti/${name}`), base, 'zh-Hans');
    if ('fileProblem' in read) throw new Error(read.fileProblem);
    expect(read.items).toHaveLength(1);
    return read.items[0]!;
  };

  it('choice.xml: maxChoices 1 is single choice, the prompt in the stem, a picture outside a package becomes its alt text', () => {
    expect(item('choice.xml').input?.draft).toMatchObject({
      questionType: 1,
      stem: '<p>Look at the text in the picture.</p><p>[图片：NEVER LEAVE LUGGAGE UNATTENDED]</p><p>What does it say?</p>',
      options: [{ isCorrect: true }, { isCorrect: false }, { isCorrect: false }],
    });
  });

  it('choice_multiple.xml: maxChoices 0 is multiple choice, keys from the correct response', () => {
    const d = item('choice_multiple.xml').input?.draft;
    expect(d).toMatchObject({ questionType: 2, score: 2 });
    expect(d?.options?.filter((o) => o.isCorrect).map((o) => o.content)).toEqual(['Hydrogen', 'Oxygen']);
  });

  it('text_entry.xml: a blank where the interaction stands, the mapping’s positive keys as alternatives', () => {
    const d = item('text_entry.xml').input?.draft;
    expect(d).toMatchObject({ questionType: 4, blanks: [{ answers: ['York', 'york'] }] });
    expect(d?.stem).toContain('Made glorious summer by this sun of ____;');
  });

  it('extended_text.xml: short answer, its prompt in the stem, no reference answer (the bank then asks for one)', () => {
    const d = item('extended_text.xml').input?.draft;
    expect(d).toMatchObject({ questionType: 5, referenceAnswer: null });
    expect(d?.stem).toContain('<p>Write Sam a postcard. Answer the questions. Write 25-35 words.</p>');
  });

  it('modalFeedback.xml: a two-option True/False choice is true/false, MAXSCORE the score', () => {
    expect(item('modalFeedback.xml').input?.draft).toMatchObject({ questionType: 3, trueFalseAnswer: true, score: 10, options: [] });
    // Its feedback is set by response processing (correct / incorrect): not an analysis shown whatever the answer.
    expect(item('modalFeedback.xml').input?.draft.analysis).toBeNull();
  });

  it('package.zip (TAO): the item of the manifest with its picture, stored under the token the stem refers to', async () => {
    const read = parseQti('package.zip', await readArchive(file('qti/package.zip')), base, 'zh-Hans');
    if ('fileProblem' in read) throw new Error(read.fileProblem);
    const q = read.items[0]!.input!;
    expect(q.draft).toMatchObject({ questionType: 1, options: [{ isCorrect: true }, {}, {}] });
    expect(q.pictures).toHaveLength(1);
    expect(q.pictures![0]).toMatchObject({ contentType: 'image/png', fileName: 'sign.png' });
    expect(q.draft.stem).toContain(`<img src="/File/GetFile?token=${q.pictures![0]!.token}" alt="NEVER LEAVE LUGGAGE UNATTENDED" />`);
  });

  it.each([
    ['MalformedManifest.zip', /imsmanifest\.xml.*第 \d+ 行/],
    ['MalformedItemInTheMiddleXml.zip', /qti2\.xml.*第 \d+ 行/],
    ['WrongManifestFileItemHref.zip', /wrong\/path\/to\/qti\.xml/],
  ])('%s is refused as a whole, naming the file and line', async (name, message) => {
    const read = parseQti(name, await readArchive(file(`qti/${name}`)), base, 'zh-Hans');
    expect('fileProblem' in read && read.fileProblem).toMatch(message);
  });

  it('refuses a document type declaration and a file that is no item', () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    const doctype = parseQti('x.xml', bytes('<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY b "c">]>\n<assessmentItem/>'), base, 'en');
    expect('fileProblem' in doctype && doctype.fileProblem).toContain('DOCTYPE');
    const other = parseQti('x.xml', bytes('<html><body/></html>'), base, 'en');
    expect('fileProblem' in other && other.fileProblem).toContain('<html>');
  });
});

describe.skipIf(!present)('EduSoho Word files with pictures (docx-media)', () => {
  it.each([
    ['single_choice.docx', 1],
    ['uncertain_choice.docx', 1],
    ['questions.docx', 7],
  ])('%s: every picture of a stem is kept as an <img> of the picture stored with the question', async (name, count) => {
    const entries = await readArchive(file(`docx-media/${name}`));
    const { lines, pictures } = await docxLines(file(`docx-media/${name}`), entries);
    expect(pictures.length).toBeGreaterThan(0);
    const parsed = parseQuestionDocument(lines, base, 'zh-Hans');
    withDocumentMedia(parsed.items, pictures);
    expect(parsed.items).toHaveLength(count);
    const withPictures = parsed.items.filter((i) => (i.input?.pictures?.length ?? 0) > 0);
    expect(withPictures.length).toBeGreaterThan(0);
    for (const i of withPictures) {
      for (const p of i.input!.pictures!) {
        expect(p.contentType).toMatch(/^image\//);
        expect(JSON.stringify(i.input!.draft)).toContain(`/File/GetFile?token=${p.token}`);
      }
    }
  });
});
