import { AbpError } from '@edu/sdk';
import { appConfig } from './app-config.ts';
import { STORAGE } from './storage.ts';

/**
 * What the error modal shows for a failure (spec section 8). Titles and
 * contents are either raw server text or an i18n key (`*Key`).
 */
export interface ErrorModalModel {
  title?: string;
  titleKey?: string;
  content?: string;
  contentKey?: string;
  /** Values of `contentKey`'s placeholders. */
  contentValues?: Record<string, string | number>;
  /** HTTP 401: OK clears the session keys and reloads the page. */
  reloadOnOk: boolean;
}

/** A chunk that failed to load (or did not load within 120 s). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    message: string,
    /** 'script' or 'style', as the spec distinguishes them. */
    readonly chunkType: 'script' | 'style' = 'script',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The spec's error catalogue:
 * - no response at all (network) -> 未知错误 (showError shows the connection banner instead);
 * - no response within the configured time -> 请求超时, naming the seconds;
 * - a message and details -> the message as title, the details as content;
 * - only a message -> 验证失败 with the message (HTTP 401: OK clears the session and reloads).
 * Validation errors without details list their messages under the message.
 */
export function describeError(error: unknown): ErrorModalModel {
  if (error instanceof AbpError) {
    const reloadOnOk = error.status === 401;
    if (error.kind === 'timeout')
      return {
        titleKey: 'errors.timeoutTitle',
        contentKey: 'errors.timeout',
        contentValues: { seconds: appConfig.requestTimeoutSeconds },
        reloadOnOk,
      };
    if (error.isNetworkOrTimeout) return { titleKey: 'errors.unknownTitle', contentKey: 'errors.noResponse', reloadOnOk };
    if (error.details) return { title: error.message, content: error.details, reloadOnOk };
    const extra = error.validationErrors.map((v) => v.message).filter((m) => m && m !== error.message);
    const content = [error.message, ...extra].filter(Boolean).join('\n');
    return { titleKey: 'errors.validationTitle', content, reloadOnOk };
  }
  if (error instanceof ChunkLoadError) return { titleKey: 'errors.chunkTitle', contentKey: 'errors.chunkContent', reloadOnOk: false };
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message
    ? { titleKey: 'errors.unknownTitle', content: message, reloadOnOk: false }
    : { titleKey: 'errors.unknownTitle', contentKey: 'errors.noResponse', reloadOnOk: false };
}

/** The 401 modal's OK: forget the signed-in user of this tab and reload (spec section 8). */
export function clearSessionAndReload(reload: () => void = () => window.location.reload()): void {
  for (const k of [STORAGE.userId, STORAGE.rememberMe, STORAGE.isGeneral]) {
    try {
      sessionStorage.removeItem(k);
    } catch {
      // ignored
    }
  }
  reload();
}
