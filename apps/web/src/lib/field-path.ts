/**
 * A form field path (react-hook-form's dotted form, `lessons.2.title`) from a
 * validation path: zod's `['lessons', 2, 'title']`, or an ABP member name as the
 * server reports it (`lessons[2].title`, `Lessons[2].Title`, `input.lessons.2.title`).
 * Segments are camel-cased (ABP may name C# properties); an `input.` prefix some
 * hosts add is dropped.
 */
export function fieldPath(path: string | readonly PropertyKey[]): string {
  const segments =
    typeof path === 'string'
      ? path
          .replace(/\[(\d+)\]/g, '.$1')
          .split('.')
          .filter(Boolean)
      : path.map((s) => String(s));
  if (typeof path === 'string' && segments[0]?.toLowerCase() === 'input' && segments.length > 1) segments.shift();
  return segments.map((s) => (/^\d+$/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1))).join('.');
}

/** The field names of a path without list indexes (`lessons.title`): where per-field hints are looked up. */
export function fieldKey(path: string): string {
  return path
    .split('.')
    .filter((s) => !/^\d+$/.test(s))
    .join('.');
}

/**
 * Puts a value at a dotted path into a nested error object, creating arrays
 * for numeric segments (`lessons.2.title` -> `{ lessons: [, , { title }] }`),
 * which is how react-hook-form reads errors of field arrays. The first value
 * at a path wins.
 */
export function setAtPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const last = i === segments.length - 1;
    const current: unknown = Array.isArray(node) ? node[Number(seg)] : node[seg];
    if (last) {
      if (current === undefined) assign(node, seg, value);
      return;
    }
    if (Array.isArray(current) || (isRecord(current) && !('message' in current))) {
      node = current;
      continue;
    }
    if (current !== undefined) return; // a message already sits on a parent: keep it
    const child: Record<string, unknown> | unknown[] = /^\d+$/.test(segments[i + 1]!) ? [] : {};
    assign(node, seg, child);
    node = child;
  }
}

function assign(node: Record<string, unknown> | unknown[], seg: string, value: unknown) {
  if (Array.isArray(node)) node[Number(seg)] = value;
  else node[seg] = value;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
