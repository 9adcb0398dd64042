import { resourceScreen } from '../../resources/index.ts';
import { learningCourseResource } from './learning-course.resource.tsx';

/** 课程审核 (/articles/auditLearning): lessons (both variants) awaiting review. */
export default resourceScreen(learningCourseResource.variant('moderated'));
