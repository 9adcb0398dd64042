import { describe, expect, it } from 'vitest';
import { DEFAULT_PASS_PHRASE, decryptString, encryptString } from './string-cipher.ts';

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwianRpIjoiYWJjIn0.c2lnbmF0dXJlLWJ5dGVzLWhlcmU';

describe('string-cipher', () => {
  it('round-trips with the default and a custom passphrase', () => {
    expect(DEFAULT_PASS_PHRASE).toBe('gsKnGZ041HLL4IM8');
    const enc = encryptString(JWT);
    expect(enc).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(decryptString(enc)).toBe(JWT);
    expect(decryptString(enc, DEFAULT_PASS_PHRASE)).toBe(JWT);

    const tpl = encryptString('你好, token', 'gsKxGZ012HLL3MI5');
    expect(decryptString(tpl, 'gsKxGZ012HLL3MI5')).toBe('你好, token');
    expect(encryptString('')).not.toBe('');
    expect(decryptString(encryptString(''))).toBe('');
  });

  it('is deterministic (fixed IV), as in ABP', () => {
    expect(encryptString(JWT)).toBe(encryptString(JWT));
    expect(encryptString(JWT, 'other')).not.toBe(encryptString(JWT));
  });

  it('returns null for garbage instead of throwing', () => {
    for (const input of ['', 'garbage!!', 'AAAA', 'AAAAAAAAAAAAAAAAAAAAAA==', Buffer.alloc(32, 7).toString('base64'), null, undefined]) {
      expect(decryptString(input as string)).toBeNull();
    }
    // A wrong passphrase must not yield the plain text.
    expect(decryptString(encryptString(JWT), 'wrong-pass')).not.toBe(JWT);
  });
});
