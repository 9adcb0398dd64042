import { resourceScreen } from '../../resources/index.ts';
import { learningCourseResource } from './learning-course.resource.tsx';

/** 大学课程 (/articles/learningUsCourse): the same lessons, university variant. */
export default resourceScreen(learningCourseResource.variant('university'), { variantTabs: ['mine'] });
