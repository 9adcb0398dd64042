import { useMemo } from 'react';
import type { UiLabels } from '@edu/ui';
import { useTexts } from './texts.ts';

/** The ui package's texts in the user's language (table, pager, dialogs, tree). */
export function useLocalizedUiLabels(): UiLabels {
  const { t, language } = useTexts();
  return useMemo(
    () => ({
      empty: t('table.empty'),
      loading: t('table.loading'),
      total: (count: number) => t('table.total', { count }),
      perPage: (count: number) => t('table.perPage', { count }),
      previousPage: t('table.previousPage'),
      nextPage: t('table.nextPage'),
      pagination: t('table.pagination'),
      notifications: t('table.notifications'),
      selectAll: t('table.selectAll'),
      selectRow: t('table.selectRow'),
      selected: (count: number) => t('table.selected', { count }),
      ok: t('form.ok'),
      cancel: t('form.cancel'),
      close: t('form.close'),
      confirm: t('form.confirm'),
      selectPlaceholder: t('form.selectPlaceholder'),
      none: t('form.none'),
      checkAll: t('form.checkAll'),
      search: t('content.ui.search'),
      clear: t('content.ui.clear'),
    }),
    // `t` reads the current language's texts: a change of language is a change of labels.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, language],
  );
}
