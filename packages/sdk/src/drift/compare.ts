import { allEndpoints } from '../registry.ts';
import { generateOpenApi } from '../openapi.ts';
import { readSwagger, type BackendCall, type BackendContract } from './backend.ts';
import { describeShape, type Field, type Shape } from './shape.ts';

/**
 * Drift between the SDK's registry and a backend's own description of its
 * calls. The SDK side is read from the SDK's OpenAPI document through the same
 * reader as the backend's, so both sides are normalised alike.
 *
 * Severity is what the console would suffer:
 * - breaking: a call the console makes is gone or takes another verb; an
 *   output member the SDK requires is missing, renamed by case (JavaScript is
 *   case-sensitive) or of another type; the backend answers an enum value the
 *   SDK does not know (its parse would fail) or a `null` in a number or boolean
 *   (a C# `int?` is deliberate); an input member the backend requires is not
 *   sent; the SDK sends an enum value the backend lacks.
 * - warning: an optional output member is missing; a string, object or array
 *   output the backend marks nullable (Swashbuckle marks every reference type
 *   so unless the host enables nullable reference types, so this is usually
 *   noise); the SDK sends a member the backend ignores or `null` where it takes
 *   none.
 * - info: the backend has calls, output members or enum values the SDK does
 *   not use; input members differing by case only (ASP.NET binds them
 *   case-insensitively).
 */
export type Severity = 'breaking' | 'warning' | 'info';

export interface Drift {
  readonly severity: Severity;
  /** `Article/GetAll`, or the backend's verb and path for a call the SDK lacks. */
  readonly call: string;
  /** `input`, `output`, or `call` for the call itself. */
  readonly side: 'call' | 'input' | 'output';
  /** The member's path: `items[].auditStatus`. */
  readonly member?: string;
  readonly message: string;
}

export interface DriftReport {
  readonly backendSource: string;
  readonly sdkCalls: number;
  readonly backendCalls: number;
  readonly matched: number;
  readonly drifts: readonly Drift[];
}

interface SdkCall extends BackendCall {
  readonly name: string;
  /** An addition of ours, not in the spec: a backend without it is expected, not broken. */
  readonly extension: boolean;
}

const keyOf = (c: BackendCall) => `${c.verb} ${c.path.toLowerCase()}`;

/** The SDK's calls with their wire shapes (envelope unwrapped, as a backend's Swagger shows them). */
export function sdkContract(): SdkCall[] {
  const endpoints = new Map(allEndpoints().map((e) => [`${e.verb} ${e.path.toLowerCase()}`, e]));
  return readSwagger(generateOpenApi()).calls.map((c) => {
    const e = endpoints.get(keyOf(c));
    return { ...c, name: e ? `${e.service}/${e.method}` : `${c.verb} ${c.path}`, extension: e?.extension ?? false };
  });
}

export function compareContracts(backend: BackendContract, sdk: readonly SdkCall[] = sdkContract()): DriftReport {
  const drifts: Drift[] = [];
  const byKey = new Map(backend.calls.map((c) => [keyOf(c), c]));
  const byPath = new Map<string, BackendCall[]>();
  for (const c of backend.calls) {
    const list = byPath.get(c.path.toLowerCase()) ?? [];
    list.push(c);
    byPath.set(c.path.toLowerCase(), list);
  }
  const sdkKeys = new Set(sdk.map(keyOf));
  const claimed = new Set<BackendCall>();
  let matched = 0;
  for (const call of sdk) {
    const other = byKey.get(keyOf(call));
    if (!other) {
      // The same path under another verb that no SDK call takes: the verb changed.
      const sameGround = byPath.get(call.path.toLowerCase())?.find((c) => c.verb !== call.verb && !sdkKeys.has(keyOf(c)));
      if (sameGround) {
        claimed.add(sameGround);
        drifts.push({
          severity: 'breaking',
          call: call.name,
          side: 'call',
          message: `verb differs: the SDK sends ${call.verb}, the backend takes ${sameGround.verb}`,
        });
      } else if (call.extension)
        drifts.push({
          severity: 'warning',
          call: call.name,
          side: 'call',
          message: `missing on the backend: an extension of ours, not in the spec (${call.verb} ${call.path})`,
        });
      else drifts.push({ severity: 'breaking', call: call.name, side: 'call', message: `missing on the backend (${call.verb} ${call.path})` });
      continue;
    }
    claimed.add(other);
    matched += 1;
    if (!backend.typed) continue;
    const add = (d: Omit<Drift, 'call'>) => drifts.push({ ...d, call: call.name });
    if (call.input && other.input) compareShapes(call.input, other.input, 'input', '', add);
    if (call.output && other.output) compareShapes(call.output, other.output, 'output', '', add);
  }
  for (const c of backend.calls)
    if (!claimed.has(c))
      drifts.push({ severity: 'info', call: `${c.verb} ${c.path}`, side: 'call', message: 'on the backend only: the SDK does not declare it' });
  return { backendSource: backend.source, sdkCalls: sdk.length, backendCalls: backend.calls.length, matched, drifts };
}

type Add = (d: Omit<Drift, 'call'>) => void;
const VALUE_KINDS = new Set(['integer', 'number', 'boolean']);
const join = (base: string, name: string) => (base ? `${base}.${name}` : name);

function kindsAgree(sdk: Shape, backend: Shape, side: 'input' | 'output'): Severity | null {
  if (sdk.kind === backend.kind) return null;
  if (sdk.kind === 'any' || backend.kind === 'any') return null;
  // A number member accepts integers; the converse loses fractions.
  if (side === 'output' && sdk.kind === 'number' && backend.kind === 'integer') return null;
  if (side === 'input' && sdk.kind === 'integer' && backend.kind === 'number') return null;
  if (side === 'input' && sdk.kind === 'number' && backend.kind === 'integer') return 'warning';
  if (sdk.kind === 'void' || backend.kind === 'void') return sdk.kind === 'void' ? 'info' : 'breaking';
  return 'breaking';
}

function compareShapes(sdk: Shape, backend: Shape, side: 'input' | 'output', member: string, add: Add): void {
  const at = member || '(whole)';
  const kindDrift = kindsAgree(sdk, backend, side);
  if (kindDrift) {
    add({ severity: kindDrift, side, member: at, message: `type differs: SDK ${describeShape(sdk)}, backend ${describeShape(backend)}` });
    return;
  }
  if (side === 'output' && backend.nullable && !sdk.nullable && sdk.kind !== 'any' && sdk.kind !== 'void')
    add({
      severity: VALUE_KINDS.has(sdk.kind) ? 'breaking' : 'warning',
      side,
      member: at,
      message: `nullability differs: the backend may answer null, the SDK expects ${describeShape(sdk)}`,
    });
  if (side === 'input' && sdk.nullable && !backend.nullable && VALUE_KINDS.has(backend.kind))
    add({
      severity: 'warning',
      side,
      member: at,
      message: `nullability differs: the SDK may send null, the backend takes ${describeShape(backend)}`,
    });
  compareEnums(sdk, backend, side, at, add);
  if (sdk.kind === 'array' && backend.kind === 'array') compareShapes(sdk.items, backend.items, side, `${member}[]`, add);
  if (sdk.kind === 'object' && backend.kind === 'object' && sdk.fields && backend.fields)
    compareFields(sdk.fields, backend.fields, side, member, add);
}

function compareEnums(sdk: Shape, backend: Shape, side: 'input' | 'output', at: string, add: Add): void {
  const a = 'enum' in sdk ? sdk.enum : undefined;
  const b = 'enum' in backend ? backend.enum : undefined;
  if (!a?.length || !b?.length) return;
  const added = b.filter((v) => !a.includes(v));
  const removed = a.filter((v) => !b.includes(v));
  if (added.length)
    add({ severity: side === 'output' ? 'breaking' : 'info', side, member: at, message: `enum values added on the backend: ${added.join(', ')}` });
  if (removed.length)
    add({ severity: side === 'input' ? 'breaking' : 'info', side, member: at, message: `enum values removed on the backend: ${removed.join(', ')}` });
}

function compareFields(
  sdk: Readonly<Record<string, Field>>,
  backend: Readonly<Record<string, Field>>,
  side: 'input' | 'output',
  base: string,
  add: Add,
): void {
  const backendByLower = new Map(Object.keys(backend).map((k) => [k.toLowerCase(), k]));
  const seen = new Set<string>();
  for (const [name, field] of Object.entries(sdk)) {
    const member = join(base, name);
    const exact = Object.hasOwn(backend, name) ? name : undefined;
    const other = exact ?? backendByLower.get(name.toLowerCase());
    if (other === undefined) {
      if (side === 'output')
        add({
          severity: field.required ? 'breaking' : 'warning',
          side,
          member,
          message: `missing on the backend (the SDK ${field.required ? 'requires' : 'reads'} it)`,
        });
      else add({ severity: 'warning', side, member, message: 'missing on the backend: the SDK sends it, the backend ignores it' });
      continue;
    }
    seen.add(other);
    if (!exact)
      add({
        severity: side === 'output' ? 'breaking' : 'info',
        side,
        member,
        message: `renamed by case only: the backend writes "${other}"`,
      });
    compareShapes(field.shape, backend[other]!.shape, side, member, add);
  }
  for (const [name, field] of Object.entries(backend)) {
    if (seen.has(name)) continue;
    const member = join(base, name);
    if (side === 'input' && field.required) add({ severity: 'breaking', side, member, message: 'required by the backend, not sent by the SDK' });
    else
      add({
        severity: 'info',
        side,
        member,
        message: side === 'input' ? 'taken by the backend, not sent by the SDK' : 'answered by the backend, not read by the SDK',
      });
  }
}
