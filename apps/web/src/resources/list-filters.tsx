import { Button, HStack, Input, InputGroup, NativeSelect } from '@chakra-ui/react';
import { Cascader, SearchIcon } from '@edu/ui';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceLabels, translateOptions } from './i18n.tsx';
import type { ListController } from './list-controller.ts';
import { parseFilterValue, type FilterValues } from './query.ts';
import type { FilterSpec } from './types.ts';

interface FilterProps<F> {
  spec: F;
  value: FilterValues[string];
  onChange: (v: FilterValues[string]) => void;
  label: string;
  t: TFunction;
}

const useNoOptions = () => undefined;

function SelectFilter({ spec, value, onChange, label, t }: FilterProps<Extract<FilterSpec<string>, { type: 'select' | 'boolean' }>>) {
  // Stable per filter: the spec does not change while the list is shown.
  const useOptions = spec.type === 'select' && spec.useOptions ? spec.useOptions : useNoOptions;
  const remote = useOptions();
  const options =
    spec.type === 'boolean'
      ? [
          { value: 'true', label: t(spec.trueKey ?? 'table.status.active') },
          { value: 'false', label: t(spec.falseKey ?? 'table.status.inactive') },
        ]
      : (remote ?? translateOptions(t, spec.options));
  const kind = spec.type === 'boolean' ? 'boolean' : typeof options[0]?.value === 'number' ? 'number' : 'string';
  return (
    <NativeSelect.Root size="sm" width="auto" minW="36">
      <NativeSelect.Field
        aria-label={label}
        data-testid={`filter-${spec.name}`}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => onChange(parseFilterValue(e.currentTarget.value, kind))}
      >
        <option value="">{t('filters.allOf', { label })}</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {t('filters.valueOf', { label, value: o.label })}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function CascaderFilter({ spec, value, onChange, label, t }: FilterProps<Extract<FilterSpec<string>, { type: 'cascader' }>>) {
  const options = spec.useTreeOptions();
  return (
    <Cascader
      options={options}
      value={value === undefined || value === null || value === '' || typeof value === 'boolean' ? null : value}
      onChange={(v) => onChange(v ?? undefined)}
      changeOnSelect={spec.changeOnSelect ?? true}
      placeholder={t('filters.allOf', { label })}
      aria-label={label}
      size="sm"
      width={{ base: 'full', sm: '64' }}
      portalled
      data-testid={`filter-${spec.name}`}
    />
  );
}

/**
 * A calendar-day filter with its label shown before the box (`提问日期从`):
 * an empty date box reads only 年/月/日, so two of them side by side said
 * nothing of which is the start. The label is the box's accessible name too.
 */
function DateFilter({ name, value, onChange, label }: Omit<FilterProps<never>, 'spec' | 't'> & { name: string }) {
  return (
    <InputGroup
      width={{ base: 'full', sm: 'auto' }}
      startAddon={<span data-testid={`filter-${name}-label`}>{label}</span>}
      startAddonProps={{ 'aria-hidden': true, size: 'sm' }}
    >
      <Input
        type="date"
        size="sm"
        width={{ base: 'full', sm: '40' }}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        aria-label={label}
        data-testid={`filter-${name}`}
      />
    </InputGroup>
  );
}

/** The filter bar of a list: keyword box, selects and tree pickers, search and reset. */
export function ListFilters({ list, extra }: { list: ListController; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { resource } = list;
  const labels = resourceLabels(t, resource.name);
  const filters: readonly FilterSpec<string>[] = resource.filters ?? [];
  const keywordHint = (f: FilterSpec<string>) =>
    t((f.type === 'keyword' && f.placeholderKey) || `resources.${resource.name}.filters.${f.name}`, { defaultValue: t('filters.keyword') });
  return (
    <HStack gap="2" wrap="wrap">
      {extra}
      {filters.map((f) =>
        f.type === 'keyword' ? (
          <InputGroup key={f.name} startElement={<SearchIcon color="fg.muted" />} width={{ base: 'full', sm: '64' }}>
            <Input
              size="sm"
              value={list.keyword}
              placeholder={keywordHint(f)}
              // A placeholder disappears on typing; the label stays.
              aria-label={keywordHint(f)}
              onChange={(e) => list.setKeyword(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && list.search()}
              data-testid="filter-keyword"
            />
          </InputGroup>
        ) : f.type === 'date' ? (
          <DateFilter
            key={f.name}
            name={f.name}
            value={list.state.filters[f.name]}
            onChange={(v) => list.setFilter(f.name, v)}
            label={labels.filter(f.name, f.labelKey)}
          />
        ) : f.type === 'cascader' ? (
          <CascaderFilter
            key={f.name}
            spec={f}
            value={list.state.filters[f.name]}
            onChange={(v) => list.setFilter(f.name, v)}
            label={labels.filter(f.name, f.labelKey)}
            t={t}
          />
        ) : (
          <SelectFilter
            key={f.name}
            spec={f}
            value={list.state.filters[f.name]}
            onChange={(v) => list.setFilter(f.name, v)}
            label={labels.filter(f.name, f.labelKey)}
            t={t}
          />
        ),
      )}
      {filters.length > 0 && (
        <>
          <Button size="sm" colorPalette="brand" variant="subtle" onClick={list.search} data-testid="filter-search">
            <SearchIcon />
            {t('filters.search')}
          </Button>
          <Button size="sm" variant="ghost" onClick={list.resetFilters} data-testid="filter-reset">
            {t('filters.reset')}
          </Button>
        </>
      )}
    </HStack>
  );
}
