import '../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { CheckIcon, Menu } from '@mantine/core';
import { isLanguage, type Language, languages } from '@pac/validators/page-data';
import { useEffect, useRef, useState } from 'react';
import { pageInLanguage, rememberLanguage, useLanguage } from '../../lib/language';
import { notifyFailure } from '../../lib/notify';
import { useCurrentUser } from '../../lib/session/useCurrentUser';
import { trpc } from '../../trpc';
import { LanguageButton } from './LanguageButton';

const assign = (url: string) => window.location.assign(url);

/**
 * The language menu: every language named in itself (in its own `lang`, so that a screen reader
 * pronounces it), the page's own checked. Choosing another saves it as the signed-in account's
 * language first (which wins over the browser's cookie on every device), then loads the same page
 * with `?lang=`, which the server answers in that language and keeps as the `lang` cookie. It
 * loads when the header's button is first pressed, and opens at once from that button (where the
 * focus returns when it closes).
 */
export function LanguageMenu({ goTo = assign }: { goTo?: (url: string) => void }) {
  const { language } = useLanguage();
  const { i18n } = useLingui();
  const { user } = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const [choosing, setChoosing] = useState<Language | null>(null);
  const targetRef = useRef<HTMLButtonElement>(null);
  const updateAccount = trpc.auth.updateAccount.useMutation();

  // This button replaced the one that was pressed: it takes the focus, and the menu opens from it in
  // the next frame (the menu gives the focus back to where it was when it opened).
  useEffect(() => {
    targetRef.current?.focus({ preventScroll: true });
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const choose = async (next: Language) => {
    if (next === language || choosing !== null) return;
    setChoosing(next);
    if (user) {
      try {
        await updateAccount.mutateAsync({ userId: user.id, language: next });
      } catch (error) {
        setChoosing(null);
        notifyFailure(
          i18n._('Language Not Saved'),
          error,
          i18n._('Your language could not be saved. Please try again.'),
        );
        return;
      }
    }
    rememberLanguage(next);
    goTo(pageInLanguage(window.location.href, next));
  };

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal checkIcon={<CheckIcon size={12} />}>
      <Menu.Target>
        <LanguageButton ref={targetRef} loading={choosing !== null} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.RadioGroup
          value={language}
          onChange={(value) => {
            if (isLanguage(value)) void choose(value);
          }}
        >
          {languages.map((l) => (
            <Menu.RadioItem
              key={l.tag}
              value={l.tag}
              closeMenuOnClick
              // The menu opens on the page's language.
              data-autofocus={l.tag === language || undefined}
            >
              <span lang={l.tag} dir={l.dir}>
                {l.name}
              </span>
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  );
}
