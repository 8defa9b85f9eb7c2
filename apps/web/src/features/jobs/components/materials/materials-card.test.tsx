import type { TJobMaterials, TMaterialLine } from '@loupe/domain/jobs/materials';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { stubPointerApis } from '@/test/dom-stubs';
import { EnvelopePrintDialog } from '../envelope/envelope-print-dialog';
import { ZplDownloadButton } from '../envelope/zpl-download-button';
import { MaterialsCard } from './materials-card';
import { PickupDialog } from './pickup-dialog';

const AT = '2031-06-01T10:00:00.000Z';
const SIGNED_PNG = 'data:image/png;base64,iVBORw0KGgo=';

const line = (overrides: Partial<TMaterialLine>): TMaterialLine => ({
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'stone',
  description: 'Diamond',
  count: 1,
  weightMilli: 1_020,
  stone: { shape: 'round', sizeMm: '6.5', colour: 'G', clarity: 'VS1', setting: 'set' },
  metal: null,
  isIntake: true,
  balance: {
    in: { count: 1, weightMilli: 1_020 },
    onHand: { count: 0, weightMilli: 0 },
    atBench: [{ holder: 'Bench 2', count: 1, weightMilli: 1_020 }],
    used: { count: 0, weightMilli: 0 },
    checkedOut: { count: 0, weightMilli: 0 },
    shortfall: { count: 0, weightMilli: 0 },
    isAccounted: false,
  },
  entries: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      lineId: '33333333-3333-4333-8333-333333333333',
      type: 'received',
      count: 1,
      weightMilli: 1_020,
      holder: '',
      note: '',
      at: AT,
      byName: 'Sam Counter',
    },
  ],
  ...overrides,
});

const chain = line({
  id: '55555555-5555-4555-8555-555555555555',
  kind: 'metal',
  description: 'Gold chain',
  count: 0,
  weightMilli: 12_450,
  stone: null,
  metal: { alloy: '18k' },
  balance: {
    in: { count: 0, weightMilli: 12_450 },
    onHand: { count: 0, weightMilli: 12_450 },
    atBench: [],
    used: { count: 0, weightMilli: 0 },
    checkedOut: { count: 0, weightMilli: 0 },
    shortfall: { count: 0, weightMilli: 0 },
    isAccounted: false,
  },
  entries: [],
});

const MATERIALS: TJobMaterials = {
  kind: 'repair',
  itemId: '22222222-2222-4222-8222-222222222222',
  lines: [line({}), chain],
  signatures: [
    {
      id: '66666666-6666-4666-8666-666666666666',
      purpose: 'intake',
      signerName: 'Ada Lovelace',
      image: SIGNED_PNG,
      signedAt: AT,
      recordedByName: 'Sam Counter',
    },
  ],
  isAccounted: false,
  phases: [
    { key: 'bench', name: 'Bench work' },
    { key: 'qc', name: 'Quality check' },
  ],
};

/** jsdom has no canvas: the pad draws on nothing and hands on a fixed PNG. */
function stubCanvas() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(SIGNED_PNG);
}

function sign(name: RegExp) {
  const pad = screen.getByRole('img', { name });
  fireEvent.pointerDown(pad, { clientX: 10, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(pad, { clientX: 40, clientY: 20, pointerId: 1 });
  fireEvent.pointerUp(pad, { pointerId: 1 });
}

describe('the job envelope’s materials (issue 37 §4)', () => {
  beforeEach(() => {
    stubPointerApis();
    stubCanvas();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows each line with what is on hand and at which bench, its ledger and the signatures', () => {
    render(
      <MaterialsCard
        materials={MATERIALS}
        error={null}
        onRetry={() => {}}
        customerName="Ada Lovelace"
        canIntake={false}
        moveTypes={['issued', 'returned']}
        onIntake={vi.fn()}
        onMove={vi.fn()}
      />,
    );
    const diamond = screen.getByRole('row', { name: 'Diamond' });
    expect(diamond).toHaveTextContent('1 × Diamond, 1.020 ct, round, 6.5 mm, G, VS1, set');
    expect(diamond).toHaveTextContent('Bench 2: 1 · 1.020 ct');
    expect(within(diamond).getByRole('list', { name: 'Ledger of Diamond' })).toHaveTextContent(
      'Received at intake · 1 · 1.020 ct · Sam Counter',
    );
    expect(screen.getByRole('row', { name: 'Gold chain' })).toHaveTextContent('12.45 g');
    expect(screen.getByRole('img', { name: 'Signature of Ada Lovelace at intake' })).toHaveAttribute(
      'src',
      SIGNED_PNG,
    );
    expect(screen.queryByRole('button', { name: 'Take materials in' })).not.toBeInTheDocument();
  });

  it('returns a stone from its bench, and shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    const onMove = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({
          code: 'MATERIALS_NOT_AT_BENCH',
          message: 'Only 0 · 0.000 ct at Bench 3.',
          status: 409,
        }),
      )
      .mockResolvedValueOnce(MATERIALS);
    render(
      <MaterialsCard
        materials={MATERIALS}
        error={null}
        onRetry={() => {}}
        customerName="Ada Lovelace"
        canIntake
        moveTypes={['returned']}
        onIntake={vi.fn()}
        onMove={onMove}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Move Diamond' }));
    const dialog = await screen.findByRole('dialog');
    const holder = within(dialog).getByRole('combobox', { name: 'Bench or person' });
    expect(holder).toHaveValue('Bench 2');
    await user.clear(holder);
    await user.type(holder, 'Bench 3');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('Only 0 · 0.000 ct at Bench 3.')).toBeInTheDocument();
    await user.clear(holder);
    await user.type(holder, 'Bench 2');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(onMove).toHaveBeenLastCalledWith(MATERIALS.lines[0]?.id, {
      type: 'returned',
      count: 1,
      weightMilli: null,
      holder: 'Bench 2',
      note: '',
    });
  });

  it('checks each line out at pickup, wants the customer’s signature, and sends the shortfall explained', async () => {
    const user = userEvent.setup();
    const onPickup = vi.fn().mockResolvedValue(MATERIALS);
    const returned = { ...MATERIALS, lines: [chain] };
    render(
      <PickupDialog
        number="REP-00042"
        customerName="Ada Lovelace"
        materials={returned}
        onPickup={onPickup}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Pickup check' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Gold chain goes back to the customer' }));
    const grams = within(dialog).getByRole('textbox', { name: 'Grams out' });
    expect(grams).toHaveValue('12.45');
    await user.clear(grams);
    await user.type(grams, '12.30');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'If short: what happened' }),
      'Solder losses',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Deliver' }));
    expect(await within(dialog).findByText('The customer signs for what they take.')).toBeInTheDocument();
    expect(onPickup).not.toHaveBeenCalled();
    sign(/signature at pickup/);
    await user.click(within(dialog).getByRole('button', { name: 'Deliver' }));
    expect(onPickup).toHaveBeenCalledWith({
      lines: [{ lineId: chain.id, count: 0, weightMilli: 12_300, shortfallNote: 'Solder losses' }],
      signature: { signerName: 'Ada Lovelace', image: SIGNED_PNG },
    });
  });

  it('previews the envelope at A5 or #10 size, with the QR, EPC, materials in and a sign-off box per phase', async () => {
    const user = userEvent.setup();
    const print = vi.fn();
    render(
      <EnvelopePrintDialog
        envelope={{
          kindLabel: 'Repair',
          number: 'REP-00042',
          customerName: 'Ada Lovelace',
          customerPhone: null,
          promisedDate: null,
          isRush: false,
          description: 'Gold ring, loose prong',
          jobUrl: 'http://loupe.test/repairs/22222222-2222-4222-8222-222222222222',
          epc: 'E28011600000000000000042',
          photos: [],
          conditionNotes: 'Scratched band',
          estimate: '$85.00',
        }}
        materials={MATERIALS}
        print={print}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Print envelope' }));
    const dialog = await screen.findByRole('dialog');
    const preview = within(dialog).getByRole('article', { name: 'Envelope REP-00042' });
    expect(preview).toHaveAttribute('data-envelope-size', 'a5');
    expect(preview.querySelector('[data-qr-value]')).toHaveAttribute(
      'data-qr-value',
      'http://loupe.test/repairs/22222222-2222-4222-8222-222222222222',
    );
    expect(preview).toHaveTextContent('EPC E28011600000000000000042');
    expect(within(preview).getByRole('region', { name: 'Materials in' })).toHaveTextContent(
      'Gold chain, 18k, 12.45 g',
    );
    expect(preview).toHaveTextContent('Scratched band');
    expect(preview).toHaveTextContent('$85.00');
    const signOff = within(preview).getByRole('region', { name: 'Sign-off' });
    expect(
      within(signOff)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PhaseInitialsDate', 'Bench work', 'Quality check']);
    // The page the browser prints on follows the choice.
    expect(document.body.querySelector('[data-print-envelope] style')?.textContent).toContain(
      'size: 148mm 210mm',
    );
    await user.click(within(dialog).getByRole('radio', { name: /#10 envelope/ }));
    expect(within(dialog).getByRole('article', { name: 'Envelope REP-00042' })).toHaveAttribute(
      'data-envelope-size',
      'no10',
    );
    expect(document.body.querySelector('[data-print-envelope] style')?.textContent).toContain(
      'size: 9.5in 4.125in',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('downloads the Zebra label that writes the job’s EPC', async () => {
    const save = vi.fn();
    render(
      <ZplDownloadButton number="REP-00042" customerName="Ada" epc="E28011600000000000000042" save={save} />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Zebra RFID (ZPL)' }));
    const [blob, fileName] = save.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('REP-00042-envelope.zpl');
    expect(await blob.text()).toContain('^RFW,H,2,12,1^FDE28011600000000000000042^FS');
  });
});
