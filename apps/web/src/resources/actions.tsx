import { Portal, Switch, Tooltip, VisuallyHidden } from '@chakra-ui/react';
import { notify, TrashIcon } from '@edu/ui';
import type { Access } from '@edu/sdk';
import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCan } from '../lib/permissions.ts';
import { dynamicCall, useApi, useRunCall, type AnyCall } from '../lib/use-api.ts';
import { resourceLabels } from './i18n.tsx';
import { rowIdOf } from './row-id.ts';
import { SchemaFormDialog } from './schema-form-dialog.tsx';
import { schemaDefaults } from './validation.ts';
import type { FieldSpec, RowAction, RowDialogProps, ToolbarAction } from './types.ts';

/** Batch delete of the selected rows through a `{ ids }` call (e.g. `api.user.batchDelete`). */
export function batchDeleteAction<R>(call: AnyCall, options: { permission?: Access } = {}): ToolbarAction<R> {
  return {
    key: 'batchDelete',
    batch: true,
    destructive: true,
    icon: <TrashIcon />,
    call,
    permission: options.permission,
    input: ({ ids }) => ({ ids }),
    confirm: { titleKey: 'actions.confirmDeleteTitle', descriptionKey: 'actions.confirmBatchDelete' },
    successKey: 'actions.deleted',
  };
}

/**
 * A row action that calls an endpoint (review, pin, switch, recover ...), with
 * an optional confirmation: `callAction({ key: 'pin', call: api.article.placedTopArticle,
 * input: (row) => ({ id: row.id }) })`.
 */
export function callAction<R>(spec: Omit<RowAction<R>, 'dialog'> & { call: AnyCall }): RowAction<R> {
  return spec;
}

export interface FormActionSpec<R> {
  key: string;
  labelKey?: string;
  icon?: ReactNode;
  inline?: boolean;
  permission?: Access | false;
  visible?: (row: R) => boolean;
  /** The call that saves. */
  call: AnyCall;
  /** Validates the dialog's form (an SDK input schema or one derived from it). */
  schema: z.ZodType;
  fields: readonly FieldSpec<R>[];
  /** i18n namespace of the field labels; default the resource's. */
  labelsOf?: string;
  /** Initial values from the row (and the record loaded by `load`). */
  initial?: (row: R, record: unknown) => Record<string, unknown>;
  /** Load a record first (e.g. `Get?Id=`), passed to `initial` and `toInput`. */
  load?: { call: AnyCall; input: (row: R) => unknown };
  /** The call input from the validated values. */
  toInput: (values: Record<string, unknown>, row: R, record: unknown) => unknown;
  successKey?: string;
  /** Title key; default the action label. */
  titleKey?: string;
  invalidates?: string[];
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The submit button says the action's label (e.g. 驳回) instead of 提交. */
  submitWithLabel?: boolean;
  /** A destructive action: red in the row's menu and a red submit button. */
  destructive?: boolean;
}

/**
 * A row action that opens a form dialog and saves through a call: reset
 * password, change identity, assign roles, review with a comment ...
 */
export function formAction<R>(spec: FormActionSpec<R>): RowAction<R> {
  function FormActionDialog({ open, onClose, row, resource }: RowDialogProps<R>) {
    const { t } = useTranslation();
    const runCall = useRunCall();
    const labels = resourceLabels(t, resource.name);
    // A loaded record is read fresh (never from the cache); without `load` nothing is fetched.
    const loaded = useApi(dynamicCall(spec.load?.call ?? spec.call), spec.load ? spec.load.input(row) : null, { fresh: true });
    const ready = !spec.load || loaded.data !== undefined;
    const record = loaded.data;
    const name = resource.rowLabel ? resource.rowLabel(row) : String(rowIdOf(resource, row));
    const title = spec.titleKey ? t(spec.titleKey, { name }) : `${labels.action(spec.key, spec.labelKey)} - ${name}`;
    return (
      <SchemaFormDialog<R>
        open={open}
        onClose={onClose}
        title={title}
        schema={spec.schema}
        fields={spec.fields}
        resourceName={spec.labelsOf ?? resource.name}
        ctx={{ mode: 'update', row, record }}
        defaultValues={ready ? schemaDefaults(spec.schema, spec.initial?.(row, record) ?? {}) : undefined}
        size={spec.size ?? 'md'}
        submitLabel={spec.submitWithLabel ? labels.action(spec.key, spec.labelKey) : undefined}
        destructive={spec.destructive}
        data-testid={`dialog-${spec.key}`}
        onSubmit={async (values) => {
          const services = new Set([spec.call.endpoint.service, resource.service.getAll.endpoint.service, ...(spec.invalidates ?? [])]);
          // Field errors of a validation failure are marked by the dialog, which also shows the modal.
          await runCall(dynamicCall(spec.call), spec.toInput(values, row, record), { invalidates: [...services], silent: true });
          notify.success(t(spec.successKey ?? 'actions.done'));
        }}
      />
    );
  }
  return {
    key: spec.key,
    labelKey: spec.labelKey,
    icon: spec.icon,
    inline: spec.inline,
    permission: spec.permission ?? spec.call.endpoint.access,
    visible: spec.visible,
    destructive: spec.destructive,
    dialog: FormActionDialog,
  };
}

export interface SwitchCellSpec<R> {
  /** The call that flips the flag (activation, is-show, show state ...). */
  call: AnyCall;
  input: (row: R, checked: boolean) => unknown;
  /** Who may flip it; default the call's access rule (others see a disabled switch). */
  permission?: Access;
  successKey?: string | false;
  invalidates?: string[];
  /**
   * Why the switch cannot be used on this row (a locale key), or null when it
   * can: a blocked row shows the switch disabled, with the reason as its tooltip.
   */
  blockedKey?: (row: R) => string | null;
}

/**
 * A column cell with an inline switch bound to a boolean field:
 * `{ field: 'isActive', cell: switchCell({ call: api.testPaper.activation, input: (row, on) => ({ id: row.id, isActive: on }) }) }`.
 */
export function switchCell<R>(spec: SwitchCellSpec<R>): ComponentType<{ row: R; value: unknown; label?: string }> {
  function SwitchCell({ row, value, label }: { row: R; value: unknown; label?: string }) {
    const { t } = useTranslation();
    const runCall = useRunCall();
    const allowed = useCan(spec.permission ?? spec.call.endpoint.access);
    const [busy, setBusy] = useState(false);
    // Bumped when the server refuses: the browser already flipped the hidden checkbox, and only a fresh one reads the old value again.
    const [refusals, setRefusals] = useState(0);
    const reasonId = useId();
    const flip = async (checked: boolean) => {
      setBusy(true);
      try {
        await runCall(dynamicCall(spec.call), spec.input(row, checked), { invalidates: spec.invalidates });
        if (spec.successKey !== false) notify.success(t(spec.successKey ?? 'actions.done'));
      } catch {
        // runCall has shown the error; the list still holds the old value.
        setRefusals((n) => n + 1);
      } finally {
        setBusy(false);
      }
    };
    const blocked = spec.blockedKey?.(row) ?? null;
    const control = (
      <Switch.Root
        key={refusals}
        size="sm"
        colorPalette="brand"
        checked={!!value}
        disabled={!allowed || busy || blocked !== null}
        onCheckedChange={(e) => void flip(e.checked)}
      >
        {/* A switch with no text beside it: the column's header names it. */}
        <Switch.HiddenInput aria-label={label} aria-describedby={blocked === null ? undefined : reasonId} />
        <Switch.Control />
      </Switch.Root>
    );
    if (blocked === null) return control;
    // A disabled control gets no pointer events: the tooltip hangs on a wrapper; screen readers read the reason with the switch.
    return (
      <Tooltip.Root openDelay={150} closeDelay={50}>
        <Tooltip.Trigger asChild>
          <span style={{ display: 'inline-flex' }} data-blocked={blocked}>
            {control}
            <VisuallyHidden id={reasonId}>{t(blocked)}</VisuallyHidden>
          </span>
        </Tooltip.Trigger>
        <Portal>
          <Tooltip.Positioner>
            <Tooltip.Content>{t(blocked)}</Tooltip.Content>
          </Tooltip.Positioner>
        </Portal>
      </Tooltip.Root>
    );
  }
  return SwitchCell;
}
