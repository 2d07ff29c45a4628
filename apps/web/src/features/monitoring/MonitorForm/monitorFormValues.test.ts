import { monitorCreateSchema, monitorUpdateSchema } from '@pac/validators';
import { describe, expect, it } from 'vitest';
import { sampleMonitor } from '../../../../test/monitoringFixtures';
import { isMonitorField, monitorFormValues, monitorInput } from './monitorFormValues';

describe('monitorFormValues', () => {
  it("starts a new monitor with SPEC.md's defaults: every 15 minutes, every channel on, no filter, posts wait for approval", () => {
    expect(monitorFormValues()).toEqual({
      name: '',
      url: '',
      selectors: '',
      ignoreSelectors: '',
      scheduleMinutes: 15,
      filterFutureEvents: false,
      emailNotifications: true,
      internalPosts: true,
      facebookPosts: true,
      instagramPosts: true,
      autoApprove: false,
    });
    expect(monitorFormValues(null)).toEqual(monitorFormValues());
  });

  it("takes a monitor's own values, selectors one per line", () => {
    const monitor = sampleMonitor({
      name: 'Board minutes',
      url: 'https://board.example-district.org/minutes',
      selectors: ['main', '.news'],
      ignoreSelectors: ['.clock', '#weather'],
      scheduleMinutes: 60,
      filterFutureEvents: true,
      emailNotifications: false,
      internalPosts: false,
      facebookPosts: false,
      instagramPosts: true,
      autoApprove: true,
    });
    expect(monitorFormValues(monitor)).toEqual({
      name: 'Board minutes',
      url: 'https://board.example-district.org/minutes',
      selectors: 'main\n.news',
      ignoreSelectors: '.clock\n#weather',
      scheduleMinutes: 60,
      filterFutureEvents: true,
      emailNotifications: false,
      internalPosts: false,
      facebookPosts: false,
      instagramPosts: true,
      autoApprove: true,
    });
  });
});

describe('monitorInput', () => {
  it('turns the selector lines into lists, trimmed and without blank lines, and keeps the rest', () => {
    const values = {
      ...monitorFormValues(),
      name: 'District news',
      url: 'https://www.example-district.org/news',
      selectors: ' main \r\n\n.news-list',
      ignoreSelectors: '',
      scheduleMinutes: '30',
    };
    expect(monitorInput(values)).toEqual({
      ...values,
      selectors: ['main', '.news-list'],
      ignoreSelectors: [],
    });
  });

  it("round-trips a monitor's values into the create schema", () => {
    const monitor = sampleMonitor({ selectors: ['main', '.news'], ignoreSelectors: ['.clock'], autoApprove: true });
    const parsed = monitorCreateSchema.parse(monitorInput(monitorFormValues(monitor)));
    expect(parsed).toMatchObject({
      selectors: ['main', '.news'],
      ignoreSelectors: ['.clock'],
      scheduleMinutes: 15,
      autoApprove: true,
    });
  });

  it('carries the auto-approve switch into the update schema too', () => {
    const monitor = sampleMonitor({ id: 3, autoApprove: true });
    const parsed = monitorUpdateSchema.parse({ ...monitorInput(monitorFormValues(monitor)), id: monitor.id });
    expect(parsed).toMatchObject({ id: 3, autoApprove: true });
    const off = monitorUpdateSchema.parse({
      ...monitorInput({ ...monitorFormValues(monitor), autoApprove: false }),
      id: 3,
    });
    expect(off).toMatchObject({ id: 3, autoApprove: false });
  });
});

describe('isMonitorField', () => {
  it('knows the form fields and nothing else', () => {
    expect(isMonitorField('url')).toBe(true);
    expect(isMonitorField('instagramPosts')).toBe(true);
    expect(isMonitorField('autoApprove')).toBe(true);
    expect(isMonitorField('id')).toBe(false);
    expect(isMonitorField('')).toBe(false);
  });
});
