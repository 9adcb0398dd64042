import { Button, HStack, IconButton } from '@chakra-ui/react';
import { PlusIcon, RefreshIcon } from '@edu/ui';
import { useTranslation } from 'react-i18next';
import { resourceLabels } from './i18n.tsx';
import type { ListController } from './list-controller.ts';

/** The buttons above a list: custom and batch actions, create, refresh. */
export function ListToolbar({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const labels = resourceLabels(t, list.resource.name);
  return (
    <HStack gap="2" wrap="wrap">
      {list.toolbarActions.map((a) => (
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
      {list.canCreate && (
        <Button size="sm" colorPalette="brand" onClick={() => list.setDialog({ kind: 'create' })} data-testid="action-create">
          <PlusIcon />
          {t('actions.create')}
        </Button>
      )}
      <IconButton size="sm" variant="ghost" aria-label={t('actions.refresh')} onClick={list.refresh} data-testid="action-refresh">
        <RefreshIcon />
      </IconButton>
    </HStack>
  );
}
