import type { TestPaperDto } from '@edu/sdk';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshKey, type DraftSection } from './paper-draft.ts';
import { emptyPaperForm } from './paper-fields.tsx';
import { draftKey, draftToOffer, dropDraft, keepDraft, type DraftOwner } from './workbench-draft.ts';

const owner: DraftOwner = { tenantId: 1, userId: 2, paperId: 7 };
const sections: DraftSection[] = [
  {
    key: 's1',
    id: 1,
    title: '一、单选题',
    description: '',
    score: 5,
    questions: [
      { key: 'q10', id: 10, questionId: 100, questionType: 1, title: '已保存的题', difficulty: 1, sisterGroupId: null, score: null, bankScore: 2 },
      { key: 'q-new-1', questionId: 101, questionType: 1, title: '新加的题', difficulty: 2, sisterGroupId: null, score: 4, bankScore: 2 },
    ],
  },
];
const form = { ...emptyPaperForm, title: '改过的标题' };
/** The paper as saved `ago` ms before now. */
const paperSaved = (ago: number) =>
  ({ creationTime: new Date(Date.now() - 86_400_000).toISOString(), lastModificationTime: new Date(Date.now() - ago).toISOString() }) as TestPaperDto;

describe('the workbench draft store', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps a draft per tenant, user and paper, and offers it back with fresh keys for what was not saved', () => {
    keepDraft(owner, form, sections);
    expect(sessionStorage.getItem(draftKey(owner))).not.toBeNull();
    const offered = draftToOffer(owner, paperSaved(60_000));
    expect(offered?.form.title).toBe('改过的标题');
    const [saved, added] = offered!.sections[0]!.questions;
    expect(saved!.key).toBe('q10');
    // Keys of this page's run: a question added after restoring gets another one.
    expect(freshKey('q')).not.toBe(added!.key);
    expect(added).toMatchObject({ questionId: 101, score: 4 });
    // Another user, another tenant or another paper sees nothing.
    expect(draftToOffer({ ...owner, userId: 3 }, null)).toBeNull();
    expect(draftToOffer({ ...owner, tenantId: null }, null)).toBeNull();
    expect(draftToOffer({ ...owner, paperId: 8 }, null)).toBeNull();
  });

  it('offers no draft older than the paper’s last save, nor an unreadable one', () => {
    keepDraft(owner, form, sections);
    expect(draftToOffer(owner, paperSaved(-60_000))).toBeNull();
    sessionStorage.setItem(draftKey(owner), '{"keptAt":');
    expect(draftToOffer(owner, null)).toBeNull();
    sessionStorage.setItem(draftKey(owner), JSON.stringify({ keptAt: new Date().toISOString() }));
    expect(draftToOffer(owner, null)).toBeNull();
  });

  it('a new paper’s draft is offered whenever kept; dropping it removes it', () => {
    const fresh = { ...owner, paperId: null };
    keepDraft(fresh, form, sections);
    expect(draftKey(fresh)).toBe('edu.paperDraft.1.2.new');
    expect(draftToOffer(fresh, null)).not.toBeNull();
    dropDraft(fresh);
    expect(draftToOffer(fresh, null)).toBeNull();
  });
});
