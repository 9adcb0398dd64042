import { notify } from '@edu/ui';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { dynamicCall, useApi, useApiMutation, type AnyCall } from '../lib/use-api.ts';
import { resourceLabels } from './i18n.tsx';
import { normalizeFormValues } from './form-fields.tsx';
import { SchemaFormDialog } from './schema-form-dialog.tsx';
import { rowIdOf } from './row-id.ts';
import type { AnyResource, FormMode } from './types.ts';
import { schemaDefaults, shapeOf } from './validation.ts';

export { rowIdOf };

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
export function ResourceForm(props: ResourceFormProps) {
  const { resource, mode } = props;
  const call = mode === 'create' ? resource.service.create : resource.service.update;
  if (!call || !resource.form) return null;
  return <ResourceFormDialog {...props} call={call} />;
}

/** A DTO as read from the server: a plain object. */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function ResourceFormDialog({ resource, mode, row, open, onClose, onSaved, defaults, call }: ResourceFormProps & { call: AnyCall }) {
  const { t } = useTranslation();
  const labels = resourceLabels(t, resource.name);
  const schema = formSchema(resource, mode);
  const mutation = useApiMutation(dynamicCall(call), {
    silent: true,
    invalidates: [resource.service.getAll.endpoint.service, ...(resource.invalidates ?? [])],
  });
  const id = row === undefined ? undefined : rowIdOf(resource, row);
  const loader = mode === 'update' ? resource.service.get : undefined;
  // The edit form starts from the record as it is now (`Get?Id=`), never from a cached copy.
  // Without a loader the hook still runs (hooks may not be conditional) but never fetches: its input is null.
  const loaded = useApi(dynamicCall(loader ?? resource.service.getAll), open && loader && id !== undefined ? { Id: id } : null, {
    fresh: true,
  });
  const source: unknown = loader ? loaded.data : row;
  const record = isRecord(source) ? source : undefined;

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
        const input = resource.form?.toInput ? resource.form.toInput(values, mode, row) : mode === 'update' ? { ...values, id } : values;
        const result = await mutation.trigger(input);
        notify.success(t(mode === 'create' ? 'actions.created' : 'actions.updated'));
        onSaved?.(result);
      }}
    />
  );
}
