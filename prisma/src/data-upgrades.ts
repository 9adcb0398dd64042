/**
 * Data upgrades: stored values derived by a rule (a question's duplicate
 * fingerprint) that must be recomputed when the rule changes. Migrations
 * change the schema in SQL; a derived value needs the rule's code, so the
 * server declares its upgrades (numbered, never renumbered) and
 * `openDatabase` runs those the file has not had, in order. SQLite's
 * `user_version` header field records the last one applied (Prisma's
 * migrations do not use it), after the upgrade finished: an upgrade is a
 * recomputation that may run twice, so one cut short runs again at the next
 * open. A database the seed has just filled was written by the current
 * rules and takes `DATA_VERSION` without running anything.
 */
import type { PrismaClient } from '../generated/prisma/client.ts';

/**
 * The data version the current code writes (the seed's rows are at it): the
 * number of the server's last data upgrade, raised with each new one.
 */
export const DATA_VERSION = 1;

export interface DataUpgrade {
  /** 1, 2, …: the order of application, recorded in `user_version`. */
  readonly version: number;
  /** What it recomputes (for errors and logs). */
  readonly name: string;
  readonly run: (prisma: PrismaClient) => Promise<void>;
}

export async function dataVersion(prisma: PrismaClient): Promise<number> {
  const [row] = await prisma.$queryRawUnsafe<Array<{ user_version: number | bigint }>>('PRAGMA user_version');
  return Number(row?.user_version ?? 0);
}

async function setDataVersion(prisma: PrismaClient, version: number): Promise<void> {
  if (!Number.isSafeInteger(version) || version < 0) throw new Error(`Bad data version ${version}`);
  await prisma.$executeRawUnsafe(`PRAGMA user_version = ${version}`);
}

/** Checks the declared list: versions 1…n, each once, in order. */
function checked(upgrades: readonly DataUpgrade[]): readonly DataUpgrade[] {
  upgrades.forEach((u, i) => {
    if (u.version !== i + 1) throw new Error(`Data upgrade "${u.name}" must be number ${i + 1}, not ${u.version}`);
  });
  return upgrades;
}

/** Runs the upgrades newer than the file's data version; returns the names of those run. */
export async function applyDataUpgrades(prisma: PrismaClient, upgrades: readonly DataUpgrade[]): Promise<string[]> {
  const from = await dataVersion(prisma);
  const ran: string[] = [];
  for (const upgrade of checked(upgrades)) {
    if (upgrade.version <= from) continue;
    await upgrade.run(prisma);
    await setDataVersion(prisma, upgrade.version);
    ran.push(upgrade.name);
  }
  return ran;
}

/** A freshly seeded database holds values of the current rules: it records their version without running anything. */
export async function markDataUpgraded(prisma: PrismaClient, upgrades: readonly DataUpgrade[]): Promise<void> {
  const latest = Math.max(DATA_VERSION, checked(upgrades).at(-1)?.version ?? 0);
  if (latest > (await dataVersion(prisma))) await setDataVersion(prisma, latest);
}
