import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeTrpcError, fakeTrpc } from '../../test/fakeTrpc';
import { renderWithProviders } from '../../test/renderWithProviders';
import PrivacyPolicyPage from './PrivacyPolicy.page';

/** SPEC.md's sections, in its order. */
const headings = [
  'Our Commitment to Your Privacy',
  'Information We Collect',
  'How We Use Your Information',
  'How We Share Information',
  'Data Security',
  'Your Rights and Choices',
  'Children Under 13',
  'Cookies',
  'Third-Party Services',
  'Data Retention',
  'Changes to This Policy',
  'Contact Us',
];

const facts = { schoolName: 'Maple Elementary PAC', privacyContact: 'privacy@maple.example.org', retentionMonths: 16 };

const section = (name: string) => screen.getByRole('region', { name });

describe('/privacy-policy', () => {
  it("shows SPEC.md's sections at once, in general words, while the council's facts load", () => {
    // A server that never answers: the facts stay on their way.
    renderWithProviders(<PrivacyPolicyPage />, {
      route: '/privacy-policy',
      fetch: () => new Promise<Response>(() => undefined),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(headings);
    expect(section('Data Retention').textContent).toContain('We keep each signup for a set number of months');
    expect(section('Contact Us').textContent).toContain('contact the PAC through the school');
    expect(
      within(section('Data Retention'))
        .getByText(/We keep each signup/)
        .getAttribute('aria-busy'),
    ).toBe('true');
  });

  it("fills in the council's name, how long signups are kept, the rights and the privacy contact as a mailto link", async () => {
    const server = fakeTrpc({ 'privacy.policy': () => facts });
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy', fetch: server.fetch });

    expect(await screen.findByText(/How Maple Elementary PAC handles your information/)).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(headings);

    const retention = section('Data Retention').textContent;
    expect(retention).toContain('We keep each signup for 16 months after its event.');
    expect(retention).toContain("emptied of the volunteer's name, email address, phone number, notes and answers");
    expect(retention).toContain('Backups of PAC Hub older than that are deleted');

    const rights = section('Your Rights and Choices');
    expect(rights.textContent).toContain('‘Download my data’ on your profile');
    expect(rights.textContent).toContain('You can delete your account with ‘Delete my account’ on your profile.');
    expect(rights.textContent).toContain('‘Delete my details’');
    expect(rights.textContent).toContain('we answer within 30 days');
    expect(rights.textContent).toContain('Personal Information Protection Act (PIPA)');
    expect(within(rights).getByRole('link', { name: 'privacy@maple.example.org' }).getAttribute('href')).toBe(
      'mailto:privacy@maple.example.org',
    );

    const contact = section('Contact Us');
    expect(contact.textContent).toContain("Maple Elementary PAC's privacy contact at privacy@maple.example.org");
    expect(within(contact).getByRole('link', { name: 'privacy@maple.example.org' }).getAttribute('href')).toBe(
      'mailto:privacy@maple.example.org',
    );
    expect(contact.textContent).not.toContain('through the school');
    expect(
      within(section('Data Retention'))
        .getByText(/We keep each signup/)
        .getAttribute('aria-busy'),
    ).toBe('false');
  });

  it('tells people to contact the PAC through the school when no privacy contact is set', async () => {
    const server = fakeTrpc({
      'privacy.policy': () => ({ ...facts, privacyContact: null, retentionMonths: 1 }),
    });
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy', fetch: server.fetch });
    await screen.findByText(/How Maple Elementary PAC handles your information/);
    expect(section('Data Retention').textContent).toContain('We keep each signup for 1 month after its event.');
    const contact = section('Contact Us');
    expect(contact.textContent).toContain('please contact the PAC through the school');
    expect(within(contact).queryByRole('link', { name: /@/ })).toBeNull();
    expect(screen.queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('mailto:'))).toEqual([]);
  });

  it('stays in general words when the facts cannot be loaded', async () => {
    const server = fakeTrpc({
      'privacy.policy': () => {
        throw new FakeTrpcError('NOT_FOUND', 'Not found');
      },
    });
    renderWithProviders(<PrivacyPolicyPage />, { route: '/privacy-policy', fetch: server.fetch });
    const retention = within(section('Data Retention')).getByText(/We keep each signup/);
    await expect.poll(() => retention.getAttribute('aria-busy')).toBe('false');
    expect(retention.textContent).toContain('a set number of months');
    expect(screen.getByText(/How the Parent Advisory Council \(PAC\) handles your information/)).toBeDefined();
    expect(section('Contact Us').textContent).toContain('contact the PAC through the school');
  });
});
