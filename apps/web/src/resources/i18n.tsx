import { UiLabelsProvider, type SelectOption } from '@edu/ui';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useLocalizedUiLabels } from '../lib/ui-labels.ts';
import type { OptionSpec } from './types.ts';

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
