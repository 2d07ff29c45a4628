import { useLingui } from '@lingui/react';
import { Alert, Button, Center, Loader, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What QueryState reads of a query: a tRPC query's result as it is, or the loading / failed /
 * data props a view is handed.
 */
export interface QueryStatus<T> {
  isPending: boolean;
  isError: boolean;
  /** Once neither pending nor failed, missing data is shown as a failure too. */
  data: T | undefined;
}

/** What a failed load asks of the reader, unless told otherwise (a message: `i18n._(loadFailedText)`). */
export const loadFailedText = /*i18n*/ 'Please refresh the page or try again later.';

export interface LoadFailedProps {
  /** The alert's title: 'Could not load people'. */
  title: string;
  /** The sentence under it, in place of `loadFailedText` (the server's, for example). */
  text?: string;
  /** Adds a 'Try again' button that asks once more. */
  onRetry?: () => void;
}

/** The red alert shown in place of something that could not be loaded. */
export function LoadFailed({ title, text, onRetry }: LoadFailedProps) {
  const { i18n } = useLingui();
  const sentence = text ?? i18n._(loadFailedText);
  if (!onRetry) {
    return (
      <Alert color="red" title={title}>
        {sentence}
      </Alert>
    );
  }
  return (
    <Alert color="red" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{sentence}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {i18n._('Try again')}
        </Button>
      </Stack>
    </Alert>
  );
}

export interface LoadingRowsProps {
  /** How many grey bars, and how tall each is. */
  rows: number;
  height: number;
  gap?: 'xs' | 'sm';
  /** Names what is loading for screen readers ('Loading people'). */
  label?: string;
}

/** Grey bars in the shape of a list that is loading, marked busy. */
export function LoadingRows({ rows, height, gap = 'xs', label }: LoadingRowsProps) {
  return (
    // A named region needs a role for its name to count (axe: aria-prohibited-attr on a plain div).
    <Stack gap={gap} aria-busy="true" role={label ? 'status' : undefined} aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} />
      ))}
    </Stack>
  );
}

/** A spinner in the middle of the page's content, marked busy; `label` names what is loading. */
export function CenteredLoader({ label }: { label: string }) {
  return (
    <Center py="xl" aria-busy="true">
      <Loader aria-label={label} />
    </Center>
  );
}

function isEmptyList(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

export interface QueryStateProps<T> {
  query: QueryStatus<T>;
  /** Shown while the query loads: `LoadingRows`, `CenteredLoader`, or a skeleton of the content. */
  loading: ReactNode;
  /** The failed alert's title ('Could not load people'). */
  failed: string;
  /** The failed alert's sentence, in place of asking to refresh the page. */
  failedText?: string;
  /** Adds a 'Try again' button to the failed alert. */
  onRetry?: () => void;
  /** Shown in place of the content when there is nothing to show (an empty list, or `isEmpty`). */
  empty?: ReactNode;
  /** The empty state as one dimmed sentence, in place of `empty`. */
  emptyText?: string;
  isEmpty?: (data: T) => boolean;
  /** The content, once the data is there. */
  children: (data: T) => ReactNode;
}

/** A query's loading, failed and empty states, and its content once loaded. */
export function QueryState<T>({
  query,
  loading,
  failed,
  failedText,
  onRetry,
  empty,
  emptyText,
  isEmpty = isEmptyList,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError || query.data === undefined)
    return <LoadFailed title={failed} text={failedText} onRetry={onRetry} />;
  if (empty !== undefined && isEmpty(query.data)) return <>{empty}</>;
  if (emptyText !== undefined && isEmpty(query.data)) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
