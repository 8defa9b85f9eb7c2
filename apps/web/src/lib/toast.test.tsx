import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/toaster';
import { clearToasts, dismiss, getToasts, showScanToast, toast } from '@/lib/toast';

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time: a second toast replaces the first', () => {
    toast({ title: 'First' });
    toast({ title: 'Second' });
    const toasts = getToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]?.title).toBe('Second');
  });

  it('shows a toast for 5000 ms by default, or for the duration given', () => {
    toast({ title: 'Saved' });
    expect(getToasts()[0]?.duration).toBe(5000);
    toast({ title: 'Quick', duration: 1500 });
    expect(getToasts()[0]?.duration).toBe(1500);
  });

  it('removes a dismissed toast 1,000,000 ms after dismissal', () => {
    vi.useFakeTimers();
    const { id } = toast({ title: 'Bye' });
    dismiss(id);
    expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);

    vi.advanceTimersByTime(999_999);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it('dismisses every toast when no id is given', () => {
    toast({ title: 'One' });
    dismiss();
    expect(getToasts().every((record) => !record.open)).toBe(true);
  });

  it('shows a matched scan for 3000 ms with the spec wording', () => {
    showScanToast({ number: 'ORD-7', department: 'Casting', station: 'Bench 2', epc: 'E200ABC' });
    expect(getToasts()[0]).toMatchObject({
      title: 'ORD-7 detected at Casting - Bench 2',
      description: 'EPC: E200ABC',
      duration: 3000,
    });
  });
});

describe('Toaster', () => {
  it('renders only the latest toast in a region reachable with F8', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second', description: 'Details' });
    });
    const region = screen.getByRole('region', { name: /F8/ });
    expect(within(region).getByText('Second')).toBeInTheDocument();
    expect(within(region).getByText('Details')).toBeInTheDocument();
    expect(within(region).queryByText('First')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
