import { i18nFor } from '@pac/i18n/server';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { formatMonthDayTime } from '../../lib/dates';
import {
  changeTypeLabel,
  channelLabel,
  checkOutcomeToast,
  connectionLabel,
  connectionTestToast,
  formatDuration,
  formatSchedule,
  formatWhen,
  healthLevel,
  healthLevelLabel,
  isUrlRefusal,
  monitorStatusColor,
  monitorStatusLabel,
  notificationStatusColor,
  notificationStatusLabel,
  selectorLines,
  severityColor,
  severityLabel,
  snapshotStatusColor,
  snapshotStatusLabel,
  testPostFailureToast,
  testPostToast,
} from './monitoring';

const i18n = i18nFor('en');

describe('monitorStatusColor', () => {
  it('is green for active, red for error and yellow otherwise', () => {
    expect(monitorStatusColor('active')).toBe('green');
    expect(monitorStatusColor('error')).toBe('red');
    expect(monitorStatusColor('paused')).toBe('yellow');
    expect(monitorStatusColor('anything else')).toBe('yellow');
  });
});

describe('severityColor', () => {
  it('is red for high, yellow for medium and gray otherwise', () => {
    expect(severityColor('high')).toBe('red');
    expect(severityColor('medium')).toBe('yellow');
    expect(severityColor('low')).toBe('gray');
    expect(severityColor('')).toBe('gray');
  });
});

describe('status badges', () => {
  it('colours snapshots and notifications by status', () => {
    expect(snapshotStatusColor('success')).toBe('green');
    expect(snapshotStatusColor('error')).toBe('red');
    expect(snapshotStatusColor('timeout')).toBe('orange');
    expect(notificationStatusColor('sent')).toBe('green');
    expect(notificationStatusColor('failed')).toBe('red');
    expect(notificationStatusColor('pending')).toBe('blue');
  });

  it("says 'Connected' or 'Setup Required'", () => {
    expect(connectionLabel(i18n, true)).toBe('Connected');
    expect(connectionLabel(i18n, false)).toBe('Setup Required');
  });
});

describe('testPostToast (SPEC.md section 8, test posts to social media)', () => {
  it('announces success when both platforms posted', () => {
    expect(testPostToast(i18n, { facebook: true, instagram: true, errors: [] })).toEqual({
      title: 'Test posts sent successfully!',
      message: 'Both Facebook and Instagram posts were sent successfully.',
      destructive: false,
    });
  });

  it('names the working platform and the first error on a partial success', () => {
    const toast = testPostToast(i18n, {
      facebook: true,
      instagram: false,
      errors: ['Instagram: the image could not be fetched', 'second'],
    });
    expect(toast.title).toBe('Partial success');
    expect(toast.destructive).toBe(false);
    expect(toast.message).toContain('Facebook');
    expect(toast.message).toContain('Instagram: the image could not be fetched');
    expect(toast.message).not.toContain('second');
  });

  it("falls back to 'Some platforms failed.' when a partial success carries no error", () => {
    const toast = testPostToast(i18n, { facebook: false, instagram: true, errors: [] });
    expect(toast.title).toBe('Partial success');
    expect(toast.message).toContain('Instagram');
    expect(toast.message).toContain('Some platforms failed.');
  });

  it('is destructive when neither platform posted, with the first error', () => {
    expect(testPostToast(i18n, { facebook: false, instagram: false, errors: ['Facebook is not set up', 'x'] })).toEqual(
      {
        title: 'Test posts failed',
        message: 'Facebook is not set up',
        destructive: true,
      },
    );
  });

  it('falls back to the fixed sentence when neither posted and there is no error', () => {
    expect(testPostToast(i18n, { facebook: false, instagram: false, errors: [] })).toEqual({
      title: 'Test posts failed',
      message: 'Failed to send test posts to social media platforms.',
      destructive: true,
    });
  });

  it("says 'Test failed' with the request's error, or the fallback", () => {
    expect(testPostFailureToast(i18n, 'Administrator access required')).toEqual({
      title: 'Test failed',
      message: 'Administrator access required',
      destructive: true,
    });
    expect(testPostFailureToast(i18n, null).message).toBe('Failed to send test posts.');
    expect(testPostFailureToast(i18n, '  ').message).toBe('Failed to send test posts.');
  });
});

describe('connectionTestToast', () => {
  it('lists every issue in a destructive toast', () => {
    const toast = connectionTestToast(i18n, {
      facebook: false,
      instagram: false,
      errors: ['Facebook is not set up', 'Instagram is not set up'],
    });
    expect(toast.destructive).toBe(true);
    expect(toast.issues).toEqual(['Facebook is not set up', 'Instagram is not set up']);
  });

  it('is a success when both platforms answered', () => {
    expect(connectionTestToast(i18n, { facebook: true, instagram: true, errors: [] }).destructive).toBe(false);
  });
});

describe('checkOutcomeToast', () => {
  it("says 'Monitor Check Complete' for every outcome but an error", () => {
    expect(checkOutcomeToast(i18n, 'baseline', 'News').title).toBe('Monitor Check Complete');
    expect(checkOutcomeToast(i18n, 'baseline', 'News').message).toContain('baseline');
    expect(checkOutcomeToast(i18n, 'changed', 'News').message).toContain('change was detected');
    expect(checkOutcomeToast(i18n, 'unchanged', 'News').message).toContain('no changes');
    expect(checkOutcomeToast(i18n, 'reverted', 'News').destructive).toBe(false);
    expect(checkOutcomeToast(i18n, 'error', 'News')).toMatchObject({ title: 'Check Failed', destructive: true });
  });
});

describe('form and display helpers', () => {
  it('reads one selector per line, dropping blank lines', () => {
    expect(selectorLines(' main \n\n.news, .events\r\n  ')).toEqual(['main', '.news, .events']);
    expect(selectorLines('')).toEqual([]);
  });

  it('formats durations and schedules', () => {
    expect(formatDuration(i18n, 0)).toBe('—');
    expect(formatDuration(i18n, 850)).toBe('850 ms');
    expect(formatDuration(i18n, 2400)).toBe('2.4 s');
    expect(formatSchedule(i18n, 15)).toBe('Every 15 minutes');
    expect(formatSchedule(i18n, 60)).toBe('Every hour');
    expect(formatSchedule(i18n, 120)).toBe('Every 2 hours');
    expect(formatSchedule(i18n, 1440)).toBe('Once a day');
    expect(formatSchedule(i18n, 90)).toBe('Every 90 minutes');
    expect(formatSchedule(i18n, 1000)).toBe('Every 1000 minutes');
  });

  it('says statuses, severities, change kinds and channels as the badges always have', () => {
    expect(['active', 'paused', 'error', 'odd'].map((s) => monitorStatusLabel(i18n, s))).toEqual([
      'Active',
      'Paused',
      'Error',
      'odd',
    ]);
    expect(['high', 'medium', 'low'].map((s) => severityLabel(i18n, s))).toEqual(['high', 'medium', 'low']);
    expect(['added', 'modified', 'removed'].map((t) => changeTypeLabel(i18n, t))).toEqual([
      'added',
      'modified',
      'removed',
    ]);
    expect(['success', 'error', 'timeout'].map((s) => snapshotStatusLabel(i18n, s))).toEqual([
      'success',
      'error',
      'timeout',
    ]);
    expect(['pending', 'sent', 'failed'].map((s) => notificationStatusLabel(i18n, s))).toEqual([
      'pending',
      'sent',
      'failed',
    ]);
    expect(
      ['email', 'internal', 'webhook', 'facebook', 'instagram', 'sms', ''].map((c) => channelLabel(i18n, c)),
    ).toEqual(['Email', 'Internal', 'Webhook', 'Facebook', 'Instagram', 'Sms', '']);
    expect(healthLevelLabel(i18n, 'No monitors')).toBe('No monitors');
    expect(healthLevelLabel(i18n, 'Degraded')).toBe('Degraded');
  });

  it("writes when on the school's clock in the language asked for, or 'Never'", () => {
    const at = new Date(Date.UTC(2031, 4, 4, 1, 0));
    expect(formatWhen(i18n, 'en', at)).toBe('May 3, 6:00 PM');
    expect(formatWhen(i18n, 'fr', at)).toBe(formatMonthDayTime(at, 'fr'));
    expect(formatWhen(i18n, 'en', null)).toBe('Never');
  });

  it('grades the system health', () => {
    const base = { totalMonitors: 3, activeMonitors: 3, errorMonitors: 0, recentFailures: 0 };
    expect(healthLevel({ ...base, totalMonitors: 0, activeMonitors: 0 })).toBe('No monitors');
    expect(healthLevel(base)).toBe('Healthy');
    expect(healthLevel({ ...base, recentFailures: 1 })).toBe('Degraded');
    expect(healthLevel({ ...base, activeMonitors: 0, errorMonitors: 3 })).toBe('Failing');
  });

  it("recognises the server's url refusals by their field, not their words", () => {
    const refusal = (message: string, data: Record<string, unknown>) =>
      TRPCClientError.from({ error: { message, code: -32600, data: { code: 'BAD_REQUEST', ...data } } });
    expect(isUrlRefusal(refusal('Must be a valid URL', { reason: 'urlInvalid', field: 'url' }))).toBe(true);
    expect(
      isUrlRefusal(
        refusal('URL must be from an approved school domain (*.example-district.org)', {
          reason: 'urlNotApproved',
          field: 'url',
        }),
      ),
    ).toBe(true);
    expect(isUrlRefusal(refusal('Must be a valid URL', { reason: 'invalidInput', field: 'url' }))).toBe(true);
    expect(isUrlRefusal(refusal('Monitor name is required', { reason: 'invalidInput', field: 'name' }))).toBe(false);
    // The url's words without its field: a refusal about something else.
    expect(isUrlRefusal(refusal('Must be a valid URL', { reason: 'badRequest' }))).toBe(false);
    expect(isUrlRefusal(new Error('Must be a valid URL'))).toBe(false);
    expect(isUrlRefusal(null)).toBe(false);
  });
});
