import type { Access } from '@edu/sdk';
import type { SelectOption, TreeOption } from '@edu/ui';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { Control, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { AnyCall, CallInput, CallOutput } from '../lib/use-api.ts';

/**
 * A service the mechanism can list and edit: `getAll` is required; `get`,
 * `create`, `update` and `delete` enable the built-in dialogs and buttons. Any
 * SDK service client of a CRUD service fits (`api.user`, `api.role`, ...).
 */
export interface CrudService {
  getAll: AnyCall;
  get?: AnyCall;
  create?: AnyCall;
  update?: AnyCall;
  delete?: AnyCall;
}

/**
 * The row type of a service: an item of its `getAll` page. For `CrudService`
 * itself (the mechanism's own view of any resource) rows are `any`: the views
 * pass a resource's rows only to that resource's own callbacks (`rowLabel`,
 * `render`, `input`), and `any` is what lets `Resource<ArticleService>` be an
 * `AnyResource` although those callbacks take article rows (`unknown` would
 * make every typed callback unassignable).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RowOf<S extends CrudService> = CallOutput<S['getAll']> extends { items: ReadonlyArray<infer R> } ? R : any;

/**
 * The members of a call's input (its zod input). For a call whose input is
 * unknown (the mechanism's `CrudService`) any name, as `any` for the reason
 * `RowOf` gives: a resource of a typed service stays an `AnyResource`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type InputKey<C> = unknown extends CallInput<C> ? any : CallInput<C> extends infer I ? (I extends object ? keyof I & string : never) : never;

/** What a resource's filters may be named: members of its list query (the SDK's `GetAll` input: `Keyword`, `CategoryId`, ...). */
export type FilterName<S extends CrudService> = InputKey<S['getAll']>;

/** What a resource's form fields may be named: members of its `Create` or `Update` input (any name when it has neither: a form over its own schemas). */
export type FormFieldName<S extends CrudService> = [InputKey<S['create']> | InputKey<S['update']>] extends [never]
  ? // eslint-disable-next-line @typescript-eslint/no-explicit-any
    any
  : InputKey<S['create']> | InputKey<S['update']>;

/** An option whose label is a translation key or a literal. */
export type OptionSpec = { value: string | number; labelKey: string } | { value: string | number; label: string };

export type CellType = 'text' | 'number' | 'boolean' | 'status' | 'datetime' | 'date' | 'multiline' | 'tags' | 'image' | 'link';

/**
 * A column's field, checked at compile time against the row type (the SDK's
 * zod output of the resource's list; inside the mechanism rows are `any` and
 * any name goes): a member of the row's DTO, or a `computed: true` column
 * whose value a `render` or `cell` derives (its name keys the label).
 */
export type ColumnField<R> = { field: keyof R & string; computed?: never } | { field: string; computed: true };

export type ColumnSpec<R> = ColumnBase<R> & ColumnField<R>;

/** What a column declares besides its field. */
export interface ColumnBase<R> {
  labelKey?: string;
  /** Lets the header sort; the ABP Sorting field is `sortField ?? field`. */
  sortable?: boolean;
  sortField?: string;
  /**
   * How a plain value shows: `datetime`/`date` use the UTC+8 filter, `multiline`
   * the circled-number filter, `boolean` yes/no, `status` enabled/disabled badge,
   * `tags` an array as badges, `image` a thumbnail of a URL, `link` a URL that
   * opens in a new tab. Default `text`.
   */
  type?: CellType;
  /** Labels of enum values, as options (`{ value: 1, labelKey: 'admin.identity.1' }`). */
  options?: readonly OptionSpec[];
  /** A plain render function (no hooks). */
  render?: (row: R, t: TFunction) => ReactNode;
  /** A component cell, for cells that need hooks (lookups, inline switches); `label` is the column's header (a control's name). */
  cell?: ComponentType<{ row: R; value: unknown; label?: string }>;
  width?: string;
  minWidth?: string;
  align?: 'start' | 'center' | 'end';
  truncate?: boolean;
  /** Left out while no row of the page has a value: an optional field a tenant may not use (a category's 编码). */
  hideWhenEmpty?: boolean;
}

/**
 * A filter of the list: `N` is what it may be named (a resource's `FilterName`);
 * shared builders typed for any service leave it open.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FilterSpec<N extends string = any> =
  | {
      /** The GetAll query key, e.g. `Keyword`. */
      name: N;
      type: 'keyword';
      placeholderKey?: string;
    }
  | { name: N; type: 'boolean'; labelKey?: string; trueKey?: string; falseKey?: string }
  /** A calendar day (`YYYY-MM-DD`, sent as typed: the server reads days in UTC+8), e.g. the two ends of a range. */
  | { name: N; type: 'date'; labelKey?: string }
  | {
      name: N;
      type: 'select';
      labelKey?: string;
      options?: readonly OptionSpec[];
      /** Options from the server (a hook). */
      useOptions?: () => SelectOption[];
      /** A new record starts with the filter's value in this form field. */
      formField?: string;
    }
  | {
      /** A tree picker (categories): sends the picked node's value. */
      name: N;
      type: 'cascader';
      labelKey?: string;
      /** The tree (a hook, e.g. `MultiLevelCategory/GetBehindCascaderList`). */
      useTreeOptions: () => readonly TreeOption[];
      /** Any node may be picked (default true: a category filter covers its subtree). */
      changeOnSelect?: boolean;
      /** A new record starts with the filter's value in this form field. */
      formField?: string;
    };

export type FormMode = 'create' | 'update';

export interface FieldCtx<R> {
  mode: FormMode;
  /** The row being edited (update) or acted on (row action dialogs). */
  row?: R;
  /** The record loaded with `Get?Id=` (update), when there is one. */
  record?: unknown;
}

export interface CustomFieldProps<R> extends FieldCtx<R> {
  control: Control<FieldValues>;
  name: string;
  label: string;
  required: boolean;
  disabled: boolean;
}

export type FieldType =
  | 'text'
  | 'email'
  | 'tel'
  | 'password'
  | 'number'
  | 'switch'
  | 'select'
  | 'multiselect'
  | 'textarea'
  | 'treeselect'
  | 'cascader'
  | 'url'
  | 'image'
  | 'date'
  | 'datetime'
  | 'richText'
  | 'list'
  | 'custom';

/**
 * The sub-form of each item of a `list` field (lessons of a course, options of
 * a question): its fields, named relative to the item (`title`), labelled
 * `resources.<name>.<list>.fields.<field>`.
 */
export interface ListItemSpec<R = unknown> {
  fields: readonly FieldSpec<R, string>[];
  /** Values of a new item (over the item schema's own defaults). */
  defaults?: Record<string, unknown>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface FieldSpec<R = unknown, N extends string = any> {
  /** Form member (a resource's `FormFieldName`: checked against its Create/Update input); label `resources.<name>.fields.<name>`. */
  name: N;
  type: FieldType;
  labelKey?: string;
  helpKey?: string;
  placeholderKey?: string;
  /** Show in one mode only. */
  only?: FormMode;
  /** Overrides the required mark derived from the schema. */
  required?: boolean;
  disabled?: (ctx: FieldCtx<R>) => boolean;
  options?: readonly OptionSpec[];
  /**
   * Options from the server: a hook called inside the field. It also gets the
   * form's control, to read other fields with `useWatch` (a chapter list of the
   * chosen category).
   */
  useOptions?: (ctx: FieldCtx<R>, control: Control<FieldValues>) => SelectOption[];
  treeOptions?: readonly TreeOption[];
  useTreeOptions?: (ctx: FieldCtx<R>, control: Control<FieldValues>) => readonly TreeOption[];
  valueMode?: 'node' | 'path';
  /** Tree select and cascader: only leaves can be picked (default: any node). */
  leafOnly?: boolean;
  /** When this other field changes, this one is cleared (a chapter depends on its category). */
  dependsOn?: string;
  /** Grid columns the field spans (1 or 2, or by mode; textareas, rich text and custom fields default to 2). */
  span?: 1 | 2 | ((mode: FormMode) => 1 | 2);
  rows?: number;
  min?: number;
  max?: number;
  step?: number;
  /** `null` (default) or `undefined` for the empty choice of a select. */
  emptyValue?: null | undefined;
  /** For `type: 'custom'`. */
  component?: ComponentType<CustomFieldProps<R>>;
  /** For `type: 'list'`: an ordered list of sub-forms, added, removed and reordered by drag or keyboard. */
  item?: ListItemSpec<R>;
  /** For `type: 'list'`: at most this many items (the add button then disables). */
  maxItems?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface FormSpec<R, N extends string = any> {
  /** Default: `service.create.endpoint.input` (the SDK's zod schema). */
  create?: z.ZodType;
  /** Default: `service.update.endpoint.input`. */
  update?: z.ZodType;
  /** Named after the input's members; a `custom` field may also stand for no member (a preview, a picker of its own). */
  fields: readonly (FieldSpec<R, N> | (FieldSpec<R, string> & { type: 'custom' }))[];
  /** Initial values of a new record. */
  defaults?: Record<string, unknown>;
  /** Form values of a loaded record; default: the update schema's members picked from it. */
  toForm?: (record: R) => Record<string, unknown>;
  /** The call input from validated values; default: the values (plus `id` on update). */
  toInput?: (values: Record<string, unknown>, mode: FormMode, row?: R) => unknown;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

/** What a toolbar or batch action knows when it runs. */
export interface ActionCtx<R> {
  selected: R[];
  ids: Array<number | string>;
  t: TFunction;
  /** Refetches the list. */
  refresh: () => void;
}

export interface ActionDialogProps<R> {
  open: boolean;
  onClose: () => void;
  ctx: ActionCtx<R>;
  resource: AnyResource;
}

export interface RowDialogProps<R> {
  open: boolean;
  onClose: () => void;
  row: R;
  resource: AnyResource;
}

export interface ConfirmSpec {
  titleKey?: string;
  /** Interpolated with `{ name, count, action }`. */
  descriptionKey?: string;
}

interface ActionBase {
  /** Label `resources.<name>.actions.<key>`, falling back to `actions.<key>`. */
  key: string;
  labelKey?: string;
  icon?: ReactNode;
  /** Who may see it; default the call's own access rule. */
  permission?: Access | false;
  destructive?: boolean;
  /** Ask first (true: a generic "are you sure" text). */
  confirm?: boolean | ConfirmSpec;
  /** Toast after success; default `actions.done`. `false`: none. */
  successKey?: string | false;
  /** Services to revalidate after success (default: the call's service and the resource's). */
  invalidates?: string[];
}

/** A button above the table; `batch` ones act on the selected rows and stay disabled without a selection. */
export interface ToolbarAction<R> extends ActionBase {
  batch?: boolean;
  call?: AnyCall;
  input?: (ctx: ActionCtx<R>) => unknown;
  /** A custom dialog instead of a call. */
  dialog?: ComponentType<ActionDialogProps<R>>;
}

/** A button in a row's action cell (inline) or its "more" menu. */
export interface RowAction<R> extends ActionBase {
  /** Show as a button in the row (default: in the "more" menu). */
  inline?: boolean;
  visible?: (row: R) => boolean;
  call?: AnyCall;
  input?: (row: R) => unknown;
  dialog?: ComponentType<RowDialogProps<R>>;
}

export interface CrudSwitches<R> {
  create?: boolean;
  update?: boolean | ((row: R) => boolean);
  delete?: boolean | ((row: R) => boolean);
  /** Why a row that the user may otherwise edit or delete is locked (built-in rows): shown in its actions cell. */
  lockedKey?: string;
}

/** What a variant may change: another list call, fixed query values, extra or other columns and actions. */
export interface VariantSpec<S extends CrudService> {
  titleKey?: string;
  /** Who may see the variant as a tab (besides its list call's own rule), e.g. the university permission. */
  permission?: Access;
  list?: AnyCall;
  /**
   * Sent with every list call. New records start with these values too, under
   * their camel-case names (`IsUniversity: true` -> `isUniversity: true`).
   */
  query?: Record<string, unknown>;
  /** Initial values of a new record in this variant (over those derived from `query`). */
  defaults?: Record<string, unknown>;
  columns?: ColumnSpec<RowOf<S>>[];
  filters?: FilterSpec<FilterName<S>>[];
  actions?: ToolbarAction<RowOf<S>>[];
  rowActions?: RowAction<RowOf<S>>[];
  crud?: CrudSwitches<RowOf<S>>;
  form?: FormSpec<RowOf<S>, FormFieldName<S>>;
}

export interface ResourceDefinition<S extends CrudService> {
  /** Resource name: the i18n namespace `resources.<name>`. */
  name: string;
  service: S;
  /** List call; default `service.getAll`. */
  list?: AnyCall;
  /** Title key; default `resources.<name>.title`. */
  titleKey?: string;
  columns: ColumnSpec<RowOf<S>>[];
  filters?: FilterSpec<FilterName<S>>[];
  /** Values sent with every list call (e.g. a scope). */
  query?: Record<string, unknown>;
  defaultSorting?: string;
  form?: FormSpec<RowOf<S>, FormFieldName<S>>;
  /** Turn built-in create, edit or delete off (globally or per row). */
  crud?: CrudSwitches<RowOf<S>>;
  /** Permission overrides of the built-ins; default each call's own access rule. */
  permissions?: { create?: Access | false; update?: Access | false; delete?: Access | false };
  actions?: ToolbarAction<RowOf<S>>[];
  rowActions?: RowAction<RowOf<S>>[];
  /** Declared variants (not used to infer the service: a preset's variants are typed for any service). */
  variants?: Record<string, VariantSpec<NoInfer<S>>>;
  /** The id of a row; default `row.id`. */
  rowId?: (row: RowOf<S>) => number | string;
  /** A short name of a row for confirmations ("确定要删除「admin」吗？"). */
  rowLabel?: (row: RowOf<S>) => string;
  /** Extra services whose reads depend on this one (revalidated after writes). */
  invalidates?: string[];
  /**
   * Rows belong to a tenant (MustHaveTenant). On the host side, which lists
   * every tenant's rows, there is no create button (the server refuses host
   * inserts) and, when rows carry `tenantId`, a column names each row's tenant.
   */
  tenantOwned?: boolean;
}

export interface Resource<S extends CrudService = CrudService> extends ResourceDefinition<S> {
  /** The variant in effect, if any. */
  readonly variantKey?: string;
  /** A derived resource: a declared variant (`variant('moderated')`) or ad-hoc overrides. */
  variant(key: string, overrides?: VariantSpec<S>): Resource<S>;
}

/** A resource of any service (inside the mechanism, rows are untyped). */
export type AnyResource = Resource<CrudService>;
