import type { Implementation } from '../kit/register-service.ts';
import { abpUserConfiguration } from './abp-user-configuration.ts';
import { role } from './role.ts';
import { session } from './session.ts';
import { tenant } from './tenant.ts';
import { account, tokenAuth } from './token-auth.ts';
import { user } from './user.ts';

/** Every implemented service; `app.test.ts` checks this covers the SDK registry. */
export const implementations: readonly Implementation[] = [tokenAuth, account, session, abpUserConfiguration, user, role, tenant];
