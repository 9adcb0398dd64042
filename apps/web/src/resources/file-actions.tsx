import { Button, Stack, Text } from '@chakra-ui/react';
import { BackgroundJobDto, BackgroundJobState, FileContent, FileDto, isAcceptedFile, type Access, type FileFieldSpec } from '@edu/sdk';
import { FileDropZone, ModalDialog, ProgressBar, notify } from '@edu/ui';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/client.ts';
import { showError } from '../lib/errors.tsx';
import { useJob } from '../lib/jobs.ts';
import { dynamicCall, useRunCall, type AnyCall } from '../lib/use-api.ts';
import type { ActionCtx, ActionDialogProps, RowAction, RowDialogProps, ToolbarAction } from './types.ts';

/**
 * Files on the console: one download action (an export's FileDto, or a file
 * response, saved under its server-given name) and one upload action (a file
 * picker + drop zone checked against the endpoint's `fileField`, then the
 * upload; an upload answered with a BackgroundJobDto is followed to its end
 * with a progress bar and its report).
 */

/** Saves a file through an object URL and a clicked anchor (the browser's own download). */
export function saveFile(file: Pick<FileContent, 'blob' | 'fileName'>): void {
  const url = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click is handled: revoking at once cancels the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Saves whatever a download-like call answered: a file response as is, an
 * export's FileDto through `/File/DownloadTempFile`. Returns false for
 * anything else (e.g. a job, which the caller follows).
 */
export async function saveResult(result: unknown): Promise<boolean> {
  const content = FileContent.safeParse(result);
  if (content.success) {
    saveFile(content.data);
    return true;
  }
  const dto = FileDto.safeParse(result);
  if (dto.success) {
    saveFile(await api.download(dto.data));
    return true;
  }
  return false;
}

/** `download(fileDto)`: fetches and saves an export, showing failures in the error modal. */
export function useDownload() {
  return useCallback(async (file: FileDto) => {
    try {
      saveFile(await api.download(file));
    } catch (e) {
      showError(e);
    }
  }, []);
}

/** A button that downloads an export's FileDto (a job's report, a notification's link). */
export function DownloadButton({ file, children, size = 'sm' }: { file: FileDto; children?: ReactNode; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  const download = useDownload();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      variant="outline"
      loading={busy}
      onClick={() => {
        setBusy(true);
        void download(file).finally(() => setBusy(false));
      }}
    >
      {children ?? t('files.download')}
    </Button>
  );
}

/** A job's progress, then its outcome: the message, the failure, and the report of rejected rows if any. */
export function JobProgressView({ jobId }: { jobId: number }) {
  const { t } = useTranslation();
  const { job, report } = useJob(jobId);
  const S = BackgroundJobState.values;
  if (!job) return <ProgressBar value={undefined} label={t('jobs.queued')} data-testid="job-progress" />;
  const failed = job.state === S.Failed;
  const done = job.state === S.Succeeded;
  const label = failed ? t('jobs.failed') : done ? t('jobs.succeeded') : (job.message ?? t(job.state === S.Queued ? 'jobs.queued' : 'jobs.running'));
  return (
    <Stack gap="3" data-testid="job-view" data-state={job.state}>
      <ProgressBar
        value={job.state === S.Queued ? undefined : job.progress}
        label={label}
        colorPalette={failed ? 'red' : done ? (report ? 'orange' : 'green') : 'blue'}
        data-testid="job-progress"
      />
      {failed && job.error && <Text color="fg.error">{job.error}</Text>}
      {report && (
        <Stack gap="2" align="start">
          <Text>{t('jobs.reportHint')}</Text>
          <DownloadButton file={report}>{t('jobs.downloadReport')}</DownloadButton>
        </Stack>
      )}
    </Stack>
  );
}

// ---------------------------------------------------------------------------------------------
// Download action

export interface DownloadActionSpec<R> {
  key: string;
  labelKey?: string;
  icon?: ReactNode;
  permission?: Access | false;
  batch?: boolean;
  /** An export (answers a FileDto), a file response, or an export run as a job (answers a BackgroundJobDto). */
  call: AnyCall;
  input?: (ctx: ActionCtx<R>) => unknown;
}

/**
 * Runs `call` and saves the file it leads to, in a small dialog that shows
 * the wait (an export can take seconds) and follows a job if the export runs
 * as one. Closes itself once the file is saved.
 */
function ExportDialog({ open, onClose, call, input }: { open: boolean; onClose: () => void; call: AnyCall; input: unknown }) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const [jobId, setJobId] = useState<number | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!open || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const result = await runCall(dynamicCall(call), input, { invalidates: [] });
        if (await saveResult(result)) return onClose();
        const job = BackgroundJobDto.safeParse(result);
        if (job.success) setJobId(job.data.id);
        else onClose();
      } catch {
        onClose(); // the error modal already tells why
      }
    })();
  }, [open, call, input, runCall, onClose]);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={t('files.exporting')}
      data-testid="export-dialog"
      footer={jobId !== null && <Button onClick={onClose}>{t('jobs.close')}</Button>}
    >
      {jobId === null ? <ProgressBar value={undefined} label={t('files.preparing')} /> : <JobProgressView jobId={jobId} />}
    </ModalDialog>
  );
}

/** A toolbar button that exports and saves a file: `downloadAction({ key: 'export', call: api.x.exportToExcel, input: ... })`. */
export function downloadAction<R>(spec: DownloadActionSpec<R>): ToolbarAction<R> {
  function DownloadDialog({ open, onClose, ctx }: ActionDialogProps<R>) {
    const [input] = useState(() => spec.input?.(ctx) ?? {});
    return <ExportDialog open={open} onClose={onClose} call={spec.call} input={input} />;
  }
  return {
    key: spec.key,
    labelKey: spec.labelKey,
    icon: spec.icon,
    permission: spec.permission ?? spec.call.endpoint.access,
    batch: spec.batch,
    dialog: DownloadDialog,
  };
}

/** The same for one row (export a paper, a report): `downloadRowAction({ key: 'export', call, input: (row) => ({ id: row.id }) })`. */
export function downloadRowAction<R>(
  spec: Omit<DownloadActionSpec<R>, 'input' | 'batch'> & { input: (row: R) => unknown; inline?: boolean },
): RowAction<R> {
  function DownloadRowDialog({ open, onClose, row }: RowDialogProps<R>) {
    const [input] = useState(() => spec.input(row));
    return <ExportDialog open={open} onClose={onClose} call={spec.call} input={input} />;
  }
  return {
    key: spec.key,
    labelKey: spec.labelKey,
    icon: spec.icon,
    inline: spec.inline,
    permission: spec.permission ?? spec.call.endpoint.access,
    dialog: DownloadRowDialog,
  };
}

// ---------------------------------------------------------------------------------------------
// Upload action

const MB = 1024 * 1024;
const formatSize = (n: number) => (n >= MB ? `${+(n / MB).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`);

/** The picker + drop zone for an endpoint's file field, with its accepted types and size as the hint. */
export function FileInput({ field, onFile, disabled }: { field: FileFieldSpec; onFile: (file: File) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <FileDropZone
      data-testid="file-drop-zone"
      accept={field.accept}
      maxBytes={field.maxBytes}
      disabled={disabled}
      labels={{
        prompt: t('files.prompt'),
        choose: t('files.choose'),
        tooLarge: (name) => t('files.tooLarge', { name, size: formatSize(field.maxBytes) }),
        wrongType: (name) => t('files.wrongType', { name }),
      }}
      hint={t(field.accept.length ? 'files.hint' : 'files.hintAnyType', { types: field.accept.join(' '), size: formatSize(field.maxBytes) })}
      onReject={(messages) => notify.error(messages.join('\n'))}
      onFiles={(files) => onFile(files[0]!)}
    />
  );
}

export interface UploadActionSpec<R> {
  key: string;
  labelKey?: string;
  titleKey?: string;
  icon?: ReactNode;
  permission?: Access | false;
  /** An endpoint whose input has a `fileField` (e.g. `api.user.importFromExcel`). */
  call: AnyCall;
  /** The input's other fields (e.g. `{ DryRun: false }`). */
  input?: (ctx: ActionCtx<R>) => Record<string, unknown>;
  /** Extra form content above the drop zone (e.g. a template download link). */
  intro?: ReactNode;
  invalidates?: string[];
  successKey?: string;
}

/**
 * Uploads one file through `call`: choose or drop a file, send it, then
 * either close with a toast or, when the endpoint answers a
 * BackgroundJobDto, show the job's progress and result in place.
 */
export function uploadAction<R>(spec: UploadActionSpec<R>): ToolbarAction<R> {
  const declared = spec.call.endpoint.files[0];
  if (!declared) throw new Error(`uploadAction: ${spec.call.endpoint.service}/${spec.call.endpoint.method} has no file field`);
  const field: FileFieldSpec = declared;
  function UploadDialog({ open, onClose, ctx }: ActionDialogProps<R>) {
    const { t } = useTranslation();
    const runCall = useRunCall();
    const [file, setFile] = useState<File | null>(null);
    const [busy, setBusy] = useState(false);
    const [jobId, setJobId] = useState<number | null>(null);
    const { finished } = useJob(jobId);
    useEffect(() => {
      if (finished) ctx.refresh();
    }, [finished, ctx]);
    const submit = async () => {
      if (!file) return;
      setBusy(true);
      try {
        const result = await runCall(dynamicCall(spec.call), { ...spec.input?.(ctx), [field.name]: file }, { invalidates: spec.invalidates });
        const job = BackgroundJobDto.safeParse(result);
        if (job.success) return setJobId(job.data.id);
        notify.success(t(spec.successKey ?? 'files.uploaded'));
        ctx.refresh();
        onClose();
      } catch {
        /* shown by the error modal; the file stays chosen for another try */
      } finally {
        setBusy(false);
      }
    };
    return (
      <ModalDialog
        open={open}
        onOpenChange={(o) => !o && onClose()}
        title={t(spec.titleKey ?? spec.labelKey ?? `actions.${spec.key}`)}
        data-testid="upload-dialog"
        footer={
          jobId === null ? (
            <>
              <Button variant="outline" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="blue" disabled={!file} loading={busy} onClick={() => void submit()} data-testid="upload-submit">
                {t('files.upload')}
              </Button>
            </>
          ) : (
            <Button onClick={onClose}>{t('jobs.close')}</Button>
          )
        }
      >
        {jobId === null ? (
          <Stack gap="3">
            {spec.intro}
            <FileInput field={field} onFile={setFile} disabled={busy} />
            {file && <Text data-testid="upload-file-name">{t('files.selected', { name: file.name, size: formatSize(file.size) })}</Text>}
          </Stack>
        ) : (
          <JobProgressView jobId={jobId} />
        )}
      </ModalDialog>
    );
  }
  return {
    key: spec.key,
    labelKey: spec.labelKey,
    icon: spec.icon,
    permission: spec.permission ?? spec.call.endpoint.access,
    invalidates: spec.invalidates,
    dialog: UploadDialog,
  };
}

// ---------------------------------------------------------------------------------------------
// Image upload (form fields)

/**
 * A button that picks an image, uploads it through `File/UploadImage` and
 * hands back its public URL (for an image field or rich text). The type and
 * size are checked first against the endpoint's declaration.
 */
export function ImageUploadButton({ onUploaded, disabled }: { onUploaded: (url: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const runCall = useRunCall();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const field = api.file.uploadImage.endpoint.files[0]!;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedFile(field, file.name, file.type)) return notify.error(t('files.wrongType', { name: file.name }));
    if (file.size > field.maxBytes) return notify.error(t('files.tooLarge', { name: file.name, size: formatSize(field.maxBytes) }));
    setBusy(true);
    try {
      const uploaded = await runCall(api.file.uploadImage, { file }, { invalidates: [] });
      onUploaded(uploaded.url);
    } catch {
      /* shown by the error modal */
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="outline" loading={busy} disabled={disabled} onClick={() => input.current?.click()} data-testid="image-upload">
        {t('files.uploadImage')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        accept={field.accept.join(',')}
        data-testid="image-upload-input"
        onChange={(e) => {
          void pick(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </>
  );
}
