import { resourceScreen } from '../../resources/index.ts';
import { chapterTypeResource } from './chapter-type.resource.tsx';

/** 章节管理 (/setting/chapterType). */
export default resourceScreen(chapterTypeResource);
