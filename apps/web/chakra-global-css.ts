import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { SystemContext } from '@chakra-ui/react';
import type { Plugin } from 'vite';

/**
 * Chakra's global stylesheet, written at build time instead of computed in
 * every visitor's browser.
 *
 * `createSystem` computes the system's global styles (the reset, the global
 * CSS and every token as a CSS variable, about 50 kB of CSS) eagerly, and
 * `ChakraProvider` has emotion serialize and insert them on each page load:
 * about a tenth of a cold load's main thread, the same result on every load of
 * one build. So the build (1) makes `_global` a getter computed on first read
 * instead of in `createSystem` (`lazyGlobal`, applied to Chakra's module), (2)
 * writes the stylesheet emotion would have inserted, with emotion's own
 * serializer and stylis plugins (`globalStylesheet`), and links it first in
 * the page's head, and (3) the app hands the provider its system with no global
 * styles of its own (`src/app/chakra-global.ts`). The login page's smaller system has the same
 * global styles (chakra-global-css.test.ts), so one stylesheet serves both.
 */

const SYSTEM_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED = '\n    _global,\n';

/**
 * Chakra's `createSystem` module with `_global` computed when first read. Throws when the module no longer has the
 * statements it rewrites (a Chakra upgrade): the build stops rather than ship the eager computation unnoticed.
 */
export function lazyGlobal(code: string): string {
  if (code.split(EAGER).length !== 2 || code.split(RETURNED).length !== 2) {
    throw new Error("chakra-global-css: Chakra's createSystem changed; its global styles can no longer be made lazy (see chakra-global-css.ts)");
  }
  return code
    .replace(EAGER, 'let _globalStyles;')
    .replace(RETURNED, '\n    get _global() {\n      return (_globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);\n    },\n');
}

/** Emotion as `@emotion/react` resolves it (the cache and serializer the provider's `Global` uses). */
const fromEmotion = createRequire(createRequire(import.meta.url).resolve('@emotion/react'));
/**
 * The cache's build for runtimes without a DOM (its `edge-light` export): it hands the rules back instead of inserting
 * them, whether or not the process has a `document` (the web app's tests run with one).
 */
const emotionCacheWithoutDom = path.join(path.dirname(fromEmotion.resolve('@emotion/cache/package.json')), 'dist/emotion-cache.edge-light.cjs.js');

interface EmotionCache {
  registered: Record<string, string>;
  sheet: unknown;
  insert: (selector: string, serialized: { name: string; styles: string }, sheet: unknown, shouldCache: boolean) => string | undefined;
}
const { default: createCache } = fromEmotion(emotionCacheWithoutDom) as { default: (options: { key: string }) => EmotionCache };
const { serializeStyles } = fromEmotion('@emotion/serialize') as {
  serializeStyles: (args: unknown[], registered: Record<string, string>) => { name: string; styles: string };
};

/**
 * The CSS `ChakraProvider` inserts for `system`: the layer order, then its global styles, each through emotion's
 * serializer and its cache's default stylis plugins (the build without a DOM returns the rules a browser's inserts).
 */
export function globalStylesheet(system: SystemContext): string {
  const cache = createCache({ key: 'css' });
  return [system.layers.atRule, system._global]
    .map((styles) => cache.insert('', serializeStyles([styles], cache.registered), cache.sheet, false) ?? '')
    .join('\n');
}

/**
 * The build's half of the mechanism above: the lazy `_global`, and the stylesheet of `system` linked first in the
 * page's head. Built, it is an asset of its own, `assets/chakra-global-<content hash>.css`, written as emotion wrote
 * it: Vite's CSS minifier would round the tokens' values (`33.333333%` to `33.3333%`), so it is not a CSS module.
 * In development the page carries it in a `<style>`.
 */
export function chakraGlobalCss(system: () => Promise<SystemContext>): Plugin {
  let css: Promise<string> | undefined;
  const stylesheet = () => (css ??= system().then(globalStylesheet));
  let href: string | undefined;
  return {
    name: 'edu-chakra-global-css',
    async generateBundle() {
      const source = await stylesheet();
      const fileName = `assets/chakra-global-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.css`;
      this.emitFile({ type: 'asset', fileName, source });
      href = fileName;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        if (ctx.server) return [{ tag: 'style', attrs: { 'data-chakra-global': '' }, children: await stylesheet(), injectTo: 'head-prepend' }];
        if (!href) throw new Error('chakra-global-css: the stylesheet was not written before the page');
        return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${href}` }, injectTo: 'head-prepend' }];
      },
    },
    transform(code, id) {
      return SYSTEM_MODULE.test(id) ? { code: lazyGlobal(code), map: null } : undefined;
    },
  };
}
