import { UiLabelsProvider, type SelectOption, type UiLabels } from '@edu/ui';
import type { TFunction } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionSpec } from './types.ts';

/** The ui package's texts in the user's language (table, pager, dialogs, tree). */
export function useLocalizedUiLabels(): UiLabels {
  const { t, i18n } = useTranslation();
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}

/** Gives the ui components under it their translated texts. */
export function LocalizedUi({ children }: { children: ReactNode }) {
  return <UiLabelsProvider labels={useLocalizedUiLabels()}>{children}</UiLabelsProvider>;
}

/** Label of an option declared with a key or a literal. */
export function optionLabel(t: TFunction, o: OptionSpec): string {
  return 'label' in o ? o.label : t(o.labelKey);
}

export function translateOptions(t: TFunction, options: readonly OptionSpec[] | undefined): SelectOption[] {
  return (options ?? []).map((o) => ({ value: o.value, label: optionLabel(t, o) }));
}

/**
 * The keys a field's label is looked up under, in order: the resource's own
 * (`resources.<name>.fields.<field>`, or the spec's `labelKey`), then the
 * shared label of fields many entities have (`fields.<field>`: 创建时间,
 * 审核状态, 排序 ...), declared once in common.json.
 */
export function fieldLabelKeys(name: string, field: string, labelKey?: string): [string, string] {
  return [labelKey ?? `resources.${name}.fields.${field}`, `fields.${field}`];
}

function fieldLabel(t: TFunction, name: string, field: string, labelKey?: string): string {
  const keys = fieldLabelKeys(name, field, labelKey);
  return t(keys, { defaultValue: keys[0] });
}

/** Label helpers of one resource: its title, field labels and action labels, with fallbacks. */
export function resourceLabels(t: TFunction, name: string) {
  return {
    title: (titleKey?: string) => t(titleKey ?? `resources.${name}.title`),
    entity: () => t(`resources.${name}.entity`, { defaultValue: t(`resources.${name}.title`) }),
    field: (field: string, labelKey?: string) => fieldLabel(t, name, field, labelKey),
    filter: (filter: string, labelKey?: string) =>
      t(labelKey ?? `resources.${name}.filters.${filter}`, {
        defaultValue: fieldLabel(t, name, `${filter.charAt(0).toLowerCase()}${filter.slice(1)}`),
      }),
    action: (key: string, labelKey?: string) => t(labelKey ? [labelKey] : [`resources.${name}.actions.${key}`, `actions.${key}`]),
  };
}
