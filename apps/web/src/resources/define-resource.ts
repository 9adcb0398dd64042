import type { CrudService, Resource, ResourceDefinition, VariantSpec } from './types.ts';

/** `IsUniversity` -> `isUniversity`: ABP query names as the DTO members they stand for. */
export function camelKeys(values: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), v]));
}

function applyVariant<S extends CrudService>(def: ResourceDefinition<S>, key: string, v: VariantSpec<S>): ResourceDefinition<S> {
  return {
    ...def,
    titleKey: v.titleKey ?? def.titleKey,
    list: v.list ?? def.list,
    query: { ...def.query, ...v.query },
    columns: v.columns ?? def.columns,
    filters: v.filters ?? def.filters,
    actions: v.actions ?? def.actions,
    rowActions: v.rowActions ?? def.rowActions,
    crud: { ...def.crud, ...v.crud },
    // A new record of the variant starts inside it: the query's values under their member names, then explicit defaults.
    form:
      v.form ??
      (def.form && (v.query || v.defaults) ? { ...def.form, defaults: { ...def.form.defaults, ...camelKeys(v.query), ...v.defaults } } : def.form),
    // A variant keeps the base's i18n namespace; its own title defaults to `resources.<name>.variants.<key>`.
    ...(v.titleKey === undefined && { titleKey: `resources.${def.name}.variants.${key}` }),
  };
}

function build<S extends CrudService>(def: ResourceDefinition<S>, variantKey?: string): Resource<S> {
  const resource: Resource<S> = {
    ...def,
    variantKey,
    variant(key: string, overrides?: VariantSpec<S>) {
      const declared = def.variants?.[key];
      if (!declared && !overrides) throw new Error(`Resource "${def.name}" has no variant "${key}"`);
      const merged: VariantSpec<S> = { ...declared, ...overrides };
      return build(applyVariant(def, key, merged), key);
    },
  };
  return Object.freeze(resource);
}

/**
 * Declares a managed entity once; `<ResourcePage resource={...} />` turns it into
 * a paged, sortable, filterable list with create, edit (loading `Get?Id=` first),
 * delete with confirmation, batch and row actions.
 *
 *   export const tenantResource = defineResource({
 *     name: 'tenant',
 *     service: api.tenant,
 *     columns: [{ field: 'tenancyName', sortable: true }, { field: 'name' }, { field: 'isActive', type: 'status' }],
 *     filters: [{ name: 'Keyword', type: 'keyword' }, { name: 'IsActive', type: 'boolean' }],
 *     form: { fields: [{ name: 'tenancyName', type: 'text' }, { name: 'name', type: 'text' }, ...] },
 *   });
 *
 * Variants are derived resources: `articleResource.variant('moderated')` with
 * `variants: { moderated: { list: api.article.getAllModerated, rowActions: [...] } }`.
 */
export function defineResource<S extends CrudService>(def: ResourceDefinition<S>): Resource<S> {
  return build(def);
}
