import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubPointerApis } from '@/test/dom-stubs';
import { IntakeDialog } from './intake-dialog';

const SIGNED_PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('IntakeDialog (issue 37 §4)', () => {
  beforeEach(() => {
    stubPointerApis();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(SIGNED_PNG);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists a stone with its traits, refuses carats past 0.001 ct, and sends the lines with the signature', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn().mockResolvedValue(undefined);
    render(<IntakeDialog customerName="Ada Lovelace" onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Take materials in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take materials in' });
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    expect(within(dialog).getByText('Describe what it is.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Diamond');
    await user.type(within(dialog).getByRole('textbox', { name: 'Carats (ct)' }), '1.0205');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    expect(within(dialog).getByText('Carats are a number to 0.001 ct.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Carats (ct)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Carats (ct)' }), '1.02');
    await user.type(within(dialog).getByRole('textbox', { name: 'Colour' }), 'G');
    await user.click(within(dialog).getByRole('button', { name: 'Add line' }));
    expect(within(dialog).getByRole('list', { name: 'Materials to take in' })).toHaveTextContent(
      '1 × Diamond, 1.020 ct, round, G, set',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Record materials' }));
    expect(within(dialog).getByText('The customer signs for what they left.')).toBeInTheDocument();
    const pad = within(dialog).getByRole('img', { name: /signature at intake/ });
    fireEvent.pointerDown(pad, { clientX: 5, clientY: 5, pointerId: 1 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Record materials' }));
    expect(onSave).toHaveBeenCalledWith({
      lines: [
        {
          kind: 'stone',
          description: 'Diamond',
          count: 1,
          weightMilli: 1_020,
          stone: { shape: 'round', sizeMm: '', colour: 'G', clarity: '', setting: 'set' },
          metal: null,
        },
      ],
      signature: { signerName: 'Ada Lovelace', image: SIGNED_PNG },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
