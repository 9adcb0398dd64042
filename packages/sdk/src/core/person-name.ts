/** Han characters (CJK unified ideographs, extension A, compatibility ideographs). */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The one display name of a person (a content's creator, a member, the signed-in
 * user), from ABP's `Surname` and `Name`: a Chinese name reads surname then name
 * without a space (张伟), others `Name Surname`; when both hold the same text
 * (seed users such as admin/admin, imports without a split) it shows once, and
 * when both are empty it is `fallback` (the caller passes the user name).
 */
export function personName(surname: string | null | undefined, name: string | null | undefined, fallback = ''): string {
  const s = (surname ?? '').trim();
  const n = (name ?? '').trim();
  if (!s || !n || s === n) return n || s || fallback;
  return CJK.test(s + n) ? `${s}${n}` : `${n} ${s}`;
}
