import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setSchoolClock } from '../src/lib/dates';
import { testSchoolClock } from './schoolTime';

// Every date in the app is read on the school's clock, which main.tsx sets before the first render.
setSchoolClock(testSchoolClock);

// Tests of the server's rendering (entry-server.test.tsx) run under Node, with no window.
if (typeof window !== 'undefined') {
  // Browser APIs Mantine uses that happy-dom may lack.
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) satisfies MediaQueryList;
  }

  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }

  if (typeof Element.prototype.scrollIntoView !== 'function') {
    Element.prototype.scrollIntoView = () => undefined;
  }

  // Textarea's autosize listens for web fonts loading.
  if (!('fonts' in document) || document.fonts === undefined) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
}

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
