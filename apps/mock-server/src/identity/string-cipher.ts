/**
 * ABP's `SimpleStringCipher` (FW src/Abp/Runtime/Security/SimpleStringCipher_NetStandard.cs):
 * produces and reads `encryptedAccessToken` / the `enc_auth_token` query parameter
 * (docs/architecture/identity-and-permissions.md, "Signing in and tokens"). Parameters mirror the framework so values are interchangeable.
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync } from 'node:crypto';

/** Framework default (`SimpleStringCipher.DefaultPassPhrase`). */
export const DEFAULT_PASS_PHRASE = 'gsKnGZ041HLL4IM8';

const SALT = Buffer.from('hgt!16kl', 'ascii');
const IV = Buffer.from('jkE49230Tf093b42', 'ascii');
const ITERATIONS = 1000; // Rfc2898DeriveBytes default
const KEY_BYTES = 32;

// PBKDF2 is deliberately slow and every SignalR negotiate decrypts a token: derive once per passphrase.
const keyCache = new Map<string, Buffer>();

function keyFor(passPhrase: string): Buffer {
  let key = keyCache.get(passPhrase);
  if (!key) {
    key = pbkdf2Sync(Buffer.from(passPhrase, 'utf8'), SALT, ITERATIONS, KEY_BYTES, 'sha1');
    keyCache.set(passPhrase, key);
  }
  return key;
}

export function encryptString(plain: string, passPhrase: string = DEFAULT_PASS_PHRASE): string {
  const cipher = createCipheriv('aes-256-cbc', keyFor(passPhrase), IV);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
// Fatal decoding rejects most wrong-key results that happen to have valid padding.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Returns null (never throws) for anything that is not a valid cipher text for this passphrase. */
export function decryptString(cipherText: string, passPhrase: string = DEFAULT_PASS_PHRASE): string | null {
  try {
    if (typeof cipherText !== 'string') return null;
    const text = cipherText.trim();
    if (text.length === 0 || text.length % 4 !== 0 || !BASE64_RE.test(text)) return null;
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length === 0 || bytes.length % 16 !== 0) return null;
    const decipher = createDecipheriv('aes-256-cbc', keyFor(passPhrase), IV);
    return utf8.decode(Buffer.concat([decipher.update(bytes), decipher.final()]));
  } catch {
    return null;
  }
}
