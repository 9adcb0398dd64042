import { reviewables } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { installReviewBindings, reviewBinding } from '../kit/review.ts';
import { implementations } from './index.ts';

describe('review bindings', () => {
  const declared = implementations.flatMap((i) => i.bindings.reviews ?? []);
  const served = new Set(implementations.map((i) => i.service.name));

  it('are declared by the services for every registry entity', () => {
    expect(() => installReviewBindings(declared, served)).not.toThrow();
  });

  it('stop the server when a served entity has none or one is bound twice', () => {
    const withoutPapers = declared.filter((b) => b.entity !== 'TestPaper');
    expect(() => installReviewBindings(withoutPapers, served)).toThrow(/no service binds TestPaper/);
    const twice = [...declared, reviewBinding(reviewables.article, { model: (db) => db.article })];
    expect(() => installReviewBindings(twice, served)).toThrow(/Article is bound twice/);
  });
});
