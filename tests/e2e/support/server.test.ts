import { expect, it } from 'vitest';
import { workerServer } from './server.ts';

it("reset writes the audit rows still buffered before it restores, so no call of an earlier file is recorded in the next file's data", async () => {
  const server = await workerServer();
  await server.reset();
  const { prisma, auditWriter } = server.app;
  const where = { serviceName: 'Account', methodName: 'IsTenantAvailable' };
  const seeded = await prisma.auditLog.count({ where });
  // An audited call: its row is recorded once the answer is sent and waits in the writer's buffer (written every second).
  const res = await server.app.inject({ method: 'POST', url: '/api/services/app/Account/IsTenantAvailable', payload: { tenancyName: 'Default' } });
  expect(res.statusCode).toBe(200);
  await server.reset();
  // What the timer would write a moment later, into the restored data.
  await auditWriter.flush();
  expect(await prisma.auditLog.count({ where })).toBe(seeded);
});
