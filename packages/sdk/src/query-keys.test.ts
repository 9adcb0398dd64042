import { describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { generateOpenApi } from './openapi.ts';
import { DiscussService } from './services/discuss.ts';
import { splitQueryKeys } from './core/transport.ts';

describe('queryKeys: members of a body input sent in the query (auditedDiscuss?id=)', () => {
  it('is declared on the endpoint with the spec casing of the path', () => {
    const e = DiscussService.endpoints.AuditedDiscuss;
    expect(e).toMatchObject({ verb: 'POST', inputIn: 'body', queryKeys: ['id'], path: '/api/services/app/Discuss/auditedDiscuss' });
  });

  it('splits the input case-insensitively', () => {
    expect(splitQueryKeys({ Id: 5, auditStatus: 2, auditReason: '无关' }, ['id'])).toEqual([{ Id: 5 }, { auditStatus: 2, auditReason: '无关' }]);
    expect(splitQueryKeys({ a: 1 }, undefined)).toEqual([{}, { a: 1 }]);
  });

  it('the client sends the id in the query and the decision in the body', async () => {
    const seen: Array<{ url: string; body: unknown }> = [];
    const client = createClient({
      baseUrl: 'http://api.test',
      fetch: async (url, init) => {
        seen.push({ url: url instanceof Request ? url.url : url.toString(), body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
        return new Response(JSON.stringify({ success: false, error: { message: 'x' }, unAuthorizedRequest: false, __abp: true }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    await expect(client.discuss.auditedDiscuss({ id: 7, auditStatus: 2, auditReason: '广告' })).rejects.toThrow();
    expect(seen[0]).toEqual({ url: 'http://api.test/api/services/app/Discuss/auditedDiscuss?id=7', body: { auditStatus: 2, auditReason: '广告' } });
  });

  it('the OpenAPI document shows the id as a query parameter and the rest as the body', () => {
    const doc = generateOpenApi() as { paths: Record<string, Record<string, any>> };
    const op = doc.paths['/api/services/app/LeaveMessage/AuditedLeaveMessage']!.post;
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query', required: true })]);
    expect(Object.keys(op.requestBody.content['application/json'].schema.properties)).toEqual(['auditStatus', 'auditReason']);
  });
});
