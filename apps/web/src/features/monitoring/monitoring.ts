import type { I18n } from '@lingui/core';
import type { RouterOutputs } from '@pac/api';
import type { Language } from '@pac/validators/page-data';
import { formatMonthDayTime } from '../../lib/dates';
import { errorField } from '../../lib/errors';

/** A monitor as `monitors.list` answers it. */
export type Monitor = RouterOutputs['monitors']['list'][number];
/** A detected change with its monitor's id, name and url, newest first. */
export type ChangeWithMonitor = RouterOutputs['monitors']['changes'][number];
export type MonitoringHealth = RouterOutputs['monitoring']['health'];
export type ActivityItem = RouterOutputs['monitoring']['activity'][number];
export type SnapshotRow = RouterOutputs['monitoring']['snapshots'][number];
export type SnapshotDetail = RouterOutputs['monitoring']['snapshot'];
export type NotificationHistoryItem = RouterOutputs['monitoring']['notifications'][number];
export type CheckOutcome = RouterOutputs['monitors']['check']['outcome'];

export type MonitorStatus = Monitor['status'];
export type Severity = ChangeWithMonitor['severity'];

/** SPEC.md section 9's polling intervals; nothing else in the app polls. */
export const pollMs = { health: 30_000, activity: 30_000, snapshots: 60_000, notifications: 60_000, social: 60_000 };

/** The dashboard's 'Recent Changes Detected' list shows the first 5. */
export const recentChangesShown = 5;

/** The status dot: active green, error red, anything else (paused) yellow. */
export function monitorStatusColor(status: string): 'green' | 'red' | 'yellow' {
  if (status === 'active') return 'green';
  if (status === 'error') return 'red';
  return 'yellow';
}

/**
 * How many monitors are active: status 'active', so neither paused nor in error (the same
 * count as the monitoring health's `activeMonitors`).
 */
export function activeMonitorCount(monitors: readonly { status: MonitorStatus }[]): number {
  return monitors.filter((monitor) => monitor.status === 'active').length;
}

/** The severity badge: high red, medium yellow, anything else gray. */
export function severityColor(severity: string): 'red' | 'yellow' | 'gray' {
  if (severity === 'high') return 'red';
  if (severity === 'medium') return 'yellow';
  return 'gray';
}

/** A snapshot's status badge: success green, error red, timeout orange. */
export function snapshotStatusColor(status: string): 'green' | 'red' | 'orange' | 'gray' {
  if (status === 'success') return 'green';
  if (status === 'error') return 'red';
  if (status === 'timeout') return 'orange';
  return 'gray';
}

/** A notification's status badge: sent green, failed red, pending (and anything else) blue. */
export function notificationStatusColor(status: string): 'green' | 'red' | 'blue' {
  if (status === 'sent') return 'green';
  if (status === 'failed') return 'red';
  return 'blue';
}

/** The words a social platform's badge shows (SPEC.md section 4). */
export function connectionLabel(i18n: I18n, connected: boolean): string {
  return connected
    ? i18n._('Connected', undefined, { comment: "A social media platform's status: ready to post" })
    : i18n._('Setup Required', undefined, { comment: "A social media platform's status: not set up yet" });
}

/** A monitor's status in words: 'Active', 'Paused', 'Error' (an unknown status as it is). */
export function monitorStatusLabel(i18n: I18n, status: string): string {
  return i18n._(
    '{status, select, active {Active} paused {Paused} error {Error} other {{status}}}',
    { status },
    { comment: "A website monitor's status" },
  );
}

/** A change's severity in words, as the badge shows it: 'high', 'medium', 'low'. */
export function severityLabel(i18n: I18n, severity: string): string {
  return i18n._(
    '{severity, select, high {high} medium {medium} low {low} other {{severity}}}',
    { severity },
    { comment: 'How important a change detected on a school web page is (a badge)' },
  );
}

/** What kind of change was found: 'added', 'modified', 'removed'. */
export function changeTypeLabel(i18n: I18n, changeType: string): string {
  return i18n._(
    '{changeType, select, added {added} modified {modified} removed {removed} other {{changeType}}}',
    { changeType },
    { comment: 'What kind of change was detected on a school web page: content added, modified or removed' },
  );
}

/** A snapshot's (a check's) outcome, as its badge shows it: 'success', 'error', 'timeout'. */
export function snapshotStatusLabel(i18n: I18n, status: string): string {
  return i18n._(
    '{status, select, success {success} error {error} timeout {timeout} other {{status}}}',
    { status },
    { comment: 'The outcome of one check of a school web page (a badge): it worked, failed, or took too long' },
  );
}

/** A notification's state, as its badge shows it: 'pending', 'sent', 'failed'. */
export function notificationStatusLabel(i18n: I18n, status: string): string {
  return i18n._(
    '{status, select, pending {pending} sent {sent} failed {failed} other {{status}}}',
    { status },
    { comment: 'The state of one notification of a change (email, post) (a badge)' },
  );
}

/** A toast's content: destructive toasts are red. */
export interface ToastContent {
  title: string;
  message: string;
  destructive: boolean;
}

export interface SocialResults {
  facebook: boolean;
  instagram: boolean;
  errors: string[];
}

/** SPEC.md section 8, 'Test posts to social media': the toast for the platforms' answers. */
export function testPostToast(i18n: I18n, results: SocialResults): ToastContent {
  const firstError = results.errors.find((e) => e.trim() !== '');
  if (results.facebook && results.instagram) {
    return {
      title: i18n._('Test posts sent successfully!'),
      message: i18n._('Both Facebook and Instagram posts were sent successfully.'),
      destructive: false,
    };
  }
  if (results.facebook || results.instagram) {
    const platform = results.facebook ? 'Facebook' : 'Instagram';
    return {
      title: i18n._('Partial success'),
      message:
        firstError === undefined
          ? i18n._('{platform} post was sent. Some platforms failed.', { platform })
          : i18n._('{platform} post was sent. {error}', { platform, error: firstError }),
      destructive: false,
    };
  }
  return {
    title: i18n._('Test posts failed'),
    message: firstError ?? i18n._('Failed to send test posts to social media platforms.'),
    destructive: true,
  };
}

/** SPEC.md section 8: the toast when the test-post request itself failed. */
export function testPostFailureToast(i18n: I18n, errorMessage: string | null): ToastContent {
  const message = errorMessage?.trim();
  return {
    title: i18n._('Test failed'),
    message: message ? message : i18n._('Failed to send test posts.'),
    destructive: true,
  };
}

/** 'Test Social Media Connection': every issue in one destructive toast, or a success. */
export function connectionTestToast(i18n: I18n, results: SocialResults): ToastContent & { issues: string[] } {
  const issues = results.errors.filter((e) => e.trim() !== '');
  if (issues.length > 0 || !results.facebook || !results.instagram) {
    return {
      title: i18n._('Social Media Connection Issues'),
      message: issues.length > 0 ? issues.join('\n') : i18n._('Some platforms are not connected.'),
      issues,
      destructive: true,
    };
  }
  return {
    title: i18n._('Social Media Connected'),
    message: i18n._('Facebook and Instagram are both connected.'),
    issues: [],
    destructive: false,
  };
}

/** The toast after 'Recheck': what the check found ('Check Failed' when the page could not be read). */
export function checkOutcomeToast(i18n: I18n, outcome: CheckOutcome, monitorName: string): ToastContent {
  const name = monitorName;
  const complete = i18n._('Monitor Check Complete');
  switch (outcome) {
    case 'baseline':
      return {
        title: complete,
        message: i18n._('{name}: the first snapshot was saved as the baseline.', { name }),
        destructive: false,
      };
    case 'unchanged':
      return { title: complete, message: i18n._('{name}: no changes.', { name }), destructive: false };
    case 'changed':
      return { title: complete, message: i18n._('{name}: a change was detected.', { name }), destructive: false };
    case 'reverted':
      return {
        title: complete,
        message: i18n._('{name}: the page went back to an earlier version.', { name }),
        destructive: false,
      };
    case 'error':
      return {
        title: i18n._('Check Failed'),
        message: i18n._('{name} could not be checked. See the activity feed for the reason.', { name }),
        destructive: true,
      };
  }
}

/** The selectors of a 'one per line' text area: trimmed, blank lines dropped. */
export function selectorLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** '850 ms', '2.4 s'; '—' when there is no figure. */
export function formatDuration(i18n: I18n, ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms <= 0) return '—';
  if (ms < 1000) return i18n._('{ms} ms', { ms: Math.round(ms) }, { comment: 'A duration in milliseconds' });
  return i18n._('{seconds} s', { seconds: (ms / 1000).toFixed(1) }, { comment: 'A duration in seconds' });
}

/** 'Every 15 minutes', 'Every hour', 'Every 2 hours', 'Every 90 minutes', 'Once a day'. */
export function formatSchedule(i18n: I18n, minutes: number): string {
  if (minutes === 1440) return i18n._('Once a day');
  // The figure as it is (no digit grouping), as the schedule field takes it.
  if (minutes % 60 === 0) {
    return i18n._('{hours, plural, one {Every hour} other {Every {hours} hours}}', { hours: minutes / 60 });
  }
  return i18n._('{minutes, plural, one {Every {minutes} minute} other {Every {minutes} minutes}}', { minutes });
}

/** The overall state the System Health card shows. */
export type HealthLevel = 'No monitors' | 'Healthy' | 'Degraded' | 'Failing';

/** 'Failing' when every monitor that runs is in error, 'Degraded' on any error or failed check in 24 h. */
export function healthLevel(
  health: Pick<MonitoringHealth, 'totalMonitors' | 'activeMonitors' | 'errorMonitors' | 'recentFailures'>,
): HealthLevel {
  if (health.totalMonitors === 0) return 'No monitors';
  if (health.errorMonitors > 0 && health.activeMonitors === 0) return 'Failing';
  if (health.errorMonitors > 0 || health.recentFailures > 0) return 'Degraded';
  return 'Healthy';
}

/** The overall state in words, as the System Health card's badge shows it. */
export function healthLevelLabel(i18n: I18n, level: HealthLevel): string {
  switch (level) {
    case 'No monitors':
      return i18n._('No monitors', undefined, { comment: "The website monitoring's overall state (a badge)" });
    case 'Healthy':
      return i18n._('Healthy', undefined, { comment: "The website monitoring's overall state (a badge)" });
    case 'Degraded':
      return i18n._('Degraded', undefined, { comment: "The website monitoring's overall state (a badge)" });
    case 'Failing':
      return i18n._('Failing', undefined, { comment: "The website monitoring's overall state (a badge)" });
  }
}

export function healthColor(level: HealthLevel): 'gray' | 'green' | 'yellow' | 'red' {
  switch (level) {
    case 'No monitors':
      return 'gray';
    case 'Healthy':
      return 'green';
    case 'Degraded':
      return 'yellow';
    case 'Failing':
      return 'red';
  }
}

/**
 * A refusal about the url ('urlInvalid', 'urlNotApproved', or input refused at the url field)
 * belongs on the form's url field rather than in a toast: the server says so in its field, whatever
 * its message's words.
 */
export function isUrlRefusal(error: unknown): boolean {
  return errorField(error) === 'url';
}

/** 'Email', 'Internal', 'Webhook', 'Facebook', 'Instagram'. */
export function channelLabel(i18n: I18n, channel: string): string {
  return i18n._(
    '{channel, select, email {Email} internal {Internal} webhook {Webhook} facebook {Facebook} instagram {Instagram} other {{name}}}',
    { channel, name: channel === '' ? channel : channel.charAt(0).toUpperCase() + channel.slice(1) },
    {
      comment: 'Where a notification of a change went: an email, a post on the site, a webhook, Facebook or Instagram',
    },
  );
}

/** 'May 3, 6:00 PM' on the school's clock, written the language's way, or 'Never' when there is no date. */
export function formatWhen(i18n: I18n, language: Language, date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return i18n._('Never');
  return formatMonthDayTime(date, language);
}

/** Recent changes are fetched once with this input, so the card and the panel share them. */
export const recentChangesInput = { limit: 50 };
