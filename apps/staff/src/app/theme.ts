import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// The guardian app's brand colour (apps/web/src/app/theme.ts, copied): shades 7-9 keep 4.5:1 contrast.
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
  respectReducedMotion: true,
  // The device's own Japanese font (Hiragino, Noto Sans CJK, Yu Gothic on Windows): no webfont bytes.
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic UI", Meiryo, sans-serif',
  defaultRadius: 'md',
  // Tablets in the classroom: controls at least 44 px high (staff.md §1); global.css covers the rest.
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});

// Mantine's default dimmed grey is below 4.5:1 on our background.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Mantine's default error red fails 4.5:1 on the app background: red.9 for every field error.
  light: { '--mantine-color-dimmed': '#5f656c', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
