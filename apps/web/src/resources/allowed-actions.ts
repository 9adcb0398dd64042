import type { Access } from '@edu/sdk';
import type { AnyResource } from './types.ts';

/**
 * The built-ins and actions of a resource that a holder of `can` gets: create,
 * edit and delete (each by the resource's permission override or its call's
 * access rule, and its crud switch), the toolbar and row actions. The list
 * shows exactly these; the permission preview lists them for a role being edited.
 */
export function allowedActions(resource: AnyResource, can: (access: Access | false | undefined) => boolean, hostSide: boolean) {
  const { service } = resource;
  const crud = resource.crud ?? {};
  const perms = resource.permissions ?? {};
  return {
    // The host side cannot create a tenant's rows: no button that can only fail.
    canCreate:
      !!service.create &&
      !!resource.form &&
      crud.create !== false &&
      !(resource.tenantOwned && hostSide) &&
      can(perms.create ?? service.create.endpoint.access),
    canUpdate: !!service.update && !!resource.form && crud.update !== false && can(perms.update ?? service.update.endpoint.access),
    canDelete: !!service.delete && crud.delete !== false && can(perms.delete ?? service.delete.endpoint.access),
    toolbarActions: (resource.actions ?? []).filter((a) => can(a.permission ?? a.call?.endpoint.access)),
    rowActions: (resource.rowActions ?? []).filter((a) => can(a.permission ?? a.call?.endpoint.access)),
  };
}
