import { apiIssues, serverMessage } from '../../../lib/errors';
import { isUrlRefusal } from '../monitoring';
import { isMonitorField, type MonitorField, type MonitorSubmit } from './monitorFormValues';

/**
 * The field a server refusal belongs on, if any: the url rules (a refusal whose field is 'url') and
 * any validation issue that names a form field.
 */
export function monitorFieldError(error: unknown): { field: MonitorField; message: string } | null {
  const message = serverMessage(error);
  if (message !== null && isUrlRefusal(error)) return { field: 'url', message };
  for (const issue of apiIssues(error)) {
    const field = issue.path.split('.')[0] ?? '';
    if (isMonitorField(field)) return { field, message: issue.message };
  }
  return null;
}

/** A toast's title and text. */
export interface MonitorToast {
  title: string;
  message: string;
}

/** How a failed save reaches the user: on the field it is about, or else as a red toast. */
export type MonitorSaveFailure =
  { on: 'field'; field: MonitorField; message: string } | { on: 'toast'; title: string; message: string };

const failureToasts: Record<MonitorSubmit['kind'], { title: string; fallback: string }> = {
  create: { title: 'Creation Failed', fallback: 'Failed to create monitor. Please try again.' },
  update: { title: 'Update Failed', fallback: 'Failed to update monitor' },
};

/** A refused create or update: on its field when it names one, else a toast with the server's sentence. */
export function monitorSaveFailure(kind: MonitorSubmit['kind'], error: unknown): MonitorSaveFailure {
  const onField = monitorFieldError(error);
  if (onField) return { on: 'field', ...onField };
  const { title, fallback } = failureToasts[kind];
  return { on: 'toast', title, message: serverMessage(error) ?? fallback };
}

/** The toast after a save: 'Monitor Added' with its schedule, or 'Monitor Updated'. */
export function monitorSavedToast(
  kind: MonitorSubmit['kind'],
  monitor: { name: string; scheduleMinutes: number },
): MonitorToast {
  return kind === 'create'
    ? { title: 'Monitor Added', message: `${monitor.name} will be checked every ${monitor.scheduleMinutes} minutes.` }
    : { title: 'Monitor Updated', message: `${monitor.name} was saved.` };
}
