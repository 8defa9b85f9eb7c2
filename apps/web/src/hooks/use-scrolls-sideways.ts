import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether the element's content is wider than the element, so that it scrolls sideways; kept up to date as
 * either changes size. Such a box must be reachable by keyboard to be scrolled (WCAG 2.1.1; axe's
 * scrollable-region-focusable), and one that does not scroll should not be a tab stop.
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    // Browsers without ResizeObserver (jsdom in unit tests) measure once.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
