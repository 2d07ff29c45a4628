import { Worker } from 'node:worker_threads';
import type { ReadJob, ReadReply } from './readerProtocol.ts';

export type { ReadReply };

/**
 * Where the compiled server keeps the reader's thread, relative to the bundle this module is built
 * into (apps/server/build.mjs defines it). From source it is the TypeScript file beside this one,
 * which Node runs by stripping its types.
 */
declare const PAC_PAGE_READER_WORKER: string | undefined;

function workerUrl(): URL {
  const compiled = typeof PAC_PAGE_READER_WORKER === 'string' ? PAC_PAGE_READER_WORKER : null;
  return new URL(compiled ?? './readPage.worker.ts', import.meta.url);
}

export interface PageReaderOptions {
  /** The thread stops after this long without a page to read, and starts again with the next one. */
  idleMs?: number;
  /** A page that takes longer to read fails, and the thread reading it is replaced. */
  readTimeoutMs?: number;
  /**
   * The thread's heap limit. By default it is the process's (scripts/serve.sh gives the server
   * 512 MB), and the process's `--max-old-space-size`, when given, wins over this. Either way a page
   * that needs more ends the thread, not the server: that page fails and the thread is replaced.
   */
  maxHeapMb?: number;
}

export class PageReadError extends Error {
  override readonly name = 'PageReadError';
}

interface Pending {
  job: ReadJob;
  resolve: (reply: ReadReply) => void;
  reject: (err: Error) => void;
}

/**
 * Reads downloaded pages on a thread of their own. Parsing a 100 KB page takes milliseconds of CPU,
 * which on the server's main thread would hold up every request that arrives meanwhile; here it
 * runs beside them (a monitoring pass over 200 pages is also about a third faster on two cores:
 * bench/results.md). A page whose reading runs away (out of memory, or past readTimeoutMs) ends
 * the thread, not the server: that page fails, and the pages queued behind it go to a new thread.
 *
 * One thread, started with the first page (or by warm()) and stopped when idle, so a server whose
 * monitors run hourly holds it for seconds an hour. Pages are read one at a time in the order they
 * come, so the first one still pending is the one being read.
 */
export class PageReader {
  private worker: Worker | null = null;
  /** Whether the thread has started running (the read timeout counts from then). */
  private online = false;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  private readTimer: NodeJS.Timeout | null = null;
  private readonly idleMs: number;
  private readonly readTimeoutMs: number;
  private readonly maxHeapMb: number | undefined;

  constructor(opts: PageReaderOptions = {}) {
    this.idleMs = opts.idleMs ?? 30_000;
    this.readTimeoutMs = opts.readTimeoutMs ?? 30_000;
    this.maxHeapMb = opts.maxHeapMb;
  }

  /**
   * Starts the thread ahead of a first page (a server with monitors, one just added), so that page
   * does not wait the ~50 ms a thread and its parser take to load. It stops again after idleMs.
   */
  warm(): void {
    if (this.worker) return;
    this.rest(this.start());
  }

  /**
   * Decodes, reads and hashes one page on the thread. The page's bytes are copied to it, so a page
   * queued behind one that ends the thread can be sent again.
   */
  read(job: Omit<ReadJob, 'id'>): Promise<ReadReply> {
    const id = this.nextId++;
    return new Promise<ReadReply>((resolve, reject) => {
      this.pending.set(id, { job: { ...job, id }, resolve, reject });
      this.send(id);
    });
  }

  /** Stops the thread; pages still queued fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.clearTimers();
    const queued = [...this.pending.values()];
    this.pending.clear();
    for (const entry of queued) entry.reject(new PageReadError('The page reader was stopped.'));
    await worker?.terminate();
  }

  private send(id: number): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = this.worker ?? this.start();
    // Held while pages are queued, so that a script awaiting a check is not left with nothing running.
    worker.ref();
    worker.postMessage(entry.job);
    if (this.pending.size === 1) this.watchHead();
  }

  private start(): Worker {
    this.online = false;
    const worker = new Worker(
      workerUrl(),
      this.maxHeapMb === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } },
    );
    worker.on('online', () => {
      if (worker !== this.worker) return;
      this.online = true;
      this.watchHead();
    });
    worker.on('message', (reply: ReadReply) => this.answer(worker, reply));
    worker.on('error', (err: Error) => this.ended(worker, err));
    worker.on('exit', (code) => this.ended(worker, new PageReadError(`The page reader stopped (exit code ${code}).`)));
    this.worker = worker;
    return worker;
  }

  private answer(worker: Worker, reply: ReadReply): void {
    if (worker !== this.worker) return;
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    this.watchHead();
    entry.resolve(reply);
    if (this.pending.size === 0) this.rest(worker);
  }

  /** Times the page now being read (the first one pending), once the thread is running. */
  private watchHead(): void {
    if (this.readTimer) clearTimeout(this.readTimer);
    this.readTimer = null;
    const head = this.pending.keys().next();
    const worker = this.worker;
    if (head.done || !worker || !this.online) return;
    const headId = head.value;
    this.readTimer = setTimeout(() => {
      if (worker === this.worker && this.pending.keys().next().value === headId) {
        this.ended(worker, new PageReadError(`Reading the page took longer than ${this.readTimeoutMs / 1000} s.`));
      }
    }, this.readTimeoutMs);
    this.readTimer.unref();
  }

  /**
   * The thread died (out of memory, a crash) or hung: the page it was reading fails with the reason,
   * and the pages queued behind it go to a new thread.
   */
  private ended(worker: Worker, err: Error): void {
    if (worker !== this.worker) return;
    this.worker = null;
    this.clearTimers();
    void worker.terminate();
    const head = this.pending.entries().next();
    if (head.done) return;
    const [headId, entry] = head.value;
    this.pending.delete(headId);
    entry.reject(err);
    for (const id of [...this.pending.keys()]) this.send(id);
  }

  /** Nothing queued: the thread may let the process exit, and stops after idleMs. */
  private rest(worker: Worker): void {
    worker.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (worker !== this.worker || this.pending.size > 0) return;
      this.worker = null;
      this.clearTimers();
      void worker.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private clearTimers(): void {
    for (const timer of [this.idleTimer, this.readTimer]) if (timer) clearTimeout(timer);
    this.idleTimer = null;
    this.readTimer = null;
  }
}

let shared: PageReader | null = null;

/** The process's page reader, made on first use. */
export function pageReader(): PageReader {
  shared ??= new PageReader();
  return shared;
}
