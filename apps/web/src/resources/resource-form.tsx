import { notify } from '@edu/ui';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCallMutation, type AnyCall } from './api-hooks.ts';
import { resourceLabels } from './i18n.tsx';
import { normalizeFormValues } from './form-fields.tsx';
import { SchemaFormDialog, schemaDefaults } from './schema-form-dialog.tsx';
import type { AnyResource, FormMode } from './types.ts';
import { useFreshCall } from './use-fetch.ts';
import { shapeOf } from './validation.ts';

const noCall = Object.assign(async () => undefined, {
  endpoint: { service: '', method: '', verb: 'POST', path: '', inputIn: 'body', access: 'authenticated' },
}) as unknown as AnyCall;

export function rowIdOf(resource: AnyResource, row: unknown): number | string {
  if (resource.rowId) return resource.rowId(row);
  return (row as { id: number | string }).id;
}

/** The schema a mode validates with: the declared one, else the SDK endpoint's input schema. */
export function formSchema(resource: AnyResource, mode: FormMode): z.ZodType | undefined {
  const declared = mode === 'create' ? resource.form?.create : resource.form?.update;
  const call = mode === 'create' ? resource.service.create : resource.service.update;
  return declared ?? call?.endpoint.input;
}

/** Form values of a record: the schema's members picked from it. */
export function pickForForm(schema: z.ZodType, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shapeOf(schema))) if (key in record) out[key] = record[key];
  return out;
}

export interface ResourceFormProps {
  resource: AnyResource;
  mode: FormMode;
  /** The row to edit (update). */
  row?: unknown;
  open: boolean;
  onClose: () => void;
  onSaved?: (result: unknown) => void;
  /** Initial values of a new record over the declared ones (e.g. the category the list is filtered by). */
  defaults?: Record<string, unknown>;
}

/**
 * Create or edit dialog of a resource. Edit loads `Get?Id=` first (when the
 * service has `get`), fills the form from the record, and sends the full DTO with
 * its id to `Update`, as ABP's CRUD services expect.
 */
export function ResourceForm({ resource, mode, row, open, onClose, onSaved, defaults }: ResourceFormProps) {
  const { t } = useTranslation();
  const labels = resourceLabels(t, resource.name);
  const schema = formSchema(resource, mode);
  const call = (mode === 'create' ? resource.service.create : resource.service.update) ?? noCall;
  const mutation = useCallMutation(call, {
    silent: true,
    invalidates: [resource.service.getAll.endpoint.service, ...(resource.invalidates ?? [])],
  });
  const id = row === undefined ? undefined : rowIdOf(resource, row);
  const loader = mode === 'update' ? resource.service.get : undefined;
  const loaded = useFreshCall(loader, open && loader && id !== undefined ? { Id: id } : null);
  const record = (loader ? loaded.data : row) as Record<string, unknown> | undefined;

  // A record that cannot be loaded (already deleted, no permission) closes the dialog; the error modal explains.
  useEffect(() => {
    if (loaded.error) onClose();
  }, [loaded.error, onClose]);

  const defaultValues = useMemo(() => {
    if (!schema) return undefined;
    const fields = resource.form?.fields ?? [];
    if (mode === 'create') return schemaDefaults(schema, { ...resource.query, ...resource.form?.defaults, ...defaults });
    if (!record) return undefined;
    return normalizeFormValues(fields, resource.form?.toForm ? resource.form.toForm(record) : pickForForm(schema, record));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema, mode, record, resource]);

  if (!schema || !resource.form) return null;
  const title = mode === 'create' ? t('actions.createTitle', { name: labels.entity() }) : t('actions.editTitle', { name: labels.entity() });

  return (
    <SchemaFormDialog
      open={open}
      onClose={onClose}
      title={title}
      schema={schema}
      fields={resource.form.fields}
      resourceName={resource.name}
      ctx={{ mode, row, record }}
      defaultValues={defaultValues}
      size={resource.form.size}
      data-testid={`${resource.name}-${mode}-dialog`}
      onSubmit={async (values) => {
        const input = resource.form?.toInput
          ? resource.form.toInput(values, mode, row)
          : mode === 'update'
            ? { ...values, id }
            : values;
        const result = await mutation.trigger(input as never);
        notify.success(t(mode === 'create' ? 'actions.created' : 'actions.updated'));
        onSaved?.(result);
      }}
    />
  );
}
