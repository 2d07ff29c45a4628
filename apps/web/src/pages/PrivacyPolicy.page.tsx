import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /privacy-policy — what PAC Hub collects, why, and the choices people have. */
export default function PrivacyPolicyPage() {
  return (
    <PageLayout title="Privacy Policy" size="md">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Privacy Policy</Title>
          <Text c="dimmed">
            How the Parent Advisory Council (PAC) handles your information when you use PAC Hub to volunteer at our
            school.
          </Text>
        </Stack>

        <Section id="commitment" title="Our Commitment to Your Privacy">
          <Text>
            PAC Hub is run by parent volunteers to organize help for school events. We collect only what we need to
            coordinate volunteers, we never sell your information, and we treat everything you share with the same care
            we would want for our own families.
          </Text>
        </Section>

        <Section id="collected" title="Information We Collect">
          <Text fw={600}>Registration and signup details</Text>
          <Text>
            When you sign up for a volunteer slot we ask for your name, email address and phone number, and any notes
            you choose to add (for example, an allergy or a time you need to leave early). We also record which slot you
            signed up for, when you signed up, and whether you want reminder emails.
          </Text>
          <Text fw={600}>Optional account information</Text>
          <Text>
            An account is optional. If you create one we also keep your password (stored only as a secure one-way hash,
            never in readable form), the date you joined and when you last signed in, so we can prefill your details and
            show your volunteer history.
          </Text>
          <Text fw={600}>Information collected automatically</Text>
          <Text>
            Like most websites, our server receives basic technical information with each request, such as your IP
            address, browser type and the pages you visit. We use it only to keep the service running and secure (for
            example, to slow down repeated failed sign-in attempts).
          </Text>
        </Section>

        <Section id="use" title="How We Use Your Information">
          <List spacing={4}>
            <List.Item>To confirm your signup and let event organizers know who is coming.</List.Item>
            <List.Item>To contact you about changes to an event you signed up for.</List.Item>
            <List.Item>To send reminder emails before your shift, only if you asked for them.</List.Item>
            <List.Item>To prefill your details and show your volunteer history if you have an account.</List.Item>
            <List.Item>To produce volunteer-hour totals the PAC reports to the school.</List.Item>
          </List>
        </Section>

        <Section id="sharing" title="How We Share Information">
          <Text>
            Your full contact details are visible only to PAC administrators and event organizers. Other visitors see
            only your first name and last initial on a signup sheet. We may share volunteer lists with school staff when
            they are needed to run an event safely. We do not sell, rent or trade your information, and we do not share
            it with advertisers.
          </Text>
        </Section>

        <Section id="security" title="Data Security">
          <Text>
            Passwords are stored as secure one-way hashes, sign-in sessions are kept in cookies that page scripts cannot
            read, and administrator features require a signed-in administrator account. No system is perfectly secure,
            but we take reasonable steps to protect your information from loss, misuse and unauthorized access.
          </Text>
        </Section>

        <Section id="rights" title="Your Rights and Choices">
          <List spacing={4}>
            <List.Item>You can view and update your account details at any time from your profile.</List.Item>
            <List.Item>You can opt out of reminder emails when you sign up, or ask us to stop sending them.</List.Item>
            <List.Item>You can ask us for a copy of the information we hold about you.</List.Item>
            <List.Item>You can ask us to correct or delete your information or close your account.</List.Item>
          </List>
        </Section>

        <Section id="children" title="Children Under 13">
          <Text>
            PAC Hub is meant for parents, guardians and other adult volunteers. We do not knowingly collect personal
            information from children under 13. If you believe a child has given us information, please contact us and
            we will delete it.
          </Text>
        </Section>

        <Section id="cookies" title="Cookies">
          <Text>
            We use a single essential cookie to keep you signed in, and your browser remembers your name and account
            type so the site can greet you. We do not use advertising or tracking cookies. Blocking cookies will not
            stop you from signing up for a slot, but you will not be able to stay signed in.
          </Text>
        </Section>

        <Section id="third-parties" title="Third-Party Services">
          <Text>
            We use an email provider to deliver confirmation and reminder emails, and we may post public school
            announcements to the PAC's social media pages. These services receive only what they need to do their job
            (for example, your email address for a reminder) and handle it under their own privacy policies. Volunteer
            contact details are never posted to social media.
          </Text>
        </Section>

        <Section id="retention" title="Data Retention">
          <Text>
            We keep signup records only as long as they are useful for organizing events and reporting volunteer hours,
            and we remove past events that are no longer needed. Account information is kept until you ask us to close
            your account; after that we delete it, or keep it only in a form that no longer identifies you.
          </Text>
        </Section>

        <Section id="changes" title="Changes to This Policy">
          <Text>
            We may update this policy as PAC Hub changes. When we make a significant change we will note it on this page
            and, where appropriate, let registered users know by email.
          </Text>
        </Section>

        <Section id="contact" title="Contact Us">
          <Text>
            If you have a question about this policy or your information, please contact the PAC executive through the
            school office, or reply to any email you have received from PAC Hub. You can also reach the organizer of any
            event through the contact link on its{' '}
            <Anchor component={Link} to="/">
              signup sheet
            </Anchor>
            .
          </Text>
        </Section>
      </Stack>
    </PageLayout>
  );
}
