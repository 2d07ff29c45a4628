import type { RouterOutputs } from '@pac/api';
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
export function connectionLabel(connected: boolean): 'Connected' | 'Setup Required' {
  return connected ? 'Connected' : 'Setup Required';
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
export function testPostToast(results: SocialResults): ToastContent {
  const firstError = results.errors.find((e) => e.trim() !== '');
  if (results.facebook && results.instagram) {
    return {
      title: 'Test posts sent successfully!',
      message: 'Both Facebook and Instagram posts were sent successfully.',
      destructive: false,
    };
  }
  if (results.facebook || results.instagram) {
    const working = results.facebook ? 'Facebook' : 'Instagram';
    return {
      title: 'Partial success',
      message: `${working} post was sent. ${firstError ?? 'Some platforms failed.'}`,
      destructive: false,
    };
  }
  return {
    title: 'Test posts failed',
    message: firstError ?? 'Failed to send test posts to social media platforms.',
    destructive: true,
  };
}

/** SPEC.md section 8: the toast when the test-post request itself failed. */
export function testPostFailureToast(errorMessage: string | null): ToastContent {
  const message = errorMessage?.trim();
  return { title: 'Test failed', message: message ? message : 'Failed to send test posts.', destructive: true };
}

/** 'Test Social Media Connection': every issue in one destructive toast, or a success. */
export function connectionTestToast(results: SocialResults): ToastContent & { issues: string[] } {
  const issues = results.errors.filter((e) => e.trim() !== '');
  if (issues.length > 0 || !results.facebook || !results.instagram) {
    return {
      title: 'Social Media Connection Issues',
      message: issues.length > 0 ? issues.join('\n') : 'Some platforms are not connected.',
      issues,
      destructive: true,
    };
  }
  return {
    title: 'Social Media Connected',
    message: 'Facebook and Instagram are both connected.',
    issues: [],
    destructive: false,
  };
}

/** The toast after 'Recheck': what the check found ('Check Failed' when the page could not be read). */
export function checkOutcomeToast(outcome: CheckOutcome, monitorName: string): ToastContent {
  switch (outcome) {
    case 'baseline':
      return {
        title: 'Monitor Check Complete',
        message: `${monitorName}: the first snapshot was saved as the baseline.`,
        destructive: false,
      };
    case 'unchanged':
      return { title: 'Monitor Check Complete', message: `${monitorName}: no changes.`, destructive: false };
    case 'changed':
      return { title: 'Monitor Check Complete', message: `${monitorName}: a change was detected.`, destructive: false };
    case 'reverted':
      return {
        title: 'Monitor Check Complete',
        message: `${monitorName}: the page went back to an earlier version.`,
        destructive: false,
      };
    case 'error':
      return {
        title: 'Check Failed',
        message: `${monitorName} could not be checked. See the activity feed for the reason.`,
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
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms <= 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** 'Every 15 minutes', 'Every hour', 'Every 2 hours', 'Every 90 minutes', 'Once a day'. */
export function formatSchedule(minutes: number): string {
  if (minutes === 1440) return 'Once a day';
  if (minutes === 60) return 'Every hour';
  if (minutes % 60 === 0) return `Every ${minutes / 60} hours`;
  return `Every ${minutes} minutes`;
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
export function channelLabel(channel: string): string {
  return channel === '' ? channel : channel.charAt(0).toUpperCase() + channel.slice(1);
}

/** 'May 3, 6:00 PM' on the school's clock, or `fallback` when there is no date. */
export function formatWhen(date: Date | null | undefined, fallback = 'Never'): string {
  if (!date || Number.isNaN(date.getTime())) return fallback;
  return formatMonthDayTime(date);
}

/** Recent changes are fetched once with this input, so the card and the panel share them. */
export const recentChangesInput = { limit: 50 };
