import { resourceScreen } from '../../resources/index.ts';
import { keywordResource } from './keyword.resource.tsx';

/** 字典管理 (/setting/keyword). */
export default resourceScreen(keywordResource);
