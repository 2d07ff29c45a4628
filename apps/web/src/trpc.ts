import type { AppRouter } from '@pac/api';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import superjson from 'superjson';
import { userHeaders } from './lib/session/storedUser';

export const trpc = createTRPCReact<AppRouter>();

type Fetch = typeof fetch;

export interface TrpcClientOptions {
  /** The tRPC endpoint; the server serves it at /trpc beside the app. */
  url?: string;
  /** The fetch to use; tests hand in undici's, because happy-dom's enforces CORS. */
  fetch?: Fetch;
}

/**
 * The tRPC client: batched, superjson-encoded, sending cookies with every request and the
 * X-User-ID header when a user is stored (SPEC.md section 6).
 */
export function createTrpcClient({ url = '/trpc', fetch: fetchImpl }: TrpcClientOptions = {}) {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url,
        maxItems: 10, // the server refuses larger batches (API.md)
        transformer: superjson,
        headers: userHeaders,
        fetch: (input, init) => (fetchImpl ?? globalThis.fetch)(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}

/**
 * SPEC.md section 7: data is never considered stale, no automatic retry, no refetch on focus;
 * the app refreshes what a change affects by invalidating it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
