import type { TestQuestionDto } from '@edu/sdk';
import { appliesNow } from '../../resources/filter-rule.ts';

/** The bank pane's filters as applied to the search. */
export interface BankFilters {
  keyword: string;
  categoryId: number | null;
  chapterTypeId: number | null;
  questionType: number | null;
  difficulty: number | null;
}

export type BankChoice = Exclude<keyof BankFilters, 'keyword'>;

export interface BankFilterState {
  /** What the keyword box shows. */
  draft: string;
  applied: BankFilters;
  page: number;
}

export type BankFilterAction =
  | { type: 'typed'; text: string }
  | { type: 'submitted' }
  | { type: 'chose'; name: BankChoice; value: number | null }
  | { type: 'page'; page: number };

export const initialBankFilters: BankFilterState = {
  draft: '',
  applied: { keyword: '', categoryId: null, chapterTypeId: null, questionType: null, difficulty: null },
  page: 0,
};

const withKeyword = (state: BankFilterState, applied: BankFilters): BankFilterState => ({
  draft: state.draft,
  applied: { ...applied, keyword: state.draft.trim() },
  page: 0,
});

/**
 * The console lists' rule (`resources/filter-rule.ts`): a select or tree picker applies
 * when it changes, the keyword with Enter or the search button. Two additions
 * keep the search from ever running on a keyword the box no longer shows: a
 * box cleared applies at once, and any filter change applies the box as it
 * reads. Every change that alters what is listed goes back to page 1.
 */
export function bankFilterReducer(state: BankFilterState, action: BankFilterAction): BankFilterState {
  switch (action.type) {
    case 'typed': {
      const next = { ...state, draft: action.text };
      return appliesNow({ kind: 'typed', text: action.text, applied: state.applied.keyword }) ? withKeyword(next, state.applied) : next;
    }
    case 'submitted':
      return withKeyword(state, state.applied);
    case 'chose':
      return withKeyword(state, { ...state.applied, [action.name]: action.value });
    case 'page':
      return { ...state, page: action.page };
  }
}

/** `GetAllQuestion`'s input: approved, shown questions of the paper's bank, one per sister family, and the filters set. */
export function bankQuery({ applied, page }: BankFilterState, isUniversity: boolean, pageSize: number) {
  return {
    IsUniversity: isUniversity,
    AuditStatus: 1 as const,
    IsShow: true,
    OnePerFamily: true,
    ...(applied.keyword && { Keyword: applied.keyword }),
    ...(applied.categoryId !== null && { CategoryId: applied.categoryId }),
    ...(applied.chapterTypeId !== null && { ChapterTypeId: applied.chapterTypeId }),
    // The values come from the type and difficulty options.
    ...(applied.questionType !== null && { QuestionType: applied.questionType as TestQuestionDto['questionType'] }),
    ...(applied.difficulty !== null && { Difficulty: applied.difficulty as TestQuestionDto['difficulty'] }),
    MaxResultCount: pageSize,
    SkipCount: page * pageSize,
  };
}
