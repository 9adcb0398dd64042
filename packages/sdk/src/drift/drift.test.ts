import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from '../openapi.ts';
import { readBackendContract, readSwagger } from './backend.ts';
import { compareContracts, sdkContract, type Drift } from './compare.ts';
import { formatDriftReport, hasBreakingDrift } from './report.ts';

const fixture = (name: string) => readBackendContract(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
/** The SDK's calls, read once for the file: each read converts every schema of the registry (seconds on a busy machine). */
let sdkCalls: ReturnType<typeof sdkContract>;
beforeAll(() => {
  sdkCalls = sdkContract();
});
const friendLinkCalls = () => sdkCalls.filter((c) => c.name.startsWith('FriendLink/'));
/** `severity call side member: message`, one per drift, for exact comparison. */
const lines = (drifts: readonly Drift[], severity: Drift['severity']) =>
  drifts
    .filter((d) => d.severity === severity)
    .map((d) => `${d.call} ${d.side}${d.member ? ` ${d.member}` : ''}: ${d.message}`)
    .sort();

describe('contract drift', () => {
  it('finds none between the SDK and its own OpenAPI document, over every call', () => {
    const report = compareContracts(readSwagger(generateOpenApi()), sdkCalls);
    expect(report.sdkCalls).toBeGreaterThan(180);
    expect(report.matched).toBe(report.sdkCalls);
    expect(report.drifts).toEqual([]);
    expect(formatDriftReport(report)).toContain('No drift.');
  });

  it('finds every difference planted in a Swashbuckle 6 (OpenAPI 3) document', () => {
    const report = compareContracts(fixture('swashbuckle-v6-friend-link.json'), friendLinkCalls());
    expect(report.backendSource).toBe('openapi 3.0.1');
    expect(lines(report.drifts, 'breaking')).toEqual([
      'FriendLink/Create input tenantCode: required by the backend, not sent by the SDK',
      'FriendLink/Create output isActive: type differs: SDK boolean, backend string?',
      'FriendLink/Create output linkType: enum values added on the backend: 3',
      'FriendLink/Create output logoUrl: renamed by case only: the backend writes "logoURL"',
      'FriendLink/Create output sort: missing on the backend (the SDK requires it)',
      'FriendLink/Delete call: missing on the backend (DELETE /api/services/app/FriendLink/Delete)',
      'FriendLink/Get output isActive: type differs: SDK boolean, backend string?',
      'FriendLink/Get output linkType: enum values added on the backend: 3',
      'FriendLink/Get output logoUrl: renamed by case only: the backend writes "logoURL"',
      'FriendLink/Get output sort: missing on the backend (the SDK requires it)',
      'FriendLink/GetAll output items[].isActive: type differs: SDK boolean, backend string?',
      'FriendLink/GetAll output items[].linkType: enum values added on the backend: 3',
      'FriendLink/GetAll output items[].logoUrl: renamed by case only: the backend writes "logoURL"',
      'FriendLink/GetAll output items[].sort: missing on the backend (the SDK requires it)',
      'FriendLink/GetAll output totalCount: nullability differs: the backend may answer null, the SDK expects integer',
      'FriendLink/Update call: verb differs: the SDK sends PUT, the backend takes POST',
    ]);
    // Swashbuckle marks every string and list nullable without nullable reference types: warnings, not failures.
    expect(lines(report.drifts, 'warning')).toContain(
      'FriendLink/Get output name: nullability differs: the backend may answer null, the SDK expects string',
    );
    expect(lines(report.drifts, 'info')).toContain(
      'GET /api/services/app/FriendLink/GetStatistics call: on the backend only: the SDK does not declare it',
    );
    expect(hasBreakingDrift(report)).toBe(true);
  });

  it('reads Swashbuckle 4 (Swagger 2.0) documents with bracketed generic names and body parameters', () => {
    const report = compareContracts(fixture('swashbuckle-v4-friend-link.json'), friendLinkCalls());
    expect(report.backendSource).toBe('swagger 2.0');
    expect(report.matched).toBe(4);
    expect(lines(report.drifts, 'breaking')).toEqual([
      'FriendLink/Create input linkType: enum values removed on the backend: 2',
      'FriendLink/Delete call: verb differs: the SDK sends DELETE, the backend takes POST',
      'FriendLink/Update input linkType: enum values removed on the backend: 2',
    ]);
    expect(lines(report.drifts, 'info')).toEqual(
      expect.arrayContaining([
        'FriendLink/Create input name: renamed by case only: the backend writes "Name"',
        'FriendLink/GetAll output items[].linkType: enum values removed on the backend: 2',
      ]),
    );
  });

  it('reads calls and verbs from ABP service proxies when a host serves no Swagger', () => {
    const backend = fixture('abp-service-proxies-friend-link.js.txt');
    expect(backend.typed).toBe(false);
    const report = compareContracts(backend, friendLinkCalls());
    expect(lines(report.drifts, 'breaking')).toEqual([
      'FriendLink/Delete call: missing on the backend (DELETE /api/services/app/FriendLink/Delete)',
      'FriendLink/Update call: verb differs: the SDK sends PUT, the backend takes POST',
    ]);
    expect(lines(report.drifts, 'info')).toEqual([
      'GET /api/services/app/FriendLink/GetStatistics call: on the backend only: the SDK does not declare it',
    ]);
  });

  it('prints a readable report, breaking first, and refuses what is not a contract', () => {
    const text = formatDriftReport(compareContracts(fixture('swashbuckle-v6-friend-link.json'), friendLinkCalls()));
    expect(text.split('\n').slice(0, 5)).toEqual([
      "Contract drift: SDK (5 calls) against the backend's openapi 3.0.1 (5 calls); 3 matched.",
      expect.stringMatching(/^breaking 16 · warnings \d+ · notes \d+$/),
      '',
      'Breaking:',
      '  ✗ FriendLink/Create',
    ]);
    expect(() => readBackendContract('{"info":{}}')).toThrow(/no "paths"/);
    expect(() => readBackendContract('{oops')).toThrow(/not valid JSON/);
    expect(() => readBackendContract('console.log(1)')).toThrow(/No ABP service proxy/);
  });
});
