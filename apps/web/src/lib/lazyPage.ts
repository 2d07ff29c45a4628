import { type ComponentType, createElement, lazy, type ReactElement } from 'react';

/** A page whose code loads on demand, with a way to load it ahead. */
export interface LazyPage {
  (): ReactElement;
  /** Loads the page's code; once it is here, the page renders at once rather than suspend. */
  preload: () => Promise<void>;
}

/**
 * A page that loads on demand like `lazy(load)`, but renders at once when its code is already here
 * (`preload`): the first page of a visit then needs no Suspense fallback, which React keeps on
 * screen for at least 300 ms once shown, and no second render.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const OnDemand = lazy(start);
  const Page = () => createElement(loaded ?? OnDemand);
  Page.preload = () => start().then(() => undefined);
  return Page;
}
