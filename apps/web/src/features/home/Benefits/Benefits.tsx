import { useLingui } from '@lingui/react';
import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CalendarIcon, ClockIcon, MailIcon, UsersIcon } from '../../../components/Icons';

// Messages, translated where shown.
const benefits = [
  {
    icon: UsersIcon,
    title: /*i18n*/ 'Connect with other families',
    text: /*i18n*/ 'Meet parents, guardians and staff while working side by side for our students.',
  },
  {
    icon: ClockIcon,
    title: /*i18n*/ 'Give the time you have',
    text: /*i18n*/ 'Roles range from a single hour to a full event, so there is something for every schedule.',
  },
  {
    icon: CalendarIcon,
    title: /*i18n*/ 'See what your child experiences',
    text: /*i18n*/ 'Volunteering puts you in the middle of school life: concerts, fairs, field days and more.',
  },
  {
    icon: MailIcon,
    title: /*i18n*/ 'Stay in the loop',
    text: /*i18n*/ 'Get a confirmation when you sign up and, if you like, a reminder before your shift.',
  },
];

/** Why volunteer: the home page's list of benefits. */
export function Benefits() {
  const { i18n } = useLingui();
  return (
    <Stack
      gap="lg"
      component="section"
      id="benefits"
      aria-labelledby="benefits-title"
      mt={48}
      style={{ scrollMarginTop: 80 }}
    >
      <div>
        <Title order={2} id="benefits-title">
          {i18n._('Why Volunteer with the PAC?')}
        </Title>
        <Text c="dimmed">{i18n._('Every helping hand makes our school a better place to learn.')}</Text>
      </div>
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 4 }}
        spacing="lg"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {benefits.map(({ icon: BenefitIcon, title, text }) => (
          <Card key={title} withBorder padding="lg" component="li">
            <ThemeIcon size={40} radius="md" variant="light" mb="sm">
              <BenefitIcon size={22} />
            </ThemeIcon>
            <Text fw={600}>{i18n._(title)}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {i18n._(text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
