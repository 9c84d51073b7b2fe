import { mergeThemeOverrides } from '@mantine/core';
import { theme as sharedTheme } from '@renraku/ui/theme';

/** The shared theme (packages/ui), with the class tablets' sizes: controls at least 44 px high (staff.md §1); global.css covers the rest. */
export const theme = mergeThemeOverrides(sharedTheme, {
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
  },
});
