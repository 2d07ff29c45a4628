/** The public link as a read-only field to copy by hand (the Share panel, the organizer's card). */
export const linkFieldStyle = {
  width: '100%',
  minWidth: 0,
  font: 'inherit',
  fontSize: 'var(--mantine-font-size-sm)',
  padding: '6px 10px',
  border: '1px solid var(--mantine-color-gray-5)',
  borderRadius: 'var(--mantine-radius-sm)',
  background: 'var(--mantine-color-gray-0)',
  color: 'inherit',
} as const;
