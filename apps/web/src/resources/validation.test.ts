import { CreateUserInput } from '@edu/sdk';
import i18n from '../lib/i18n.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isRequired, normalizeBlanks, schemaDefaults, schemaResolver } from './validation.ts';

const t = i18n.getFixedT('zh-CN');
const tEn = i18n.getFixedT('en');
const resolve = (schema: z.ZodType, values: Record<string, unknown>, tt = t) =>
  schemaResolver(schema, tt, 'user')(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('form validation over SDK schemas', () => {
  it('derives required marks from the schema', () => {
    expect(isRequired(CreateUserInput, 'userName')).toBe(true);
    expect(isRequired(CreateUserInput, 'phoneNumber')).toBe(false);
    // Members with a default are not required.
    expect(isRequired(CreateUserInput, 'isActive')).toBe(false);
  });

  it('turns blank strings into null or undefined by what the member accepts', () => {
    expect(normalizeBlanks(CreateUserInput, { phoneNumber: '', userName: ' ' })).toEqual({
      phoneNumber: null,
      userName: undefined,
    });
  });

  it('reports missing and malformed values in Chinese', async () => {
    const r = await resolve(CreateUserInput, { userName: '', name: 'x', surname: 'y', emailAddress: 'bad', password: '1' });
    expect(r.errors.userName?.message).toBe('此项为必填项');
    expect(r.errors.emailAddress?.message).toBe('请输入有效的邮箱地址');
    expect(r.errors.password?.message).toBe('至少输入 6 个字符');
  });

  it('uses a field hint for format errors, in the current language', async () => {
    const r = await resolve(CreateUserInput, { userName: '张三', name: 'x', surname: 'y', emailAddress: 'a@b.cn', password: '123456' });
    expect(r.errors.userName?.message).toBe('只能包含字母、数字及 _ . @ -，2 至 32 个字符');
    const en = await resolve(CreateUserInput, { userName: 'a b', phoneNumber: '123' }, tEn);
    expect(en.errors.phoneNumber?.message).toBe('Enter an 11-digit mainland China mobile number');
  });

  it('gives the schema output on success (defaults applied, blanks cleared)', async () => {
    const r = await resolve(CreateUserInput, {
      userName: 'zhangsan',
      name: '三',
      surname: '张',
      emailAddress: 'zs@example.cn',
      password: '123qwe',
      phoneNumber: '',
    });
    expect(r.errors).toEqual({});
    expect(r.values).toMatchObject({ userName: 'zhangsan', isActive: true, identity: 1, roleNames: [], phoneNumber: null });
  });

  it('translates refinement messages given as keys', async () => {
    const schema = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, { message: 'admin.passwordMismatch', path: ['b'] });
    const r = await resolve(schema, { a: 'x', b: 'y' });
    expect(r.errors.b?.message).toBe('两次输入的新密码不一致');
  });

  it('fills schema defaults for a new record', () => {
    expect(schemaDefaults(CreateUserInput, { identity: 2 })).toMatchObject({ isActive: true, identity: 2, roleNames: [] });
  });

  it('puts errors of list items on their full paths, with blanks normalized item by item', async () => {
    const Lesson = z.object({ title: z.string().min(1), videoUrl: z.string().url().nullish(), durationMinutes: z.number().int().min(1) });
    const schema = z.object({ title: z.string().min(1), lessons: z.array(Lesson).default([]) });
    const r = await resolve(schema, {
      title: '课程',
      lessons: [
        { title: '第一课', videoUrl: '', durationMinutes: 10 },
        { title: '', videoUrl: 'not a url', durationMinutes: 0 },
      ],
    });
    const lessons = r.errors.lessons as unknown as Array<Record<string, { message?: string } | undefined> | undefined>;
    expect(Array.isArray(lessons)).toBe(true);
    expect(lessons[0]).toBeUndefined();
    expect(lessons[1]?.title?.message).toBe('此项为必填项');
    expect(lessons[1]?.videoUrl?.message).toBeTruthy();
    expect(lessons[1]?.durationMinutes?.message).toBe('不能小于 1');
    const ok = await resolve(schema, { title: '课程', lessons: [{ title: '第一课', videoUrl: '', durationMinutes: 10 }] });
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual({ title: '课程', lessons: [{ title: '第一课', videoUrl: null, durationMinutes: 10 }] });
  });
});
