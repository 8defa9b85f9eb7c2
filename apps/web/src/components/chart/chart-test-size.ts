import { within } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom lays nothing out, so a chart's container measures 0 × 0 and Recharts draws nothing. Tests that read
 * a chart give its container a size.
 */
export function giveChartsASize(width = 640, height = 280): void {
  beforeEach(() => {
    const original = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      if (this.classList.contains('recharts-responsive-container')) return new DOMRect(0, 0, width, height);
      return original.call(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** The figures the chart in `card` writes on its bars or points, in order. */
export function chartLabels(card: HTMLElement): string[] {
  const figure = within(card).getByRole('figure');
  return Array.from(figure.querySelectorAll('.recharts-label-list text')).map(
    (text) => text.textContent ?? '',
  );
}
