export { isForbiddenAddress } from './addresses.ts';
export {
  checkPage,
  excerptOf,
  EXCERPT_MAX_CHARS,
  prepareChecks,
  type CheckOptions,
  type CheckOutcome,
  type MonitorToCheck,
  type PreviousState,
  type SnapshotStatus,
} from './check.ts';
export {
  classifyChange,
  hashContent,
  isRecentVersion,
  lineDiff,
  severityOf,
  summarizeChange,
  type ChangeType,
  type LineDiff,
  type Severity,
} from './diff.ts';
export { diffLines, type ChangedLines } from './diffLines.ts';
export { InvalidSelectorError } from './selectorError.ts';
export {
  ConnectionPool,
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT_MS,
  HostSpacer,
  MAX_REDIRECTS,
  MONITOR_USER_AGENT,
  MonitorFetchError,
  safeFetch,
  type FetchResult,
  type MonitorFetchErrorKind,
  type SafeFetchOptions,
} from './fetch.ts';
export {
  checkMonitorUrl,
  hasUnsafeCharacter,
  isHostWithinDomain,
  monitorMessages,
  normalizeDomain,
  type MonitorUrlCheck,
  type MonitorUrlPolicy,
  type MonitorUrlProblem,
} from './url.ts';
