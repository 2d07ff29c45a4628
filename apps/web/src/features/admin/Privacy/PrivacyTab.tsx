// Loaded when the tab is first opened, with the part of Mantine's stylesheet its forms use.
import '../../../styles/mantine-rest.css';
import { Stack } from '@mantine/core';
import { PrivacyContact } from './PrivacyContact';
import { PrivacyLog } from './PrivacyLog';
import { PrivacyRequests } from './PrivacyRequests';

/** The dashboard's Privacy tab: answering a person's request, the privacy log, and the privacy contact. */
export function PrivacyTab() {
  return (
    <Stack gap="lg">
      <PrivacyRequests />
      <PrivacyLog />
      <PrivacyContact />
    </Stack>
  );
}
