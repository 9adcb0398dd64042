import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, parseContentDisposition } from '@edu/sdk';
import { createTenant } from '../testing/tenants.ts';
import { useTestApp } from '../testing/test-app.ts';
import { publicBaseUrlOf } from '../config.ts';
import { cleanFileName, MAX_BOUNDARY_LENGTH, MAX_FILE_NAME_LENGTH, saveTempFile, TEMP_FILE_LIFETIME_MS } from './files.ts';

const MB = 1024 * 1024;
/** A 1x1 PNG. */
const PNG_1X1 = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);
/** A real PNG padded after its end to `size` bytes (the content is sniffed; the size is what matters). */
const png = (size: number) => {
  const bytes = new Uint8Array(Math.max(size, PNG_1X1.length));
  bytes.set(PNG_1X1);
  return bytes;
};
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, '../import/fixtures', name)));

/** Encodes a FormData exactly as fetch would (boundary included), for `inject`. */
async function multipart(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

const t = useTestApp();
let me: { userId: number; tenantId: number };

async function upload(path: string, form: FormData, auth: string | null = t.admin) {
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
  const info = await t.call('GET', '/api/services/app/Session/GetCurrentLoginInformations', { token: t.admin });
  me = { userId: info.body.result.user.id, tenantId: 1 };
});

describe('multipart uploads', () => {
  it('accepts a file over the JSON body limit on an endpoint whose file limit is larger, and serves it back', async () => {
    // The JSON limit is real: the same size as JSON is refused.
    const json = await t.call('POST', '/api/services/app/Role/Create', { token: t.admin, body: { name: 'x'.repeat(2 * MB) } });
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

    const notMultipart = await t.call('POST', '/File/UploadImage', { token: t.admin, body: {} });
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
      headers: { authorization: `Bearer ${t.admin}` },
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
    expect((await t.call('GET', '/File/DownloadTempFile', { token: t.admin, query: { fileToken: dto.fileToken } })).status).toBe(500);
    expect(TEMP_FILE_LIFETIME_MS).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile uploads, over real HTTP: content against the declared type, file names, links, boundaries.

interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  body: any;
}

/** One request over a real socket to a listening app, with any headers (Host included). */
function http(base: string, method: string, url: string, headers: Record<string, string>, body?: Buffer): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(url, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        let parsed: unknown = undefined;
        try {
          parsed = JSON.parse(bytes.toString('utf8'));
        } catch {
          /* a file */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface RawPart {
  fileName: string;
  type: string;
  bytes: Uint8Array | string;
}

/** A multipart body written by hand (a browser would escape what a hostile client sends raw). */
function rawMultipart(part: RawPart, boundary = 'hostile-0123456789'): { body: Buffer; contentType: string } {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head, 'utf8'), Buffer.from(part.bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const SVG_SCRIPT = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
const HTML_SCRIPT = '<!DOCTYPE html>\n<html><body><script>alert(document.cookie)</script></body></html>';
/** The start of a Windows executable. */
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0, 0xb8, 0, 0, 0]);
/** 中文 in GBK. */
const GBK_TEXT = Uint8Array.from([0xd6, 0xd0, 0xce, 0xc4, 0x0d, 0x0a]);

describe('hostile uploads over HTTP', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const send = (path: string, part: RawPart, headers: Record<string, string> = {}, boundary?: string) => {
    const { body, contentType } = rawMultipart(part, boundary);
    return http(base, 'POST', path, { 'content-type': contentType, authorization: `Bearer ${t.admin}`, ...headers }, body);
  };
  const refusal = (res: HttpAnswer) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ success: false, __abp: true });
    const [error, ...rest] = res.body.error.validationErrors as Array<{ message: string; members: string[] }>;
    expect(rest).toEqual([]);
    expect(error!.members).toEqual(['file']);
    return error!.message;
  };

  it('refuses content that is not what its type says, naming the file and what it is', async () => {
    const svgAsPng = refusal(await send('/File/UploadImage', { fileName: 'avatar.png', type: 'image/png', bytes: SVG_SCRIPT }));
    expect(svgAsPng).toContain('avatar.png');
    expect(svgAsPng).toContain('SVG');
    const htmlAsPng = refusal(await send('/File/UploadImage', { fileName: 'cover.png', type: 'image/png', bytes: HTML_SCRIPT }));
    expect(htmlAsPng).toMatch(/cover\.png.*HTML/);
    const htmlAsPdf = refusal(await send('/File/UploadFile', { fileName: 'report.pdf', type: 'application/pdf', bytes: HTML_SCRIPT }));
    expect(htmlAsPdf).toMatch(/report\.pdf.*HTML/);
    const exeAsPdf = refusal(await send('/File/UploadFile', { fileName: 'x.pdf', type: 'application/pdf', bytes: EXE }));
    expect(exeAsPdf).toMatch(/x\.pdf.*EXE/);
    // A real picture under another picture's type and name.
    const pngAsJpeg = refusal(await send('/File/UploadImage', { fileName: 'photo.jpg', type: 'image/jpeg', bytes: png(100) }));
    expect(pngAsJpeg).toMatch(/photo\.jpg.*PNG.*JPEG/);
    // An accepted type whose name says otherwise (saved as photo.html).
    refusal(await send('/File/UploadImage', { fileName: 'photo.html', type: 'image/png', bytes: png(100) }));
    // Under a generic type, the content alone decides: still not an image.
    refusal(await send('/File/UploadImage', { fileName: 'blob', type: 'application/octet-stream', bytes: HTML_SCRIPT }));
    // Nothing was stored.
    expect(
      await t.app.prisma.storedFile.count({ where: { fileName: { in: ['avatar.png', 'cover.png', 'report.pdf', 'x.pdf', 'photo.jpg'] } } }),
    ).toBe(0);
  });

  it('refuses SVG images, saying why, in the caller’s language', async () => {
    for (const path of ['/File/UploadImage', '/File/UploadFile']) {
      const message = refusal(await send(path, { fileName: 'logo.svg', type: 'image/svg+xml', bytes: SVG_SCRIPT }));
      expect(message).toMatch(/logo\.svg.*SVG.*脚本/);
    }
    const en = refusal(
      await send('/File/UploadImage', { fileName: 'logo.svg', type: 'image/svg+xml', bytes: SVG_SCRIPT }, { 'accept-language': 'en' }),
    );
    expect(en).toMatch(/logo\.svg.*SVG.*script/);
  });

  it('checks text files as text: UTF-8 or GBK, no NUL, not HTML', async () => {
    const nul = refusal(await send('/File/UploadFile', { fileName: 'notes.txt', type: 'text/plain', bytes: 'abc\u0000def' }));
    expect(nul).toContain('notes.txt');
    refusal(await send('/File/UploadFile', { fileName: 'bad.txt', type: 'text/plain', bytes: Uint8Array.from([0x41, 0xff, 0xfe, 0x80, 0x41]) }));
    const htmlCsv = refusal(await send('/File/UploadFile', { fileName: 'scores.csv', type: 'text/csv', bytes: HTML_SCRIPT }));
    expect(htmlCsv).toMatch(/scores\.csv.*HTML/);

    const gbk = await send('/File/UploadFile', { fileName: '讲义.txt', type: 'text/plain', bytes: GBK_TEXT });
    expect(gbk.status, JSON.stringify(gbk.body)).toBe(200);
    expect(gbk.body.result).toMatchObject({ fileName: '讲义.txt', contentType: 'text/plain' });
    // Windows browsers declare a CSV as an Excel file: stored under its real type.
    const csv = await send('/File/UploadFile', { fileName: '成绩.csv', type: 'application/vnd.ms-excel', bytes: '姓名,成绩\r\n张三,95\r\n' });
    expect(csv.status, JSON.stringify(csv.body)).toBe(200);
    expect(csv.body.result.contentType).toBe('text/csv');
  });

  it('accepts real documents and serves them as attachments with nosniff', async () => {
    const docx = await send('/File/UploadFile', {
      fileName: '练习.docx',
      type: 'application/octet-stream',
      bytes: fixture('python-docx-questions.docx'),
    });
    expect(docx.status, JSON.stringify(docx.body)).toBe(200);
    expect(docx.body.result.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const xlsx = await send('/File/UploadFile', {
      fileName: '题目.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: fixture('openpyxl-questions.xlsx'),
    });
    expect(xlsx.status, JSON.stringify(xlsx.body)).toBe(200);
    const pdf = await send('/File/UploadFile', {
      fileName: '试卷.pdf',
      type: 'application/pdf',
      bytes: '%PDF-1.4\n%\xe2\xe3\n1 0 obj\n<<>>\nendobj\n',
    });
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    const got = await http(base, 'GET', `/File/GetFile?token=${pdf.body.result.fileToken}`, {});
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(parseContentDisposition(String(got.headers['content-disposition']))).toEqual({ fileName: '试卷.pdf', inline: false });
  });

  it('cleans and caps file names on upload: control, format and bidi characters, paths, dots, 5,000 characters', async () => {
    const bidi = await send('/File/UploadImage', { fileName: 'invoice\u202Egnp.png', type: 'image/png', bytes: png(100) });
    expect(bidi.status, JSON.stringify(bidi.body)).toBe(200);
    expect(bidi.body.result.fileName).toBe('invoicegnp.png');

    const controls = await send('/File/UploadImage', {
      fileName: ' ..a\u0001b\u0007c\u200Bd\u2066e\uFEFF.png.. ',
      type: 'image/png',
      bytes: png(100),
    });
    expect(controls.status, JSON.stringify(controls.body)).toBe(200);
    expect(controls.body.result.fileName).toBe('abcde.png');

    const long = await send('/File/UploadImage', { fileName: `${'长'.repeat(5000)}.png`, type: 'image/png', bytes: png(100) });
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    const name: string = long.body.result.fileName;
    expect([...name].length).toBe(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('长.png')).toBe(true);
    const got = await http(base, 'GET', `/File/GetFile?token=${long.body.result.fileToken}`, {});
    expect(got.status).toBe(200);
    expect(String(got.headers['content-disposition']).length).toBeLessThan(1500);
    expect(parseContentDisposition(String(got.headers['content-disposition'])).fileName).toBe(name);

    // Nothing left of the name: the field's name stands in.
    const empty = await send('/File/UploadImage', { fileName: '\u202E\u0000. .', type: 'image/png', bytes: png(100) });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.result.fileName).toBe('file');
  });

  it('serves names stored before the cleaning with a cleaned, capped header', async () => {
    const row = await t.app.prisma.storedFile.create({
      data: {
        token: `legacy-${Date.now()}`,
        tenantId: 1,
        userId: me.userId,
        kind: 'stored',
        fileName: `evil\u0000\u202E${'x'.repeat(5000)}.pdf`,
        contentType: 'application/pdf',
        size: 4,
        bytes: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
      },
    });
    const got = await http(base, 'GET', `/File/GetFile?token=${row.token}`, {});
    expect(got.status).toBe(200);
    const header = String(got.headers['content-disposition']);
    expect(header.length).toBeLessThan(600);
    const served = parseContentDisposition(header).fileName!;
    expect(served).toMatch(/^evilx+\.pdf$/);
    expect(served.length).toBe(MAX_FILE_NAME_LENGTH);
  });

  it('builds the link from the server’s own or a configured origin, never from any Host header', async () => {
    const evil = await send('/File/UploadImage', { fileName: 'a.png', type: 'image/png', bytes: png(100) }, { host: 'evil.example' });
    expect(evil.status, JSON.stringify(evil.body)).toBe(200);
    expect(evil.body.result.url).toBe(`/File/GetFile?token=${evil.body.result.fileToken}`);

    const own = await send('/File/UploadImage', { fileName: 'a.png', type: 'image/png', bytes: png(100) });
    expect(own.body.result.url).toBe(`${base}/File/GetFile?token=${own.body.result.fileToken}`);

    // A CORS origin (the Vite dev server outside production) is a configured one.
    const vite = await send('/File/UploadImage', { fileName: 'a.png', type: 'image/png', bytes: png(100) }, { host: 'localhost:5173' });
    expect(vite.body.result.url).toBe(`http://localhost:5173/File/GetFile?token=${vite.body.result.fileToken}`);
  });

  it('answers a 400 naming the boundary for an over-long multipart boundary, on every upload endpoint', async () => {
    const uploads = allEndpoints().filter((e) => e.files.length > 0);
    expect(uploads.length).toBeGreaterThanOrEqual(3);
    for (const endpoint of uploads)
      for (const length of [MAX_BOUNDARY_LENGTH + 1, 257, 300, 5000]) {
        const res = await send(endpoint.path, { fileName: 'a.png', type: 'image/png', bytes: png(100) }, {}, 'b'.repeat(length));
        expect(res.status, `${endpoint.path} ${length}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.error.validationErrors).toEqual([{ message: expect.stringMatching(/boundary/i), members: ['$'] }]);
        expect(res.body.error.validationErrors[0].message).toContain(String(length));
      }
    // RFC 2046's longest boundary is fine.
    const longest = await send('/File/UploadImage', { fileName: 'a.png', type: 'image/png', bytes: png(100) }, {}, 'b'.repeat(MAX_BOUNDARY_LENGTH));
    expect(longest.status, JSON.stringify(longest.body)).toBe(200);
  });
});

describe('cleanFileName', () => {
  it('keeps ordinary names and the extension when capping', () => {
    expect(cleanFileName('2026 期中考试成绩（初二）.xlsx', 'file')).toBe('2026 期中考试成绩（初二）.xlsx');
    expect(cleanFileName('C:\\fakepath\\..\\封面.png', 'file')).toBe('封面.png');
    expect(cleanFileName('../../etc/passwd', 'file')).toBe('passwd');
    expect(cleanFileName('a\uD800b.txt', 'file')).toBe('ab.txt');
    const capped = cleanFileName(`${'😀'.repeat(200)}.docx`, 'file');
    expect([...capped].length).toBe(MAX_FILE_NAME_LENGTH);
    expect(capped.endsWith('😀.docx')).toBe(true);
    expect(cleanFileName('', 'image')).toBe('image');
  });
});

describe('a configured public base URL', () => {
  it('is read from PUBLIC_BASE_URL: an absolute http(s) URL, trailing slash dropped; anything else refused at start', () => {
    expect(publicBaseUrlOf(undefined)).toBeUndefined();
    expect(publicBaseUrlOf(' ')).toBeUndefined();
    expect(publicBaseUrlOf('https://EDU.example.cn/')).toBe('https://edu.example.cn');
    expect(publicBaseUrlOf('https://edu.example.cn:8443/site/')).toBe('https://edu.example.cn:8443/site');
    for (const bad of ['edu.example.cn', 'ftp://edu.example.cn', 'https://edu.example.cn/?a=1', 'https://u:p@edu.example.cn', 'javascript:alert(1)'])
      expect(() => publicBaseUrlOf(bad), bad).toThrow(/PUBLIC_BASE_URL/);
  });

  const p = useTestApp({ publicBaseUrl: 'https://edu.example.cn/site', corsOrigins: [], signIn: false });
  let base: string;
  beforeAll(async () => {
    base = await p.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('is what every upload link starts with, whatever the Host header', async () => {
    const auth = await p.login('admin', '123qwe', 1);
    for (const host of ['evil.example', new URL(base).host]) {
      const { body, contentType } = rawMultipart({ fileName: 'a.png', type: 'image/png', bytes: png(100) });
      const res = await http(base, 'POST', '/File/UploadImage', { host, 'content-type': contentType, authorization: `Bearer ${auth}` }, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result.url).toBe(`https://edu.example.cn/site/File/GetFile?token=${res.body.result.fileToken}`);
    }
  });
});
