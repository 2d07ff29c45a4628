import { Trans } from '@lingui/react';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { languages } from '@pac/validators/page-data';
import { type ComponentPropsWithoutRef, lazy, type Ref, Suspense, useState } from 'react';
import { useLanguage } from '../../lib/language';
import { GlobeIcon } from '../Icons';

// The menu (Mantine's Menu and the popover library under it) loads the first time someone opens
// it, so that it is not on every visitor's first page; pointing at the button or focusing it
// starts the download early.
const loadLanguageMenu = () => import('./LanguageMenu');
const LanguageMenu = lazy(() => loadLanguageMenu().then((m) => ({ default: m.LanguageMenu })));

/** A button's own props (the menu's target adds its handlers and ARIA attributes), a ref, and `loading`. */
export interface LanguageButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children' | 'color' | 'style'> {
  ref?: Ref<HTMLButtonElement>;
  /** Spinning (and not to be pressed): the menu's code is on its way, or a choice is being saved. */
  loading?: boolean;
}

/**
 * The header's language button: a globe and the page's language named in itself ('فارسی'), in that
 * language (`lang`), or on a phone the globe alone. Screen readers hear 'Language: فارسی' at every
 * width, 'Language:' in the page's language and the name in its own: the name is the button's own
 * text, so what is seen is what is named.
 */
export function LanguageButton({ ref, loading = false, ...rest }: LanguageButtonProps) {
  const { language } = useLanguage();
  const current = languages.find((l) => l.tag === language) ?? languages[0];
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      c="gray.8"
      // On a phone, the globe alone in a 44 × 44 px touch target (global.css).
      className="pac-language-button"
      aria-haspopup="menu"
      loading={loading}
      {...rest}
    >
      <GlobeIcon size={18} />
      <VisuallyHidden>
        <Trans
          id="Language: <0>{language}</0>"
          comment="The header's language button, as screen readers hear it: {language} is the page's language named in itself (English, Français, فارسی)"
          values={{ language: current.name }}
          components={{ 0: <span lang={current.tag} /> }}
        />
      </VisuallyHidden>
      <Text span inherit visibleFrom="sm" ms={6} lang={current.tag} aria-hidden="true">
        {current.name}
      </Text>
    </Button>
  );
}

/**
 * The language menu in the header: its button, and the menu itself once someone opens it (its
 * code loads then, and it opens as soon as it is there). `goTo` is how a choice loads the page in
 * its language (a test's own instead of the browser's navigation).
 */
export function LanguageSwitch({ goTo }: { goTo?: (url: string) => void }) {
  const [requested, setRequested] = useState(false);
  const preload = () => void loadLanguageMenu();
  if (!requested) {
    return (
      <LanguageButton
        aria-expanded={false}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setRequested(true)}
      />
    );
  }
  return (
    <Suspense fallback={<LanguageButton loading aria-expanded={false} />}>
      <LanguageMenu goTo={goTo} />
    </Suspense>
  );
}
