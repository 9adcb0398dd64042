import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { system } from '@edu/ui';
import { loginSystem } from './src/app/login-system.ts';
import { globalStylesheet, lazyGlobal } from './chakra-global-css.ts';

const chakraSystemModule = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@chakra-ui/react/package.json')),
  'dist/esm/styled-system/system.js',
);

describe('lazyGlobal', () => {
  it("makes the installed Chakra's global styles a getter computed on first read", () => {
    const code = lazyGlobal(readFileSync(chakraSystemModule, 'utf8'));
    expect(code).not.toContain('const _global = [');
    expect(code).toContain('get _global() {\n      return (_globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);');
  });

  it('stops the build when the module no longer has what it rewrites', () => {
    expect(() => lazyGlobal('function createSystem() { return { _global: [] }; }')).toThrow(/createSystem changed/);
  });
});

describe('globalStylesheet', () => {
  const css = globalStylesheet(system);

  it("is the provider's CSS: the layer order, the reset, the console's global CSS and every token", () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;\n@layer reset{')).toBe(true);
    expect(css).toContain('--chakra-colors-brand-solid:#1c68c0;');
    expect(css).toContain('"PingFang SC"');
    expect(css).toContain('@media (prefers-reduced-motion: reduce)');
    // Written as emotion writes it: token values unrounded (a CSS minifier would write 33.3333%).
    expect(css).toContain('--chakra-sizes-1\\/3:33.333333%;');
  });

  it("serves the login page too: the login system's global styles are the same", () => {
    expect(globalStylesheet(loginSystem)).toBe(css);
  });
});
