import type { TestPaperDto } from '@edu/sdk';
import { freshKey, type DraftSection } from './paper-draft.ts';
import type { PaperFormValues } from './paper-fields.tsx';

/**
 * The workbench's unsaved state kept in the browser tab's sessionStorage when
 * the page is left without saving by the lock screen (which reloads the page
 * after unlocking) or by any unload, so it can be restored on opening the
 * workbench again. Keyed by tenant, user and paper (`new` for a paper not
 * saved yet); a draft older than the paper as saved (someone saved since) is
 * not offered. Saving or discarding removes it.
 */
export interface WorkbenchDraft {
  /** When it was kept (ISO). */
  keptAt: string;
  form: PaperFormValues;
  sections: DraftSection[];
}

/** Who and what a draft belongs to. */
export interface DraftOwner {
  tenantId: number | null;
  userId: number | null;
  paperId: number | null;
}

const PREFIX = 'edu.paperDraft';

export function draftKey({ tenantId, userId, paperId }: DraftOwner): string {
  return `${PREFIX}.${tenantId ?? 'host'}.${userId ?? 'anonymous'}.${paperId ?? 'new'}`;
}

const isDraft = (v: unknown): v is WorkbenchDraft =>
  typeof v === 'object' &&
  v !== null &&
  'keptAt' in v &&
  typeof v.keptAt === 'string' &&
  'form' in v &&
  typeof v.form === 'object' &&
  v.form !== null &&
  'sections' in v &&
  Array.isArray(v.sections);

/** New keys for what was added before the reload: the page's fresh keys start again from one. */
const rekeyed = (sections: readonly DraftSection[]): DraftSection[] =>
  sections.map((s) => ({
    ...s,
    key: s.id === undefined ? freshKey('s') : s.key,
    questions: s.questions.map((q) => ({ ...q, key: q.id === undefined ? freshKey('q') : q.key })),
  }));

export function keepDraft(owner: DraftOwner, form: PaperFormValues, sections: readonly DraftSection[], storage: Storage = sessionStorage): void {
  const draft: WorkbenchDraft = { keptAt: new Date().toISOString(), form, sections: [...sections] };
  try {
    storage.setItem(draftKey(owner), JSON.stringify(draft));
  } catch {
    // A full or unavailable storage keeps nothing: the leave guard still asked where it could.
  }
}

export function dropDraft(owner: DraftOwner, storage: Storage = sessionStorage): void {
  storage.removeItem(draftKey(owner));
}

/** The draft to offer for a paper (null: a paper not saved yet): none when it is unreadable or older than the paper's last save. */
export function draftToOffer(owner: DraftOwner, paper: TestPaperDto | null, storage: Storage = sessionStorage): WorkbenchDraft | null {
  const text = storage.getItem(draftKey(owner));
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isDraft(parsed)) return null;
  const savedAt = paper ? Date.parse(paper.lastModificationTime ?? paper.creationTime) : Number.NEGATIVE_INFINITY;
  if (!(Date.parse(parsed.keptAt) > savedAt)) return null;
  return { ...parsed, sections: rekeyed(parsed.sections) };
}
