/**
 * The bare route, run as its own process: Fastify verifying the same JWT
 * (HS256, issuer and audience) and returning a fixed JSON body, the floor each
 * case is compared with. Prints its URL on stdout.
 *
 *   BARE_SECRET=... BARE_BODY_FILE=body.json node --import tsx bare-server.ts
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import fastifyJwt from '@fastify/jwt';

const secret = process.env.BARE_SECRET;
const bodyFile = process.env.BARE_BODY_FILE;
if (!secret || !bodyFile) throw new Error('BARE_SECRET and BARE_BODY_FILE are required');
const payload = readFileSync(bodyFile, 'utf8');

const app = Fastify();
await app.register(fastifyJwt, { secret, verify: { algorithms: ['HS256'], allowedIss: 'Education', allowedAud: 'Education' } });
app.get('/bare', async (request, reply) => {
  await request.jwtVerify();
  return reply.type('application/json').send(payload);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
console.log(`${address}/bare`);
