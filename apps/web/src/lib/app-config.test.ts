import { describe, expect, it } from 'vitest';
import { parseAppConfig, publicWebsiteHref } from './app-config.ts';

describe('publicWebsiteUrl', () => {
  it('defaults to none, trimmed', () => {
    expect(parseAppConfig({}).publicWebsiteUrl).toBe('');
    expect(parseAppConfig({ publicWebsiteUrl: ' https://www.example.edu.cn ' }).publicWebsiteUrl).toBe('https://www.example.edu.cn');
  });

  it('links the public website, never the console itself', () => {
    const origin = 'https://console.example.edu.cn';
    expect(publicWebsiteHref('https://www.example.edu.cn', origin)).toBe('https://www.example.edu.cn/');
    expect(publicWebsiteHref('/portal/', origin)).toBe('https://console.example.edu.cn/portal/');
    for (const none of ['', '/', 'https://console.example.edu.cn/', 'javascript:alert(1)', 'http://[bad'])
      expect(publicWebsiteHref(none, origin), none).toBeNull();
  });
});
