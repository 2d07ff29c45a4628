import type { ChangeWithMonitor, Monitor, SnapshotDetail, SnapshotRow } from '../src/features/monitoring/monitoring';

const at = new Date('2031-05-03T18:00:00Z');

/** A monitor as the server answers it, for component tests. */
export function sampleMonitor(overrides: Partial<Monitor> = {}): Monitor {
  return {
    id: 1,
    name: 'District news',
    url: 'https://www.example-district.org/news',
    selectors: ['main'],
    ignoreSelectors: [],
    scheduleMinutes: 15,
    lastCheckAt: null,
    lastContentHash: null,
    etag: null,
    lastModified: null,
    status: 'active',
    errorCount: 0,
    emailNotifications: true,
    internalPosts: true,
    facebookPosts: true,
    instagramPosts: true,
    filterFutureEvents: false,
    autoApprove: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function sampleChange(overrides: Partial<ChangeWithMonitor> = {}): ChangeWithMonitor {
  return {
    id: 1,
    monitorId: 1,
    snapshotId: 2,
    changeType: 'modified',
    summary: 'District news: 1 line added',
    diffContent: '+ Bake sale on Friday',
    severity: 'medium',
    detectedAt: at,
    monitor: { id: 1, name: 'District news', url: 'https://www.example-district.org/news' },
    ...overrides,
  };
}

export function sampleSnapshot(overrides: Partial<SnapshotRow> = {}): SnapshotRow {
  return {
    id: 7,
    monitorId: 1,
    contentHash: 'abcdef0123456789abcdef',
    excerpt: 'Welcome back, families',
    status: 'success',
    errorMessage: null,
    elementsFound: 1,
    durationMs: 120,
    capturedAt: at,
    monitor: { name: 'District news', url: 'https://www.example-district.org/news' },
    ...overrides,
  };
}

export function sampleSnapshotDetail(rawContent: string, overrides: Partial<SnapshotDetail> = {}): SnapshotDetail {
  const row = sampleSnapshot();
  return { ...row, rawContent, ...overrides };
}
