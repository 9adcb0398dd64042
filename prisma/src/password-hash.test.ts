import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';

// V2 hash of `123qwe` from ABP's UserLoginHelper test fixture.
const V2_123QWE = 'AM4OLBpptxBYmM79lGOX9egzZk3vIQU3d/gFCJzaBjAPXzYIK3tQ2N7X4fcrHtElTw==';

/** Builds a V3 hash by hand, independent of hashPassword. */
function v3(password: string, prf: number, digest: string, iterations: number, saltLength = 16): string {
  const salt = randomBytes(saltLength);
  const subkey = pbkdf2Sync(password, salt, iterations, 32, digest);
  const header = Buffer.alloc(13);
  header[0] = 1;
  header.writeUInt32BE(prf, 1);
  header.writeUInt32BE(iterations, 5);
  header.writeUInt32BE(saltLength, 9);
  return Buffer.concat([header, salt, subkey]).toString('base64');
}

describe('password-hasher', () => {
  it('verifies the ABP V2 test vector and flags it for rehash', () => {
    expect(verifyPassword(V2_123QWE, '123qwe')).toEqual({ ok: true, needsRehash: true });
    expect(verifyPassword(V2_123QWE, '123qwE')).toEqual({ ok: false, needsRehash: false });
  });

  it('produces V3 SHA256/10000 hashes that round-trip', () => {
    const hash = hashPassword('P@ssw0rd-中文');
    expect(hash.startsWith('AQAAAAEAACcQAAAAE')).toBe(true);
    expect(Buffer.from(hash, 'base64')).toHaveLength(13 + 16 + 32);
    expect(verifyPassword(hash, 'P@ssw0rd-中文')).toEqual({ ok: true, needsRehash: false });
    expect(hashPassword('x')).not.toBe(hashPassword('x')); // random salt
  });

  it('rejects a wrong password', () => {
    const hash = hashPassword('123qwe');
    expect(verifyPassword(hash, '123qwe ')).toEqual({ ok: false, needsRehash: false });
    expect(verifyPassword(hash, '')).toEqual({ ok: false, needsRehash: false });
  });

  it('reads prf, iteration count and salt length from the V3 header', () => {
    const net7 = v3('123qwe', 2, 'sha512', 100_000);
    expect(net7.startsWith('AQAAAAIAAYagAAAAE')).toBe(true);
    expect(verifyPassword(net7, '123qwe')).toEqual({ ok: true, needsRehash: false });
    expect(verifyPassword(net7, '123qw')).toEqual({ ok: false, needsRehash: false });

    const sha1LongSalt = v3('abc', 0, 'sha1', 2000, 24);
    expect(verifyPassword(sha1LongSalt, 'abc')).toEqual({ ok: true, needsRehash: true });
  });

  it('returns ok false for malformed input without throwing', () => {
    const inputs: unknown[] = [
      '',
      'not base64 at all!',
      '====',
      'AA==',
      'AQ==',
      Buffer.from([2, 1, 2, 3]).toString('base64'),
      V2_123QWE.slice(0, -8),
      // V3 header with an unknown prf, a zero iteration count, a huge one, a too-short salt.
      v3('a', 7, 'sha256', 1000),
      Buffer.concat([Buffer.from([1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 16]), randomBytes(48)]).toString('base64'),
      Buffer.concat([Buffer.from([1, 0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 16]), randomBytes(48)]).toString('base64'),
      Buffer.concat([Buffer.from([1, 0, 0, 0, 1, 0, 0, 0x27, 0x10, 0, 0, 0, 8]), randomBytes(40)]).toString('base64'),
      Buffer.concat([Buffer.from([1, 0, 0, 0, 1, 0, 0, 0x27, 0x10, 0xff, 0xff, 0xff, 0xff]), randomBytes(48)]).toString('base64'),
      null,
      undefined,
      42,
    ];
    for (const input of inputs) {
      expect(verifyPassword(input as string, 'a')).toEqual({ ok: false, needsRehash: false });
    }
  });
});
