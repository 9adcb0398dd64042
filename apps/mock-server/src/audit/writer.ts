import { Prisma, type PrismaClient } from '@edu/db';
import type { FastifyBaseLogger } from 'fastify';

/** An instant as the adapter stores DateTime columns (ISO 8601 with `+00:00`), so Prisma reads raw-written rows back. */
const storedTime = (d: Date) => d.toISOString().replace('Z', '+00:00');

/** One audit row as recorded (ABP's AuditInfo). */
export interface AuditEntry {
  tenantId: number | null;
  userId: number | null;
  /** Who was signed in as the user (ASP.NET Zero's impersonation), else null. */
  impersonatorUserId: number | null;
  impersonatorTenantId: number | null;
  serviceName: string;
  methodName: string;
  parameters: string | null;
  executionTime: Date;
  executionDuration: number;
  clientIpAddress: string | null;
  clientName: string | null;
  browserInfo: string | null;
  exception: string | null;
}

export interface AuditWriterOptions {
  /** How often buffered rows are written (default 1 s). */
  flushEveryMs?: number;
  /** Rows that trigger a write before the timer (default 500: one INSERT of 500 rows). */
  batchSize?: number;
  /** Rows kept while writes fail; older ones are dropped past it (default 20,000). */
  maxBuffered?: number;
}

/**
 * Audit rows are buffered in memory and written in batches, one INSERT per
 * batch, by a timer, when a batch fills, and on close: recording a call costs
 * the request an object in an array, and a failed write is logged, never the
 * request's failure (ABP's `AuditingStore` failures are logged too).
 */
export class AuditWriter {
  private buffer: AuditEntry[] = [];
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private readonly batchSize: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly log: FastifyBaseLogger,
    options: AuditWriterOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.maxBuffered = options.maxBuffered ?? 20_000;
    this.timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 1000);
    this.timer.unref();
  }

  record(entry: AuditEntry): void {
    this.buffer.push(entry);
    if (this.buffer.length > this.maxBuffered) this.buffer.splice(0, this.buffer.length - this.maxBuffered);
    if (this.buffer.length >= this.batchSize) void this.flush();
  }

  /** Writes what is buffered (batch by batch, one after another); resolves once written or failed. */
  flush(): Promise<void> {
    this.writing = this.writing.then(async () => {
      while (this.buffer.length) {
        const batch = this.buffer.splice(0, this.batchSize);
        try {
          await this.insert(batch);
        } catch (err) {
          this.log.error({ err, rows: batch.length }, 'Could not write audit logs');
          return;
        }
      }
    });
    return this.writing;
  }

  /** Stops the timer and writes the rest. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async insert(batch: readonly AuditEntry[]): Promise<void> {
    const rows = batch.map(
      (e) =>
        Prisma.sql`(${e.tenantId}, ${e.userId}, ${e.impersonatorUserId}, ${e.impersonatorTenantId}, ${e.serviceName}, ${e.methodName}, ${e.parameters}, ${storedTime(e.executionTime)}, ${e.executionDuration}, ${e.clientIpAddress}, ${e.clientName}, ${e.browserInfo}, ${e.exception})`,
    );
    await this.prisma
      .$executeRaw`INSERT INTO "AuditLog" ("tenantId", "userId", "impersonatorUserId", "impersonatorTenantId", "serviceName", "methodName", "parameters", "executionTime", "executionDuration", "clientIpAddress", "clientName", "browserInfo", "exception") VALUES ${Prisma.join(rows)}`;
  }
}
