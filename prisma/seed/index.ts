/**
 * Demo data for a fresh database (passed to openDatabase, which calls it when
 * the database has no tenant and no user): the host and tenant `Default` (id 1), each with `admin` /
 * `123qwe` in the static Admin role, tenant roles, ~30 users in a hierarchy,
 * their login history, languages and the default-language setting; the
 * built-in classification types; then tenant Default's content structure
 * (content-structure.ts: categories, chapters, dictionary, menus, ads, links).
 *
 * Idempotent: every row is looked up by its natural key first, so a second run
 * adds nothing. Deterministic: values come from a seeded PRNG; times are
 * relative to the seeding moment and lie in school hours (school-clock.ts). Runs on the unfiltered client and sets
 * tenant and audit fields itself.
 */
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { hashPassword } from '../src/password-hash.ts';
// Relative, not `@edu/sdk`: this folder sits outside the workspace packages, where the bare name does not resolve.
import { allPermissionNames, flattenPermissions } from '@edu/sdk';
import {
  ADMIN_ROLE,
  APPLICATION_SETTINGS,
  BROWSERS,
  DEFAULT_PASSWORD,
  DEFAULT_TENANT,
  DEMO_USERS,
  EMAIL_DOMAIN,
  HOST_LANGUAGES,
  Identity,
  TENANT_ROLES,
  type RoleSeed,
} from './demo-data.ts';
import { createRandom, type Random } from './random.ts';
import { seedBuiltInClassificationTypes, seedContentStructure } from './content-structure.ts';
import { seedContent } from './content.ts';
import { seedQuestionBank } from './question-bank.ts';
import { seedTestPapers } from './test-papers.ts';
import { seedMoney } from './money.ts';
import { seedFeedback } from './feedback.ts';
import { seedSiteMessages } from './site-messages.ts';
import { seedQuestionOfAsk } from './question-of-ask.ts';
import { seedQuestionnaires } from './questionnaires.ts';
import { moveOntoSchoolClock, virtualNow } from './school-clock.ts';

export { seedBulkUsers, type BulkUsersOptions, type BulkUsersResult } from './bulk-users.ts';
export { seedContentStructure } from './content-structure.ts';
export { seedBulkArticles, type BulkArticlesOptions } from './content.ts';
export { seedQuestionBank } from './question-bank.ts';
export { DEFAULT_PASSWORD, DEFAULT_TENANT, DEMO_USERS, TENANT_ROLES } from './demo-data.ts';

type Tx = Prisma.TransactionClient;

const SEED = 20240901;
const DAY_MS = 86_400_000;

/** Every permission of a side: the host holds all, a tenant all but the host-only ones. */
export function permissionsOfSide(tenantId: number | null): string[] {
  return flattenPermissions()
    .filter((n) => tenantId === null || !n.hostOnly)
    .map((n) => n.name);
}

export async function seed(prisma: PrismaClient): Promise<void> {
  // One PBKDF2 run for everyone: each takes ~10 ms, and all demo users share the password.
  const passwordHash = hashPassword(DEFAULT_PASSWORD);
  // Rows are dated against the school clock's now and moved onto school hours at the end (school-clock.ts).
  const now = virtualNow(new Date());
  const fresh = !(await prisma.tenant.findFirst({ where: { tenancyName: DEFAULT_TENANT.tenancyName }, select: { id: true } }));
  const rnd = createRandom(SEED);
  const tenantId = await prisma.$transaction(
    async (tx) => {
      const s = new Seeder(tx, rnd, now, passwordHash);
      await s.hostBasics();
      await seedBuiltInClassificationTypes(tx, now);
      await s.side(null);
      const tenantId = await s.defaultTenant();
      await s.side(tenantId);
      await s.demoUsers(tenantId);
      await s.loginHistory();
      return tenantId;
    },
    { timeout: 60_000 },
  );
  await seedContentStructure(prisma, tenantId, now);
  await seedContent(prisma, tenantId, now);
  await seedQuestionBank(prisma, tenantId, now);
  await seedTestPapers(prisma, tenantId, now);
  await seedMoney(prisma, tenantId, now);
  await seedFeedback(prisma, tenantId, now);
  await seedSiteMessages(prisma, tenantId, now);
  await seedQuestionOfAsk(prisma, tenantId, now);
  await seedQuestionnaires(prisma, tenantId, now);
  // Only a run that seeded from scratch: a later run would move rows it did not write.
  if (fresh) await moveOntoSchoolClock(prisma);
}

interface CreatedUser {
  id: number;
  tenantId: number | null;
  userName: string;
  identity: number;
  isActive: boolean;
  creationTime: Date;
}

class Seeder {
  /** Users created by this run; only they get a login history (keeps re-runs idempotent). */
  private readonly created: CreatedUser[] = [];
  private readonly knownPermissions = new Set(allPermissionNames);

  constructor(
    private readonly tx: Tx,
    private readonly rnd: Random,
    private readonly now: Date,
    private readonly passwordHash: string,
  ) {}

  /** A moment `days` before now, in school hours (08:00-21:59 UTC+8), never in the future. */
  private daysAgo(days: number): Date {
    const day = new Date(this.now.getTime() - days * DAY_MS);
    const cst = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - 8 * 3_600_000;
    const t = cst + this.rnd.int(8, 21) * 3_600_000 + this.rnd.int(0, 59) * 60_000 + this.rnd.int(0, 59) * 1000;
    return new Date(Math.min(t, this.now.getTime() - 60_000));
  }

  async hostBasics(): Promise<void> {
    const creationTime = this.daysAgo(60);
    for (const lang of HOST_LANGUAGES) {
      const found = await this.tx.applicationLanguage.findFirst({ where: { tenantId: null, name: lang.name } });
      if (!found) await this.tx.applicationLanguage.create({ data: { tenantId: null, ...lang, creationTime } });
    }
    for (const setting of APPLICATION_SETTINGS) {
      const found = await this.tx.setting.findFirst({ where: { tenantId: null, userId: null, name: setting.name } });
      if (!found) await this.tx.setting.create({ data: { tenantId: null, userId: null, ...setting, creationTime } });
    }
  }

  async defaultTenant(): Promise<number> {
    const found = await this.tx.tenant.findFirst({ where: { tenancyName: DEFAULT_TENANT.tenancyName } });
    if (found) return found.id;
    // Id 1 as on a real ABP database, unless something else took it.
    const idFree = !(await this.tx.tenant.findUnique({ where: { id: DEFAULT_TENANT.id } }));
    const tenant = await this.tx.tenant.create({
      data: {
        ...(idFree && { id: DEFAULT_TENANT.id }),
        tenancyName: DEFAULT_TENANT.tenancyName,
        name: DEFAULT_TENANT.name,
        creationTime: this.daysAgo(60),
      },
    });
    return tenant.id;
  }

  /** The static Admin role with every permission of the side, and `admin` in it; on a tenant also the other roles. */
  async side(tenantId: number | null): Promise<void> {
    const roles = tenantId === null ? [ADMIN_ROLE] : TENANT_ROLES;
    for (const role of roles) await this.role(tenantId, role);
    const admin = await this.user(tenantId, {
      userName: 'admin',
      surname: 'admin',
      name: 'admin',
      emailAddress: 'admin@aspnetboilerplate.com',
      identity: Identity.Administrator,
      parentId: null,
      isActive: true,
      phoneNumber: null,
      creationTime: this.daysAgo(60),
      creatorUserId: null,
    });
    await this.userRoles(tenantId, admin.id, ['Admin']);
  }

  private async role(tenantId: number | null, seed: RoleSeed): Promise<number> {
    const normalizedName = seed.name.toUpperCase();
    let role = await this.tx.role.findFirst({ where: { tenantId, normalizedName, isDeleted: false } });
    role ??= await this.tx.role.create({
      data: {
        tenantId,
        name: seed.name,
        normalizedName,
        displayName: seed.displayName,
        description: seed.description,
        isStatic: seed.isStatic ?? false,
        isDefault: seed.isDefault ?? false,
        creationTime: this.daysAgo(60),
      },
    });
    const names = seed.permissions === '*' ? permissionsOfSide(tenantId) : seed.permissions;
    const unknown = names.filter((n) => !this.knownPermissions.has(n));
    if (unknown.length) throw new Error(`Seed role ${seed.name} names unknown permissions: ${unknown.join(', ')}`);
    const granted = new Set(
      (await this.tx.permissionGrant.findMany({ where: { tenantId, roleId: role.id }, select: { name: true } })).map((g) => g.name),
    );
    const missing = names.filter((n) => !granted.has(n));
    if (missing.length)
      await this.tx.permissionGrant.createMany({
        data: missing.map((name) => ({ tenantId, roleId: role.id, name, isGranted: true, creationTime: role.creationTime })),
      });
    return role.id;
  }

  private async user(
    tenantId: number | null,
    u: {
      userName: string;
      surname: string;
      name: string;
      emailAddress: string;
      identity: number;
      parentId: number | null;
      isActive: boolean;
      phoneNumber: string | null;
      creationTime: Date;
      creatorUserId: number | null;
    },
  ): Promise<{ id: number }> {
    const normalizedUserName = u.userName.toUpperCase();
    const found = await this.tx.user.findFirst({ where: { tenantId, normalizedUserName, isDeleted: false }, select: { id: true } });
    if (found) return found;
    const user = await this.tx.user.create({
      data: {
        tenantId,
        ...u,
        normalizedUserName,
        normalizedEmailAddress: u.emailAddress.toUpperCase(),
        passwordHash: this.passwordHash,
        securityStamp: this.rnd.guid(),
      },
    });
    this.created.push(user);
    return user;
  }

  private async userRoles(tenantId: number | null, userId: number, roleNames: readonly string[]): Promise<void> {
    for (const name of roleNames) {
      const role = await this.tx.role.findFirst({ where: { tenantId, normalizedName: name.toUpperCase(), isDeleted: false }, select: { id: true } });
      if (!role) throw new Error(`Seed: no role ${name} on tenant ${tenantId ?? 'host'}`);
      const found = await this.tx.userRole.findUnique({ where: { userId_roleId: { userId, roleId: role.id } } });
      if (!found) await this.tx.userRole.create({ data: { tenantId, userId, roleId: role.id } });
    }
  }

  /** DEMO_USERS in order (parents come first), under the tenant's admin. */
  async demoUsers(tenantId: number): Promise<void> {
    const admin = await this.tx.user.findFirstOrThrow({ where: { tenantId, normalizedUserName: 'ADMIN', isDeleted: false } });
    const ids = new Map<string, number>([['admin', admin.id]]);
    for (const d of DEMO_USERS) {
      const parentId = ids.get(d.parent ?? 'admin');
      if (parentId === undefined) throw new Error(`Seed: ${d.userName} comes before its parent ${d.parent}`);
      const user = await this.user(tenantId, {
        userName: d.userName,
        surname: d.surname,
        name: d.name,
        emailAddress: `${d.userName}@${EMAIL_DOMAIN}`,
        identity: d.identity,
        parentId,
        isActive: d.isActive ?? true,
        phoneNumber: this.rnd.mobile(),
        creationTime: this.daysAgo(d.createdDaysAgo),
        // Staff accounts were opened by the admin; students registered themselves.
        creatorUserId: d.identity === Identity.Member ? null : admin.id,
      });
      ids.set(d.userName, user.id);
      await this.userRoles(tenantId, user.id, d.roles);
    }
  }

  /**
   * Successful logins (result 1) between each new user's creation and now,
   * with `lastLoginTime` = the latest one, so the login trend has data.
   * Some members never signed in; inactive users stopped a while ago.
   */
  async loginHistory(): Promise<void> {
    const tenancyNames = new Map<number, string>();
    const attempts: Prisma.UserLoginAttemptCreateManyInput[] = [];
    for (const u of this.created) {
      const ageDays = Math.max(1, Math.floor((this.now.getTime() - u.creationTime.getTime()) / DAY_MS));
      // Staff sign in often; about a third of the members registered and never came back.
      const [min, max] = u.identity === Identity.Administrator ? [10, 20] : u.identity === Identity.Teacher ? [6, 14] : [1, 8];
      const neverLoggedIn = u.identity === Identity.Member && this.rnd.next() < 0.35;
      const count = neverLoggedIn ? 0 : Math.min(this.rnd.int(min, max), ageDays * 2);
      if (count === 0) continue;
      // Inactive accounts logged in only during their first half.
      const latestDay = u.isActive ? 0 : Math.floor(ageDays / 2);
      const days = Array.from({ length: count }, () => this.rnd.int(latestDay, ageDays - 1));
      const times = days
        .map((d) => this.daysAgo(d))
        .filter((t) => t > u.creationTime)
        .sort((a, b) => a.getTime() - b.getTime());
      if (times.length === 0) continue;
      if (u.tenantId !== null && !tenancyNames.has(u.tenantId)) {
        const t = await this.tx.tenant.findUniqueOrThrow({ where: { id: u.tenantId }, select: { tenancyName: true } });
        tenancyNames.set(u.tenantId, t.tenancyName);
      }
      const ip =
        this.rnd.next() < 0.6
          ? `10.${this.rnd.int(16, 31)}.${this.rnd.int(0, 255)}.${this.rnd.int(2, 254)}`
          : `183.${this.rnd.int(1, 62)}.${this.rnd.int(0, 255)}.${this.rnd.int(2, 254)}`;
      const browser = this.rnd.pick(BROWSERS);
      for (const creationTime of times)
        attempts.push({
          tenantId: u.tenantId,
          tenancyName: u.tenantId === null ? null : tenancyNames.get(u.tenantId)!,
          userId: u.id,
          userNameOrEmailAddress: u.userName,
          clientIpAddress: ip,
          browserInfo: browser,
          result: 1,
          creationTime,
        });
      await this.tx.user.update({ where: { id: u.id }, data: { lastLoginTime: times.at(-1)! } });
    }
    if (attempts.length) await this.tx.userLoginAttempt.createMany({ data: attempts });
  }
}
