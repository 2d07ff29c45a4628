import { useLingui } from '@lingui/react';
import { Center, Loader } from '@mantine/core';

export interface DashboardLoaderProps {
  /** The room it takes while loading (a CSS min-height). */
  height?: string;
}

/** What the dashboard shows where a part of it is still loading its code. */
export function DashboardLoader({ height = '40vh' }: DashboardLoaderProps) {
  const { i18n } = useLingui();
  return (
    <Center mih={height}>
      <Loader aria-label={i18n._('Loading the dashboard')} />
    </Center>
  );
}
