import { resourceScreen } from '../../resources/index.ts';
import { navigationMenuResource } from './navigation-menu.resource.tsx';

/** 导航菜单 (/setting/navigationMenu, an extension of the spec's routes): the list and its 回收站. */
export default resourceScreen(navigationMenuResource, { variantTabs: ['recycleBin'] });
