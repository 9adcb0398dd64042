import { BackgroundJobState, FileService, type BackgroundJobDto, type FileContent } from '@edu/sdk';
import { UiProvider } from '@edu/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/client.ts';
import '../lib/i18n.ts';
import { publishJobProgress } from '../lib/jobs.ts';
import { ImageUploadButton, downloadRowAction, saveFile, saveResult, uploadAction } from './file-actions.tsx';
import type { ActionCtx, AnyResource } from './types.ts';

const wrap = (ui: ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <UiProvider toaster={false}>{ui}</UiProvider>
    </SWRConfig>,
  );

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  clicked = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:local/1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => vi.restoreAllMocks());

const job = (over: Partial<BackgroundJobDto>): BackgroundJobDto => ({
  id: 7,
  name: 'User.ImportFromExcel',
  state: BackgroundJobState.values.Running,
  progress: 0,
  message: null,
  result: null,
  error: null,
  creationTime: '2026-11-23T08:00:00Z',
  startTime: '2026-11-23T08:00:00Z',
  endTime: null,
  ...over,
});

describe('saving files', () => {
  it('saves a Blob under its (Chinese) name through an object URL and an anchor click', () => {
    const blob = new Blob(['a']);
    saveFile({ blob, fileName: '期中试卷.docx' });
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('期中试卷.docx');
    expect(clicked[0]!.href).toBe('blob:local/1');
    expect(document.body.contains(clicked[0]!)).toBe(false);
  });

  it('follows a FileDto through client.download, saves a file response as is, and leaves anything else', async () => {
    const content: FileContent = { blob: new Blob(['x']), fileName: '成绩.xlsx', contentType: 'application/octet-stream' };
    const download = vi.spyOn(api, 'download').mockResolvedValue(content);
    expect(await saveResult({ fileName: '成绩.xlsx', fileType: 'application/octet-stream', fileToken: 't1' })).toBe(true);
    expect(download).toHaveBeenCalledWith({ fileName: '成绩.xlsx', fileType: 'application/octet-stream', fileToken: 't1' });
    expect(await saveResult(content)).toBe(true);
    expect(clicked.map((a) => a.download)).toEqual(['成绩.xlsx', '成绩.xlsx']);
    expect(await saveResult({ id: 1 })).toBe(false);
  });

  it('a row download action runs the export and saves the file it names', async () => {
    const exportCall = Object.assign(vi.fn().mockResolvedValue({ fileName: '试卷.pdf', fileType: 'application/pdf', fileToken: 'tk' }), {
      endpoint: FileService.endpoints.UploadFile,
    });
    vi.spyOn(api, 'download').mockResolvedValue({ blob: new Blob(['%PDF']), fileName: '试卷.pdf', contentType: 'application/pdf' });
    const action = downloadRowAction<{ id: number }>({ key: 'export', call: exportCall, input: (row) => ({ id: row.id }) });
    const Dialog = action.dialog!;
    const onClose = vi.fn();
    wrap(<Dialog open onClose={onClose} row={{ id: 3 }} resource={{} as AnyResource} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(exportCall).toHaveBeenCalledWith({ id: 3 });
    expect(clicked.map((a) => a.download)).toEqual(['试卷.pdf']);
  });
});

describe('uploadAction', () => {
  const ctx: ActionCtx<unknown> = { selected: [], ids: [], t: ((k: string) => k) as ActionCtx<unknown>['t'], refresh: vi.fn() };

  it('takes a dropped file of the endpoint’s accepted type, uploads it with the other fields, and follows the job it starts', async () => {
    const upload = Object.assign(vi.fn().mockResolvedValue(job({ state: BackgroundJobState.values.Queued })), {
      endpoint: FileService.endpoints.UploadImage,
    });
    const getJob = vi.spyOn(api.backgroundJob, 'getJob').mockResolvedValue(job({ progress: 10, message: '第 1 / 10 行' }));
    const action = uploadAction({ key: 'import', call: upload, input: () => ({ DryRun: false }) });
    const Dialog = action.dialog!;
    wrap(<Dialog open onClose={() => undefined} ctx={ctx} resource={{} as AnyResource} />);

    const submit = await screen.findByTestId('upload-submit');
    expect(submit).toBeDisabled();
    const zone = screen.getByTestId('file-drop-zone');
    // Refused before upload: not an image.
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect(submit).toBeDisabled();
    const png = new File(['png'], '封面.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [png] } });
    expect(screen.getByTestId('upload-file-name')).toHaveTextContent('封面.png');
    await act(async () => fireEvent.click(submit));
    expect(upload).toHaveBeenCalledWith({ DryRun: false, file: png });

    await waitFor(() => expect(screen.getByTestId('job-progress')).toHaveTextContent('10%'));
    expect(getJob).toHaveBeenCalledWith({ Id: 7 });
    // A hub push moves it on without waiting for the next poll; an older poll answer cannot step it back.
    const report = { fileName: '未导入的行.xlsx', fileType: 'application/octet-stream', fileToken: 'r1' };
    act(() => publishJobProgress(job({ state: BackgroundJobState.values.Succeeded, progress: 100, result: { imported: 9, report } })));
    await waitFor(() => expect(screen.getByTestId('job-view')).toHaveAttribute('data-state', String(BackgroundJobState.values.Succeeded)));
    expect(screen.getByTestId('job-progress')).toHaveTextContent('100%');
    expect(ctx.refresh).toHaveBeenCalled();

    const download = vi
      .spyOn(api, 'download')
      .mockResolvedValue({ blob: new Blob(['r']), fileName: '未导入的行.xlsx', contentType: 'application/octet-stream' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '下载报告' })));
    expect(download).toHaveBeenCalledWith(report);
    expect(clicked.map((a) => a.download)).toEqual(['未导入的行.xlsx']);
  });

  it('refuses an endpoint without a file field', () => {
    const notUpload = Object.assign(vi.fn(), { endpoint: FileService.endpoints.GetFile });
    expect(() => uploadAction({ key: 'x', call: notUpload })).toThrow(/no file field/);
  });
});

describe('ImageUploadButton', () => {
  it('uploads a picked image through File/UploadImage and hands back its URL; refuses other types before sending', async () => {
    const endpoint = api.file.uploadImage.endpoint;
    const upload = vi.spyOn(api.file, 'uploadImage').mockResolvedValue({
      fileToken: 'tk',
      fileName: '封面.png',
      contentType: 'image/png',
      size: 3,
      url: 'http://api.test/File/GetFile?token=tk',
    });
    Object.assign(api.file.uploadImage, { endpoint });
    const onUploaded = vi.fn();
    wrap(<ImageUploadButton onUploaded={onUploaded} />);
    const input = screen.getByTestId('image-upload-input');
    await act(async () => fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] } }));
    expect(upload).not.toHaveBeenCalled();
    const png = new File(['png'], '封面.png', { type: 'image/png' });
    await act(async () => fireEvent.change(input, { target: { files: [png] } }));
    expect(upload).toHaveBeenCalledWith({ file: png });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('http://api.test/File/GetFile?token=tk'));
  });
});
