import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseContentDisposition } from '@edu/sdk';
import { createTenant } from '../testing/tenants.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { saveTempFile, TEMP_FILE_LIFETIME_MS } from './files.ts';

const MB = 1024 * 1024;
// A PNG signature followed by filler: the type comes from the part's header, the size is what matters.
const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

/** Encodes a FormData exactly as fetch would (boundary included), for `inject`. */
async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

let t: TestApp;
let token: string;
let me: { userId: number; tenantId: number };

async function upload(path: string, form: FormData, auth: string | null = token) {
  const { payload, contentType } = await multipart(form);
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: { 'content-type': contentType, ...(auth && { authorization: `Bearer ${auth}` }) },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const formWith = (file?: Blob, name = 'file') => {
  const form = new FormData();
  if (file) form.append(name, file, file instanceof File ? file.name : 'blob');
  return form;
};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin', '123qwe', 1);
  const info = await t.call('GET', '/api/services/app/Session/GetCurrentLoginInformations', { token });
  me = { userId: info.body.result.user.id, tenantId: 1 };
});
afterAll(async () => t?.close());

describe('multipart uploads', () => {
  it('accepts a file over the JSON body limit on an endpoint whose file limit is larger, and serves it back', async () => {
    // The JSON limit is real: the same size as JSON is refused.
    const json = await t.call('POST', '/api/services/app/Role/Create', { token, body: { name: 'x'.repeat(2 * MB) } });
    expect(json.status).toBe(413);

    const bytes = png(2 * MB);
    const res = await upload('/File/UploadImage', formWith(new File([bytes], '封面 图.png', { type: 'image/png' })));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const dto = res.body.result;
    expect(dto).toMatchObject({ fileName: '封面 图.png', contentType: 'image/png', size: 2 * MB });
    expect(dto.url).toMatch(/\/File\/GetFile\?token=[0-9a-f-]{36}$/);

    // Public: no token needed; raw bytes, inline, nosniff, type from our record.
    const got = await t.app.inject({ method: 'GET', url: `/File/GetFile?token=${dto.fileToken}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(parseContentDisposition(String(got.headers['content-disposition']))).toEqual({ fileName: '封面 图.png', inline: true });
    expect(got.rawPayload.equals(Buffer.from(bytes))).toBe(true);
  });

  it('answers 413 in the ABP envelope over the file limit', async () => {
    const res = await upload('/File/UploadImage', formWith(new File([png(10 * MB + 1)], 'big.png', { type: 'image/png' })));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, __abp: true, error: { message: expect.stringContaining('10 MB') } });
  });

  it('answers 400 naming the file field for a missing, empty or wrong-type file', async () => {
    const missing = await upload('/File/UploadImage', formWith());
    expect(missing.status).toBe(400);
    expect(missing.body.error.validationErrors).toEqual([expect.objectContaining({ members: ['file'] })]);

    const notMultipart = await t.call('POST', '/File/UploadImage', { token, body: {} });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.error.validationErrors[0].members).toEqual(['file']);

    const empty = await upload('/File/UploadImage', formWith(new File([], 'a.png', { type: 'image/png' })));
    expect(empty.status).toBe(400);
    expect(empty.body.error.validationErrors).toEqual([{ message: expect.stringContaining('空'), members: ['file'] }]);

    const html = await upload('/File/UploadImage', formWith(new File(['<script>alert(1)</script>'], 'x.html', { type: 'text/html' })));
    expect(html.status).toBe(400);
    expect(html.body.error.validationErrors[0].members).toEqual(['file']);

    // Field names bind case-insensitively, as ASP.NET Core's model binding does.
    const upper = await upload('/File/UploadFile', formWith(new File(['第一章'], '讲义.txt', { type: 'text/plain' }), 'File'));
    expect(upper.status).toBe(200);
  });

  it('needs a signed-in user to upload', async () => {
    const res = await upload('/File/UploadImage', formWith(new File([png(10)], 'a.png', { type: 'image/png' })), null);
    expect(res.status).toBe(401);
  });

  it('serves an attachment (not inline) and 404s an unknown token', async () => {
    const res = await upload('/File/UploadFile', formWith(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })));
    expect(res.status).toBe(400); // SVG can carry script: not an accepted type.
    const pdf = await upload('/File/UploadFile', formWith(new File(['%PDF-1.4'], '试卷.pdf', { type: 'application/pdf' })));
    const got = await t.app.inject({ method: 'GET', url: `/File/GetFile?token=${pdf.body.result.fileToken}` });
    expect(parseContentDisposition(String(got.headers['content-disposition'])).inline).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/File/GetFile?token=nope' })).statusCode).toBe(404);
  });
});

describe('/File/DownloadTempFile', () => {
  it('answers the bytes unwrapped, with a Chinese name in Content-Disposition', async () => {
    const text = '姓名,成绩\n张三,95\n';
    const dto = await saveTempFile(t.app.prisma, me, {
      fileName: '2026 期中考试成绩（初二）.csv',
      contentType: 'text/csv',
      bytes: new TextEncoder().encode(text),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/File/DownloadTempFile',
      query: { fileType: dto.fileType, fileToken: dto.fileToken, fileName: dto.fileName },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const header = String(res.headers['content-disposition']);
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(parseContentDisposition(header).fileName).toBe('2026 期中考试成绩（初二）.csv');
    expect(res.body).toBe(text); // the file itself, no envelope
  });

  it('refuses a token of another tenant, of another user, or expired, with a user-friendly error', async () => {
    const dto = await saveTempFile(t.app.prisma, me, { fileName: 'a.txt', contentType: 'text/plain', bytes: new Uint8Array([1]) });
    const other = await createTenant(t, 'files-other');
    const foreign = await t.call('GET', '/File/DownloadTempFile', { token: other.token, query: { fileToken: dto.fileToken } });
    expect(foreign.status).toBe(500);
    expect(foreign.body).toMatchObject({ success: false, error: { message: expect.stringContaining('过期') } });

    const host = await t.login('admin', '123qwe', null);
    expect((await t.call('GET', '/File/DownloadTempFile', { token: host, query: { fileToken: dto.fileToken } })).status).toBe(500);
    expect((await t.call('GET', '/File/DownloadTempFile', { query: { fileToken: dto.fileToken } })).status).toBe(401);

    await t.app.prisma.storedFile.update({ where: { token: dto.fileToken }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await t.call('GET', '/File/DownloadTempFile', { token, query: { fileToken: dto.fileToken } })).status).toBe(500);
    expect(TEMP_FILE_LIFETIME_MS).toBeGreaterThan(0);
  });
});
