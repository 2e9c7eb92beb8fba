/**
 * What a page in the pseudo-locale (en-XA) shows that did not come from the catalogue, and what
 * does not fit its box. Every catalogue message reads "[Ŝéţţîñĝš ~~~]" there, so a plain ASCII
 * letter outside brackets is a word written inline. Text that is not words of ours is marked in
 * the markup with `data-verbatim` (the service's or the user's own text, such as a camera's
 * name, an address or a collection's name, and numbers, dates and units formatted by Intl);
 * third-party controls (the map's attribution) are listed in `ignore`.
 */
import type { Locator } from '@playwright/test';

export type Finding = { where: string; text: string };

export type PseudoCheckOptions = {
  /** CSS selectors whose text is not the app's words (e.g. '.leaflet-control-attribution'). */
  ignore?: readonly string[];
};

/** The ASCII words under `root` (its text and its aria-label, title, placeholder and alt). */
export async function wordsNotFromCatalogue(
  root: Locator,
  options: PseudoCheckOptions = {},
): Promise<Finding[]> {
  return root.evaluate((element, ignore) => {
    const skipped = ['[data-verbatim]', 'script', 'style', 'template', 'svg', ...ignore].join(',');
    // The rule of pseudo-words.ts's plainWords, here again: the page cannot import it.
    const plain = (text: string) => {
      let rest = text;
      for (let before = ''; before !== rest;)
        [before, rest] = [rest, rest.replace(/\[[^[\]]*\]/g, '')];
      return /[A-Za-z]{2,}/.test(rest);
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && el.getClientRects().length > 0;
    };
    const where = (el: Element) =>
      [el.tagName.toLowerCase(), el.id && `#${el.id}`, el.className && `.${String(el.className)}`]
        .filter(Boolean)
        .join('')
        .slice(0, 80);
    const found: { where: string; text: string }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_ELEMENT);
    for (let node: Node | null = element; node; node = walker.nextNode()) {
      const el = node as Element;
      if (el.closest(skipped) || !shown(el)) continue;
      for (const child of el.childNodes) {
        const text = child.nodeType === Node.TEXT_NODE ? (child.textContent ?? '') : '';
        if (plain(text)) found.push({ where: where(el), text: text.trim().slice(0, 120) });
      }
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const text = el.getAttribute(name) ?? '';
        if (plain(text)) found.push({ where: `${where(el)}[${name}]`, text: text.slice(0, 120) });
      }
    }
    return found;
  }, options.ignore ?? []);
}

/**
 * Text that does not fit: an element holding text whose content is wider (or, when it hides
 * what overflows, taller) than its box, unless it scrolls or ends in an ellipsis with the whole
 * text in its title.
 */
export async function textCutOff(root: Locator): Promise<Finding[]> {
  return root.evaluate((element) => {
    const found: { where: string; text: string }[] = [];
    for (const el of [element, ...element.querySelectorAll('*')]) {
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'contents') continue;
      if (el.getClientRects().length === 0 || style.visibility === 'hidden') continue;
      // A screen reader's words, hidden in a clipped 1-pixel box by design (app.css .sr-only).
      if (style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
      const hasText = [...el.childNodes].some(
        (child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim() !== '',
      );
      if (!hasText) continue;
      const scrolls = /auto|scroll/.test(style.overflowX + style.overflowY);
      const ellipsis = style.textOverflow === 'ellipsis' && el.getAttribute('title');
      if (scrolls || ellipsis) continue;
      const wide = el.scrollWidth > el.clientWidth + 1;
      const tall = style.overflowY === 'hidden' && el.scrollHeight > el.clientHeight + 1;
      if (wide || tall) {
        const text = (el.textContent ?? '').trim().slice(0, 120);
        found.push({ where: `${el.tagName.toLowerCase()}.${String(el.className)}`, text });
      }
    }
    return found;
  });
}
