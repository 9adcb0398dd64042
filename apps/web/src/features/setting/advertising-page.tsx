import { resourceScreen } from '../../resources/index.ts';
import { advertisingResource } from './advertising.resource.tsx';

/** 广告管理 (/setting/advertising). */
export default resourceScreen(advertisingResource);
