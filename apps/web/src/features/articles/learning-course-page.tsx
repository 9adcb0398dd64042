import { resourceScreen } from '../../resources/index.ts';
import { learningCourseResource } from './learning-course.resource.tsx';

/** 课程管理 (/articles/learningCourse). */
export default resourceScreen(learningCourseResource, { variantTabs: ['mine'] });
