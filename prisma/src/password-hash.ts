/**
 * ASP.NET Core Identity `PasswordHasher<TUser>` wire format, as used by ABP Zero
 * (docs/architecture/identity-and-permissions.md, "Signing in and tokens"), so seeded users verify exactly like on the real backend.
 *
 * V2: 0x00 | salt(16) | subkey(32), PBKDF2-HMAC-SHA1, 1000 iterations.
 * V3: 0x01 | prf(u32 BE) | iterCount(u32 BE) | saltLen(u32 BE) | salt | subkey.
 */
import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

type Digest = 'sha1' | 'sha256' | 'sha512';

/** KeyDerivationPrf enum values as stored in the V3 header. */
const PRF_DIGESTS: Record<number, Digest> = { 0: 'sha1', 1: 'sha256', 2: 'sha512' };

// Defaults of PasswordHasher up to .NET 6 (Base64 prefix `AQAAAAEAACcQAAAAE`).
const V3_PRF = 1;
const V3_ITERATIONS = 10_000;
const SALT_BYTES = 16;
const SUBKEY_BYTES = 32;

const V2_ITERATIONS = 1000;
const V2_LENGTH = 1 + 16 + 32;

// A forged header could ask for billions of iterations and freeze the event loop;
// real hashes use at most a few hundred thousand.
const MAX_ITERATIONS = 5_000_000;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

export interface VerifyResult {
  ok: boolean;
  /** True when the hash is valid but weaker than what `hashPassword` produces now. */
  needsRehash: boolean;
}

const FAIL: VerifyResult = { ok: false, needsRehash: false };

export function hashPassword(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  const subkey = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, V3_ITERATIONS, SUBKEY_BYTES, 'sha256');
  const out = Buffer.alloc(13 + SALT_BYTES + SUBKEY_BYTES);
  out[0] = 0x01;
  out.writeUInt32BE(V3_PRF, 1);
  out.writeUInt32BE(V3_ITERATIONS, 5);
  out.writeUInt32BE(SALT_BYTES, 9);
  salt.copy(out, 13);
  subkey.copy(out, 13 + SALT_BYTES);
  return out.toString('base64');
}

export function verifyPassword(hashed: string, password: string): VerifyResult {
  try {
    if (typeof hashed !== 'string' || typeof password !== 'string') return FAIL;
    const text = hashed.trim();
    // Buffer.from silently skips invalid characters, so reject them explicitly.
    if (text.length === 0 || text.length % 4 !== 0 || !BASE64_RE.test(text)) return FAIL;
    const bytes = Buffer.from(text, 'base64');
    const pwd = Buffer.from(password, 'utf8');

    if (bytes[0] === 0x00) {
      if (bytes.length !== V2_LENGTH) return FAIL;
      const ok = compare(pwd, bytes.subarray(1, 17), V2_ITERATIONS, 'sha1', bytes.subarray(17));
      // Identity (V3 compatibility mode) flags V2 hashes for upgrade.
      return { ok, needsRehash: ok };
    }

    if (bytes[0] === 0x01) {
      if (bytes.length < 13) return FAIL;
      const prf = bytes.readUInt32BE(1);
      const iterations = bytes.readUInt32BE(5);
      const saltLength = bytes.readUInt32BE(9);
      const digest = PRF_DIGESTS[prf];
      if (!digest || iterations < 1 || iterations > MAX_ITERATIONS) return FAIL;
      // Same minimums as PasswordHasher.VerifyHashedPasswordV3: 128-bit salt and subkey.
      if (saltLength < 16 || bytes.length - 13 - saltLength < 16) return FAIL;
      const salt = bytes.subarray(13, 13 + saltLength);
      const expected = bytes.subarray(13 + saltLength);
      const ok = compare(pwd, salt, iterations, digest, expected);
      const weaker = prf === 0 || iterations < V3_ITERATIONS;
      return { ok, needsRehash: ok && weaker };
    }

    return FAIL;
  } catch {
    return FAIL;
  }
}

function compare(password: Buffer, salt: Buffer, iterations: number, digest: Digest, expected: Buffer): boolean {
  const actual = pbkdf2Sync(password, salt, iterations, expected.length, digest);
  return timingSafeEqual(actual, expected);
}
