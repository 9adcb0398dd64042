/**
 * Members and money, `pnpm --filter @edu/bench exec tsx money.bench.ts`:
 *
 * 1. Member import throughput: 10,000 rows (CSV, UTF-8) uploaded to
 *    `User/ImportFromExcel`, dry run and commit (one transaction), timed from
 *    the upload to the job's end as the console sees it (polling GetJob);
 *    plus 1,000 rows with the per-row password rule (phone's last six digits),
 *    whose cost is one PBKDF2 per distinct password.
 * 2. The ledger list with totals over 1,000,000 rows: rows written straight
 *    with better-sqlite3 (a year, 2,000 members), then `Income/GetAll` for
 *    a 7-day, a 30-day and a 365-day UTC+8 range (page, totals, counts per
 *    type in one answer) and `Income/GetIncomeSummary` for 30 days, each
 *    under load with the harness (server in its own process).
 *
 * `MONEY_LEDGER_ROWS` and `MONEY_IMPORT_ROWS` change the sizes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { copyTemplate, prepareTemplate, BENCH_TENANT } from './prepare.ts';
import { loadProcess, report, signIn, startServerProcess, type Figures } from './harness.ts';
import { importRows, membersCsv } from './member-import.ts';

const LEDGER_ROWS = Number(process.env.MONEY_LEDGER_ROWS ?? 1_000_000);
const IMPORT_ROWS = Number(process.env.MONEY_IMPORT_ROWS ?? 10_000);
const MEMBERS = 2000;
const DAY_MS = 86_400_000;

/** 1,000,000 ledger rows over the last year, 2,000 members, written in one transaction (HTTP or Prisma would take many minutes). */
function growLedger(file: string, rows: number): { ms: number; firstMember: number } {
  const t0 = performance.now();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const now = Date.now();
  const firstUser = (db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS id FROM User').get() as { id: number }).id;
  const insertUser = db.prepare(
    `INSERT INTO User (id, tenantId, userName, normalizedUserName, name, surname, emailAddress, normalizedEmailAddress, passwordHash, securityStamp, identity, creationTime, isDeleted, isActive)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'x', 'x', 1, ?, 0, 1)`,
  );
  const insert = db.prepare(
    `INSERT INTO LedgerEntry (tenantId, serialNo, memberId, type, channel, amount, balanceAfter, orderNo, transactionNo, operatorUserId, remark, creationTime)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)`,
  );
  const balance = new Float64Array(MEMBERS);
  let seed = 20261123;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  db.transaction(() => {
    for (let m = 0; m < MEMBERS; m++) {
      const id = firstUser + m;
      insertUser.run(
        id,
        BENCH_TENANT,
        `ledger${id}`,
        `LEDGER${id}`,
        `${m}`,
        '会员',
        `ledger${id}@bench.example.com`,
        `LEDGER${id}@BENCH.EXAMPLE.COM`,
        new Date(now - 400 * DAY_MS).toISOString().replace('Z', '+00:00'),
      );
    }
    for (let i = 0; i < rows; i++) {
      const m = Math.floor(rnd() * MEMBERS);
      const at = new Date(now - 365 * DAY_MS + Math.floor((i / rows) * 365 * DAY_MS));
      const recharge = balance[m]! < 5000 || rnd() < 0.3;
      const amount = recharge ? 5000 + Math.floor(rnd() * 20) * 1000 : -Math.min(balance[m]!, 100 + Math.floor(rnd() * 4900));
      balance[m] = balance[m]! + amount;
      const day = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
      insert.run(
        BENCH_TENANT,
        `LE${day}${String(i + 1).padStart(8, '0')}`,
        firstUser + m,
        recharge ? 1 : 2,
        recharge ? 1 + Math.floor(rnd() * 3) : 4,
        amount,
        balance[m],
        recharge ? `R${day}${String(i + 1).padStart(8, '0')}` : `C${day}${String(i + 1).padStart(8, '0')}`,
        recharge ? `4200${String(i).padStart(24, '0')}` : null,
        at.toISOString().replace('Z', '+00:00'),
      );
    }
    const account = db.prepare('INSERT INTO MemberAccount (userId, tenantId, balance, entryCount) VALUES (?, ?, ?, 0)');
    for (let m = 0; m < MEMBERS; m++) account.run(firstUser + m, BENCH_TENANT, balance[m]);
    db.prepare(`INSERT INTO MoneySequence (name, value) VALUES ('LE', ?) ON CONFLICT(name) DO UPDATE SET value = value + excluded.value`).run(rows);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { ms: performance.now() - t0, firstMember: firstUser };
}

const chinaDay = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'edu-money-bench-'));
  try {
    const template = await prepareTemplate({ articles: 0, users: 0 });
    const file = copyTemplate(template, dir, 'money.db');
    const grown = growLedger(file, LEDGER_ROWS);
    console.log(`ledger: ${LEDGER_ROWS} rows for ${MEMBERS} members written in ${(grown.ms / 1000).toFixed(1)} s (better-sqlite3, one transaction)`);

    const server = await startServerProcess(file);
    try {
      const auth = await signIn(server.url, 'admin', '123qwe', BENCH_TENANT);
      const headers = { ...auth, 'Abp.TenantId': String(BENCH_TENANT) };

      // 1. Import throughput.
      const csv = membersCsv(IMPORT_ROWS, 'imp', 13000000000);
      const dry = await importRows(server.url, auth, csv, { mode: 'dryRun', passwordRule: '1', password: 'Bench@2026' });
      const commit = await importRows(server.url, auth, csv, { mode: 'commit', passwordRule: '1', password: 'Bench@2026' });
      const again = await importRows(server.url, auth, csv, { mode: 'commit', passwordRule: '1', password: 'Bench@2026' });
      const perRow = await importRows(server.url, auth, membersCsv(1000, 'ph', 15000000000), { mode: 'commit', passwordRule: '2' });
      console.log('\nMember import (CSV, upload to job end, server in its own process)');
      console.log('| case | rows | created | seconds | rows/s |');
      console.log('|---|---:|---:|---:|---:|');
      for (const [name, r, n] of [
        ['dry run, fixed password', dry, IMPORT_ROWS],
        ['commit, fixed password (one hash)', commit, IMPORT_ROWS],
        ['re-import of the same file (all duplicates)', again, IMPORT_ROWS],
        ['commit, phone-last-6 password (one hash per row)', perRow, 1000],
      ] as const) {
        if (r.job.state !== 2) throw new Error(`${name}: job failed: ${r.job.error}`);
        console.log(`| ${name} | ${n} | ${r.job.result?.created ?? 0} | ${(r.ms / 1000).toFixed(2)} | ${(n / (r.ms / 1000)).toFixed(0)} |`);
      }

      // 2. Ledger list with totals over LEDGER_ROWS rows.
      const today = Date.now();
      const range = (days: number) => `DateFrom=${chinaDay(today - (days - 1) * DAY_MS)}&DateTo=${chinaDay(today)}`;
      const url = (q: string) => `${server.url}/api/services/app/${q}`;
      const first = (await (await fetch(url(`Income/GetAll?${range(30)}&MaxResultCount=20`), { headers })).json()) as {
        result: { totalCount: number; totals: { net: number } };
      };
      console.log(`\nIncome/GetAll, 30 days: ${first.result.totalCount} rows in range, net ${(first.result.totals.net / 100).toFixed(2)} yuan`);
      const rows: Figures[] = [];
      const opts = { headers, connections: 4, durationSec: 5 };
      rows.push(await loadProcess(server, 'ledger page + totals + tabs, 7 days', url(`Income/GetAll?${range(7)}&MaxResultCount=20`), opts));
      rows.push(await loadProcess(server, 'ledger page + totals + tabs, 30 days', url(`Income/GetAll?${range(30)}&MaxResultCount=20`), opts));
      rows.push(await loadProcess(server, 'ledger page + totals + tabs, 365 days', url(`Income/GetAll?${range(365)}&MaxResultCount=20`), opts));
      rows.push(
        await loadProcess(
          server,
          'ledger, 30 days, one member',
          url(`Income/GetAll?${range(30)}&MemberId=${grown.firstMember + 7}&MaxResultCount=20`),
          opts,
        ),
      );
      rows.push(await loadProcess(server, 'income summary, 30 days (by day and type)', url(`Income/GetIncomeSummary?${range(30)}`), opts));
      report(`Ledger over ${LEDGER_ROWS} rows (4 connections, 5 s each)`, rows);
      console.log(server.memory());
    } catch (err) {
      // The server's own log says why a request failed.
      console.error(readFileSync(`${file}.log`, 'utf8').split('\n').slice(-40).join('\n'));
      throw err;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
