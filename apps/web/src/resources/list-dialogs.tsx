import { ConfirmDialog } from '@edu/ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceLabels } from './i18n.tsx';
import { confirmTexts, type ListController } from './list-controller.ts';

/** The create/edit form (react-hook-form, every field kind) loads when a form first opens, not with the list. */
const ResourceForm = lazy(() => import('./resource-form.tsx').then((m) => ({ default: m.ResourceForm })));

/** The dialog a list has open: create/edit form, delete confirmation, an action's confirmation or its own dialog. */
export function ListDialogs({ list }: { list: ListController }) {
  const { t } = useTranslation();
  const { resource, dialog, closeDialog: close } = list;
  const labels = resourceLabels(t, resource.name);
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'create':
    case 'edit':
      return (
        <Suspense fallback={null}>
          <ResourceForm
            resource={resource}
            mode={dialog.kind === 'create' ? 'create' : 'update'}
            row={dialog.kind === 'edit' ? dialog.row : undefined}
            defaults={dialog.kind === 'create' ? list.createDefaults : undefined}
            open
            onClose={close}
          />
        </Suspense>
      );
    case 'delete':
      return (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && close()}
          destructive
          title={t('actions.confirmDeleteTitle')}
          description={t('actions.confirmDelete', { name: list.rowName(dialog.row) })}
          confirmLabel={t('actions.delete')}
          onConfirm={() => list.deleteRow(dialog.row)}
        />
      );
    case 'rowConfirm':
      return (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && close()}
          destructive={dialog.action.destructive}
          {...confirmTexts(t, dialog.action.confirm, {
            name: list.rowName(dialog.row),
            action: labels.action(dialog.action.key, dialog.action.labelKey),
          })}
          confirmLabel={labels.action(dialog.action.key, dialog.action.labelKey)}
          onConfirm={() => list.runRow(dialog.action, dialog.row)}
        />
      );
    case 'toolbarConfirm':
      return (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && close()}
          destructive={dialog.action.destructive}
          {...confirmTexts(t, dialog.action.confirm, {
            count: list.actionCtx.ids.length,
            action: labels.action(dialog.action.key, dialog.action.labelKey),
          })}
          confirmLabel={labels.action(dialog.action.key, dialog.action.labelKey)}
          onConfirm={() => list.runToolbar(dialog.action)}
        />
      );
    case 'rowDialog': {
      const Dialog = dialog.action.dialog;
      return Dialog ? <Dialog open onClose={close} row={dialog.row} resource={resource} /> : null;
    }
    case 'toolbarDialog': {
      const Dialog = dialog.action.dialog;
      return Dialog ? <Dialog open onClose={close} ctx={list.actionCtx} resource={resource} /> : null;
    }
  }
}
