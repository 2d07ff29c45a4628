/**
 * The server's renderings of pages for signed-out visitors, kept for a second by path and data.
 * On a newsletter night hundreds of parents open the same two pages within seconds; each rendering
 * after the first costs a lookup instead of some milliseconds of React (more on a busy CPU, and a
 * cold browser's first byte waits for it).
 *
 * What may be kept: the HTML rendered for a visitor with no user, under a key holding the path and
 * the page's data as embedded (so a changed sheet is another key). It also depends on the clock:
 * the page compares dates with it (an event that has passed, a slot whose signups have closed). A
 * second is less than it takes a phone to receive and hydrate the page, which compares again and
 * renders anew where its answer differs: a kept rendering is no staler than a fresh one arrives.
 */

interface Entry {
  html: string;
  /** When it was rendered (epoch ms). */
  at: number;
}

export interface RenderedPagesLimits {
  /** How long a rendering is used, in ms. */
  maxAgeMs: number;
  /** Renderings kept at most; a new one beyond it pushes out the oldest. */
  maxEntries: number;
}

export class RenderedPages {
  // In the order they were rendered: the oldest first.
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly limits: RenderedPagesLimits = { maxAgeMs: 1000, maxEntries: 32 }) {}

  /** The rendering kept under `key`, while it is younger than maxAgeMs at `now`. */
  get(key: string, now: number): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at < this.limits.maxAgeMs) return entry.html;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `html` under `key`, and lets go of renderings that are too old or too many. */
  set(key: string, html: string, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { html, at: now });
    for (const [oldKey, entry] of this.entries) {
      if (now - entry.at < this.limits.maxAgeMs && this.entries.size <= this.limits.maxEntries) break;
      this.entries.delete(oldKey);
    }
  }
}
