import { resourceScreen } from '../../resources/index.ts';
import { resourceResource } from './resource.resource.tsx';

/** 资源 (/resources/resource). */
export default resourceScreen(resourceResource);
