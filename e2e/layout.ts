import type { Page } from 'playwright-core';

/**
 * What is wrong with the layout of the page as it is now: the page scrolls sideways, an element
 * reaches past the window's right edge, a box scrolls sideways that should not, or a text runs past
 * the edge of a box that hides its overflow. Text cut on purpose (an ellipsis with a title that
 * holds the whole text) and the insides of boxes made to scroll sideways (tables, raw content)
 * are fine.
 */
export async function layoutProblems(page: Page, scope: 'page' | 'dialog'): Promise<string[]> {
  return page.evaluate((scope) => {
    const viewportWidth = document.documentElement.clientWidth;
    const problems: string[] = [];
    const describe = (element: Element) => {
      const classes = (element.getAttribute('class') ?? '')
        .split(/\s+/)
        .filter((name) => name !== '' && !/^m_[0-9a-f]+$/.test(name))
        .slice(0, 3)
        .join(' ');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      return `<${element.tagName.toLowerCase()}${classes ? ` class="${classes}"` : ''}> "${text.slice(0, 50)}${text.length > 50 ? '…' : ''}"`;
    };
    const scrollsOnPurpose = (element: Element) =>
      element.matches(
        '.mantine-ScrollArea-root, .mantine-ScrollArea-viewport, .mantine-TableScrollContainer-scrollContainer, pre, textarea, input, select',
      );

    if (document.documentElement.scrollWidth > viewportWidth) {
      problems.push(
        `the page scrolls sideways (scrollWidth ${document.documentElement.scrollWidth} > ${viewportWidth})`,
      );
    }

    // With a dialog open, the page behind it has been checked on its own: check the dialog on top.
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"]')).filter((d) => d.checkVisibility());
    const root = scope === 'dialog' ? dialogs.at(-1) : document.body;
    if (!root) return ['no open dialog to check'];
    for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
      if (element instanceof SVGElement && !(element instanceof SVGSVGElement)) continue;
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const rect = element.getBoundingClientRect();
      // Nothing to see, or visually hidden text (a 1 px clipped box) for screen readers.
      if (rect.width <= 2 || rect.height <= 2) continue;
      const style = getComputedStyle(element);

      // The box this element is seen through: the window, narrowed by every ancestor that hides
      // or scrolls its overflow. Visually hidden text (a 1 px clipped box) is left alone; inside a
      // box made to scroll sideways, only what is cut within the element itself counts.
      let clipLeft = 0;
      let clipRight = viewportWidth;
      let clipper: Element | null = null;
      let skip = false;
      let inScroller = false;
      for (
        let ancestor = element.parentElement;
        ancestor && ancestor !== document.body;
        ancestor = ancestor.parentElement
      ) {
        if (getComputedStyle(ancestor).overflowX === 'visible') continue;
        const box = ancestor.getBoundingClientRect();
        if (box.width <= 2 || box.height <= 2) {
          skip = true;
          break;
        }
        if (scrollsOnPurpose(ancestor)) {
          inScroller = true;
          break;
        }
        const inner = box.left + ancestor.clientLeft;
        if (inner > clipLeft) clipLeft = inner;
        if (inner + ancestor.clientWidth < clipRight) {
          clipRight = inner + ancestor.clientWidth;
          clipper = ancestor;
        }
      }
      if (skip) continue;

      if (!inScroller && clipper === null && rect.right > viewportWidth + 1) {
        problems.push(
          `wider than the window (right edge ${Math.round(rect.right)} > ${viewportWidth}): ${describe(element)}`,
        );
      }
      // A flex or grid item that sticks out of its row overlaps what is beside it.
      const parent = element.parentElement;
      if (parent && parent !== document.body && (style.position === 'static' || style.position === 'relative')) {
        const parentStyle = getComputedStyle(parent);
        if (/flex|grid/.test(parentStyle.display)) {
          const parentBox = parent.getBoundingClientRect();
          const contentRight =
            parentBox.right - parseFloat(parentStyle.borderRightWidth) - parseFloat(parentStyle.paddingRight);
          if (rect.right > contentRight + 1) {
            problems.push(
              `sticks out of its row (right edge ${Math.round(rect.right)} > ${Math.round(contentRight)}): ${describe(element)}`,
            );
          }
        }
      }
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        !scrollsOnPurpose(element) &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        problems.push(
          `scrolls sideways (scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}): ${describe(element)}`,
        );
      }

      const texts = Array.from(element.childNodes).filter(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (texts.length === 0 || element instanceof SVGElement) continue;
      const titled = element.closest('[title]') !== null;
      const truncatedOnPurpose = (box: Element) => getComputedStyle(box).textOverflow === 'ellipsis' && titled;
      if (
        (style.overflowX === 'hidden' || style.overflowX === 'clip') &&
        style.display !== 'inline' &&
        element.scrollWidth > element.clientWidth + 1 &&
        !truncatedOnPurpose(element)
      ) {
        problems.push(
          `clipped text (scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth}): ${describe(element)}`,
        );
        continue;
      }
      const range = document.createRange();
      let left = Infinity;
      let right = -Infinity;
      for (const text of texts) {
        range.selectNodeContents(text);
        const box = range.getBoundingClientRect();
        if (box.width === 0) continue;
        left = Math.min(left, box.left);
        right = Math.max(right, box.right);
      }
      // Text that runs out of its own box overlaps what is beside it.
      if (style.display !== 'inline' && style.overflowX === 'visible' && right > rect.right + 1) {
        problems.push(
          `text runs out of its box (to ${Math.round(right)}, its box ends at ${Math.round(rect.right)}): ${describe(element)}`,
        );
      }
      if (!inScroller && (right > clipRight + 1 || left < clipLeft - 1) && !(clipper && truncatedOnPurpose(clipper))) {
        const edge = clipper ? `the edge of ${describe(clipper).slice(0, 80)}` : 'the window';
        problems.push(
          `clipped text (runs from ${Math.round(left)} to ${Math.round(right)}, past ${edge} at ${Math.round(clipLeft)}–${Math.round(clipRight)}): ${describe(element)}`,
        );
      }

      // Text squeezed into too narrow a box breaks inside its words ('Ima / ge'). Words up to 20
      // characters stay whole (a hyphen may end a line); longer ones (addresses, compound words)
      // may break anywhere.
      words: for (const text of texts) {
        for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
          // Chinese and Korean may break between any two characters: only other scripts' words count.
          if (word[0].length > 20 || /[\p{Script=Han}\p{Script=Hangul}]/u.test(word[0])) continue;
          for (const part of word[0].matchAll(/[^-–—/]+/g)) {
            const start = word.index + part.index;
            range.setStart(text, start);
            range.setEnd(text, start + part[0].length);
            const tops = Array.from(range.getClientRects(), (line) => line.top);
            if (Math.max(...tops) - Math.min(...tops) > 4) {
              problems.push(`a word breaks across lines ('${part[0]}': its box is too narrow): ${describe(element)}`);
              break words;
            }
          }
        }
      }
    }
    return [...new Set(problems)];
  }, scope);
}

/** The brand stays on one line; at phone width, icon buttons are at least 44 × 44 px. */
export async function headerAndTouchProblems(page: Page, phone: boolean): Promise<string[]> {
  return page.evaluate((phone) => {
    const problems: string[] = [];
    const brand = document.querySelector('header a[href="/"]');
    if (brand) {
      const lines = brand.getClientRects().length;
      const height = brand.getBoundingClientRect().height;
      const lineHeight = parseFloat(getComputedStyle(brand.firstElementChild ?? brand).lineHeight) || 28;
      if (lines > 1 || height > lineHeight * 1.5)
        problems.push(`'PAC Hub' wraps in the header (${Math.round(height)} px tall)`);
    }
    if (phone) {
      // Icon buttons inside a field (show password) are sized by the field.
      for (const button of Array.from(document.querySelectorAll('.mantine-ActionIcon-root'))) {
        if (!button.checkVisibility() || button.closest('.mantine-Input-section')) continue;
        const { width, height } = button.getBoundingClientRect();
        if (width < 43.5 || height < 43.5) {
          problems.push(
            `touch target under 44 × 44 px (${Math.round(width)} × ${Math.round(height)}): ${button.getAttribute('aria-label') ?? button.outerHTML.slice(0, 80)}`,
          );
        }
      }
    }
    return problems;
  }, phone);
}
