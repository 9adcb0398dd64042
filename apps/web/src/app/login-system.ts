/*
 * Chakra's theme, assembled here from its parts (as @chakra-ui/react/theme's
 * index does) instead of imported from that index: the index module re-exports
 * every recipe, so importing it puts every recipe in the login page's first
 * load (about 20 kB gzip). `@chakra-ui/react/dist/esm/*` is not in the
 * package's exports; vite.config.ts and tsconfig.json map it (chakra-parts.ts).
 * login-system.test.tsx checks the result against the full system.
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { breakpoints } from '@chakra-ui/react/dist/esm/theme/breakpoints.js';
import { globalCss } from '@chakra-ui/react/dist/esm/theme/global-css.js';
import { layerStyles } from '@chakra-ui/react/dist/esm/theme/layer-styles.js';
import { animationStyles } from '@chakra-ui/react/dist/esm/theme/motion-styles.js';
import { textStyles } from '@chakra-ui/react/dist/esm/theme/text-styles.js';
import { semanticColors } from '@chakra-ui/react/dist/esm/theme/semantic-tokens/colors.js';
import { semanticRadii } from '@chakra-ui/react/dist/esm/theme/semantic-tokens/radii.js';
import { semanticShadows } from '@chakra-ui/react/dist/esm/theme/semantic-tokens/shadows.js';
import { animations } from '@chakra-ui/react/dist/esm/theme/tokens/animations.js';
import { aspectRatios } from '@chakra-ui/react/dist/esm/theme/tokens/aspect-ratios.js';
import { blurs } from '@chakra-ui/react/dist/esm/theme/tokens/blurs.js';
import { borders } from '@chakra-ui/react/dist/esm/theme/tokens/borders.js';
import { colors } from '@chakra-ui/react/dist/esm/theme/tokens/colors.js';
import { cursor } from '@chakra-ui/react/dist/esm/theme/tokens/cursor.js';
import { durations } from '@chakra-ui/react/dist/esm/theme/tokens/durations.js';
import { easings } from '@chakra-ui/react/dist/esm/theme/tokens/easings.js';
import { fontSizes } from '@chakra-ui/react/dist/esm/theme/tokens/font-sizes.js';
import { fontWeights } from '@chakra-ui/react/dist/esm/theme/tokens/font-weights.js';
import { fonts } from '@chakra-ui/react/dist/esm/theme/tokens/fonts.js';
import { keyframes } from '@chakra-ui/react/dist/esm/theme/tokens/keyframes.js';
import { letterSpacings } from '@chakra-ui/react/dist/esm/theme/tokens/letter-spacing.js';
import { lineHeights } from '@chakra-ui/react/dist/esm/theme/tokens/line-heights.js';
import { radii } from '@chakra-ui/react/dist/esm/theme/tokens/radius.js';
import { sizes } from '@chakra-ui/react/dist/esm/theme/tokens/sizes.js';
import { spacing } from '@chakra-ui/react/dist/esm/theme/tokens/spacing.js';
import { zIndices } from '@chakra-ui/react/dist/esm/theme/tokens/z-indices.js';
import { buttonRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/button.js';
import { dialogSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/dialog.js';
import { fieldSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/field.js';
import { headingRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/heading.js';
import { iconRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/icon.js';
import { inputRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/input.js';
import { menuSlotRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/menu.js';
import { spinnerRecipe } from '@chakra-ui/react/dist/esm/theme/recipes/spinner.js';
import { themeConfig } from '@edu/ui';

/** Chakra's `defaultThemeConfig` (theme/index.js) with only the recipes below. */
const loginTheme = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    textStyles,
    layerStyles,
    animationStyles,
    // What the login route renders: the form, its tenant dialog and language menu, the boot
    // spinner, the route error and the error modal.
    recipes: { button: buttonRecipe, heading: headingRecipe, icon: iconRecipe, input: inputRecipe, spinner: spinnerRecipe },
    slotRecipes: { dialog: dialogSlotRecipe, field: fieldSlotRecipe, menu: menuSlotRecipe },
  },
});

/**
 * The Chakra system of a signed-out visitor: the console's theme with only the
 * recipes of the login route. Signed-in pages use the full `system` (every
 * recipe; signed-in-ui.ts), loaded once boot knows a user is signed in.
 */
export const loginSystem = createSystem(defaultBaseConfig, loginTheme, themeConfig);
