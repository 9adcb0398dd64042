/**
 * What the signed-in app adds to the root, loaded once boot knows a user is
 * signed in: Chakra's full system (every recipe) and the toaster. Visitors get
 * `loginSystem` and no toaster, so neither is in the login page's first load.
 */
export { AppToaster, system } from '@edu/ui';
