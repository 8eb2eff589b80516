import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

const coral: MantineColorsTuple = [
  '#ffeceb',
  '#fdd6d5',
  '#f6aba9',
  '#f07d7a',
  '#ea5753',
  '#e0474c',
  '#d6333a',
  '#be252d',
  '#aa1e27',
  '#94121f',
];
const ochre: MantineColorsTuple = [
  '#fff6e4',
  '#fdebcf',
  '#f8d6a0',
  '#f4bf6c',
  '#f0ab42',
  '#e8a33d',
  '#d18a1f',
  '#b97714',
  '#a5690c',
  '#8f5900',
];

/** The brand, defined once: deep coral primary, warm ochre accent, the system font stack. */
export const theme = createTheme({
  primaryColor: 'coral',
  primaryShade: { light: 6, dark: 7 },
  colors: { coral, ochre },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  fontSizes: { md: '1rem' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    // Mantine puts a focusable role="presentation" placeholder first in every role="menu": not a menu
    // item, which a screen reader's menu may not hold (axe: aria-required-children, critical). Without
    // it the dropdown itself takes the focus, and the arrow keys still reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * Secondary text darker than Mantine's default so it meets WCAG AA contrast (4.5:1) on both schemes;
 * so are the errors under fields and the text of a field in error (red 6 is 3.3:1 on white, red 9 5.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // The light variant (a badge, an alert's title: the notices' positive and negative) writes shade 9
    // on shade 1: 4.3:1 for teal and 4.5:1 for red, under AA for small text. On shade 0, 4.7:1 and 5.1:1.
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-red-light': 'var(--mantine-color-red-0)',
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
