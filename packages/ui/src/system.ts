import { createSystem, defaultConfig } from '@chakra-ui/react';
import { themeConfig } from './theme.ts';

/**
 * The Chakra system of the console: Chakra's defaults (every recipe) plus the
 * brand palette and fonts. Its own module: `defaultConfig` brings all of
 * Chakra's recipes, which a bundle that only needs `themeConfig` must not carry.
 */
export const system = createSystem(defaultConfig, themeConfig);
