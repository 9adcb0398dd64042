import { reviewableList, stepI18nKey } from '@edu/sdk';
import { describe, expect, it } from 'vitest';
import { alignTrends, contentTiles, personName } from './home-stats.ts';
import { buildResources } from '../../lib/i18n.ts';

describe('home page figures', () => {
  it('aligns two trends on the union of days, missing days as 0', () => {
    expect(
      alignTrends(
        [
          { date: '2024-05-01', count: 2 },
          { date: '2024-05-03', count: 1 },
        ],
        [
          { date: '2024-05-02', count: 5 },
          { date: '2024-05-03', count: 4 },
        ],
      ),
    ).toEqual({ labels: ['05-01', '05-02', '05-03'], first: [2, 0, 1], second: [0, 5, 4] });
  });
  it('greets by name: Chinese names without a space, repeated parts once', () => {
    expect(personName('张', '伟')).toBe('张伟');
    expect(personName('admin', 'admin')).toBe('admin');
    expect(personName('Smith', 'John')).toBe('John Smith');
    expect(personName('', '伟')).toBe('伟');
  });
  it('shows one content tile per reviewable of the registry, in its order, with the server figures', () => {
    const tiles = contentTiles([
      { entity: 'resource', total: 7, pending: 2 },
      { entity: 'article', total: 5, pending: 1 },
    ]);
    expect(tiles.map((x) => x.key)).toEqual(reviewableList.map((r) => r.clientKey));
    expect(tiles[0]).toEqual({ key: 'article', labelKey: 'review.entities.article', total: 5, pending: 1 });
    expect(tiles.find((x) => x.key === 'learningCourse')).toMatchObject({ total: undefined, pending: undefined });
  });
  it('has a name for every reviewable and flow step in both languages', () => {
    // Every locale file as the console merges them (an entity's name stands for its review tab unless review.json names it).
    const all = buildResources(import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' }));
    const [zh, en] = [all['zh-CN']!.translation, all.en!.translation];
    const lookup = (dict: object, key: string) => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], dict);
    for (const r of reviewableList)
      for (const key of [r.i18nKey, ...r.flow.steps.map(stepI18nKey)]) {
        expect(typeof lookup(zh, key), key).toBe('string');
        expect(typeof lookup(en, key), key).toBe('string');
      }
  });
});
