import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';

/** jsdom lays nothing out: the widths and the resize callback are the test's. */
let onResize: (() => void) | null = null;
class FakeResizeObserver {
  constructor(callback: () => void) {
    onResize = callback;
  }
  observe() {}
  disconnect() {}
}

function setWidths(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

function renderTable() {
  render(
    <Table aria-label="Jobs">
      <TableBody>
        <TableRow>
          <TableCell>JOB-1</TableCell>
        </TableRow>
      </TableBody>
    </Table>,
  );
  const container = screen.getByRole('table', { name: 'Jobs' }).parentElement;
  if (!container) throw new Error('no table container');
  return container;
}

describe('Table', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    onResize = null;
  });

  it('is no tab stop while the table fits its box', () => {
    const container = renderTable();
    expect(container).not.toHaveAttribute('tabindex');
  });

  it('becomes a tab stop once the table is wider than its box, so the keyboard can scroll it, and stops being one when it fits again', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const container = renderTable();
    expect(container).not.toHaveAttribute('tabindex');
    setWidths(container, 900, 390);
    act(() => onResize?.());
    expect(container).toHaveAttribute('tabindex', '0');
    setWidths(container, 390, 390);
    act(() => onResize?.());
    expect(container).not.toHaveAttribute('tabindex');
  });
});
