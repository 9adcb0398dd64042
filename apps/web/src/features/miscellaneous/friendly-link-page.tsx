import { resourceScreen } from '../../resources/index.ts';
import { friendLinkResource } from './friend-link.resource.tsx';

/** 友情链接 (/miscellaneous/friendlyLink). */
export default resourceScreen(friendLinkResource);
