import { useState } from 'react';

/**
 * The console lists' one filter rule, for every filter bar (a resource's
 * `ListFilters`, the money lists' bar): a select, date, member or tree picker
 * applies when it changes; a typed box (the keyword, an amount) applies with
 * 查询 or Enter; a box emptied applies at once; and any other change applies
 * the typed boxes as they read, so a list is never filtered by a text its box
 * no longer shows.
 */
export type FilterEdit =
  /** Text typed into a box; `applied` is what the list applies for that box now. */
  | { kind: 'typed'; text: string; applied: string }
  /** A select, date, member or tree picker changed. */
  | { kind: 'chose' }
  /** 查询 or Enter. */
  | { kind: 'submitted' };

/** Whether an edit applies the bar (its typed boxes as they read, with the change) now. */
export function appliesNow(edit: FilterEdit): boolean {
  return edit.kind !== 'typed' || (edit.text.trim() === '' && edit.applied.trim() !== '');
}

/**
 * A filter bar's draft (what its boxes show) that follows what the list
 * applies when that changes from elsewhere (a link, 重置, the browser's
 * back), but not when the change is one this bar applied (`markApplied`):
 * the user may have typed on since, and the box keeps focus and text.
 * Drafts are compared by their JSON.
 */
export function useFollowingDraft<D>(applied: D): {
  draft: D;
  setDraft: (next: D | ((d: D) => D)) => void;
  markApplied: (d: D) => void;
} {
  const appliedKey = JSON.stringify(applied);
  const [draft, setDraft] = useState(applied);
  const [draftFor, setDraftFor] = useState(appliedKey);
  // What this bar applied last, as the list will hold it.
  const [own, setOwn] = useState<string | null>(null);
  // Adjusted while rendering (React's "adjust state when a value changes"), not in an effect.
  if (draftFor !== appliedKey) {
    setDraftFor(appliedKey);
    setOwn(null);
    if (appliedKey !== own) setDraft(applied);
  }
  return { draft, setDraft, markApplied: (d: D) => setOwn(JSON.stringify(d)) };
}
