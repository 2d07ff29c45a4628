import type { I18n } from '@lingui/core';
import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  DEFAULT_THEME,
  type FileInputProps,
  luminance,
  type MenuProps,
  type ModalProps,
  type TooltipProps,
} from '@mantine/core';

const clearFileLabel = /*i18n*/ 'Clear the chosen file';
// A tall dialog starts below the top-centre toast (5 to 6.5rem down, with its margin), so that
// the toast never covers the dialog's title or its close button.
const modalDefaults = { centered: true, yOffset: 'clamp(5dvh, 7rem, 15dvh)' } satisfies Partial<ModalProps>;
const closeDialogLabel = /*i18n*/ 'Close dialog';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button labels and links at 4.5:1 or more (Mantine's default, 6, is 3.6:1).
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  // Plain objects rather than `Menu.extend(...)`: importing the components here would put Menu,
  // Popover and the popover library into every visitor's first page.
  components: {
    // A badge is a word or two: it keeps its whole width in a row, a grid or a table cell, and the
    // row wraps or the text beside it narrows instead ('UPCO…' says nothing).
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // Likewise a button keeps its label whole in a row ('Edit Con…'); the text beside it wraps.
    Button: { styles: { root: { flexShrink: 0 } } },
    // A field with an error keeps a dimmed placeholder: Mantine paints it red, which reads as a
    // wrong value typed in. The red border and the message below already mark the field.
    Input: {
      styles: { input: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } },
    },
    // A clearable file field's clear button is an icon: give it a name.
    FileInput: {
      defaultProps: { clearButtonProps: { 'aria-label': clearFileLabel } } satisfies Partial<FileInputProps>,
    },
    Modal: { defaultProps: { ...modalDefaults, closeButtonProps: { 'aria-label': closeDialogLabel } } },
    // The focus placeholder is a focusable role="presentation" child of role="menu", which ARIA
    // does not allow; without it the menu focuses its first item instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    Tooltip: { defaultProps: { openDelay: 700 } satisfies Partial<TooltipProps> },
  },
});

const themes = new WeakMap<I18n, typeof theme>();

/**
 * The theme with its built-in labels (a dialog's close button, a file field's clear button) in the
 * page's language: one per language's messages.
 */
export function themeIn(i18n: I18n): typeof theme {
  let translated = themes.get(i18n);
  if (!translated) {
    translated = createTheme({
      ...theme,
      components: {
        ...theme.components,
        FileInput: {
          ...theme.components?.FileInput,
          defaultProps: {
            clearButtonProps: { 'aria-label': i18n._(clearFileLabel) },
          } satisfies Partial<FileInputProps>,
        },
        Modal: {
          ...theme.components?.Modal,
          defaultProps: {
            ...modalDefaults,
            closeButtonProps: { 'aria-label': i18n._(closeDialogLabel) },
          } satisfies Partial<ModalProps>,
        },
      },
    });
    themes.set(i18n, translated);
  }
  return translated;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` darkened just enough to reach 4.5:1 (WCAG AA for text) on `background`. */
function readableOn(color: string, background: string): string {
  let result = color;
  for (let amount = 0.05; contrast(result, background) < 4.6 && amount < 1; amount += 0.05) {
    result = darken(color, amount);
  }
  return result;
}

/**
 * Text colours that pass WCAG AA (4.5:1): dimmed text, placeholders and field errors darker than
 * Mantine's gray 6, gray 5 and red 6 (3.3:1, 2.1:1 and 3.3:1 on white), and the text of 'light'
 * badges and buttons (shade 9 on shade 1 is under 4.5:1 for green, teal, yellow, orange…)
 * darkened until it reads on the hover shade (2) too.
 */
export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': '#6a7178',
    ...Object.fromEntries(
      Object.entries(current.colors)
        .filter(([name]) => name !== 'dark' && name in DEFAULT_THEME.colors)
        .map(([name, shades]) => [`--mantine-color-${name}-light-color`, readableOn(shades[9], shades[2])]),
    ),
  },
  dark: {},
});
