import type { SystemContext } from '@chakra-ui/react';

/**
 * `system` as `ChakraProvider` gets it: without global styles of its own, since
 * the page links them as a stylesheet written at build time
 * (chakra-global-css.ts, which puts the link in index.html). The
 * provider would otherwise compute and insert the same 50 kB of CSS on every
 * page load. Everything else is the system's own, through the prototype.
 */
export function withLinkedGlobalStyles(system: SystemContext): SystemContext {
  return Object.create(system, { _global: { value: [] } }) as SystemContext;
}
