import { Button, CloseButton, Dialog, Flex, Portal, Spinner } from '@chakra-ui/react';
import { ConfirmDialog } from '@edu/ui';
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { useForm, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useFormServerErrors } from '../lib/errors.tsx';
import { FormFields } from './form-fields.tsx';
import type { FieldCtx, FieldSpec } from './types.ts';
import { schemaResolver } from './validation.ts';

export interface SchemaFormDialogProps<R> {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Validates the form (an SDK input schema, or one derived from it). */
  schema: z.ZodType;
  fields: readonly FieldSpec<R>[];
  /** i18n namespace of the labels: `resources.<resourceName>.fields.*`. */
  resourceName: string;
  ctx: FieldCtx<R>;
  /** Initial values; `undefined` while they load (a spinner shows). */
  defaultValues: Record<string, unknown> | undefined;
  /** Receives the schema's output; reject to keep the dialog open (server errors mark the fields). */
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  submitLabel?: string;
  /** The submit button is styled as a destructive action (reject, ...). */
  destructive?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * Closing a changed form (Escape, the close button, 取消) asks before
   * throwing the typed content away; an unchanged form closes at once.
   */
  confirmDiscard?: boolean;
  'data-testid'?: string;
}

type BodyProps<R> = SchemaFormDialogProps<R> & {
  defaultValues: Record<string, unknown>;
  /** Where the form tells whether it differs from its initial values. */
  dirtyRef: RefObject<boolean>;
  /** Cancel: closes, or asks first when `confirmDiscard` and the form changed. */
  onCancel: () => void;
};

function FormBody<R>(props: BodyProps<R>) {
  const { t } = useTranslation();
  const formId = useId();
  const resolver = useMemo(() => schemaResolver(props.schema, t, props.resourceName), [props.schema, t, props.resourceName]);
  const form = useForm<FieldValues>({ resolver, defaultValues: props.defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const onServerError = useFormServerErrors(form);
  const { isDirty } = form.formState;
  const { dirtyRef } = props;
  useEffect(() => {
    dirtyRef.current = isDirty;
  }, [dirtyRef, isDirty]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (e) {
      onServerError(e);
    }
  });
  return (
    <>
      <Dialog.Body>
        <form id={formId} onSubmit={(e) => void submit(e)} noValidate data-testid="resource-form">
          <FormFields fields={props.fields} control={form.control} resourceName={props.resourceName} schema={props.schema} ctx={props.ctx} />
          {/* Enter in a text box submits. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={props.onCancel} disabled={form.formState.isSubmitting}>
          {t('form.cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          colorPalette={props.destructive ? 'red' : 'brand'}
          data-destructive={props.destructive ? '' : undefined}
          loading={form.formState.isSubmitting}
          data-testid="form-submit"
        >
          {props.submitLabel ?? t('form.submit')}
        </Button>
      </Dialog.Footer>
    </>
  );
}

/**
 * A dialog holding a form over a zod schema: fields from declarations, messages
 * in the user's language, server validation errors on the fields they name.
 * Mount it while open (its form state starts fresh every time).
 */
export function SchemaFormDialog<R>(props: SchemaFormDialogProps<R>) {
  const { t } = useTranslation();
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (props.confirmDiscard && dirty.current) setAsking(true);
    else props.onClose();
  };
  return (
    <>
      <Dialog.Root
        open={props.open}
        onOpenChange={(e) => !e.open && requestClose()}
        size={props.size ?? 'lg'}
        placement="center"
        scrollBehavior="inside"
        closeOnInteractOutside={false}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid={props['data-testid'] ?? 'form-dialog'}>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              {props.defaultValues === undefined ? (
                <Dialog.Body>
                  <Flex justify="center" py="10" role="status" aria-label={t('table.loading')}>
                    <Spinner color="brand.solid" />
                  </Flex>
                </Dialog.Body>
              ) : (
                <FormBody {...props} defaultValues={props.defaultValues} dirtyRef={dirty} onCancel={requestClose} />
              )}
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('form.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(false)}
          destructive
          title={t('form.discard.title')}
          description={t('form.discard.description')}
          confirmLabel={t('form.discard.confirm')}
          cancelLabel={t('form.discard.keepEditing')}
          onConfirm={() => {
            setAsking(false);
            props.onClose();
          }}
        />
      )}
    </>
  );
}
