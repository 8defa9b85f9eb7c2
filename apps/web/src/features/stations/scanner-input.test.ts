// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
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

  /** A key down on `target`, stamped with the time it reached the browser. */
  function keyDown(target: EventTarget, key: string, timeStamp: number) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true });
    Object.defineProperty(event, 'timeStamp', { value: timeStamp });
    target.dispatchEvent(event);
  }

  function press(keys: string, gapMs: number, start = 1000) {
    let now = start;
    for (const key of [...keys, 'Enter']) {
      keyDown(window, key, now);
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
    let now = 0;
    for (const key of [...'E28011700000000000000A01', 'Enter']) {
      now += 5;
      keyDown(input, key, now);
    }
    expect(onScan).not.toHaveBeenCalled();
    input.remove();
  });

  it('keeps a burst whole when the busy page handles its keys late: the keys’ own times count', () => {
    const onScan = vi.fn();
    renderHook(() => useScannerCapture(onScan, true));
    // The page handles each key 400 ms after the last (a long render), while the scanner sent them 5 ms apart.
    let handledAt = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => {
      handledAt += SCANNER_MAX_KEY_GAP_MS * 8;
      return handledAt;
    });
    press('E28011700000000000000A03', 5);
    expect(onScan).toHaveBeenCalledWith('E28011700000000000000A03');
  });

  it('listens only while enabled', () => {
    const onScan = vi.fn();
    renderHook(() => useScannerCapture(onScan, false));
    press('E28011700000000000000A01', 5);
    expect(onScan).not.toHaveBeenCalled();
  });
});
