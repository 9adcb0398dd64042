import { ClassType, FileDto, UploadedFileDto, clientMethodName, services, type Client, type Endpoint } from '@edu/sdk';
import { saveTempFile } from '@edu/mock-server/kit/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startBackend, type Backend, type SignedIn } from './support/backend.ts';
import { exportEndpoints, sampleFileFor, uploadEndpoints } from './support/files.ts';

/**
 * Files in the contract: every upload endpoint gets a small file of a type it
 * accepts (and its other fields from `uploadFixtures`), every export endpoint
 * (output FileDto) is followed to /File/DownloadTempFile with `client.download`.
 * Responses are parsed with the SDK schemas (validateResponses).
 */

type Input = Record<string, unknown>;
/**
 * Non-file fields of upload endpoints, keyed `Service/Method`; a fixture may
 * also give the file itself when the endpoint reads its content (an import
 * needs a file in its format, not any file of an accepted type).
 */
const uploadFixtures: Record<string, (client: Client) => Promise<Input> | Input> = {
  'TestQuestion/ImportQuestions': async (client) => ({
    categoryId: (await client.multiLevelCategory.create({ classTypeId: ClassType.Question, name: `合同导入-${Date.now()}` })).id,
    mode: 'dryRun',
    file: new File(['1、合同测试：1 + 1 = ?\nA. 1\nB. 2\n【答案】B\n'], '合同测试.txt', { type: 'text/plain' }),
  }),
  'User/ImportFromExcel': () => ({
    mode: 'dryRun',
    passwordRule: 1,
    password: 'Contract1!',
    file: new File([`\uFEFF用户名,姓名,手机号,邮箱\r\ncontract-m${Date.now()},合同会员,13800138000,contract-m@example.edu.cn\r\n`], '会员.csv', {
      type: 'text/csv',
    }),
  }),
};
/** Inputs of export endpoints, keyed `Service/Method` (the money lists and the audit log export their filtered set; no filter is every row). */
const exportFixtures: Record<string, (client: Client) => Promise<Input> | Input> = {
  'Payment/GetAllToExcel': () => ({}),
  'Consumption/GetAllToExcel': () => ({}),
  'Income/GetAllToExcel': () => ({}),
  'AuditLog/GetAuditLogsToExcel': () => ({}),
};

const key = (e: Endpoint) => `${e.service}/${e.method}`;

/** The client call of an endpoint, found through the registry like the CRUD runner does. */
function callOf(client: Client, e: Endpoint): (input?: unknown) => Promise<unknown> {
  const serviceKey = Object.entries(services).find(([, s]) => s.name === e.service)![0];
  const service: unknown = client[serviceKey as keyof typeof services];
  const fn: unknown = service && typeof service === 'object' ? Reflect.get(service, clientMethodName(e.method)) : undefined;
  if (typeof fn !== 'function') throw new Error(`client.${serviceKey}.${clientMethodName(e.method)} is missing`);
  return (input) => Promise.resolve(fn(input));
}

let backend: Backend;
let admin: SignedIn;
beforeAll(async () => {
  backend = await startBackend();
  admin = await backend.signIn();
});
afterAll(async () => backend?.close());

it('has an upload and the exports are all covered', () => {
  expect(uploadEndpoints().length).toBeGreaterThanOrEqual(2);
  for (const e of exportEndpoints()) expect(exportFixtures, `export fixture for ${key(e)}`).toHaveProperty(key(e));
  for (const e of uploadEndpoints()) {
    const others = Object.keys(e.input instanceof z.ZodObject ? e.input.shape : {}).filter((k) => !e.files.some((f) => f.name === k));
    if (others.length) expect(uploadFixtures, `upload fixture for ${key(e)} (${others.join(', ')})`).toHaveProperty(key(e));
  }
});

describe.each(uploadEndpoints().map((e) => [key(e), e] as const))('upload contract: %s', (_name, e) => {
  it('accepts a small file of an accepted type as multipart and answers the SDK schema', async (ctx) => {
    if (e.extension && !backend.isMock) return ctx.skip();
    const files = Object.fromEntries(e.files.map((f) => [f.name, sampleFileFor(f)]));
    const input = { ...files, ...(await uploadFixtures[key(e)]?.(admin.client)) };
    const result = await callOf(admin.client, e)(input);
    const uploaded = UploadedFileDto.safeParse(result);
    if (!uploaded.success) return;
    // A stored upload is served back, byte for byte, under its name, without a session.
    const sent = Object.values(files)[0]!;
    const got = await backend.anonymous().file.getFile({ token: uploaded.data.fileToken });
    expect(got.fileName).toBe(sent.name);
    expect(new Uint8Array(await got.blob.arrayBuffer())).toEqual(new Uint8Array(await sent.arrayBuffer()));
  });
});

describe.each(exportEndpoints().map((e) => [key(e), e] as const))('export contract: %s', (_name, e) => {
  it('answers a FileDto that client.download follows to the bytes', async () => {
    const dto = FileDto.parse(await callOf(admin.client, e)(await exportFixtures[key(e)]!(admin.client)));
    const file = await admin.client.download(dto);
    expect(file.fileName).toBe(dto.fileName);
    expect(file.blob.size).toBeGreaterThan(0);
  });
});

describe('client.download', () => {
  it('follows a FileDto to /File/DownloadTempFile with the bearer token and decodes the Chinese name', async (ctx) => {
    if (!backend.mock) return ctx.skip();
    const text = '题号,得分\n1,5\n';
    const dto = await saveTempFile(
      backend.mock.prisma,
      { tenantId: admin.tenantId, userId: admin.userId },
      {
        fileName: '期末试卷 成绩单.csv',
        contentType: 'text/csv',
        bytes: new TextEncoder().encode(text),
      },
    );
    const file = await admin.client.download(dto);
    expect(file).toMatchObject({ fileName: '期末试卷 成绩单.csv', contentType: expect.stringMatching(/^text\/csv/), inline: false });
    expect(await file.blob.text()).toBe(text);
    await expect(backend.anonymous(admin.tenantId).download(dto)).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
