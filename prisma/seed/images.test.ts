import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADS, FRIEND_LINKS } from './content-structure.ts';

// The console's static folder: the server serves apps/web's build, which copies public/ as is.
const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/public');

describe('seed images', () => {
  const images = [...ADS.map((ad) => ad[2]), ...FRIEND_LINKS.flatMap((l) => (l[2] ? [l[2]] : []))];

  it('points every ad and link logo at a site-relative file the console serves', () => {
    expect(images.length).toBeGreaterThanOrEqual(ADS.length + 2);
    for (const url of images) {
      expect(url, url).toMatch(/^\/seed\/[a-z-]+\/[a-z0-9-]+\.svg$/);
      const file = path.join(PUBLIC, url);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8'), file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
  });
});
