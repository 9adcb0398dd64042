import { describe, expect, it } from 'vitest';
import { AuditInput } from './content.ts';
import {
  canDecide,
  decidingStep,
  moderatedListOf,
  reviewAccessMatchesFlow,
  reviewableList,
  reviewableOf,
  reviewEndpointOf,
  reviewFlow,
  reviewFlows,
  reviewInboxAccess,
} from './review.ts';
import { services } from '../registry.ts';

describe('review registry', () => {
  it.each(reviewableList.map((r) => [r.entity, r] as const))('%s is consistent with its service', (_, r) => {
    expect(services[r.client as keyof typeof services]).toBe(r.service);
    expect(reviewEndpointOf(r).input).toBe(AuditInput);
    expect(moderatedListOf(r).verb).toBe('GET');
    expect(reviewAccessMatchesFlow(r)).toBe(true);
    expect(reviewableOf(r.entity)).toBe(r);
  });

  it('has one flow per registry entry and no flow without an entry (the inbox access is read from the flows alone)', () => {
    expect(Object.keys(reviewFlows).sort()).toEqual(reviewableList.map((r) => r.clientKey).sort());
    const decidingPermissions = new Set(reviewableList.flatMap((r) => r.flow.steps.map((s) => s.permission)));
    expect(new Set(reviewInboxAccess)).toEqual(decidingPermissions);
  });

  it('finds the deciding step of each state', () => {
    const flow = reviewFlow('Two', [
      { name: 'first', permission: 'A', displayName: { 'zh-Hans': '初审', en: 'First' } },
      { name: 'second', permission: 'B', displayName: { 'zh-Hans': '复审', en: 'Second' } },
    ]);
    expect(decidingStep(flow, 0, 1)).toBe(1);
    expect(decidingStep(flow, 1, 0)).toBe(1);
    expect(decidingStep(flow, 2, 0)).toBe(0);
    expect(canDecide(flow, { auditStatus: 0, reviewStep: 0 }, (p) => p === 'B')).toBe(false);
    expect(canDecide(flow, { auditStatus: 0, reviewStep: 1 }, (p) => p === 'B')).toBe(true);
    expect(() => reviewFlow('Dup', [flow.steps[0], flow.steps[0]])).toThrow();
  });
});
