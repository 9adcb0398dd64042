/**
 * Entity history (ABP's EntityHistory: EntityChangeSet / EntityChange /
 * EntityPropertyChange), captured in one place: a Prisma query extension over
 * the session's filtered client (kit/context.ts). Every write of a tracked
 * model joins a unit of work, the transaction it runs in (`ctx.transaction`)
 * or one opened for it alone; the unit reads each touched row before the
 * write and after it, and writes its change set at the end, inside the same
 * transaction: a rolled-back write leaves no history, a committed one always
 * has it. Rows are written through the filtered client, so they carry the
 * session's tenant and are read back only by it.
 *
 * Three kinds of tracked models (`TRACKED`):
 * - entities (User, Role, TestPaper): created, updated (property by property,
 *   from what to what) or deleted; secrets (`passwordHash`, `securityStamp`)
 *   and bookkeeping columns are never recorded; a setting (Setting) is one
 *   property, its name, from the stored value to the new one;
 * - member collections (a user's roles, a role's or user's granted
 *   permissions): recorded on their owner as one property (`Roles`,
 *   `Permissions`) from the set before the unit to the set after it, so a
 *   replace-all write that changes nothing records nothing;
 * - appended records (ledger entries, review decisions): recorded on the
 *   entity they change (`Balance` of the member from and to; a decision on
 *   the reviewed item).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { inTransactionScope, ownStatement, Prisma, sqliteConnection, writeVersions, type PrismaClient } from '@edu/db';
import { EntityChangeType } from '@edu/sdk';
import { withDataFilters, type FilteredPrismaClient } from '../db/data-filters.ts';

type Row = Record<string, unknown>;
type Args = Record<string, unknown>;

/** Who makes the changes: the session, with the impersonator when there is one. */
export interface HistorySession {
  tenantId: number | null;
  userId: number | null;
  impersonatorUserId?: number | null;
  impersonatorTenantId?: number | null;
}

interface PropertyChange {
  propertyName: string;
  propertyTypeFullName: string;
  originalValue: string | null;
  newValue: string | null;
}

/** Columns never recorded: secrets and what every write touches. */
const NEVER = new Set([
  'id',
  'tenantId',
  'passwordHash',
  'securityStamp',
  'normalizedUserName',
  'normalizedEmailAddress',
  'normalizedName',
  'lastLoginTime',
  'accessFailedCount',
  'creationTime',
  'creatorUserId',
  'lastModificationTime',
  'lastModifierUserId',
  'isDeleted',
  'deleterUserId',
  'deletionTime',
]);

interface EntityModel {
  kind: 'entity';
  /** The entity type recorded (SDK ENTITY_HISTORY_TYPES). */
  type: string;
  /** The properties recorded of a change (default: every column that differs, `diffRows`). */
  diff?: (before: Row | null, after: Row | null) => PropertyChange[];
}
interface CollectionModel {
  kind: 'collection';
  /** The owner of a row, or null when it has none of this kind. */
  owners(row: Row): Array<{ type: string; id: number; ownerField: string }>;
  property: string;
  /** The item a row adds to its owner's set (null: none, e.g. a grant refused). */
  item(row: Row): string | null;
}
interface AppendedModel {
  kind: 'appended';
  /** The entity a new row changes and how. */
  change(row: Row): { type: string; id: number; properties: PropertyChange[] } | null;
}
type TrackedModel = EntityModel | CollectionModel | AppendedModel;

const num = (v: unknown) => (typeof v === 'number' ? v : null);
const prop = (propertyName: string, originalValue: unknown, newValue: unknown): PropertyChange => ({
  propertyName,
  propertyTypeFullName: typeName(newValue ?? originalValue),
  originalValue: text(originalValue),
  newValue: text(newValue),
});

/**
 * A setting row (ABP's AbpSettings) as one property named after the setting,
 * from its stored value to the new one (`App.Auditing.RetentionDays` 90 → 120).
 */
function settingDiff(before: Row | null, after: Row | null): PropertyChange[] {
  const name = (after ?? before)?.name;
  if (typeof name !== 'string') return [];
  const from = before?.value ?? null;
  const to = after?.value ?? null;
  return text(from) === text(to) ? [] : [prop(name, from, to)];
}

/** The tracked models by Prisma model name. */
export const TRACKED: ReadonlyMap<string, TrackedModel> = new Map<string, TrackedModel>([
  ['User', { kind: 'entity', type: 'User' }],
  ['Role', { kind: 'entity', type: 'Role' }],
  ['TestPaper', { kind: 'entity', type: 'TestPaper' }],
  // Settings written through a request's client (kit/settings.ts): the tenant's, the application's, a user's.
  ['Setting', { kind: 'entity', type: 'Setting', diff: settingDiff }],
  [
    'UserRole',
    {
      kind: 'collection',
      property: 'Roles',
      owners: (r) => (num(r.userId) === null ? [] : [{ type: 'User', id: num(r.userId)!, ownerField: 'userId' }]),
      item: (r) => (num(r.roleId) === null ? null : String(r.roleId)),
    },
  ],
  [
    'PermissionGrant',
    {
      kind: 'collection',
      property: 'Permissions',
      owners: (r) => [
        ...(num(r.roleId) === null ? [] : [{ type: 'Role', id: num(r.roleId)!, ownerField: 'roleId' }]),
        ...(num(r.userId) === null ? [] : [{ type: 'User', id: num(r.userId)!, ownerField: 'userId' }]),
      ],
      item: (r) => (r.isGranted === false || typeof r.name !== 'string' ? null : r.name),
    },
  ],
  [
    'LedgerEntry',
    {
      kind: 'appended',
      change: (r) => {
        const amount = num(r.amount);
        const after = num(r.balanceAfter);
        const member = num(r.memberId);
        if (amount === null || after === null || member === null) return null;
        return { type: 'User', id: member, properties: [prop('Balance', after - amount, after), prop('LedgerEntry', null, r.serialNo)] };
      },
    },
  ],
  [
    'ReviewDecision',
    {
      kind: 'appended',
      change: (r) => {
        const id = num(r.entityId);
        if (id === null || typeof r.entityName !== 'string') return null;
        return {
          type: r.entityName,
          id,
          properties: [prop('ReviewStep', null, r.stepName), prop('ReviewDecision', null, r.decision), prop('ReviewReason', null, r.reason)].filter(
            (p) => p.newValue !== null,
          ),
        };
      },
    },
  ],
]);

function typeName(v: unknown): string {
  if (v instanceof Date) return 'System.DateTime';
  if (typeof v === 'boolean') return 'System.Boolean';
  if (typeof v === 'number') return Number.isInteger(v) ? 'System.Int32' : 'System.Double';
  return 'System.String';
}

/** A value as ABP stores it (text; dates ISO 8601; null stays null). */
function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? null;
}

/** The properties of an entity row that differ between before and after (creation: every non-null one). */
export function diffRows(before: Row | null, after: Row | null): PropertyChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: PropertyChange[] = [];
  for (const key of keys) {
    if (NEVER.has(key)) continue;
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (text(from) !== text(to)) out.push(prop(key, from, to));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Units of work

interface Delegate {
  findMany(args: Args): Promise<Row[]>;
}
/** A transaction client, as far as the unit uses it: model delegates by name and the three history tables. */
type TxClient = object;

interface EntityTouch {
  model: string;
  type: string;
  id: number;
  before: Row | null;
  after: Row | null;
}
interface CollectionTouch {
  model: string;
  type: string;
  id: number;
  ownerField: string;
  property: string;
  before: Set<string>;
}

interface Unit {
  tx: TxClient;
  /** The client `tx` belongs to, when known: the change set's rows are then written by compiled INSERTs on its connection. */
  prisma: PrismaClient | undefined;
  session: HistorySession;
  reason: string | null;
  entities: Map<string, EntityTouch>;
  collections: Map<string, CollectionTouch>;
  appended: Array<{ type: string; id: number; properties: PropertyChange[] }>;
}

const units = new AsyncLocalStorage<Unit>();

function delegateOf(tx: TxClient, model: string): Delegate & Record<string, unknown> {
  const name = model.charAt(0).toLowerCase() + model.slice(1);
  const d: unknown = (tx as Record<string, unknown>)[name];
  if (typeof d !== 'object' || d === null || typeof (d as Delegate).findMany !== 'function') throw new Error(`entity-history: no delegate ${name}`);
  return d as Delegate & Record<string, unknown>;
}

function callOf(tx: TxClient, model: string, operation: string): (args: Args) => Promise<unknown> {
  const fn = delegateOf(tx, model)[operation];
  if (typeof fn !== 'function') throw new Error(`entity-history: no operation ${model}.${operation}`);
  return (args) => (fn as (a: Args) => Promise<unknown>).call(delegateOf(tx, model), args);
}

/**
 * Runs `work` as one unit of work on the transaction client `tx` and writes
 * the history of what it changed before returning (still inside the
 * transaction). Called inside a unit, it joins it.
 */
export async function inUnitOfWork<R>(
  tx: TxClient,
  session: HistorySession,
  reason: string | null,
  work: () => Promise<R>,
  prisma?: PrismaClient,
): Promise<R> {
  if (units.getStore()) return work();
  const unit: Unit = { tx, session, reason, prisma, entities: new Map(), collections: new Map(), appended: [] };
  // Awaited inside the scope: a Prisma call is lazy and runs when awaited, so it must be awaited where the unit is seen.
  const result = await units.run(unit, async () => await work());
  await writeChangeSet(unit);
  return result;
}

const WRITES = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
]);

/** Rows a write's `where` reaches (before it runs). */
async function reached(unit: Unit, model: string, args: Args): Promise<Row[]> {
  return args.where === undefined ? delegateOf(unit.tx, model).findMany({}) : delegateOf(unit.tx, model).findMany({ where: args.where });
}

const dataRows = (data: unknown): Row[] => (Array.isArray(data) ? (data as Row[]) : data && typeof data === 'object' ? [data as Row] : []);

/** Records one tracked write of the unit: reads before, runs it, reads after. */
async function trackWrite(unit: Unit, model: string, cfg: TrackedModel, operation: string, args: Args, run: () => Promise<unknown>) {
  const creating = operation.startsWith('create');
  if (cfg.kind === 'entity') {
    const before = creating ? [] : operation === 'upsert' ? await reached(unit, model, args) : await reached(unit, model, args);
    for (const row of before) {
      const key = `${model}:${String(row.id)}`;
      if (!unit.entities.has(key)) unit.entities.set(key, { model, type: cfg.type, id: Number(row.id), before: row, after: row });
    }
    const result = await run();
    const created = creating || operation === 'upsert' ? dataRows(operation === 'createMany' ? [] : result) : [];
    for (const row of created) {
      const key = `${model}:${String(row.id)}`;
      if (typeof row.id === 'number' && !unit.entities.has(key))
        unit.entities.set(key, { model, type: cfg.type, id: row.id, before: null, after: null });
    }
    return result;
  }
  if (cfg.kind === 'collection') {
    const rows = [...(creating ? dataRows(args.data) : await reached(unit, model, args)), ...(operation === 'upsert' ? dataRows(args.create) : [])];
    // The owners the unit has not seen yet, in order, with their sets before the write.
    const fresh = new Map<string, Owner>();
    for (const row of rows)
      for (const owner of cfg.owners(row)) {
        const key = `${model}:${owner.type}:${owner.id}`;
        if (!unit.collections.has(key) && !fresh.has(key)) fresh.set(key, owner);
      }
    const before = await collectionsBefore(unit, model, cfg, [...fresh.values()]);
    for (const [key, owner] of fresh) unit.collections.set(key, { model, ...owner, property: cfg.property, before: before.get(key)! });
    return run();
  }
  const result = await run();
  for (const row of creating ? dataRows(operation === 'createMany' ? args.data : result) : []) {
    const change = cfg.change(row);
    if (change) unit.appended.push(change);
  }
  return result;
}

/** Ids per read: SQLite's bound-parameter limit is far above, and a unit of a large import stays a few reads. */
const READ_CHUNK = 500;
/**
 * Rows per insert of a change set's changes and properties: Prisma holds a
 * createMany's every row in its query plan at once (a 10,000-member import's
 * unit as one insert took about 130 MB more at its peak, in chunks of 200
 * about 55 MB).
 */
const WRITE_CHUNK = 200;

/** The rows of `model` whose `field` is one of `ids`, read in chunks. */
async function rowsWhereIn(unit: Unit, model: string, field: string, ids: readonly number[]): Promise<Row[]> {
  const out: Row[] = [];
  for (let i = 0; i < ids.length; i += READ_CHUNK)
    out.push(...(await delegateOf(unit.tx, model).findMany({ where: { [field]: { in: ids.slice(i, i + READ_CHUNK) } } })));
  return out;
}

type Owner = { type: string; id: number; ownerField: string };

/**
 * Each owner's items before a write (keyed `model:type:id`), read per owner
 * field in chunks of `READ_CHUNK` owners rather than one read per owner (a
 * 10,000-member import's role links were 10,000 reads). An owner created in
 * this unit had nothing before and is not read.
 */
async function collectionsBefore(unit: Unit, model: string, cfg: CollectionModel, owners: readonly Owner[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  const toRead = new Map<string, { type: string; ids: number[] }>();
  for (const o of owners) {
    out.set(`${model}:${o.type}:${o.id}`, new Set());
    if (unit.entities.get(`${o.type}:${o.id}`)?.before === null) continue;
    const group = toRead.get(o.ownerField) ?? { type: o.type, ids: [] };
    group.ids.push(o.id);
    toRead.set(o.ownerField, group);
  }
  for (const [field, { type, ids }] of toRead)
    for (const row of await rowsWhereIn(unit, model, field, ids)) {
      const item = cfg.item(row);
      const owner = num(row[field]);
      if (item !== null && owner !== null) out.get(`${model}:${type}:${owner}`)?.add(item);
    }
  return out;
}

/** Role ids as their names (a deleted role keeps `#id`). */
async function roleNames(unit: Unit, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].map(Number).filter(Number.isInteger);
  if (!wanted.length) return new Map();
  const rows = await rowsWhereIn(unit, 'Role', 'id', wanted);
  return new Map(rows.map((r) => [String(r.id), typeof r.displayName === 'string' ? r.displayName : String(r.id)]));
}

/** Each touched entity's row now, read per model in a few reads. */
async function entitiesAfter(unit: Unit): Promise<Map<string, Row>> {
  const byModel = new Map<string, number[]>();
  for (const e of unit.entities.values()) byModel.set(e.model, [...(byModel.get(e.model) ?? []), e.id]);
  const out = new Map<string, Row>();
  for (const [model, ids] of byModel) for (const row of await rowsWhereIn(unit, model, 'id', ids)) out.set(`${model}:${String(row.id)}`, row);
  return out;
}

/** Each touched collection's items now, read per model and owner field in a few reads. */
async function collectionsAfter(unit: Unit): Promise<Map<string, Set<string>>> {
  const groups = new Map<string, { model: string; ownerField: string; ids: number[] }>();
  for (const c of unit.collections.values()) {
    const key = `${c.model}:${c.ownerField}`;
    const group = groups.get(key) ?? { model: c.model, ownerField: c.ownerField, ids: [] };
    group.ids.push(c.id);
    groups.set(key, group);
  }
  const out = new Map<string, Set<string>>();
  for (const c of unit.collections.values()) out.set(`${c.model}:${c.ownerField}:${c.id}`, new Set());
  for (const { model, ownerField, ids } of groups.values()) {
    const cfg = TRACKED.get(model);
    if (cfg?.kind !== 'collection') continue;
    for (const row of await rowsWhereIn(unit, model, ownerField, ids)) {
      const item = cfg.item(row);
      const owner = num(row[ownerField]);
      if (item !== null && owner !== null) out.get(`${model}:${ownerField}:${owner}`)?.add(item);
    }
  }
  return out;
}

async function writeChangeSet(unit: Unit): Promise<void> {
  const changes: Array<{ type: string; id: number; changeType: number; properties: PropertyChange[] }> = [];
  const entityRows = await entitiesAfter(unit);
  for (const e of unit.entities.values()) {
    const after = entityRows.get(`${e.model}:${e.id}`);
    const cfg = TRACKED.get(e.model);
    const properties = (cfg?.kind === 'entity' && cfg.diff ? cfg.diff : diffRows)(e.before, after ?? null);
    const changeType =
      e.before === null ? EntityChangeType.values.Created : after ? EntityChangeType.values.Updated : EntityChangeType.values.Deleted;
    if (changeType === EntityChangeType.values.Updated && !properties.length) continue;
    // A new entity's member collections written with it (a user created with roles): their first values.
    if (changeType === EntityChangeType.values.Created)
      for (const [model, cfg] of TRACKED) {
        if (cfg.kind !== 'collection' || unit.collections.has(`${model}:${e.type}:${e.id}`)) continue;
        const owner = cfg.owners({ userId: e.type === 'User' ? e.id : null, roleId: e.type === 'Role' ? e.id : null }).find((o) => o.type === e.type);
        if (!owner) continue;
        unit.collections.set(`${model}:${e.type}:${e.id}`, { model, ...owner, property: cfg.property, before: new Set() });
      }
    changes.push({ type: e.type, id: e.id, changeType, properties: changeType === EntityChangeType.values.Deleted ? [] : properties });
  }
  const collectionItems = await collectionsAfter(unit);
  const changed = [...unit.collections.values()].flatMap((c) => {
    const after = collectionItems.get(`${c.model}:${c.ownerField}:${c.id}`) ?? new Set<string>();
    const same = after.size === c.before.size && [...after].every((v) => c.before.has(v));
    return same ? [] : [{ c, after }];
  });
  const roleIds = changed.flatMap(({ c, after }) => (c.property === 'Roles' ? [...c.before, ...after] : []));
  const roles = await roleNames(unit, roleIds);
  for (const { c, after } of changed) {
    const names = c.property === 'Roles' ? roles : new Map<string, string>();
    const show = (s: Set<string>) =>
      [...s]
        .map((v) => names.get(v) ?? v)
        .sort()
        .join(', ');
    changes.push({
      type: c.type,
      id: c.id,
      changeType: EntityChangeType.values.Updated,
      properties: [prop(c.property, show(c.before), show(after))],
    });
  }
  for (const a of unit.appended) changes.push({ ...a, changeType: EntityChangeType.values.Updated });
  // One change per entity: a collection's or an appended record's properties join the entity's own change of the unit.
  const byEntity = new Map<string, (typeof changes)[number]>();
  for (const c of changes) {
    const key = `${c.type}:${c.id}`;
    const first = byEntity.get(key);
    if (first) first.properties.push(...c.properties);
    else byEntity.set(key, { ...c, properties: [...c.properties] });
  }
  if (!byEntity.size) return;
  const now = new Date();
  const { session } = unit;
  const tx = unit.tx as Prisma.TransactionClient;
  const set = await tx.entityChangeSet.create({
    data: {
      userId: session.userId,
      impersonatorUserId: session.impersonatorUserId ?? null,
      impersonatorTenantId: session.impersonatorTenantId ?? null,
      creationTime: now,
      reason: unit.reason,
    },
  });
  // The changes, then their properties, in inserts of WRITE_CHUNK rows (one change per entity: matched back by entity).
  const entityChanges = [...byEntity.values()].map((c) => ({
    changeSetId: set.id,
    changeTime: now,
    changeType: c.changeType,
    entityId: String(c.id),
    entityTypeFullName: c.type,
  }));
  const db = unit.prisma && sqliteConnection(unit.prisma);
  if (db && unit.prisma) {
    // Compiled multi-row INSERTs on Prisma's connection, inside the unit's transaction: Prisma's createMany of
    // 200 rows went through its query compiler and argument walk each time (most of a 10,000-member import's CPU).
    const written = new RowWriter(db, unit.prisma, session.tenantId);
    const ids = new Map<string, number>();
    for (let i = 0; i < entityChanges.length; i += WRITE_CHUNK)
      for (const r of written.insert('EntityChange', entityChanges.slice(i, i + WRITE_CHUNK), ['id', 'entityId', 'entityTypeFullName']))
        ids.set(`${String(r.entityTypeFullName)}:${String(r.entityId)}`, Number(r.id));
    const properties = [...byEntity.entries()].flatMap(([key, c]) => c.properties.map((p) => ({ ...p, entityChangeId: ids.get(key)! })));
    for (let i = 0; i < properties.length; i += WRITE_CHUNK) written.insert('EntityPropertyChange', properties.slice(i, i + WRITE_CHUNK));
    return;
  }
  for (let i = 0; i < entityChanges.length; i += WRITE_CHUNK) await tx.entityChange.createMany({ data: entityChanges.slice(i, i + WRITE_CHUNK) });
  const ids = new Map<string, number>(
    (await tx.entityChange.findMany({ where: { changeSetId: set.id }, select: { id: true, entityId: true, entityTypeFullName: true } })).map(
      (r) => [`${r.entityTypeFullName}:${r.entityId}`, r.id] as const,
    ),
  );
  const properties = [...byEntity.entries()].flatMap(([key, c]) => c.properties.map((p) => ({ ...p, entityChangeId: ids.get(key)! })));
  for (let i = 0; i < properties.length; i += WRITE_CHUNK) await tx.entityPropertyChange.createMany({ data: properties.slice(i, i + WRITE_CHUNK) });
}

/**
 * Rows of the history tables (MayHaveTenant) written as the filtered client's
 * createMany writes them: the session's tenant added, dates in the adapter's
 * ISO 8601 with `+00:00`, one multi-row INSERT per call, reported to the
 * write versions before it runs (as kit/sql-insert.ts and the member import's
 * `insertUsers` do).
 */
class RowWriter {
  constructor(
    private readonly db: NonNullable<ReturnType<typeof sqliteConnection>>,
    private readonly prisma: PrismaClient,
    private readonly tenantId: number | null,
  ) {}

  insert(table: string, rows: ReadonlyArray<Record<string, string | number | Date | null>>, returning: readonly string[] = []): Row[] {
    if (!rows.length) return [];
    const columns = ['tenantId', ...Object.keys(rows[0]!)];
    const tuple = `(${columns.map(() => '?').join(',')})`;
    const sql =
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${rows.map(() => tuple).join(',')}` +
      (returning.length ? ` RETURNING ${returning.map((c) => `"${c}"`).join(',')}` : '');
    const values = rows.flatMap((r) => [this.tenantId, ...columns.slice(1).map((c) => bindValue(r[c] ?? null))]);
    writeVersions(this.prisma).observe(sql);
    const statement = ownStatement(this.db, sql);
    if (returning.length) return statement.all(...values) as Row[];
    statement.run(...values);
    return [];
  }
}

const bindValue = (v: string | number | Date | null) => (v instanceof Date ? v.toISOString().replace('Z', '+00:00') : v);

// ---------------------------------------------------------------------------
// The extension

/** A client that opens interactive transactions (the history client itself, once made). */
interface TransactionOpener {
  $transaction<R>(work: (tx: TxClient) => Promise<R>): Promise<R>;
}

/**
 * The history extension over a session's filtered client: writes of tracked
 * models join the current unit of work, or run in one of their own.
 */
export function historyExtension(session: HistorySession, self: () => TransactionOpener, prisma?: PrismaClient) {
  return Prisma.defineExtension({
    name: 'entity-history',
    query: {
      $allModels: {
        $allOperations(params) {
          const { model, operation } = params;
          const query = params.query as (args: Args) => Promise<unknown>;
          const args = (params.args ?? {}) as Args;
          const cfg = TRACKED.get(model);
          if (!cfg || !WRITES.has(operation)) return query(args);
          const unit = units.getStore();
          if (unit) return trackWrite(unit, model, cfg, operation, args, () => query(args));
          // Not in a transaction: this write alone is the unit, in a transaction of its own.
          return inTransactionScope(() =>
            self().$transaction((tx) => inUnitOfWork(tx, session, null, () => callOf(tx, model, operation)(args), prisma)),
          );
        },
      },
    },
  });
}

/** The session's filtered client with the history extension, one per session (as `withDataFilters` keeps them). */
function makeHistoryClient(filtered: FilteredPrismaClient, session: HistorySession, prisma: PrismaClient) {
  const holder: { client?: TransactionOpener } = {};
  const extended = filtered.$extends(historyExtension(session, () => holder.client!, prisma));
  holder.client = extended;
  return extended;
}
export type HistoryClient = ReturnType<typeof makeHistoryClient>;

const historyClients = new WeakMap<PrismaClient, Map<string, HistoryClient>>();
const MAX_HISTORY_CLIENTS = 500;

/** The client a request's context reads and writes through: ABP's data filters, then the entity history. */
export function withEntityHistory(prisma: PrismaClient, session: HistorySession): HistoryClient {
  const s = {
    tenantId: session.tenantId,
    userId: session.userId,
    impersonatorUserId: session.impersonatorUserId ?? null,
    impersonatorTenantId: session.impersonatorTenantId ?? null,
  };
  const key = `${s.tenantId}|${s.userId}|${s.impersonatorUserId}|${s.impersonatorTenantId}`;
  let clients = historyClients.get(prisma);
  if (!clients) historyClients.set(prisma, (clients = new Map<string, HistoryClient>()));
  const hit = clients.get(key);
  if (hit) return hit;
  const client = makeHistoryClient(withDataFilters(prisma, s), s, prisma);
  clients.set(key, client);
  if (clients.size > MAX_HISTORY_CLIENTS) clients.delete(clients.keys().next().value!);
  return client;
}
