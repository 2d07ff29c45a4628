import { act } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from './useHydrated';

function Probe({ seen }: { seen: boolean[] }) {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'browser' : 'server'}</p>;
}

const container = document.createElement('div');
afterEach(() => {
  container.innerHTML = '';
});

describe('useHydrated', () => {
  it('is false on the server, and in the browser while hydrating; then true, with no mismatch', () => {
    const html = renderToString(<Probe seen={[]} />);
    expect(html).toBe('<p>server</p>');
    container.innerHTML = html;
    const serverParagraph = container.firstChild;
    const seen: boolean[] = [];
    const errors: unknown[] = [];
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.innerHTML).toBe('<p>browser</p>');
    // Hydrated, then updated: the server's element was kept.
    expect(container.firstChild).toBe(serverParagraph);
    expect(errors).toEqual([]);
    act(() => root?.unmount());
  });

  it('is true from the first render of a page the browser renders itself', () => {
    const seen: boolean[] = [];
    const root = createRoot(container);
    act(() => root.render(<Probe seen={seen} />));
    expect(seen.every(Boolean)).toBe(true);
    expect(container.innerHTML).toBe('<p>browser</p>');
    act(() => root.unmount());
  });
});
