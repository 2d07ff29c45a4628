import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CalendarIcon, ClockIcon, MailIcon, UsersIcon } from '../../../components/Icons';

const benefits = [
  {
    icon: UsersIcon,
    title: 'Connect with other families',
    text: 'Meet parents, guardians and staff while working side by side for our students.',
  },
  {
    icon: ClockIcon,
    title: 'Give the time you have',
    text: 'Roles range from a single hour to a full event, so there is something for every schedule.',
  },
  {
    icon: CalendarIcon,
    title: 'See what your child experiences',
    text: 'Volunteering puts you in the middle of school life: concerts, fairs, field days and more.',
  },
  {
    icon: MailIcon,
    title: 'Stay in the loop',
    text: 'Get a confirmation when you sign up and, if you like, a reminder before your shift.',
  },
];

/** Why volunteer: the home page's list of benefits. */
export function Benefits() {
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
          Why Volunteer with the PAC?
        </Title>
        <Text c="dimmed">Every helping hand makes our school a better place to learn.</Text>
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
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed" mt={4}>
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
