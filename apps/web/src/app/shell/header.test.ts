import { describe, expect, it, vi } from 'vitest';
import { cacheService } from './header.tsx';

describe('clear-cache button', () => {
  const call = Object.assign(vi.fn(), { endpoint: { access: 'Pages.Administration.Dictionarys' } });

  it('is hidden until the SDK has a systemDictionary service', () => {
    expect(cacheService({}, () => true)).toBeNull();
    expect(cacheService({ systemDictionary: {} }, () => true)).toBeNull();
  });

  it('shows only for users allowed to call settingUpdateCache', () => {
    const client = { systemDictionary: { settingUpdateCache: call } };
    expect(cacheService(client, (p) => p === 'Pages.Administration.Dictionarys')).not.toBeNull();
    expect(cacheService(client, () => false)).toBeNull();
    expect(cacheService({ systemDictionary: { settingUpdateCache: vi.fn() } }, () => false)).not.toBeNull();
  });
});
