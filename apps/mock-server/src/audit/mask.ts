/**
 * What an audit row keeps of a call's input: JSON with the values of secret
 * members written `***` (passwords, tokens, secrets, keys, file contents), cut
 * to `MAX_PARAMETERS_LENGTH` characters as ABP cuts `Parameters` (1,024).
 */
export const MAX_PARAMETERS_LENGTH = 1024;
export const MASK = '***';

/** Member names whose values are never stored: any name containing one of these words (case-insensitive). */
const SECRET_NAME = /pass(word)?|pwd|token|secret|apikey|api_key|credential|signature|privatekey|securitystamp|captcha/i;
/** Members that carry a file's bytes or text. */
const FILE_NAME = /^(file|files|bytes|content64|base64|blob|data64)$/i;

function isFileValue(v: unknown): boolean {
  return (typeof Blob !== 'undefined' && v instanceof Blob) || v instanceof Uint8Array || v instanceof ArrayBuffer;
}

const isSecretName = (key: string) => SECRET_NAME.test(key) || FILE_NAME.test(key);

/**
 * Whether `input` is an object of primitive members only, none named as a
 * secret (a query string's, most inputs): its JSON is the same with or
 * without the masking replacer, which costs more than the rest.
 */
function flatAndPlain(input: object): boolean {
  for (const key of Object.keys(input)) {
    const value: unknown = (input as Record<string, unknown>)[key];
    if ((typeof value === 'object' && value !== null) || isSecretName(key)) return false;
  }
  return true;
}

/** The input as masked JSON, or null when there is none. Never throws (a cycle or a BigInt is written as `***`). */
export function maskParameters(input: unknown): string | null {
  if (input === undefined || input === null) return null;
  let json: string | undefined;
  try {
    json =
      typeof input === 'object' && !Array.isArray(input) && !isFileValue(input) && flatAndPlain(input)
        ? JSON.stringify(input)
        : JSON.stringify(input, (key, value: unknown) => (key !== '' && (isSecretName(key) || isFileValue(value)) ? MASK : value));
  } catch {
    return MASK;
  }
  if (json === undefined || json === '{}') return json === '{}' ? '{}' : null;
  return json.length > MAX_PARAMETERS_LENGTH ? `${json.slice(0, MAX_PARAMETERS_LENGTH - 3)}...` : json;
}
