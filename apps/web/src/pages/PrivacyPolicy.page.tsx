import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@pac/api';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { trpc } from '../trpc';

/** What the policy says of this council (`privacy.policy`): its name, its privacy contact, RETENTION_MONTHS. */
type PolicyFacts = RouterOutputs['privacy']['policy'];

/** The council's name, or the general one until it is known. */
function councilName(i18n: I18n, facts: PolicyFacts | undefined): string {
  return (
    facts?.schoolName ??
    i18n._('the Parent Advisory Council (PAC)', undefined, {
      comment: "The privacy policy's {council} until the council's own name is known",
    })
  );
}

/** The privacy contact as a mailto link, or the PAC through the school when none is set (or not yet known). */
function ContactAddress({ facts }: { facts: PolicyFacts | undefined }) {
  const { i18n } = useLingui();
  const contact = facts?.privacyContact ?? null;
  if (contact === null) {
    return (
      <>
        {i18n._('the PAC through the school office', undefined, {
          comment:
            "Whom to write to in the privacy policy's 'by writing to <0/>' when the council has no privacy contact",
        })}
      </>
    );
  }
  return (
    <Anchor href={`mailto:${contact}`} style={{ overflowWrap: 'anywhere' }}>
      {contact}
    </Anchor>
  );
}

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

/**
 * /privacy-policy — what PAC Hub collects, why, how long it is kept, and the choices people have,
 * under SPEC.md's section headings, filled with this council's name, privacy contact and retention
 * (`privacy.policy`). The page is rendered in the browser: its text shows at once, and the facts
 * take the place of general words when they arrive (and stay general if they cannot be loaded).
 */
export default function PrivacyPolicyPage() {
  const { i18n } = useLingui();
  const policy = trpc.privacy.policy.useQuery();
  const facts = policy.data;
  const council = councilName(i18n, facts);
  const busy = policy.isPending;
  return (
    <PageLayout title={i18n._('Privacy Policy')} size="md">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{i18n._('Privacy Policy')}</Title>
          <Text c="dimmed" aria-busy={busy}>
            {i18n._('How {council} handles your information when you use PAC Hub to volunteer at our school.', {
              council,
            })}
          </Text>
        </Stack>

        <Section id="commitment" title={i18n._('Our Commitment to Your Privacy')}>
          <Text>
            {i18n._(
              'PAC Hub is run by parent volunteers to organize help for school events. We collect only what we need to coordinate volunteers, we never sell your information, and we treat everything you share with the same care we would want for our own families.',
            )}
          </Text>
          <Text aria-busy={busy}>
            {i18n._(
              'Your information is held by {council}. As a parent advisory council in British Columbia, we follow the Personal Information Protection Act (PIPA): we collect only what we need for the purposes below, keep it only as long as they need it, and honour your requests to see, correct or delete it.',
              { council },
            )}
          </Text>
        </Section>

        <Section id="collected" title={i18n._('Information We Collect')}>
          <Text fw={600}>{i18n._('Registration and signup details')}</Text>
          <Text>
            {i18n._(
              'When you sign up for a volunteer slot we ask for your name, email address and phone number, and any notes you choose to add (for example, an allergy or a time you need to leave early). We also record which slot you signed up for, when you signed up, and whether you want reminder emails. Each time you agree to emails or stop them we note when and how, so that we can show your choice was honoured.',
            )}
          </Text>
          <Text fw={600}>{i18n._('Optional account information')}</Text>
          <Text>
            {i18n._(
              'An account is optional. If you create one we also keep your password (stored only as a secure one-way hash, never in readable form), the date you joined and when you last signed in, so we can prefill your details and show your volunteer history.',
            )}
          </Text>
          <Text fw={600}>{i18n._('Information collected automatically')}</Text>
          <Text>
            {i18n._(
              'Like most websites, our server receives basic technical information with each request, such as your IP address, browser type and the pages you visit. We use it only to keep the service running and secure (for example, to slow down repeated failed sign-in attempts).',
            )}
          </Text>
        </Section>

        <Section id="use" title={i18n._('How We Use Your Information')}>
          <List spacing={4}>
            <List.Item>{i18n._('To confirm your signup and let event organizers know who is coming.')}</List.Item>
            <List.Item>{i18n._('To contact you about changes to an event you signed up for.')}</List.Item>
            <List.Item>{i18n._('To send reminder emails before your shift, only if you asked for them.')}</List.Item>
            <List.Item>
              {i18n._('To prefill your details and show your volunteer history if you have an account.')}
            </List.Item>
            <List.Item>{i18n._('To produce volunteer-hour totals the PAC reports to the school.')}</List.Item>
          </List>
        </Section>

        <Section id="sharing" title={i18n._('How We Share Information')}>
          <Text>
            {i18n._(
              'Your full contact details are visible only to PAC administrators and event organizers. Other visitors see only your first name and last initial on a signup sheet. We may share volunteer lists with school staff when they are needed to run an event safely. We do not sell, rent or trade your information, and we do not share it with advertisers.',
            )}
          </Text>
        </Section>

        <Section id="security" title={i18n._('Data Security')}>
          <Text>
            {i18n._(
              'Passwords are stored as secure one-way hashes, sign-in sessions are kept in cookies that page scripts cannot read, and administrator features require a signed-in administrator account. No system is perfectly secure, but we take reasonable steps to protect your information from loss, misuse and unauthorized access.',
            )}
          </Text>
        </Section>

        <Section id="rights" title={i18n._('Your Rights and Choices')}>
          <List spacing={4}>
            <List.Item>
              {i18n._('You can view and update your account details at any time from your profile.')}
            </List.Item>
            <List.Item>
              {i18n._(
                'You can download everything we hold about you, as a file, with ‘Download my data’ on your profile.',
              )}
            </List.Item>
            <List.Item>
              {i18n._(
                'You can delete your account with ‘Delete my account’ on your profile. Your signups stay counted, as ‘Former volunteer’, without your name, email address, phone number, notes or answers.',
              )}
            </List.Item>
            <List.Item>
              {i18n._(
                "Without an account, you can delete a signup's details with ‘Delete my details’ on the page that the link in your confirmation and reminder emails opens.",
              )}
            </List.Item>
            <List.Item>
              {i18n._(
                'You can opt out of reminder emails when you sign up, or with the unsubscribe link in any email.',
              )}
            </List.Item>
            <List.Item aria-busy={busy}>
              <Trans
                id="You can ask {council} for a copy of the information we hold about you, or ask us to correct or delete it, by writing to <0/>. Under BC's Personal Information Protection Act (PIPA) we answer within 30 days."
                values={{ council }}
                components={{ 0: <ContactAddress facts={facts} /> }}
              />
            </List.Item>
          </List>
        </Section>

        <Section id="children" title={i18n._('Children Under 13')}>
          <Text>
            {i18n._(
              'PAC Hub is meant for parents, guardians and other adult volunteers. We do not knowingly collect personal information from children under 13. If you believe a child has given us information, please contact us and we will delete it.',
            )}
          </Text>
        </Section>

        <Section id="cookies" title={i18n._('Cookies')}>
          <Text>
            {i18n._(
              'We use a single essential cookie to keep you signed in, and your browser remembers your name and account type so the site can greet you. We do not use advertising or tracking cookies. Blocking cookies will not stop you from signing up for a slot, but you will not be able to stay signed in.',
            )}
          </Text>
        </Section>

        <Section id="third-parties" title={i18n._('Third-Party Services')}>
          <Text>
            {i18n._(
              "We use an email provider to deliver confirmation and reminder emails, and we may post public school announcements to the PAC's social media pages. These services receive only what they need to do their job (for example, your email address for a reminder) and handle it under their own privacy policies. Volunteer contact details are never posted to social media.",
            )}
          </Text>
        </Section>

        <Section id="retention" title={i18n._('Data Retention')}>
          <Text aria-busy={busy}>
            {facts
              ? i18n._('We keep each signup for {months, plural, one {# month} other {# months}} after its event.', {
                  months: facts.retentionMonths,
                })
              : i18n._('We keep each signup for a set number of months after its event.')}{' '}
            {i18n._(
              "After that it is emptied of the volunteer's name, email address, phone number, notes and answers, and only an anonymous count is kept, so that past events' volunteer numbers and hours still add up. Backups of PAC Hub older than that are deleted, so anything erased leaves the backups within the same time.",
            )}
          </Text>
          <Text>
            {i18n._(
              'Account information is kept until you delete your account or ask us to. Your signups then stay counted as ‘Former volunteer’, in a form that no longer identifies you.',
            )}
          </Text>
        </Section>

        <Section id="changes" title={i18n._('Changes to This Policy')}>
          <Text>
            {i18n._(
              'We may update this policy as PAC Hub changes. When we make a significant change we will note it on this page and, where appropriate, let registered users know by email.',
            )}
          </Text>
        </Section>

        <Section id="contact" title={i18n._('Contact Us')}>
          <Text aria-busy={busy}>
            {facts?.privacyContact ? (
              <Trans
                id="If you have a question about this policy or your information, or a request about it, please write to {council}'s privacy contact at <0/>."
                values={{ council }}
                components={{ 0: <ContactAddress facts={facts} /> }}
              />
            ) : (
              i18n._(
                'If you have a question about this policy or your information, or a request about it, please contact the PAC through the school: the school office will pass your message to the PAC executive.',
              )
            )}{' '}
            <Trans
              id="You can also reach the organizer of any event through the contact link on its <0>signup sheet</0>."
              components={{ 0: <Anchor component={Link} to="/" /> }}
            />
          </Text>
        </Section>
      </Stack>
    </PageLayout>
  );
}
