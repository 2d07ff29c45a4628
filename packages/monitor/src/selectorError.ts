/**
 * A watched or ignored selector that is not valid CSS. Its own module so that code which only needs to
 * recognise it (check.ts) does not load the HTML parser with it.
 */
export class InvalidSelectorError extends Error {
  override readonly name = 'InvalidSelectorError';
  readonly selector: string;
  constructor(selector: string, cause: unknown) {
    super(`Invalid CSS selector: ${selector}`, { cause });
    this.selector = selector;
  }
}
