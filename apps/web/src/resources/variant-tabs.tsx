import { Button, ButtonGroup } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanner } from '../lib/permissions.ts';
import { resourceLabels } from './i18n.tsx';
import type { AnyResource } from './types.ts';

/**
 * The declared variants of a resource the user may list (its list call's
 * access rule and the variant's own permission), after the base list:
 * `['mine']` gives 全部 | 我的及下级.
 */
export function useVariantTabs(resource: AnyResource, keys: readonly string[] | undefined) {
  const can = useCanner();
  return useMemo(
    () =>
      (keys ?? [])
        .map((key) => ({ key, resource: resource.variant(key) }))
        .filter((v) => can((v.resource.list ?? v.resource.service.getAll).endpoint.access) && can(resource.variants?.[v.key]?.permission)),
    [resource, keys, can],
  );
}

/** Tabs beside a list's title switching between the base list (`''`) and variants. */
export function VariantTabs({
  resource,
  keys,
  active,
  onChange,
}: {
  resource: AnyResource;
  keys: readonly string[];
  active: string;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  const labels = resourceLabels(t, resource.name);
  return (
    <ButtonGroup size="xs" attached variant="outline" role="tablist" aria-label={labels.title(resource.titleKey)}>
      {['', ...keys].map((key) => (
        <Button
          key={key || 'all'}
          role="tab"
          aria-selected={active === key}
          variant={active === key ? 'solid' : 'outline'}
          colorPalette={active === key ? 'brand' : 'gray'}
          onClick={() => onChange(key)}
          data-testid={`variant-tab-${key || 'all'}`}
        >
          {key ? t(`resources.${resource.name}.variants.${key}`) : t(`resources.${resource.name}.variants.all`, { defaultValue: t('filters.all') })}
        </Button>
      ))}
    </ButtonGroup>
  );
}
