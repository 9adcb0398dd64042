import type { Endpoint, Service } from './core/define-service.ts';
import { AbpUserConfigurationService } from './services/abp-user-configuration.ts';
import { AccountService } from './services/account.ts';
import { RoleService } from './services/role.ts';
import { SessionService } from './services/session.ts';
import { TenantService } from './services/tenant.ts';
import { TokenAuthService } from './services/token-auth.ts';
import { UserService } from './services/user.ts';
import { AdvertisingService } from './services/advertising.ts';
import { ArticleService } from './services/article.ts';
import { CategoryPermisionService } from './services/category-permision.ts';
import { ChapterTypeService } from './services/chapter-type.ts';
import { ClassificationTypeService } from './services/classification-type.ts';
import { FriendLinkService } from './services/friend-link.ts';
import { LearningCourseService } from './services/learning-course.ts';
import { MultiLevelCategoryService } from './services/multi-level-category.ts';
import { NavigationMenuService } from './services/navigation-menu.ts';
import { NotificationService } from './services/notification.ts';
import { OneQuestionPerdayService } from './services/one-question-perday.ts';
import { ResourceService } from './services/resource.ts';
import { ReviewService } from './services/review.ts';
import { ReviewInboxService } from './services/review-inbox.ts';
import { SystemDictionaryService } from './services/system-dictionary.ts';
import { FileService } from './services/file.ts';
import { BackgroundJobService } from './services/job.ts';
import { TestQuestionService } from './services/test-question.ts';
import { PaymentService } from './services/payment.ts';
import { ConsumptionService } from './services/consumption.ts';
import { IncomeService } from './services/income.ts';
import { TestPaperService } from './services/test-paper.ts';
import { DiscussService } from './services/discuss.ts';
import { LeaveMessageService } from './services/leave-message.ts';
import { SiteMessageService } from './services/site-message.ts';
import { QuestionOfAskService } from './services/question-of-ask.ts';
import { QuestionnaireService } from './services/questionnaire.ts';

/**
 * Every service of the backend, keyed by the client property it gets
 * (`client.user.getAll(...)`). Adding a service here serves, validates,
 * permission-checks, documents and contract-tests it.
 */
export const services = {
  tokenAuth: TokenAuthService,
  account: AccountService,
  session: SessionService,
  abpUserConfiguration: AbpUserConfigurationService,
  user: UserService,
  role: RoleService,
  tenant: TenantService,
  notification: NotificationService,
  classificationType: ClassificationTypeService,
  multiLevelCategory: MultiLevelCategoryService,
  categoryPermision: CategoryPermisionService,
  systemDictionary: SystemDictionaryService,
  chapterType: ChapterTypeService,
  navigationMenu: NavigationMenuService,
  advertising: AdvertisingService,
  friendLink: FriendLinkService,
  article: ArticleService,
  resource: ResourceService,
  learningCourse: LearningCourseService,
  oneQuestionPerday: OneQuestionPerdayService,
  file: FileService,
  backgroundJob: BackgroundJobService,
  review: ReviewService,
  reviewInbox: ReviewInboxService,
  testQuestion: TestQuestionService,
  payment: PaymentService,
  consumption: ConsumptionService,
  income: IncomeService,
  testPaper: TestPaperService,
  discuss: DiscussService,
  leaveMessage: LeaveMessageService,
  siteMessage: SiteMessageService,
  questionOfAsk: QuestionOfAskService,
  questionnaire: QuestionnaireService,
} as const;

export type Services = typeof services;

/** Every endpoint of every service. */
export function allEndpoints(): Endpoint[] {
  const all: Record<string, Service> = services;
  return Object.values(all).flatMap((s): Endpoint[] => Object.values(s.endpoints));
}
