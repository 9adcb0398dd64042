import { resourceScreen } from '../../resources/index.ts';
import { classificationTypeResource } from './classification-type.resource.tsx';

/** 分类类型 (/setting/classificationType). */
export default resourceScreen(classificationTypeResource);
