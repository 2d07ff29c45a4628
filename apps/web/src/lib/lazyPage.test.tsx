import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

/** A page module that counts how often its code is asked for. */
function pageModule(text: string) {
  const counter = { loads: 0 };
  const load = () => {
    counter.loads += 1;
    return Promise.resolve({ default: () => <p>{text}</p> });
  };
  return { counter, load };
}

describe('lazyPage', () => {
  it('renders through its Suspense fallback until its code is here, like lazy()', async () => {
    const { counter, load } = pageModule('The roster');
    const Page = lazyPage(load);
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading page')).toBeDefined();
    expect(await screen.findByText('The roster')).toBeDefined();
    expect(counter.loads).toBe(1);
  });

  it('renders at once, with no fallback, once preloaded, and loads its code once', async () => {
    const { counter, load } = pageModule('The dashboard');
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('The dashboard')).toBeDefined();
    expect(screen.queryByText('Loading page')).toBeNull();
    expect(counter.loads).toBe(1);
  });
});
