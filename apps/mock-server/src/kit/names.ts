const CJK = /[\u3400-\u9fff]/;

/** Chinese names read surname first without a space (张伟); others as ABP's `Name Surname`. */
export function fullNameOf(u: { name: string; surname: string }): string {
  return CJK.test(u.surname + u.name) ? `${u.surname}${u.name}` : `${u.name} ${u.surname}`.trim();
}
