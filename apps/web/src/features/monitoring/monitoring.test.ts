import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  checkOutcomeToast,
  connectionLabel,
  connectionTestToast,
  formatDuration,
  formatSchedule,
  healthLevel,
  isUrlRefusal,
  monitorStatusColor,
  notificationStatusColor,
  selectorLines,
  severityColor,
  snapshotStatusColor,
  testPostFailureToast,
  testPostToast,
} from './monitoring';

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
    expect(connectionLabel(true)).toBe('Connected');
    expect(connectionLabel(false)).toBe('Setup Required');
  });
});

describe('testPostToast (SPEC.md section 8, test posts to social media)', () => {
  it('announces success when both platforms posted', () => {
    expect(testPostToast({ facebook: true, instagram: true, errors: [] })).toEqual({
      title: 'Test posts sent successfully!',
      message: 'Both Facebook and Instagram posts were sent successfully.',
      destructive: false,
    });
  });

  it('names the working platform and the first error on a partial success', () => {
    const toast = testPostToast({
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
    const toast = testPostToast({ facebook: false, instagram: true, errors: [] });
    expect(toast.title).toBe('Partial success');
    expect(toast.message).toContain('Instagram');
    expect(toast.message).toContain('Some platforms failed.');
  });

  it('is destructive when neither platform posted, with the first error', () => {
    expect(testPostToast({ facebook: false, instagram: false, errors: ['Facebook is not set up', 'x'] })).toEqual({
      title: 'Test posts failed',
      message: 'Facebook is not set up',
      destructive: true,
    });
  });

  it('falls back to the fixed sentence when neither posted and there is no error', () => {
    expect(testPostToast({ facebook: false, instagram: false, errors: [] })).toEqual({
      title: 'Test posts failed',
      message: 'Failed to send test posts to social media platforms.',
      destructive: true,
    });
  });

  it("says 'Test failed' with the request's error, or the fallback", () => {
    expect(testPostFailureToast('Administrator access required')).toEqual({
      title: 'Test failed',
      message: 'Administrator access required',
      destructive: true,
    });
    expect(testPostFailureToast(null).message).toBe('Failed to send test posts.');
    expect(testPostFailureToast('  ').message).toBe('Failed to send test posts.');
  });
});

describe('connectionTestToast', () => {
  it('lists every issue in a destructive toast', () => {
    const toast = connectionTestToast({
      facebook: false,
      instagram: false,
      errors: ['Facebook is not set up', 'Instagram is not set up'],
    });
    expect(toast.destructive).toBe(true);
    expect(toast.issues).toEqual(['Facebook is not set up', 'Instagram is not set up']);
  });

  it('is a success when both platforms answered', () => {
    expect(connectionTestToast({ facebook: true, instagram: true, errors: [] }).destructive).toBe(false);
  });
});

describe('checkOutcomeToast', () => {
  it("says 'Monitor Check Complete' for every outcome but an error", () => {
    expect(checkOutcomeToast('baseline', 'News').title).toBe('Monitor Check Complete');
    expect(checkOutcomeToast('baseline', 'News').message).toContain('baseline');
    expect(checkOutcomeToast('changed', 'News').message).toContain('change was detected');
    expect(checkOutcomeToast('unchanged', 'News').message).toContain('no changes');
    expect(checkOutcomeToast('reverted', 'News').destructive).toBe(false);
    expect(checkOutcomeToast('error', 'News')).toMatchObject({ title: 'Check Failed', destructive: true });
  });
});

describe('form and display helpers', () => {
  it('reads one selector per line, dropping blank lines', () => {
    expect(selectorLines(' main \n\n.news, .events\r\n  ')).toEqual(['main', '.news, .events']);
    expect(selectorLines('')).toEqual([]);
  });

  it('formats durations and schedules', () => {
    expect(formatDuration(0)).toBe('—');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(2400)).toBe('2.4 s');
    expect(formatSchedule(15)).toBe('Every 15 minutes');
    expect(formatSchedule(60)).toBe('Every hour');
    expect(formatSchedule(120)).toBe('Every 2 hours');
    expect(formatSchedule(1440)).toBe('Once a day');
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
