import { defineConfig } from '@chakra-ui/react';

/**
 * Font stack: Latin system fonts first (for digits and Latin text), then the
 * usual Chinese UI fonts of macOS, Windows and Linux.
 */
export const FONT_STACK = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Source Han Sans SC"',
  '"WenQuanYi Micro Hei"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/**
 * The console's palette (a calm blue for primary actions, as admin products
 * use) and fonts, on top of Chakra's theme. The full system is in system.ts;
 * this module builds no system, so a smaller one can reuse it (the web app's
 * login system) without pulling Chakra's every recipe along.
 */
export const themeConfig = defineConfig({
  globalCss: {
    'html, body': {
      fontFamily: 'body',
      bg: 'bg.canvas',
      color: 'fg',
      fontSize: 'sm',
    },
    // A visitor who asked the system for less motion gets none: entrances, exits and transitions end at once (animationend
    // still fires, so what waits for it still closes), and endless ones (spinners, skeleton pulses) stand still.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '1ms !important',
        animationDelay: '0s !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0s !important',
        transitionDelay: '0s !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: FONT_STACK },
        body: { value: FONT_STACK },
      },
      colors: {
        brand: {
          50: { value: '#ecf5ff' },
          100: { value: '#d6e9ff' },
          200: { value: '#add3ff' },
          300: { value: '#7fb8fb' },
          400: { value: '#529cf5' },
          500: { value: '#2d8cf0' },
          600: { value: '#1f72d1' },
          700: { value: '#1a5aa6' },
          800: { value: '#17467f' },
          900: { value: '#123459' },
          950: { value: '#0b2140' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          // White on solid buttons at WCAG AA at rest and under the hover tint (90 %): 5.5:1 and 4.6:1 (brand.500 is 3.4:1);
          // brand text on the pale fills: 700, 6.2:1.
          solid: { value: '#1c68c0' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.500}' },
        },
        bg: {
          canvas: { value: { _light: '#f5f7f9', _dark: '{colors.gray.950}' } },
        },
        // Error text and the required mark at WCAG AA on white (red.600 4.8:1; Chakra's red.500 is 3.8:1).
        fg: {
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
        },
      },
    },
  },
});
