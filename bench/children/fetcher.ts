/**
 * The monitoring baseline: plain fetches (Node's built-in fetch, which is undici) of the same URLs
 * with the same concurrency, sending If-None-Match when an ETag is known, and reading each body
 * whole. No parsing, diffing or database: the floor a website check cannot go below.
 */
import { runChild } from '../lib/child-side';

runChild(() =>
  Promise.resolve({
    url: '',
    stop: () => Promise.resolve(),
    handle: async (message, peakRss) => {
      if (message.type !== 'fetch') return null;
      const { urls, etags, concurrency } = message;
      const statuses: Record<string, number> = {};
      const nextEtags: (string | null)[] = urls.map(() => null);
      let cursor = 0;
      const started = performance.now();
      const worker = async () => {
        for (let i = cursor++; i < urls.length; i = cursor++) {
          const url = urls[i] ?? '';
          const etag = etags[i] ?? null;
          const res = await fetch(url, { headers: etag ? { 'If-None-Match': etag } : {} });
          await res.text();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          nextEtags[i] = res.headers.get('etag') ?? etag;
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      return { type: 'fetched', ms: performance.now() - started, statuses, etags: nextEtags, peakRss: peakRss() };
    },
  }),
);
