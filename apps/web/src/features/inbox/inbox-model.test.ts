import { reviewableList, reviewInboxAccess, type DecideManyResult, type ReviewInboxItemDto } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { buildMenu, firstAllowedChild } from '../../app/nav-logic.ts';
import { decide } from '../../app/guard.ts';
import { allowedBy, appGroups } from '../../navigation.ts';
import en from '../../locales/en/inbox.json';
import zh from '../../locales/zh-CN/inbox.json';
import {
  composeReason,
  decisionsOf,
  EMPTY_FILTER,
  filterQuery,
  inboxFilterOf,
  inboxTypeOf,
  listQuery,
  resultLines,
  resultSummary,
  rowKey,
  typeLabelKey,
  waitingDays,
} from './inbox-model.ts';

const item = (type: ReviewInboxItemDto['type'], id: number, extra: Partial<ReviewInboxItemDto> = {}): ReviewInboxItemDto => ({
  type,
  entity: 'X',
  id,
  tenantId: 1,
  title: `${type} ${id}`,
  authorId: 2,
  authorName: '张伟',
  submittedTime: '2026-11-20T02:00:00Z',
  preview: null,
  sensitiveHits: 0,
  reviewStep: 0,
  stepName: 'review',
  canDecide: true,
  cannotDecideReason: null,
  ...extra,
});

describe('inbox list state', () => {
  it('reads back the filter it keeps in the URL, and drops values of the wrong kind', () => {
    const filter = { author: '张三', olderThanDays: 7, from: '2026-11-01', to: '2026-11-20' };
    expect(inboxFilterOf(filterQuery(filter))).toEqual(filter);
    expect(inboxFilterOf({ Author: 3, OlderThanDays: -2, SubmittedFrom: 'yesterday' })).toEqual(EMPTY_FILTER);
  });

  it('takes only a type the registry knows as the tab', () => {
    expect(inboxTypeOf('article')).toBe('article');
    expect(inboxTypeOf('nope')).toBeNull();
    expect(inboxTypeOf(undefined)).toBeNull();
  });
});

describe('inbox queries', () => {
  it('sends only the filters set, and pages from 1', () => {
    expect(filterQuery(EMPTY_FILTER)).toEqual({});
    expect(filterQuery({ author: ' 张伟 ', olderThanDays: 7, from: '2026-11-01', to: '' })).toEqual({
      Author: '张伟',
      OlderThanDays: 7,
      SubmittedFrom: '2026-11-01',
    });
    expect(listQuery(EMPTY_FILTER, 'article', 3, 20)).toEqual({ Type: 'article', SkipCount: 40, MaxResultCount: 20 });
    expect(listQuery(EMPTY_FILTER, null, 1, 10)).toEqual({ SkipCount: 0, MaxResultCount: 10 });
  });

  it('keys rows by type and id, and names every registry type from the registry', () => {
    expect(rowKey(item('article', 5))).toBe('article:5');
    expect(rowKey(item('article', 5))).not.toBe(rowKey(item('resource', 5)));
    for (const r of reviewableList) expect(typeLabelKey(r.clientKey)).toBe(`review.entities.${r.clientKey}`);
  });

  it('counts whole days waited', () => {
    const sent = '2026-11-20T02:00:00Z';
    expect(waitingDays(sent, Date.parse(sent) + 3_600_000)).toBe(0);
    expect(waitingDays(sent, Date.parse(sent) + 3 * 86_400_000 + 1)).toBe(3);
  });
});

describe('decisions', () => {
  it('joins the template and the reviewer’s words into the reason', () => {
    expect(composeReason('内容与主题无关', '  请修改标题 ')).toBe('内容与主题无关 请修改标题');
    expect(composeReason(null, '只有说明')).toBe('只有说明');
    expect(composeReason('', '   ')).toBe('');
  });

  it('names the step each item was seen at, and lists failures first with their items', () => {
    const items = [item('article', 1), item('testQuestion', 2, { reviewStep: 1, stepName: 'second' }), item('resource', 3)];
    expect(decisionsOf(items, 2, '重复')).toEqual([
      { type: 'article', id: 1, decision: 2, reviewStep: 0, reason: '重复' },
      { type: 'testQuestion', id: 2, decision: 2, reviewStep: 1, reason: '重复' },
      { type: 'resource', id: 3, decision: 2, reviewStep: 0, reason: '重复' },
    ]);
    expect(decisionsOf(items.slice(0, 1), 1, null)).toEqual([{ type: 'article', id: 1, decision: 1, reviewStep: 0 }]);
    const none = { refusal: null, result: null, nextStepName: null } as const;
    const result: DecideManyResult = {
      succeeded: 2,
      failed: 1,
      approved: 2,
      advanced: 0,
      rejected: 0,
      items: [
        { type: 'article', id: 1, status: 'ok', message: null, auditStatus: 1, ...none, result: 'approved' },
        { type: 'testQuestion', id: 2, status: 'conflict', message: '已被处理', auditStatus: null, ...none },
        { type: 'resource', id: 3, status: 'ok', message: null, auditStatus: 1, ...none, result: 'approved' },
      ],
    };
    const lines = resultLines(result, items);
    expect(lines.map((l) => [l.item.title, l.status])).toEqual([
      ['testQuestion 2', 'conflict'],
      ['article 1', 'ok'],
      ['resource 3', 'ok'],
    ]);
  });
});

describe('a bulk decision summary', () => {
  it('tells approved from moved on (per step), rejected and not decided, leaving out outcomes with none', () => {
    const ok = { status: 'ok', message: null, refusal: null } as const;
    const items = [1, 2, 3, 4, 5].map((id) => item('testQuestion', id));
    const result: DecideManyResult = {
      succeeded: 4,
      failed: 1,
      approved: 1,
      advanced: 2,
      rejected: 1,
      items: [
        { type: 'testQuestion', id: 1, ...ok, auditStatus: 0, result: 'advanced', nextStepName: 'second' },
        { type: 'testQuestion', id: 2, ...ok, auditStatus: 1, result: 'approved', nextStepName: null },
        { type: 'testQuestion', id: 3, ...ok, auditStatus: 0, result: 'advanced', nextStepName: 'second' },
        {
          type: 'testQuestion',
          id: 4,
          status: 'forbidden',
          message: '须由其他审核人处理',
          refusal: 'decidedEarlierStep',
          auditStatus: null,
          result: null,
          nextStepName: null,
        },
        { type: 'testQuestion', id: 5, ...ok, auditStatus: 2, result: 'rejected', nextStepName: null },
      ],
    };
    const lines = resultLines(result, items);
    expect(lines[0]).toMatchObject({ status: 'forbidden', message: '须由其他审核人处理' });
    expect(resultSummary(lines)).toEqual([
      { outcome: 'approved', count: 1, step: null },
      { outcome: 'advanced', count: 2, step: 'second' },
      { outcome: 'rejected', count: 1, step: null },
      { outcome: 'failed', count: 1, step: null },
    ]);
    expect(resultSummary(lines.filter((l) => l.result === 'advanced'))).toEqual([{ outcome: 'advanced', count: 2, step: 'second' }]);
  });
});

describe('the inbox route', () => {
  const route = appGroups.flatMap((g) => g.children).find((c) => c.name === 'reviewInbox')!;
  const only =
    (...names: string[]) =>
    (p: string) =>
      names.includes(p);

  it('is open to anyone who may decide a step of some review flow, and to nobody else', () => {
    expect(route.page).toBeTypeOf('function');
    expect(route.permission).toEqual(reviewInboxAccess);
    for (const r of reviewableList)
      for (const s of r.flow.steps) {
        expect(allowedBy(only(s.permission), route.permission), `${r.clientKey}/${s.name}`).toBe(true);
        expect(buildMenu(appGroups, only('Pages', s.permission)).some((e) => e.kind === 'page' && e.page.name === 'reviewInbox')).toBe(true);
      }
    expect(allowedBy(only('Pages', 'Pages.Articles.Article'), route.permission)).toBe(false);
    expect(buildMenu(appGroups, only('Pages', 'Pages.Articles.Article')).some((e) => e.kind === 'page' && e.page.name === 'reviewInbox')).toBe(false);
    const group = appGroups.find((g) => g.name === 'review')!;
    expect(firstAllowedChild(group, only('Pages.Articles.AuditArticle'))?.name).toBe('reviewInbox');
    const ctx = { lockFlag: '0', userId: 1 };
    expect(decide({ name: 'reviewInbox', permission: route.permission }, { ...ctx, granted: only('Pages.Resources.AuditResource') })).toEqual({
      action: 'allow',
    });
    expect(decide({ name: 'reviewInbox', permission: route.permission }, { ...ctx, granted: only('Pages') })).toMatchObject({ to: 'error-403' });
  });
});

describe('inbox.json', () => {
  const keys = (obj: unknown, prefix = ''): string[] =>
    typeof obj !== 'object' || obj === null ? [prefix] : Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  it('has the same keys in both languages, a text for every reason template, and owns only `inbox` (plus its route titles)', async () => {
    expect(keys(en).sort()).toEqual(keys(zh).sort());
    expect(Object.keys(zh).sort()).toEqual(['inbox', 'routes']);
    const { REVIEW_REASON_TEMPLATES } = await import('@edu/sdk');
    for (const k of REVIEW_REASON_TEMPLATES) expect(zh.inbox.reasons[k], k).toBeTruthy();
  });
});
