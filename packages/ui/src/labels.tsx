import { createContext, useContext, type ReactNode } from 'react';

/**
 * Every text the ui components show by themselves. ui never imports the app's
 * i18n: the app passes translated labels once through `UiLabelsProvider` (or
 * per component through a `labels` prop). The English defaults only serve tests
 * and stand-alone use.
 */
export interface UiLabels {
  /** Table states and pager. */
  empty: string;
  loading: string;
  total: (count: number) => string;
  perPage: (size: number) => string;
  previousPage: string;
  nextPage: string;
  /** The pager's landmark (screen readers announce it). */
  pagination: string;
  /** The toast region's landmark (replaces Chakra's English default). */
  notifications: string;
  selectAll: string;
  selectRow: string;
  selected: (count: number) => string;
  /** Dialogs and forms. */
  ok: string;
  cancel: string;
  close: string;
  confirm: string;
  selectPlaceholder: string;
  none: string;
  /** Permission tree. */
  checkAll: string;
  /** Cascader: its search box and clear button (optional: older label sets lack them). */
  search?: string;
  clear?: string;
}

export const defaultUiLabels: UiLabels = {
  empty: 'No data',
  loading: 'Loading…',
  total: (n) => `${n} in total`,
  perPage: (n) => `${n} / page`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pagination: 'Pagination',
  notifications: 'Notifications',
  selectAll: 'Select all',
  selectRow: 'Select row',
  selected: (n) => `${n} selected`,
  ok: 'OK',
  cancel: 'Cancel',
  close: 'Close',
  confirm: 'Confirm',
  selectPlaceholder: 'Please select',
  none: 'None',
  checkAll: 'Select all',
  search: 'Search',
  clear: 'Clear',
};

const UiLabelsContext = createContext<UiLabels>(defaultUiLabels);

export function UiLabelsProvider({ labels, children }: { labels: Partial<UiLabels>; children: ReactNode }) {
  const parent = useContext(UiLabelsContext);
  return <UiLabelsContext.Provider value={{ ...parent, ...labels }}>{children}</UiLabelsContext.Provider>;
}

/** The labels in effect, with per-component overrides applied. */
export function useUiLabels(overrides?: Partial<UiLabels>): UiLabels {
  const labels = useContext(UiLabelsContext);
  return overrides ? { ...labels, ...overrides } : labels;
}
