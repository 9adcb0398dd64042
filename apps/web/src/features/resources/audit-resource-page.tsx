import { resourceScreen } from '../../resources/index.ts';
import { resourceResource } from './resource.resource.tsx';

/** 资源审核 (/resources/auditResource): resources (both variants) awaiting review. */
export default resourceScreen(resourceResource.variant('moderated'));
