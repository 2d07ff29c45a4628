import { Avatar, Text, VisuallyHidden } from '@mantine/core';

/**
 * Who is signed in, on the account button: initials on a phone, where the header has no room for
 * a name, and from the sm breakpoint up the name, ended with an ellipsis past 12 rem (the title
 * holds all of it). Screen readers hear 'Account menu for' and the whole name at every width; the
 * name is the button's own text rather than an aria-label, so that what is seen is what is named.
 */
export function AccountName({ name }: { name: string }) {
  return (
    <>
      <VisuallyHidden>Account menu for </VisuallyHidden>
      <Avatar name={name} color="blue.8" variant="filled" size={26} hiddenFrom="sm" aria-hidden="true" />
      <VisuallyHidden hiddenFrom="sm">{name}</VisuallyHidden>
      <Text span inherit truncate="end" maw="12rem" visibleFrom="sm" title={name}>
        {name}
      </Text>
    </>
  );
}
