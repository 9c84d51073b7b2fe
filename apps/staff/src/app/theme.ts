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

/**
 * Text on a light variant (badges, alerts' titles, light buttons) is shade 9 on shade 1 in Mantine,
 * which is below 4.5:1 for these hues (yellow 2.7, orange 3.6, cyan 3.7, green 3.8, teal 4.3): a
 * darker text of the same hue, 5.4:1 or more on its shade-1 background (axe, staff.md §7).
 */
const lightTextColours = {
  yellow: '#8a4b00',
  orange: '#a8380b',
  teal: '#06664a',
  green: '#1f6b30',
  cyan: '#0a6675',
  lime: '#3f6a08',
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Mantine's default dimmed grey is below 4.5:1 on our background.
    '--mantine-color-dimmed': '#5f656c',
    // Placeholders Mantine draws as text (FileInput's 「クリックしてファイルを選択」): gray.5 is 2.1:1.
    '--mantine-color-placeholder': '#5f656c',
    // Mantine's default error red fails 4.5:1 on the app background: red.9 for every field error.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(Object.entries(lightTextColours).map(([hue, hex]) => [`--mantine-color-${hue}-light-color`, hex])),
  },
  dark: {},
});
