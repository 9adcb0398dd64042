/** A small seeded PRNG (mulberry32), so every seeded database holds the same data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const digits = (n: number): string => Array.from({ length: n }, () => String(int(0, 9))).join('');
  const hex = (n: number): string => Array.from({ length: n }, () => int(0, 15).toString(16)).join('');
  return {
    next,
    int,
    pick,
    digits,
    /** A GUID-shaped string, as ABP's SecurityStamp. */
    guid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
    /** A mainland mobile number: 1[3-9] and nine digits, from real carrier prefixes. */
    mobile: () => pick(MOBILE_PREFIXES) + digits(8),
  };
}

export type Random = ReturnType<typeof createRandom>;

const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '173',
  '176',
  '177',
  '180',
  '181',
  '182',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
] as const;
