import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateOpenApi } from './openapi.ts';
import { FileService } from './services/file.ts';
import { defineService } from './core/define-service.ts';
import { FileContent, contentDisposition, fileField, fileFieldsOf, isAcceptedFile, parseContentDisposition, toFormData } from './core/files.ts';
import { callEndpoint } from './core/transport.ts';

const svc = defineService('Thing', {
  ImportFromExcel: {
    input: z.object({
      file: fileField({ maxBytes: 5_000, accept: ['.xlsx'] }),
      DryRun: z.boolean().optional(),
      Tags: z.array(z.string()).optional(),
    }),
    output: z.object({ jobId: z.number() }),
  },
  GetReport: { input: z.object({ token: z.string() }), output: FileContent, response: 'file' },
});

describe('file declarations', () => {
  it('an input with a fileField travels as a form, with the field limits on the endpoint', () => {
    const e = svc.endpoints.ImportFromExcel;
    expect(e.inputIn).toBe('form');
    expect(e.files).toEqual([{ name: 'file', required: true, maxBytes: 5_000, accept: ['.xlsx'] }]);
    expect(svc.endpoints.GetReport.inputIn).toBe('query');
    expect(svc.endpoints.GetReport.response).toBe('file');
    expect(fileFieldsOf(z.object({ f: fileField({ maxBytes: 1 }).optional() }))).toEqual([{ name: 'f', required: false, maxBytes: 1, accept: [] }]);
  });

  it('refuses a file input on a GET', () => {
    expect(() => defineService('X', { GetIt: { input: z.object({ f: fileField({ maxBytes: 1 }) }), output: z.null() } })).toThrow(/file input/);
  });

  it('matches accepted types by extension, exact MIME and wildcard', () => {
    expect(isAcceptedFile({ accept: ['.xlsx'] }, '成员.XLSX', 'application/octet-stream')).toBe(true);
    expect(isAcceptedFile({ accept: ['image/*'] }, 'a.bin', 'image/png')).toBe(true);
    expect(isAcceptedFile({ accept: ['image/png'] }, 'a.png', 'image/jpeg')).toBe(false);
    expect(isAcceptedFile({ accept: [] }, 'a', 'x/y')).toBe(true);
  });
});

describe('toFormData', () => {
  it('puts Blobs as file parts with their names and scalars, arrays, dates as text', async () => {
    const file = new File(['a,b\n1,2'], '学员名单.csv', { type: 'text/csv' });
    const form = toFormData({ file, DryRun: true, Count: 3, Tags: ['x', 'y'], When: new Date('2026-01-02T03:04:05Z'), Skip: null, Gone: undefined });
    const part = form.get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('学员名单.csv');
    expect(await (part as File).text()).toBe('a,b\n1,2');
    expect(form.get('DryRun')).toBe('true');
    expect(form.get('Count')).toBe('3');
    expect(form.getAll('Tags')).toEqual(['x', 'y']);
    expect(form.get('When')).toBe('2026-01-02T03:04:05.000Z');
    expect(form.has('Skip')).toBe(false);
    expect(form.has('Gone')).toBe(false);
  });
});

describe('Content-Disposition', () => {
  it('round-trips a Chinese name through filename* with an ASCII fallback', () => {
    const header = contentDisposition('2026年 期中试卷(A).docx');
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(header).not.toMatch(/[^\x20-\x7e]/);
    expect(parseContentDisposition(header)).toEqual({ fileName: '2026年 期中试卷(A).docx', inline: false });
    expect(parseContentDisposition(contentDisposition('封面.png', true)).inline).toBe(true);
  });

  it('reads the forms servers send', () => {
    expect(parseContentDisposition(`attachment; filename="a \\"b\\".txt"`).fileName).toBe('a "b".txt');
    expect(parseContentDisposition('attachment; filename=report.xlsx').fileName).toBe('report.xlsx');
    expect(parseContentDisposition(`attachment; filename="x.txt"; filename*=UTF-8''%E6%88%90%E7%BB%A9.xlsx`).fileName).toBe('成绩.xlsx');
    expect(parseContentDisposition(`attachment; filename*=iso-8859-1'en'%A3%20rates.txt`).fileName).toBe('£ rates.txt');
    expect(parseContentDisposition(null)).toEqual({ fileName: null, inline: false });
  });
});

describe('transport with files', () => {
  it('sends a multipart body without setting Content-Type itself', async () => {
    let seen: RequestInit | undefined;
    const fetch = (async (_url: string, init: RequestInit) => {
      seen = init;
      return Response.json({ result: { jobId: 7 }, targetUrl: null, success: true, error: null, unAuthorizedRequest: false, __abp: true });
    }) as typeof globalThis.fetch;
    const out = await callEndpoint({ baseUrl: 'http://api.test', fetch, getToken: () => 'T' }, svc.endpoints.ImportFromExcel, {
      file: new File(['x'], 'm.xlsx'),
      DryRun: false,
    });
    expect(out).toEqual({ jobId: 7 });
    expect(seen!.body).toBeInstanceOf(FormData);
    const headers = seen!.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer T');
    // The real encoding: the boundary reaches the request.
    const req = new Request('http://x', { method: 'POST', body: seen!.body });
    expect(req.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await req.text()).toContain('filename="m.xlsx"');
  });

  it('returns a file response as a Blob with the decoded name, and still throws the envelope error', async () => {
    const body = new Uint8Array([1, 2, 3]);
    const ok = (async () =>
      new Response(body, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': contentDisposition('讲义.pdf') },
      })) as unknown as typeof globalThis.fetch;
    const file = await callEndpoint({ baseUrl: 'http://api.test', fetch: ok }, FileService.endpoints.DownloadTempFile, { fileToken: 't' });
    expect(file.fileName).toBe('讲义.pdf');
    expect(file.contentType).toBe('application/pdf');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(body);

    const gone = (async () =>
      Response.json(
        {
          result: null,
          targetUrl: null,
          success: false,
          error: { code: 0, message: '文件已过期', details: null, validationErrors: null },
          unAuthorizedRequest: false,
          __abp: true,
        },
        { status: 500 },
      )) as typeof globalThis.fetch;
    await expect(
      callEndpoint({ baseUrl: 'http://api.test', fetch: gone }, FileService.endpoints.DownloadTempFile, { fileToken: 't' }),
    ).rejects.toMatchObject({
      kind: 'userFriendly',
      message: '文件已过期',
    });
  });
});

describe('OpenAPI', () => {
  it('shows uploads as multipart with binary parts and downloads as binary', () => {
    const doc = generateOpenApi() as { paths: Record<string, Record<string, any>> };
    const upload = doc.paths['/File/UploadImage']!.post;
    const schema = upload.requestBody.content['multipart/form-data'].schema;
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.responses['413']).toBeDefined();
    const download = doc.paths['/File/DownloadTempFile']!.get;
    expect(download.responses['200'].content['application/octet-stream'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(download.parameters.map((p: { name: string }) => p.name)).toEqual(['fileType', 'fileToken', 'fileName']);
  });
});
