import type { TStationScanResult } from '@loupe/domain/tracking/tracking-api';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { StationKiosk } from './station-kiosk';

const EPC = 'E28011700000000000000A01';
const moved: TStationScanResult = {
  outcome: 'moved',
  epc: EPC,
  item: { kind: 'order', id: 'o1', number: 'ORD-00042' },
  returnedFromOffsite: false,
  message: 'Moved to Bench 3.',
};

/**
 * A scanner's burst: the EPC and Enter, 5 ms apart, on the page (no field focused). The kiosk reads each key's
 * own time (`event.timeStamp`), which jsdom takes from Date.now() as it creates the event.
 */
function scanWithScanner(text: string) {
  let now = 50_000;
  const clock = vi.spyOn(Date, 'now');
  for (const key of [...text, 'Enter']) {
    clock.mockReturnValue(now);
    fireEvent.keyDown(window, { key });
    now += 5;
  }
  clock.mockRestore();
}

function renderKiosk(overrides: Partial<Parameters<typeof StationKiosk>[0]> = {}) {
  const props = {
    stationName: 'Bench 3',
    onScan: vi.fn(async () => moved),
    onCheckOut: vi.fn(async () => 'Next: Setting.'),
    onExit: vi.fn(),
    ...overrides,
  };
  render(<StationKiosk {...props} />);
  return props;
}

describe('a station kiosk', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('checks a scanned envelope in without any field focused', async () => {
    const props = renderKiosk();
    scanWithScanner(EPC);
    const last = screen.getByRole('region', { name: 'Last scan' });
    expect(await within(last).findByText('ORD-00042 checked in')).toBeInTheDocument();
    expect(props.onScan).toHaveBeenCalledWith({ epc: EPC, scannedAt: expect.any(String) });
    expect(props.onCheckOut).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('list', { name: 'Kiosk scans' })).getByText('Scanned'),
    ).toBeInTheDocument();
  });

  it('checks out: the step here is done and it says what comes next', async () => {
    const props = renderKiosk();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Check out/ }));
    expect(screen.getByRole('button', { name: /Check out/ })).toHaveAttribute('aria-pressed', 'true');
    scanWithScanner(EPC);
    const last = screen.getByRole('region', { name: 'Last scan' });
    expect(await within(last).findByText('ORD-00042 checked out')).toBeInTheDocument();
    expect(within(last).getByText('Next: Setting.')).toBeInTheDocument();
    expect(props.onCheckOut).toHaveBeenCalledWith(moved.item);
  });

  it('says why a check-out was not done', async () => {
    renderKiosk({
      onCheckOut: vi.fn(async () => {
        throw new ApiError({
          status: 403,
          code: 'FORBIDDEN',
          message: 'Only QA can complete Quality check.',
        });
      }),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: /Check out/ }));
    scanWithScanner(EPC);
    const last = screen.getByRole('region', { name: 'Last scan' });
    expect(await within(last).findByText('Not done')).toBeInTheDocument();
    expect(within(last).getByText('Only QA can complete Quality check.')).toBeInTheDocument();
  });

  it('marks a tag typed by hand as typed, and refuses what is not a tag', async () => {
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => {
      now += 250;
      return now;
    });
    const props = renderKiosk();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Type a tag that will not scan' }));
    await user.type(screen.getByLabelText('Tag number'), `${EPC}{Enter}`);
    const log = screen.getByRole('list', { name: 'Kiosk scans' });
    expect(await within(log).findByText('Typed by hand')).toBeInTheDocument();
    expect(props.onScan).toHaveBeenCalledTimes(1);

    await user.type(screen.getByLabelText('Tag number'), 'hello{Enter}');
    expect(
      await within(screen.getByRole('region', { name: 'Last scan' })).findByText('Not a tag'),
    ).toBeInTheDocument();
    expect(props.onScan).toHaveBeenCalledTimes(1);
  });

  it('does not hijack slow typing on the page', () => {
    const props = renderKiosk();
    let now = 0;
    const clock = vi.spyOn(Date, 'now');
    for (const key of [...EPC, 'Enter']) {
      now += 300;
      clock.mockReturnValue(now);
      fireEvent.keyDown(window, { key });
    }
    expect(props.onScan).not.toHaveBeenCalled();
  });
});
