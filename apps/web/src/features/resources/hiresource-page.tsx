import { resourceScreen } from '../../resources/index.ts';
import { resourceResource } from './resource.resource.tsx';

/** 大学资源 (/resources/hiresource): the same resources, university variant. */
export default resourceScreen(resourceResource.variant('university'));
