import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/toaster';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { clearToasts, getToasts, toast } from '@/lib/toast';

afterEach(() => clearToasts());

/** A dialog (and a second one opened from it), controlled as every dialog of the app is. */
function PairDialog() {
  const [open, setOpen] = useState(true);
  const [nested, setNested] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent>
        <DialogTitle>Pair a TV</DialogTitle>
        <DialogDescription>Enter the code the TV shows.</DialogDescription>
        <input aria-label="Code on the TV" />
        <button type="button" onClick={() => setNested(true)}>
          Discard?
        </button>
        <Dialog open={nested} onOpenChange={setNested}>
          <DialogContent>
            <DialogTitle>Discard the code?</DialogTitle>
            <DialogDescription>It is not saved.</DialogDescription>
            <input aria-label="Reason" />
          </DialogContent>
        </Dialog>
      </DialogContent>
    </Dialog>
  );
}

function MenuSheet() {
  const [open, setOpen] = useState(true);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      {/* As the sidebar's sheet on a phone, which names its own slot. */}
      <SheetContent side="left" data-slot="sidebar">
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription>Where to go.</SheetDescription>
        <input aria-label="Find a screen" />
      </SheetContent>
    </Sheet>
  );
}

const openToast = () => getToasts().filter((record) => record.open);

// Radix stacks toasts over dialogs as layers, and only the newest layer hears Escape: a nudge arriving while a
// dialog is open took the Escape meant for the dialog (CI, keyboard.spec.ts, 2026-11-30).
describe('Escape with a toast on screen', () => {
  it('closes the dialog the focus is in, and leaves the toast that arrived after it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PairDialog />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Code on the TV' }));
    act(() => {
      toast({ title: 'Nudge', description: 'ORD-00041 has waited at Setting for 3 days.' });
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Pair a TV' })).not.toBeInTheDocument();
    expect(openToast().map((record) => record.title)).toEqual(['Nudge']);
  });

  it('closes only the innermost of two dialogs', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PairDialog />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Discard?' }));
    await user.click(screen.getByRole('textbox', { name: 'Reason' }));
    act(() => {
      toast({ title: 'New task for you' });
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Discard the code?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Pair a TV' })).toBeInTheDocument();
    expect(openToast()).toHaveLength(1);
  });

  it('closes a sheet the focus is in', async () => {
    const user = userEvent.setup();
    render(
      <>
        <MenuSheet />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Find a screen' }));
    act(() => {
      toast({ title: 'Saved' });
    });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(openToast()).toHaveLength(1);
  });

  it('still closes the newest toast when no dialog holds the focus', async () => {
    const user = userEvent.setup();
    render(
      <>
        <input aria-label="Search" />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('textbox', { name: 'Search' }));
    act(() => {
      toast({ title: 'Saved' });
    });
    await user.keyboard('{Escape}');
    expect(openToast()).toHaveLength(0);
  });
});
