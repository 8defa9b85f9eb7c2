// @vitest-environment jsdom
import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inputSourceOf, SCANNER_MAX_KEY_GAP_MS, useScannerCapture } from './scanner-input';

const evenly = (count: number, gap: number) => Array.from({ length: count }, (_, index) => index * gap);

describe('telling a scanner from a person', () => {
  it('calls a fast burst of an EPC’s length a scanner', () => {
    expect(inputSourceOf(evenly(24, 8))).toBe('scanner');
  });

  it('calls slow keys typing, however long', () => {
    expect(inputSourceOf(evenly(24, 180))).toBe('typed');
  });

  it('calls a few fast keys typing: too short for an EPC', () => {
    expect(inputSourceOf(evenly(4, 5))).toBe('typed');
  });

  it('forgives one slow gap in a scanner burst', () => {
    const times = evenly(24, 6);
    const hiccup = times.map((time, index) => (index >= 12 ? time + 400 : time));
    expect(inputSourceOf(hiccup)).toBe('scanner');
  });
});

describe('catching scanner bursts on a kiosk page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function press(keys: string, gapMs: number, start = 1000) {
    let now = start;
    const clock = vi.spyOn(performance, 'now');
    for (const key of [...keys, 'Enter']) {
      clock.mockReturnValue(now);
      fireEvent.keyDown(window, { key: key === 'Enter' ? 'Enter' : key });
      now += gapMs;
    }
  }

  it('hands a scanned EPC to the kiosk and ignores the same keys typed slowly', () => {
    const onScan = vi.fn();
    renderHook(() => useScannerCapture(onScan, true));
    press('E28011700000000000000A01', 5);
    expect(onScan).toHaveBeenCalledWith('E28011700000000000000A01');
    onScan.mockClear();
    press('E28011700000000000000A02', SCANNER_MAX_KEY_GAP_MS * 3, 10_000);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('leaves keys typed into a field alone', () => {
    const onScan = vi.fn();
    renderHook(() => useScannerCapture(onScan, true));
    const input = document.createElement('input');
    document.body.append(input);
    const clock = vi.spyOn(performance, 'now');
    let now = 0;
    for (const key of [...'E28011700000000000000A01', 'Enter']) {
      now += 5;
      clock.mockReturnValue(now);
      fireEvent.keyDown(input, { key });
    }
    expect(onScan).not.toHaveBeenCalled();
    input.remove();
  });

  it('listens only while enabled', () => {
    const onScan = vi.fn();
    renderHook(() => useScannerCapture(onScan, false));
    press('E28011700000000000000A01', 5);
    expect(onScan).not.toHaveBeenCalled();
  });
});
