import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A warm brand colour whose shades 7-9 keep 4.5:1 contrast on the page background (WCAG AA).
// The Mantine-free login screen uses the same values through global.css's --app-* variables.
const brand: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd09c',
  '#fdb462',
  '#f99a34',
  '#c96a00',
  '#a85800',
  '#8f4a00',
  '#753c00',
  '#5c2f00',
];

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 6,
  // Guardians who ask their phone for less motion get no transitions (and axe sees settled colours).
  respectReducedMotion: true,
  // The phone's own Japanese font: Hiragino on iOS, Noto Sans CJK on Android; no webfont bytes.
  // The same stack as --app-font-family in global.css.
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic UI", Meiryo, sans-serif',
  defaultRadius: 'md',
});

// Mantine's default dimmed grey is below 4.5:1 on our background.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f656c' },
  dark: {},
});
