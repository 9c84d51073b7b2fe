import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A warm brand colour whose shades 7-9 keep 4.5:1 contrast on the page background (WCAG AA).
// Screens drawn before Mantine has loaded use the same values through global.css's --app-* variables.
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

/**
 * Both apps' Mantine theme; the staff app adds its tablet sizes on top (apps/staff/src/app/theme.ts).
 * Mantine's colours that fall below 4.5:1 on the app background are replaced in global.css (static
 * values: no resolver runs on the phone).
 */
export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: 6,
  // Whoever asks their device for less motion gets no transitions (and axe sees settled colours).
  respectReducedMotion: true,
  // The device's own Japanese font: Hiragino on iOS and macOS, Noto Sans CJK on Android, Yu Gothic
  // on Windows; no webfont bytes. The same stack as --app-font-family in global.css.
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic UI", Meiryo, sans-serif',
  defaultRadius: 'md',
});
