import { permissionsOfSide, reviewableList, type RegisteredReviewable, type ReviewStep } from '@edu/sdk';
import { decide } from '../../app/guard.ts';
import { canAccessWith } from '../../lib/permissions.ts';
import { buildMenu, isBuilt, type Granted, type MenuEntry } from '../../app/nav-logic.ts';
import { appGroups, FORBIDDEN_NAME, otherPages, type NavGroup, type NavPage } from '../../navigation.ts';
import { allowedActions } from '../../resources/allowed-actions.ts';
import type { AnyResource } from '../../resources/types.ts';

/**
 * The permission preview: the console as a role or user would see it, computed
 * on the client from the permissions being edited, before anything is saved.
 * The menu, the routes and the buttons come from the shell's own rules
 * (`buildMenu`, the route guard `decide`, the list's `allowedActions`), the
 * review steps from the SDK's review registry, so the preview cannot drift
 * from what the console then shows.
 */

/** A role as the preview reads it: what it grants (the static Admin role's list is already every permission of its side). */
export interface PreviewRole {
  readonly grantedPermissions: readonly string[];
}

/** Permissions given to or taken from the user themself (ABP's user-level grants and prohibitions), over their roles'. */
export interface DirectGrants {
  readonly granted?: readonly string[];
  readonly prohibited?: readonly string[];
}

/**
 * What a holder of these roles and direct grants is granted, as the server's
 * permission checker computes it: the roles' grants, then the user's own grants
 * and prohibitions; only permissions of the side (host: all, a tenant: none of
 * the host-only ones).
 */
export function effectivePermissions(roles: readonly PreviewRole[], direct: DirectGrants, tenantId: number | null): Set<string> {
  const valid = new Set(permissionsOfSide(tenantId));
  const granted = new Set<string>();
  for (const role of roles) for (const name of role.grantedPermissions) if (valid.has(name)) granted.add(name);
  for (const name of direct.granted ?? []) if (valid.has(name)) granted.add(name);
  for (const name of direct.prohibited ?? []) granted.delete(name);
  return granted;
}

/** A review step the holder could decide, with the reviewable it belongs to. */
export interface PreviewReviewStep {
  readonly reviewable: RegisteredReviewable;
  readonly step: ReviewStep;
}

/** A route the holder could open, with its group (null for the shell's other pages). */
export interface PreviewRoute {
  readonly page: NavPage;
  readonly group: NavGroup | null;
}

export interface ConsolePreview {
  /** The sidebar the holder would get. */
  readonly menu: MenuEntry[];
  /** Every built route the guard would let them open, menu or not (detail pages, own space). */
  readonly routes: PreviewRoute[];
  /** Per review flow, the steps they could decide. */
  readonly reviewSteps: PreviewReviewStep[];
}

/** The menu, the routes and the review steps of a holder of `granted`. */
export function previewConsole(granted: Granted): ConsolePreview {
  const allowed = (page: NavPage) =>
    decide({ name: page.name, permission: page.permission }, { lockFlag: null, userId: 0, granted }).action === 'allow';
  const routes: PreviewRoute[] = [
    ...appGroups.flatMap((group) => group.children.filter((page) => isBuilt(page) && allowed(page)).map((page) => ({ page, group }))),
    // The error page is where a refusal lands, not a page anyone opens.
    ...otherPages.filter((page) => page.name !== FORBIDDEN_NAME && allowed(page)).map((page) => ({ page, group: null })),
  ];
  const reviewSteps = reviewableList.flatMap((reviewable) =>
    reviewable.flow.steps.filter((step) => granted(step.permission)).map((step) => ({ reviewable, step })),
  );
  return { menu: buildMenu(appGroups, granted), routes, reviewSteps };
}

/** The buttons of one screen the holder would get: create, edit, delete, the toolbar's and the rows' actions. */
export type ScreenButtons = ReturnType<typeof allowedActions>;

/** The buttons of a resource screen for a holder of `granted` (the list's own rule, `allowedActions`). */
export function screenButtons(resource: AnyResource, granted: Granted, hostSide: boolean): ScreenButtons {
  return allowedActions(resource, (access) => canAccessWith(granted, access), hostSide);
}

/** The resource a route shows (its variant, if it names one), loaded lazily; null for a hand-written screen. */
export async function routeResource(page: NavPage): Promise<AnyResource | null> {
  if (!page.resource) return null;
  const base = await page.resource.resource();
  return page.resource.variant ? base.variant(page.resource.variant) : base;
}
