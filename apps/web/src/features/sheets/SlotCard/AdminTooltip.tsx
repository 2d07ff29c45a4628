import '../../../styles/mantine-rest.css';
import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** Mantine's Tooltip for the slot card's admin buttons; SlotCard loads it on demand. */
export function AdminTooltip({ label, children }: { label: string; children: ReactElement }) {
  return <Tooltip label={label}>{children}</Tooltip>;
}
