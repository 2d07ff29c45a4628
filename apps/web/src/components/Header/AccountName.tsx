import { Avatar, Text } from '@mantine/core';

/**
 * Who is signed in, on the account button: initials on a phone, where the header has no room for
 * a name, and from the sm breakpoint up the name, ended with an ellipsis past 12 rem (the title
 * holds all of it). The button's own label says the whole name to screen readers.
 */
export function AccountName({ name }: { name: string }) {
  return (
    <>
      <Avatar name={name} color="blue.8" variant="filled" size={26} hiddenFrom="sm" aria-hidden="true" />
      <Text span inherit truncate="end" maw="12rem" visibleFrom="sm" title={name}>
        {name}
      </Text>
    </>
  );
}
