import { AdvertisingService } from './services/advertising.ts';
import { ArticleService } from './services/article.ts';
import { CategoryPermisionService } from './services/category-permision.ts';
import { ChapterTypeService } from './services/chapter-type.ts';
import { ClassificationTypeService } from './services/classification-type.ts';
import { ConsumptionService } from './services/consumption.ts';
import { DiscussService } from './services/discuss.ts';
import { FriendLinkService } from './services/friend-link.ts';
import { IncomeService } from './services/income.ts';
import { LearningCourseService } from './services/learning-course.ts';
import { LeaveMessageService } from './services/leave-message.ts';
import { MultiLevelCategoryService } from './services/multi-level-category.ts';
import { NavigationMenuService } from './services/navigation-menu.ts';
import { OneQuestionPerdayService } from './services/one-question-perday.ts';
import { PaymentService } from './services/payment.ts';
import { QuestionOfAskService } from './services/question-of-ask.ts';
import { QuestionnaireService } from './services/questionnaire.ts';
import { ResourceService } from './services/resource.ts';
import { SiteMessageService } from './services/site-message.ts';
import { SystemDictionaryService } from './services/system-dictionary.ts';
import { TestPaperService } from './services/test-paper.ts';
import { TestQuestionService } from './services/test-question.ts';

export * from './services/advertising.ts';
export * from './services/article.ts';
export * from './services/category-permision.ts';
export * from './services/chapter-type.ts';
export * from './services/classification-type.ts';
export * from './services/consumption.ts';
export * from './services/discuss.ts';
export * from './services/friend-link.ts';
export * from './services/income.ts';
export * from './services/learning-course.ts';
export * from './services/leave-message.ts';
export * from './services/multi-level-category.ts';
export * from './services/navigation-menu.ts';
export * from './services/one-question-perday.ts';
export * from './services/payment.ts';
export * from './services/question-of-ask.ts';
export * from './services/questionnaire.ts';
export * from './services/resource.ts';
export * from './services/site-message.ts';
export * from './services/system-dictionary.ts';
export * from './services/test-paper.ts';
export * from './services/test-question.ts';

/**
 * The type of entityServices, spelled with `typeof` per service: the declaration every package importing
 * the SDK reads then names each service instead of repeating its whole zod type (inferred, this one
 * declaration was 0.8 MB, and the SDK's type check spent a third of its time printing it).
 */
export type EntityServices = {
  readonly article: typeof ArticleService;
  readonly resource: typeof ResourceService;
  readonly learningCourse: typeof LearningCourseService;
  readonly oneQuestionPerday: typeof OneQuestionPerdayService;
  readonly testQuestion: typeof TestQuestionService;
  readonly testPaper: typeof TestPaperService;
  readonly questionnaire: typeof QuestionnaireService;
  readonly discuss: typeof DiscussService;
  readonly leaveMessage: typeof LeaveMessageService;
  readonly questionOfAsk: typeof QuestionOfAskService;
  readonly classificationType: typeof ClassificationTypeService;
  readonly multiLevelCategory: typeof MultiLevelCategoryService;
  readonly categoryPermision: typeof CategoryPermisionService;
  readonly systemDictionary: typeof SystemDictionaryService;
  readonly chapterType: typeof ChapterTypeService;
  readonly navigationMenu: typeof NavigationMenuService;
  readonly advertising: typeof AdvertisingService;
  readonly friendLink: typeof FriendLinkService;
  readonly payment: typeof PaymentService;
  readonly consumption: typeof ConsumptionService;
  readonly income: typeof IncomeService;
  readonly siteMessage: typeof SiteMessageService;
};

/**
 * The entity services: the one list a new entity is added to (an import, a
 * re-export for the package's barrel and an entry, here and in EntityServices
 * above, which the compiler holds equal). Keyed by the client
 * property each gets (`client.article.getAll(...)`). A service declares its
 * reviewable entities itself (`reviewable(...)` in its own file), so this
 * entry also registers them: the review registry (reviewables.ts), its flows
 * and who may open the review inbox derive from here. Reviewables keep this
 * order (home page figures, inbox tabs).
 *
 * The platform services (sign-in, session, users, roles, files, jobs, the
 * review endpoints that read the review registry) are in registry.ts, which
 * adds them to these.
 */
export const entityServices: EntityServices = {
  article: ArticleService,
  resource: ResourceService,
  learningCourse: LearningCourseService,
  oneQuestionPerday: OneQuestionPerdayService,
  testQuestion: TestQuestionService,
  testPaper: TestPaperService,
  questionnaire: QuestionnaireService,
  discuss: DiscussService,
  leaveMessage: LeaveMessageService,
  questionOfAsk: QuestionOfAskService,
  classificationType: ClassificationTypeService,
  multiLevelCategory: MultiLevelCategoryService,
  categoryPermision: CategoryPermisionService,
  systemDictionary: SystemDictionaryService,
  chapterType: ChapterTypeService,
  navigationMenu: NavigationMenuService,
  advertising: AdvertisingService,
  friendLink: FriendLinkService,
  payment: PaymentService,
  consumption: ConsumptionService,
  income: IncomeService,
  siteMessage: SiteMessageService,
};
