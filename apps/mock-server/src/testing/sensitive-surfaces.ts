import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

/**
 * The disguises of the hostile-input issue and the surfaces that scan text
 * for sensitive words, written through real HTTP: shared by the scanner's
 * HTTP tests (kit/sensitive-words.test.ts) and the fuzz suite (fuzz.test.ts).
 */

/** A Latin mask word the tests add to tenant 1's dictionary; the seeded 赌博 refuses. */
export const LATIN_WORD = 'VPN';
export const HAN_WORD = '赌博';

/** `VPN` in every disguise that passed some surface before the one scanner, and as a masking surface stores it. */
export const LATIN_DISGUISES: Readonly<Record<string, [text: string, masked: string]>> = {
  'zero-width space': ['v\u200Bpn', '*\u200B**'],
  'soft hyphen': ['v\u00ADpn', '*\u00AD**'],
  'combining mark': ['v\u0301pn', '***'],
  'variation selector': ['v\uFE0Fpn', '***'],
  'full-width letters': ['ｖｐｎ', '***'],
  'mathematical letters': ['𝐯𝐩𝐧', '***'],
  'Cyrillic look-alike': ['vрn', '***'],
  'small capitals': ['ᴠᴘɴ', '***'],
};

/** `赌博` likewise. */
export const HAN_DISGUISES: Readonly<Record<string, string>> = {
  'zero-width space': '赌\u200B博',
  'soft hyphen': '赌\u00AD博',
  'combining mark': '赌\u0301博',
  'variation selector': '赌\uFE0F博',
  'traditional characters': '賭博',
};

/** Disguises that exist only in HTML: character references and tags inside the word. */
export const RICH_DISGUISES: Readonly<Record<string, [string, string]>> = {
  'numeric references and a tag': ['&#36172;<b>博</b>', HAN_WORD],
  'soft hyphen reference': ['v&shy;pn', LATIN_WORD],
  'zero-width space reference': ['v&#x200b;<i>p</i>n', LATIN_WORD],
};

export interface Surface {
  name: string;
  /** The validation member a refusal names. */
  member: string;
  /** The field holds HTML. */
  rich: boolean;
  /** Mask words are masked (member feedback); otherwise every word refuses. */
  masks: boolean;
  /** Writes `text` into the scanned field (`sent`, with the surface's own words around it); on success, the stored value of that field. */
  write(text: string): Promise<{ status: number; body: any; sent: string; stored?: string }>;
}

const api = (path: string) => `/api/services/app/${path}`;

async function result(t: TestApp, verb: 'GET' | 'POST', path: string, token: string, payload: Record<string, unknown>) {
  const r = await t.call(verb, api(path), { token, ...(verb === 'GET' ? { query: payload } : { body: payload }) });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.result;
}

/**
 * Adds `VPN` as a mask word to tenant 1 (refreshing the cache) and builds a
 * surface for every family of scanned text: editorial content (article title
 * and rich body), question options (rich, checked by the bank), Q&A (question and reply), site messages, questionnaires
 * (question titles and answers), member comments and leave messages.
 */
export async function sensitiveSurfaces(t: TestApp): Promise<Surface[]> {
  const admin = await t.login();
  await result(t, 'POST', 'SystemDictionary/Create', admin, { dictionaryType: 'sensitiveWord', name: LATIN_WORD, value: 'mask' });
  await result(t, 'POST', 'SystemDictionary/SettingUpdateCache', admin, {});
  const article = (await result(t, 'GET', 'Article/GetAll', admin, { MaxResultCount: 1 })).items[0];
  const question = await result(t, 'POST', 'QuestionOfAsk/Create', admin, { title: '二次函数的顶点怎么求？', content: '顶点坐标是多少？' });
  await result(t, 'POST', 'QuestionOfAsk/AuditedQuestionOfAsk', admin, { id: question.id, auditStatus: 1 });
  const questionnaire = await result(t, 'POST', 'Questionnaire/Create', admin, {
    title: '学习情况调查',
    audience: 2,
    questions: [{ title: '建议', questionType: 3 }],
  });
  await result(t, 'POST', 'Questionnaire/auditedQuestionnaire', admin, { id: questionnaire.id, auditStatus: 1 });
  const teacher = await result(t, 'GET', 'User/GetAll', admin, { MaxResultCount: 1, Keyword: 'zhangwei' });
  const questionCategory = await result(t, 'POST', 'MultiLevelCategory/Create', admin, { classTypeId: 3, name: '敏感词测试题库' });

  const post = (path: string, body: Record<string, unknown>) => t.call('POST', api(path), { token: admin, body });
  /** A write of `around(text)` into the field of `body`, the stored value read back from `field` of the result. */
  const storedAs =
    (path: string, around: (text: string) => string, body: (value: string) => Record<string, unknown>, field: string) => async (text: string) => {
      const sent = around(text);
      const r = await post(path, body(sent));
      return { ...r, sent, ...(r.status === 200 && { stored: String(r.body.result[field]) }) };
    };
  return [
    {
      name: 'article title',
      member: 'title',
      rich: false,
      masks: false,
      write: storedAs(
        'Article/Create',
        (x) => `文章${x}`,
        (value) => ({ title: value, categoryId: article.categoryId, content: '<p>正文</p>' }),
        'title',
      ),
    },
    {
      name: 'article body',
      member: 'content',
      rich: true,
      masks: false,
      write: storedAs(
        'Article/Create',
        (x) => `<p>正文${x}</p>`,
        (value) => ({ title: '文章', categoryId: article.categoryId, content: value }),
        'content',
      ),
    },
    {
      name: 'question option',
      member: 'options[1].content',
      rich: true,
      masks: false,
      write: storedAs(
        'TestQuestion/CreateQuestion',
        (x) => `<p>上海${x}</p>`,
        (value) => ({
          questionType: 1,
          stem: '<p>首都是哪座城市？</p>',
          categoryId: questionCategory.id,
          options: [{ content: '北京', isCorrect: true }, { content: value }, { content: '广州' }],
        }),
        'id',
      ),
    },
    {
      name: 'Q&A question',
      member: 'content',
      rich: false,
      masks: false,
      write: storedAs(
        'QuestionOfAsk/Create',
        (x) => `请问${x}`,
        (value) => ({ title: '提问', content: value }),
        'content',
      ),
    },
    {
      name: 'Q&A reply',
      member: 'content',
      rich: false,
      masks: false,
      write: storedAs(
        'QuestionOfAsk/ReplayAsk',
        (x) => `回答${x}`,
        (value) => ({ questionOfAskId: question.id, content: value }),
        'content',
      ),
    },
    {
      name: 'site message',
      member: 'content',
      rich: false,
      masks: false,
      write: storedAs(
        'SiteMessage/Create',
        (x) => `内容${x}`,
        (value) => ({ title: '通知', content: value, recipientKind: 1, recipientUserId: teacher.items[0].id }),
        'content',
      ),
    },
    {
      name: 'questionnaire question',
      member: 'questions[0].title',
      rich: false,
      masks: false,
      write: storedAs(
        'Questionnaire/Create',
        (x) => `建议${x}`,
        (value) => ({ title: '问卷', questions: [{ title: value, questionType: 3 }] }),
        'title',
      ),
    },
    {
      name: 'questionnaire answer',
      member: 'answers[0].text',
      rich: false,
      masks: false,
      // A refused answer stores nothing, so the admin may try again; an accepted one is the admin's single response.
      write: storedAs(
        'Questionnaire/Submit',
        (x) => `答案${x}`,
        (value) => ({ questionnaireId: questionnaire.id, answers: [{ questionId: questionnaire.questions[0].id, text: value }] }),
        'id',
      ),
    },
    {
      name: 'comment',
      member: 'content',
      rich: false,
      masks: true,
      write: storedAs(
        'Discuss/Create',
        (x) => `评论${x}`,
        (value) => ({ targetType: 1, targetId: article.id, content: value }),
        'content',
      ),
    },
    {
      name: 'leave message',
      member: 'content',
      rich: false,
      masks: true,
      write: storedAs(
        'LeaveMessage/Create',
        (x) => `留言${x}`,
        (value) => ({ title: '留言', content: value, messageType: 1 }),
        'content',
      ),
    },
  ];
}

/** Refused: a 400 naming the surface's member and the word. */
export function expectRefused(surface: Surface, res: { status: number; body: any }, word: string, label: string) {
  expect(res.status, `${surface.name}, ${label}: ${JSON.stringify(res.body)}`).toBe(400);
  const errors: Array<{ message: string; members: string[] }> = res.body.error.validationErrors;
  expect(
    errors.some((e) => e.members.includes(surface.member) && e.message.includes(word)),
    `${surface.name}, ${label}: ${JSON.stringify(errors)}`,
  ).toBe(true);
}
