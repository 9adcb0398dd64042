import { describe, expect, it } from 'vitest';
import i18n from '../lib/i18n.ts';
import enAdmin from '../locales/en/admin.json';
import enCommon from '../locales/en/common.json';
import en from '../locales/en/content.json';
import zh from '../locales/zh-CN/content.json';
import { fieldLabelKeys, type AnyResource } from '../resources/index.ts';
import { friendLinkResource } from './miscellaneous/friend-link.resource.tsx';
import { resourceResource } from './resources/resource.resource.tsx';
import { advertisingResource } from './setting/advertising.resource.tsx';
import { chapterTypeResource } from './setting/chapter-type.resource.tsx';
import { classificationTypeResource } from './setting/classification-type.resource.tsx';
import { keywordResource } from './setting/keyword.resource.tsx';
import { multiCategoryResource } from './setting/multi-category.resource.tsx';
import { navigationMenuResource } from './setting/navigation-menu.resource.tsx';
import { articleResource } from './articles/article.resource.tsx';
import { learningCourseResource } from './articles/learning-course.resource.tsx';
import { oneQuestionPerdayResource } from './articles/one-question-perday.resource.tsx';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const resources = [
  classificationTypeResource,
  multiCategoryResource,
  keywordResource,
  chapterTypeResource,
  advertisingResource,
  navigationMenuResource,
  articleResource,
  learningCourseResource,
  oneQuestionPerdayResource,
  resourceResource,
  friendLinkResource,
] as unknown as AnyResource[];

/** Every label a resource screen looks up (each as the keys tried in order): title, columns, form fields, filters, in each declared variant too. */
function labelKeys(r: AnyResource): string[][] {
  const all = [r, ...Object.keys(r.variants ?? {}).map((k) => r.variant(k))];
  return all.flatMap((v) => [
    [v.titleKey ?? `resources.${v.name}.title`],
    ...v.columns.map((c) => fieldLabelKeys(v.name, c.field, c.labelKey)),
    ...(v.form?.fields ?? []).map((f) => fieldLabelKeys(v.name, f.name, f.labelKey)),
    ...(v.filters ?? []).filter((f) => f.type !== 'keyword').map((f) => [`resources.${v.name}.filters.${f.name}`]),
    ...(v.rowActions ?? []).map((a) => [a.labelKey ?? `actions.${a.key}`]),
    ...(v.actions ?? []).map((a) => [a.labelKey ?? `actions.${a.key}`]),
  ]);
}

describe('content.json', () => {
  it('has the same keys in zh-CN and en', () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });

  it('adds keys without replacing any of admin.json or common.json', () => {
    const taken = new Set([...keys(enAdmin), ...keys(enCommon)]);
    expect(keys(en).filter((k) => taken.has(k))).toEqual([]);
  });

  it('labels everything the content screens show, in both languages', () => {
    const missing: string[] = [];
    for (const lng of ['zh-CN', 'en']) {
      for (const keys of resources.flatMap(labelKeys)) if (!keys.some((key) => i18n.exists(key, { lng }))) missing.push(`${lng}: ${keys[0]}`);
    }
    expect(missing).toEqual([]);
  });
});
