import { useLingui } from '@lingui/react';
import { Avatar, Text, VisuallyHidden } from '@mantine/core';

/**
 * Who is signed in, on the account button: initials on a phone, where the header has no room for
 * a name, and from the sm breakpoint up the name, ended with an ellipsis past 12 rem (the title
 * holds all of it). Screen readers hear 'Account menu for' and the whole name at every width, as
 * one sentence in the page's language (whose word order is its own); it is the button's own text
 * rather than an aria-label, and it holds the name that is seen, so what is seen is what is named.
 */
export function AccountName({ name }: { name: string }) {
  const { i18n } = useLingui();
  return (
    <>
      <VisuallyHidden>{i18n._('Account menu for {name}', { name })}</VisuallyHidden>
      <Avatar name={name} color="blue.8" variant="filled" size={26} hiddenFrom="sm" aria-hidden="true" />
      <Text span inherit truncate="end" maw="12rem" visibleFrom="sm" title={name} aria-hidden="true">
        {name}
      </Text>
    </>
  );
}
