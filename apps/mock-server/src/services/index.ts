import type { Implementation } from '../kit/register-service.ts';
import { abpUserConfiguration } from './abp-user-configuration.ts';
import { role } from './role.ts';
import { session } from './session.ts';
import { tenant } from './tenant.ts';
import { tenantSettings } from './tenant-settings.ts';
import { account, tokenAuth } from './token-auth.ts';
import { user } from './user.ts';
import { article } from './article.ts';
import { learningCourse } from './learning-course.ts';
import { notification } from './notification.ts';
import { oneQuestionPerday } from './one-question-perday.ts';
import { resource } from './resource.ts';
import { advertising } from './advertising.ts';
import { categoryPermision } from './category-permision.ts';
import { chapterType } from './chapter-type.ts';
import { classificationType } from './classification-type.ts';
import { friendLink } from './friend-link.ts';
import { multiLevelCategory } from './multi-level-category.ts';
import { navigationMenu } from './navigation-menu.ts';
import { systemDictionary } from './system-dictionary.ts';
import { file } from './file.ts';
import { backgroundJob } from './job.ts';
import { review } from './review.ts';
import { reviewInbox } from './review-inbox.ts';
import { testQuestion } from './test-question.ts';
import { testPaper } from './test-paper.ts';
import { payment } from './payment.ts';
import { consumption } from './consumption.ts';
import { income } from './income.ts';
import { siteMessage } from './site-message.ts';
import { discuss } from './discuss.ts';
import { leaveMessage } from './leave-message.ts';
import { questionOfAsk } from './question-of-ask.ts';
import { questionnaire } from './questionnaire.ts';
import { auditLog, userLogin } from './audit-log.ts';

/** Every implemented service; `app.test.ts` checks this covers the SDK registry. */
export const implementations: readonly Implementation[] = [
  tokenAuth,
  account,
  session,
  abpUserConfiguration,
  user,
  role,
  tenant,
  tenantSettings,
  notification,
  article,
  resource,
  learningCourse,
  oneQuestionPerday,
  classificationType,
  multiLevelCategory,
  categoryPermision,
  systemDictionary,
  chapterType,
  navigationMenu,
  advertising,
  friendLink,
  file,
  backgroundJob,
  review,
  reviewInbox,
  testQuestion,
  testPaper,
  payment,
  consumption,
  income,
  discuss,
  leaveMessage,
  questionOfAsk,
  questionnaire,
  siteMessage,
  auditLog,
  userLogin,
];
