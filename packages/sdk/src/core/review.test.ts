import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AuditInput } from './content.ts';
import { defineService } from './define-service.ts';
import { canDecide, decidingStep, reviewable, reviewFlow, singleStepFlow } from './review.ts';

describe('review flows', () => {
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

describe('reviewable', () => {
  const Dto = z.object({ id: z.number() });
  const base = defineService('Thing', {
    GetAllModerated: { input: z.object({}), output: Dto },
    AuditedThing: { input: AuditInput, output: Dto },
  });
  const spec = {
    moderatedList: 'GetAllModerated',
    flow: singleStepFlow('AuditThingFlow', 'Pages.Things.Audit'),
    classTypeId: null,
    displayName: { 'zh-Hans': '东西', en: 'thing' },
    countText: { 'zh-Hans': '{0} 个东西', en: '{0} thing(s)' },
  } as const;

  it('returns the service with its entries, each pointing back at it', () => {
    const Thing = reviewable(base, {
      thing: { ...spec, reviewEndpoint: 'AuditedThing' },
      thingNote: { ...spec, reviewEndpoint: 'AuditedThing', entity: 'ThingNote', client: 'thing' },
    });
    expect(Thing.endpoints).toBe(base.endpoints);
    expect(Thing.reviewables.thing).toMatchObject({ clientKey: 'thing', client: 'thing', entity: 'Thing', i18nKey: 'review.entities.thing' });
    expect(Thing.reviewables.thingNote).toMatchObject({ clientKey: 'thingNote', client: 'thing', entity: 'ThingNote' });
    expect(Thing.reviewables.thing.service).toBe(Thing);
  });

  it('refuses an entry naming an endpoint the service lacks (a cast past the type check)', () => {
    const wrong: { reviewEndpoint: 'AuditedThing' } = JSON.parse('{"reviewEndpoint":"AuditedNothing"}');
    expect(() => reviewable(base, { thing: { ...spec, ...wrong } })).toThrow(/AuditedNothing/);
  });
});
