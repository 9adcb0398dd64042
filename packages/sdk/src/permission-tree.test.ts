import { describe, expect, it } from 'vitest';
import { flattenPermissions, Permissions, reviewInboxAccess } from './permissions.ts';

/**
 * The permission tree as it was when permissions moved to their services
 * (generated from the central tree before the move): order, names, parents,
 * display names and marks, and the constants' names and values. The contract
 * suite, the seed and the roles' grants depend on them. A permission a new
 * service declares may come in anywhere; these keep their values and their
 * order among themselves.
 *
 * A row: `name < parent | zh-Hans | en | the node's other keys, in order`.
 */
const TREE = [
  'Pages < - | 页面 | Pages | children',
  'Pages.Administration < Pages | 系统设置 | System settings | children',
  'Pages.Administration.Manages < Pages.Administration | 管理员 | Administrators | reviews',
  'Pages.Administration.Users.Impersonation < Pages.Administration | 模拟登录 | Impersonation | inferred',
  'Pages.Administration.Tenants < Pages.Administration | 租户管理 | Tenants | hostOnly inferred',
  'Pages.Administration.ClassificationTypes < Pages.Administration | 分类类型 | Classification types',
  'Pages.Administration.MultiLevelCategorys < Pages.Administration | 多级分类 | Multi-level categories',
  'Pages.Administration.Dictionarys < Pages.Administration | 字典管理 | Dictionaries',
  'Pages.Administration.ChapterTypes < Pages.Administration | 章节管理 | Chapters',
  'Pages.Administration.AuditLogs < Pages.Administration | 审计日志 | Audit logs | inferred',
  'Pages.Members < Pages | 会员管理 | Members | children',
  'Pages.Members.Users < Pages.Members | 会员 | Members',
  'Pages.Members.ImportUsers < Pages.Members | 导入用户 | Import users',
  'Pages.Articles < Pages | 文章管理 | Articles | children',
  'Pages.Articles.Article < Pages.Articles | 文章 | Articles',
  'Pages.Articles.AuditArticle < Pages.Articles | 文章审核 | Article review | reviews',
  'Pages.Articles.LearningCourse < Pages.Articles | 课程管理 | Courses',
  'Pages.Articles.UniversityCourse < Pages.Articles | 大学课程 | University courses',
  'Pages.Articles.AuditLearning < Pages.Articles | 课程审核 | Course review | inferred reviews',
  'Pages.Articles.OneQuestionPerday < Pages.Articles | 每日一题 | Daily question',
  'Pages.Articles.AuditOneQuestionPerday < Pages.Articles | 每日一题审核 | Daily question review | inferred reviews',
  'Pages.Resources < Pages | 资源管理 | Resources | children',
  'Pages.Resources.Resource < Pages.Resources | 资源 | Resources',
  'Pages.Resources.University < Pages.Resources | 大学资源 | University resources',
  'Pages.Resources.AuditResource < Pages.Resources | 资源审核 | Resource review | reviews',
  'Pages.Questions < Pages | 题库管理 | Question bank | children',
  'Pages.Questions.TestQuestion < Pages.Questions | 试题 | Test questions | reviews',
  'Pages.Questions.UniversityQuestion < Pages.Questions | 大学试题 | University questions',
  'Pages.Questions.Statistical < Pages.Questions | 试题统计 | Question statistics',
  'Pages.Questions.Teachers < Pages.Questions | 教师试题 | Teacher questions | reviews',
  'Pages.TestPapers < Pages | 试卷管理 | Test papers | children',
  'Pages.TestPapers.Hand < Pages.TestPapers | 手动组卷 | Manual papers',
  'Pages.TestPapers.UniversityHand < Pages.TestPapers | 大学手动组卷 | University manual papers',
  'Pages.TestPapers.Random < Pages.TestPapers | 随机组卷 | Random papers',
  'Pages.TestPapers.UniversityRandom < Pages.TestPapers | 大学随机组卷 | University random papers',
  'Pages.Homeworks < Pages | 作业管理 | Homework | children',
  'Pages.Homeworks.Hand < Pages.Homeworks | 手动作业 | Manual homework',
  'Pages.Homeworks.Random < Pages.Homeworks | 随机作业 | Random homework',
  'Pages.Others < Pages | 其他管理 | Others | children',
  'Pages.Others.FriendlyLink < Pages.Others | 友情链接 | Friend links',
  'Pages.Others.SiteMessage < Pages.Others | 网站消息 | Website messages',
  'Pages.Others.Discuss < Pages.Others | 会员评论 | Member comments | reviews',
  'Pages.Others.LeaveMessage < Pages.Others | 互动留言 | Mutual messages | reviews',
  'Pages.Others.Questionnaire < Pages.Others | 问卷调查 | Questionnaires | reviews',
  'Pages.Others.Answerquestion < Pages.Others | 在线问答 | Online Q&A | reviews',
];

const CONSTANTS = [
  ['Pages', 'Pages'],
  ['Administration', 'Pages.Administration'],
  ['Manages', 'Pages.Administration.Manages'],
  ['UsersImpersonation', 'Pages.Administration.Users.Impersonation'],
  ['Tenants', 'Pages.Administration.Tenants'],
  ['ClassificationTypes', 'Pages.Administration.ClassificationTypes'],
  ['MultiLevelCategorys', 'Pages.Administration.MultiLevelCategorys'],
  ['Dictionarys', 'Pages.Administration.Dictionarys'],
  ['ChapterTypes', 'Pages.Administration.ChapterTypes'],
  ['AuditLogs', 'Pages.Administration.AuditLogs'],
  ['Members', 'Pages.Members'],
  ['MembersUsers', 'Pages.Members.Users'],
  ['MembersImportUsers', 'Pages.Members.ImportUsers'],
  ['Articles', 'Pages.Articles'],
  ['ArticlesArticle', 'Pages.Articles.Article'],
  ['ArticlesAuditArticle', 'Pages.Articles.AuditArticle'],
  ['ArticlesLearningCourse', 'Pages.Articles.LearningCourse'],
  ['ArticlesUniversityCourse', 'Pages.Articles.UniversityCourse'],
  ['ArticlesAuditLearning', 'Pages.Articles.AuditLearning'],
  ['ArticlesOneQuestionPerday', 'Pages.Articles.OneQuestionPerday'],
  ['ArticlesAuditOneQuestionPerday', 'Pages.Articles.AuditOneQuestionPerday'],
  ['Resources', 'Pages.Resources'],
  ['ResourcesResource', 'Pages.Resources.Resource'],
  ['ResourcesUniversity', 'Pages.Resources.University'],
  ['ResourcesAuditResource', 'Pages.Resources.AuditResource'],
  ['Questions', 'Pages.Questions'],
  ['QuestionsTestQuestion', 'Pages.Questions.TestQuestion'],
  ['QuestionsUniversityQuestion', 'Pages.Questions.UniversityQuestion'],
  ['QuestionsStatistical', 'Pages.Questions.Statistical'],
  ['QuestionsTeachers', 'Pages.Questions.Teachers'],
  ['TestPapers', 'Pages.TestPapers'],
  ['TestPapersHand', 'Pages.TestPapers.Hand'],
  ['TestPapersUniversityHand', 'Pages.TestPapers.UniversityHand'],
  ['TestPapersRandom', 'Pages.TestPapers.Random'],
  ['TestPapersUniversityRandom', 'Pages.TestPapers.UniversityRandom'],
  ['Homeworks', 'Pages.Homeworks'],
  ['HomeworksHand', 'Pages.Homeworks.Hand'],
  ['HomeworksRandom', 'Pages.Homeworks.Random'],
  ['Others', 'Pages.Others'],
  ['OthersFriendlyLink', 'Pages.Others.FriendlyLink'],
  ['OthersSiteMessage', 'Pages.Others.SiteMessage'],
  ['OthersDiscuss', 'Pages.Others.Discuss'],
  ['OthersLeaveMessage', 'Pages.Others.LeaveMessage'],
  ['OthersQuestionnaire', 'Pages.Others.Questionnaire'],
  ['OthersAnswerquestion', 'Pages.Others.Answerquestion'],
];

const INBOX = [
  'Pages.Administration.Manages',
  'Pages.Articles.AuditArticle',
  'Pages.Articles.AuditLearning',
  'Pages.Articles.AuditOneQuestionPerday',
  'Pages.Resources.AuditResource',
  'Pages.Questions.TestQuestion',
  'Pages.Questions.Teachers',
  'Pages.Others.Discuss',
  'Pages.Others.LeaveMessage',
  'Pages.Others.Questionnaire',
  'Pages.Others.Answerquestion',
];

function row(n: ReturnType<typeof flattenPermissions>[number]): string {
  const keys = Object.keys(n).filter((k) => k !== 'parent' && k !== 'name' && k !== 'displayName');
  return `${n.name} < ${n.parent ?? '-'} | ${n.displayName['zh-Hans']} | ${n.displayName.en}${keys.length ? ` | ${keys.join(' ')}` : ''}`;
}

describe('the permission tree (pinned)', () => {
  it('keeps its nodes, their order, parents, names and marks', () => {
    const pinned = new Set(TREE.map((r) => r.split(' ')[0]));
    expect(
      flattenPermissions()
        .filter((n) => pinned.has(n.name))
        .map(row),
    ).toEqual(TREE);
  });

  it('keeps every constant, its name and value, in tree order', () => {
    const pinned = new Set(CONSTANTS.map(([key]) => key));
    expect(Object.entries(Permissions).filter(([key]) => pinned.has(key))).toEqual(CONSTANTS);
  });

  it('admits to the review inbox the same permissions, in tree order', () => {
    expect(reviewInboxAccess.filter((name) => INBOX.includes(name))).toEqual(INBOX);
  });
});
