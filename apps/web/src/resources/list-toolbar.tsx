import { Button, HStack, IconButton } from '@chakra-ui/react';
import { PlusIcon, RefreshIcon } from '@edu/ui';
import { useTranslation } from 'react-i18next';
import { resourceLabels } from './i18n.tsx';
import type { ListController } from './list-controller.ts';

/** The key of 新增: a resource's own create action (an editor dialog) takes the built-in button's look and place. */
const CREATE_KEY = 'create';

/**
 * The buttons above a list, at the right end of the filter row (also when they
 * wrap to a row of their own): custom and batch actions as outline buttons,
 * then 新增 as the one solid button (the built-in form or the resource's own
 * `create` action), then refresh. Every list has this one layout.
 */
export function ListToolbar({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const labels = resourceLabels(t, list.resource.name);
  const others = list.toolbarActions.filter((a) => a.key !== CREATE_KEY);
  const ownCreate = list.toolbarActions.find((a) => a.key === CREATE_KEY);
  return (
    <HStack gap="2" wrap="wrap" justify="flex-end">
      {others.map((a) => (
        <Button
          key={a.key}
          size="sm"
          variant="outline"
          colorPalette={a.destructive ? 'red' : 'gray'}
          disabled={a.batch && list.selectedRows.length === 0}
          onClick={() => list.startToolbar(a)}
          data-testid={`action-${a.key}`}
        >
          {a.icon}
          {labels.action(a.key, a.labelKey)}
        </Button>
      ))}
      {ownCreate ? (
        <Button size="sm" colorPalette="brand" onClick={() => list.startToolbar(ownCreate)} data-testid="action-create">
          <PlusIcon />
          {labels.action(ownCreate.key, ownCreate.labelKey)}
        </Button>
      ) : (
        list.canCreate && (
          <Button size="sm" colorPalette="brand" onClick={() => list.setDialog({ kind: 'create' })} data-testid="action-create">
            <PlusIcon />
            {t('actions.create')}
          </Button>
        )
      )}
      <IconButton size="sm" variant="ghost" aria-label={t('actions.refresh')} onClick={list.refresh} data-testid="action-refresh">
        <RefreshIcon />
      </IconButton>
    </HStack>
  );
}
