import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { insertRows } from './bulk-insert.ts';
import { createPrismaClient, sqliteConnection, writeVersions } from './client.ts';
import { applyMigrations } from './migrate.ts';
import { ownStatement } from './sqlite.ts';
import { tempDatabase, type TempDatabase } from './testing.ts';

/** Two migrated databases: one written by Prisma's createMany, one by insertRows, then compared column by column. */
let dbs: TempDatabase[];
let viaPrisma: PrismaClient;
let compiled: PrismaClient;

beforeAll(async () => {
  dbs = [tempDatabase('prisma'), tempDatabase('compiled')];
  for (const db of dbs) await applyMigrations(db.url);
  [viaPrisma, compiled] = dbs.map((db) => createPrismaClient(db.url)) as [PrismaClient, PrismaClient];
  for (const client of [viaPrisma, compiled]) {
    await client.tenant.create({ data: { id: 1, tenancyName: 'Default', name: 'Default' } });
    await client.classificationType.create({ data: { id: 3, code: 'question', name: '试题分类', creationTime: new Date(0) } });
    await client.multiLevelCategory.create({ data: { id: 1, tenantId: 1, classTypeId: 3, name: '数学', creationTime: new Date(0) } });
  }
});
afterAll(async () => {
  await Promise.all([viaPrisma.$disconnect(), compiled.$disconnect()]);
  for (const db of dbs) db.remove();
});

const stored = (client: PrismaClient, table: string) => ownStatement(sqliteConnection(client)!, `SELECT * FROM "${table}" ORDER BY id`).all();

/** Questions with every kind of value: text with quotes and CJK, numbers, booleans, dates, nulls, and columns left undefined (their defaults). */
const questions = Array.from({ length: 1_234 }, (_, i) => ({
  tenantId: 1,
  questionType: (i % 5) + 1,
  title: `第${i}题 "引号" 'apostrophe'`,
  stem: `<p>已知 x = ${i}，求 x 的值。</p>`,
  analysis: i % 3 ? `<p>解析 ${i}</p>` : null,
  difficulty: (i % 3) + 1,
  score: 2.5 + (i % 4),
  categoryId: 1,
  isUniversity: i % 10 === 0,
  // Left undefined on some rows: the column's default, as Prisma leaves it (and a new statement for those rows).
  isShow: i % 7 === 0 ? undefined : i % 2 === 0,
  trueFalseAnswer: i % 5 === 2 ? i % 2 === 0 : undefined,
  fingerprint: `fp-${i}`,
  auditStatus: i % 3,
  auditTime: i % 4 ? new Date(Date.UTC(2026, 8, 1, 8, 0, i % 60, 123)) : null,
  creatorUserId: null,
  creationTime: new Date(Date.UTC(2026, 8, 1, 8, 0, 0, i)),
}));

describe('insertRows', () => {
  it("stores what Prisma's createMany stores, and answers the returning columns in the rows' order", async () => {
    await viaPrisma.testQuestion.createMany({ data: questions });
    const made = insertRows(compiled, 'TestQuestion', questions, ['id', 'fingerprint']);
    expect(made).toEqual(questions.map((q, i) => ({ id: i + 1, fingerprint: q.fingerprint })));
    const [expected, actual] = [stored(viaPrisma, 'TestQuestion'), stored(compiled, 'TestQuestion')];
    expect(actual).toHaveLength(questions.length);
    expect(actual).toEqual(expected);
    // And Prisma reads the rows back as it wrote them.
    expect(await compiled.testQuestion.findMany({ orderBy: { id: 'asc' } })).toEqual(
      await viaPrisma.testQuestion.findMany({ orderBy: { id: 'asc' } }),
    );
  });

  it("tells the write versions, so the caches of the table's readers go stale", () => {
    const before = writeVersions(compiled).version('TestQuestionOption');
    insertRows(compiled, 'TestQuestionOption', [{ tenantId: 1, questionId: 1, sort: 0, content: 'A', isCorrect: true, creationTime: new Date(0) }]);
    expect(writeVersions(compiled).version('TestQuestionOption')).not.toBe(before);
  });

  it('writes inside the transaction it is called in: a rollback takes the rows away', async () => {
    const count = () => compiled.testQuestionOption.count();
    const before = await count();
    await expect(
      compiled.$transaction(async () => {
        insertRows(compiled, 'TestQuestionOption', [
          { tenantId: 1, questionId: 2, sort: 0, content: 'B', isCorrect: false, creationTime: new Date(0) },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count()).toBe(before);
  });

  it('refuses a value that is not a column value and a row without its now() column, and answers undefined for a client without its own connection', () => {
    expect(() =>
      insertRows(compiled, 'TestQuestionOption', [{ tenantId: 1, questionId: 1, sort: 0, content: { html: 'x' }, creationTime: new Date(0) }]),
    ).toThrow(/TestQuestionOption\.content: object is not a column value/);
    expect(() => insertRows(compiled, 'TestQuestionOption', [{ tenantId: 1, questionId: 1, sort: 0, content: 'C' }])).toThrow(
      /TestQuestionOption: give creationTime/,
    );
    expect(insertRows(compiled.$extends({}) as unknown as PrismaClient, 'TestQuestionOption', [{ tenantId: 1 }])).toBeUndefined();
  });
});
