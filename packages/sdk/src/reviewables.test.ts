import { describe, expect, it } from 'vitest';
import { AuditInput } from './core/content.ts';
import { moderatedListOf, reviewAccessMatchesFlow, reviewEndpointOf } from './core/review.ts';
import { reviewInboxAccess } from './permissions.ts';
import { entityServices } from './entities.ts';
import { services } from './registry.ts';
import { reviewableList, reviewableOf, reviewables } from './reviewables.ts';

describe('review registry', () => {
  it.each(reviewableList.map((r) => [r.entity, r] as const))('%s is consistent with its service', (_, r) => {
    expect(services[r.client as keyof typeof services]).toBe(r.service);
    expect(reviewEndpointOf(r).input).toBe(AuditInput);
    expect(moderatedListOf(r).verb).toBe('GET');
    expect(reviewAccessMatchesFlow(r)).toBe(true);
    expect(reviewableOf(r.entity)).toBe(r);
  });

  it('is collected from the entity services, in list order (an entity added later takes its place in the list)', () => {
    const keys = Object.keys(reviewables);
    expect(keys).toEqual(Object.values(entityServices).flatMap((s) => ('reviewables' in s ? Object.keys(s.reviewables) : [])));
    expect(keys.filter((k) => EXISTING.includes(k))).toEqual(EXISTING);
  });

  it('admits to the review inbox exactly the holders of some flow step (the tree marks them `reviews`)', () => {
    const decidingPermissions = new Set(reviewableList.flatMap((r) => r.flow.steps.map((s) => s.permission)));
    expect(new Set(reviewInboxAccess)).toEqual(decidingPermissions);
    expect(reviewInboxAccess).toHaveLength(decidingPermissions.size);
  });
});

/** The reviewables this test was written with, in their order. */
const EXISTING = [
  'article',
  'resource',
  'learningCourse',
  'oneQuestionPerday',
  'testQuestion',
  'testPaper',
  'questionnaire',
  'discuss',
  'leaveMessage',
  'questionOfAsk',
  'questionOfAskReply',
];
