import { reviewableList, type ReviewableKey } from '@edu/sdk';

/** One day of a trend series (`date` is a UTC+8 calendar day, `YYYY-MM-DD`). */
export interface DailyCount {
  date: string;
  count: number;
}

/**
 * Lines up two daily series on one axis: the union of their days in order,
 * a missing day counting 0, labels shortened to `MM-DD`.
 */
export function alignTrends(a: readonly DailyCount[], b: readonly DailyCount[]) {
  const days = [...new Set([...a, ...b].map((d) => d.date))].sort();
  const byDay = (list: readonly DailyCount[]) => new Map(list.map((d) => [d.date, d.count]));
  const ma = byDay(a);
  const mb = byDay(b);
  return {
    labels: days.map((d) => d.slice(5)),
    first: days.map((d) => ma.get(d) ?? 0),
    second: days.map((d) => mb.get(d) ?? 0),
  };
}

/** The home page's trend window in days. */
export const HOME_DAYS = 7;

/** A person's name for a greeting: the SDK's one display-name rule (张伟, `Name Surname`, admin/admin once). */
export { personName } from '@edu/sdk';

/** A reviewable's figures as `Session/GetManageHomePage` reports them. */
export interface ContentCount {
  entity: ReviewableKey;
  total: number;
  pending: number;
}

/**
 * The content tiles: one per entry of the SDK's review registry, in its order,
 * labelled by the entry's i18n key; figures the server has not sent (still
 * loading) are undefined.
 */
export function contentTiles(content: readonly ContentCount[] | undefined) {
  return reviewableList.map((r) => {
    const c = content?.find((x) => x.entity === r.clientKey);
    return { key: r.clientKey, labelKey: r.i18nKey, total: c?.total, pending: c?.pending };
  });
}
