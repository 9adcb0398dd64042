/** The member import as the console drives it: a CSV uploaded to `User/ImportFromExcel`, the job polled until it ends (money.bench.ts, run.ts). */
import { BENCH_TENANT } from './prepare.ts';

export interface Job {
  id: number;
  state: number;
  error: string | null;
  result: { created: number; total: number; invalidRows: number } | null;
}

/** Uploads `csv` and waits for the import job's end; the time from upload to end. */
export async function importRows(
  base: string,
  auth: Record<string, string>,
  csv: string,
  fields: Record<string, string>,
): Promise<{ ms: number; job: Job }> {
  const form = new FormData();
  form.append('file', new File([csv], 'members.csv', { type: 'text/csv' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/services/app/User/ImportFromExcel`, {
    method: 'POST',
    headers: { ...auth, 'Abp.TenantId': String(BENCH_TENANT) },
    body: form,
  });
  const started = (await res.json()) as { result?: Job; error?: unknown };
  if (!started.result) throw new Error(`import refused: ${JSON.stringify(started.error)}`);
  for (;;) {
    const polled = (await (
      await fetch(`${base}/api/services/app/BackgroundJob/GetJob?Id=${started.result.id}`, {
        headers: { ...auth, 'Abp.TenantId': String(BENCH_TENANT) },
      })
    ).json()) as {
      result: Job;
    };
    if (polled.result.state >= 2) return { ms: performance.now() - t0, job: polled.result };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `n` member rows in the import's CSV columns. */
export function membersCsv(n: number, prefix: string, phoneBase: number): string {
  const lines = ['用户名,姓名,手机号,邮箱,身份,状态,注册日期'];
  for (let i = 0; i < n; i++)
    lines.push(`${prefix}${i},测试${i},${phoneBase + i},${prefix}${i}@bench.example.com,普通会员,启用,2024-0${1 + (i % 9)}-1${i % 10}`);
  return lines.join('\n');
}
