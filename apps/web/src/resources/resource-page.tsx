import { Box, Flex, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedUi, resourceLabels } from './i18n.tsx';
import { useListController } from './list-controller.ts';
import { ListDialogs } from './list-dialogs.tsx';
import { ListFilters } from './list-filters.tsx';
import { ListOutOfUrl, useListParams } from './list-state.tsx';
import { ListTable } from './list-table.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import type { AnyResource } from './types.ts';
import { useVariantTabs, VariantTabs } from './variant-tabs.tsx';

export interface ResourcePageProps {
  resource: AnyResource;
  /** Show the resource title above the list (default true; off inside tabs). */
  showTitle?: boolean;
  /** Extra content at the left of the toolbar. */
  toolbarExtra?: ReactNode;
  /** Content between the title and the toolbar (breadcrumbs of a tree level, a hint). */
  subheader?: ReactNode;
  /**
   * Declared variants offered as tabs beside the title, after the base list
   * (labelled `resources.<name>.variants.all`): `['mine']` gives 全部 | 我的及下级.
   * A tab whose list call the user may not make is left out.
   */
  variantTabs?: readonly string[];
}

/**
 * The screen of a resource: filters, toolbar (create, batch and custom actions,
 * refresh), the server-paged table (page 1, 10 per page, sorting) with row
 * actions, and the dialogs (create/edit form, delete confirmation, custom).
 * The state lives in `useListController`; this only lays out its views.
 */
export function ResourcePage(props: ResourcePageProps) {
  const { t } = useTranslation();
  const { resource } = props;
  const variants = useVariantTabs(resource, props.variantTabs);
  // The tab is part of the list's state (in the URL on a route's screen); one the user may not see is the base list.
  const { params, setTab } = useListParams({ sorting: resource.defaultSorting });
  const current = variants.find((v) => v.key === params.tab);
  const active = current?.key ?? '';
  const shown = current?.resource ?? resource;
  const tabs =
    variants.length > 0 ? (
      <VariantTabs
        resource={resource}
        keys={variants.map((v) => v.key)}
        active={active}
        onChange={(key) => setTab(key || undefined, { fresh: true })}
      />
    ) : undefined;
  return (
    <LocalizedUi>
      {/* A new tab starts a new list (page 1, no filters, nothing selected). */}
      <ResourceList key={active || 'all'} {...props} resource={shown} title={resourceLabels(t, resource.name).title(resource.titleKey)} tabs={tabs} />
    </LocalizedUi>
  );
}

interface ResourceListProps extends ResourcePageProps {
  title: string;
  tabs?: ReactNode;
}

function ResourceList({ resource, showTitle = true, toolbarExtra, subheader, title, tabs }: ResourceListProps) {
  const list = useListController(resource);
  return (
    <Stack gap="4" data-testid={`resource-page-${resource.name}`}>
      {(showTitle || tabs) && (
        <Flex gap="3" align="center" justify="space-between" wrap="wrap">
          {showTitle && (
            <Heading size="md" as="h2">
              {title}
            </Heading>
          )}
          {tabs}
        </Flex>
      )}
      {subheader}
      {/* One layout on every list: the filters wrap on the left, the toolbar (新增 last) stays at the right of their first row; on a phone it follows them. */}
      <Flex gap="3" wrap={{ base: 'wrap', md: 'nowrap' }} align="flex-start" justify="space-between">
        <Box flex="1" minW="0">
          <ListFilters list={list} extra={toolbarExtra} />
        </Box>
        <Box flexShrink={0} ms="auto">
          <ListToolbar list={list} />
        </Box>
      </Flex>
      <ListTable list={list} />
      <ListOutOfUrl>
        <ListDialogs list={list} />
      </ListOutOfUrl>
    </Stack>
  );
}
