import autocannon from 'autocannon';

/** One load run's figures. */
export interface Figures {
  name: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface LoadOptions {
  connections?: number;
  durationSec?: number;
  headers?: Record<string, string>;
}

/** Runs autocannon against one URL on this machine and returns its figures. */
export async function load(name: string, url: string, opts: LoadOptions = {}): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.durationSec ?? 10,
    headers: opts.headers,
  });
  return {
    name,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Prints figures as a table, with each row's throughput relative to the baseline row. */
export function report(title: string, rows: Figures[], baseline: string): void {
  const base = rows.find((r) => r.name === baseline);
  console.log(`\n${title}`);
  console.log('| case | req/s | p50 ms | p99 ms | vs bare | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const ratio = base ? (r.requestsPerSec / base.requestsPerSec).toFixed(2) : '-';
    console.log(
      `| ${r.name} | ${r.requestsPerSec.toFixed(0)} | ${r.p50Ms.toFixed(1)} | ${r.p99Ms.toFixed(1)} | ${ratio} | ${r.non2xx} | ${r.errors} |`,
    );
  }
}

/** A bare Fastify route that verifies the same JWT and returns a fixed JSON body: the floor to compare against. */
export async function startBareServer(jwtSecret: string, body: unknown) {
  const { default: Fastify } = await import('fastify');
  const { default: fastifyJwt } = await import('@fastify/jwt');
  const app = Fastify();
  await app.register(fastifyJwt, { secret: jwtSecret, verify: { algorithms: ['HS256'], allowedIss: 'Education', allowedAud: 'Education' } });
  const payload = JSON.stringify(body);
  app.get('/bare', async (request, reply) => {
    await request.jwtVerify();
    return reply.type('application/json').send(payload);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `${address}/bare` };
}
