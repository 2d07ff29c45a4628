// The page reader's thread (see reader.ts): it decodes and parses each downloaded page, takes the
// watched text and hashes it, so that the server's own thread, which answers parents' requests, never spends the
// milliseconds a 100 KB page takes to parse. One job at a time, in the order they come.
import { parentPort } from 'node:worker_threads';
import { hashContent } from './diff.ts';
import { extractContent, filterFutureEvents } from './extract.ts';
import { decodeRawBody } from './decode.ts';
import type { ReadJob, ReadReply } from './readerProtocol.ts';
import { InvalidSelectorError } from './selectorError.ts';

function read(job: ReadJob): ReadReply {
  try {
    const extracted = extractContent(decodeRawBody(job.raw, job.truncated), job.selectors, job.ignoreSelectors);
    if (extracted.elementsFound === 0) return { id: job.id, kind: 'read', elementsFound: 0, text: '', hash: '' };
    const text = job.filterFutureEvents
      ? filterFutureEvents(extracted.text, new Date(job.now), job.timeZone)
      : extracted.text;
    return { id: job.id, kind: 'read', elementsFound: extracted.elementsFound, text, hash: hashContent(text) };
  } catch (err) {
    if (err instanceof InvalidSelectorError) return { id: job.id, kind: 'selector', selector: err.selector };
    return { id: job.id, kind: 'failed', message: err instanceof Error ? err.message : String(err) };
  }
}

parentPort?.on('message', (job: ReadJob) => {
  parentPort?.postMessage(read(job));
});
