import { createContext, type KeyboardEvent as ReactKeyboardEvent, useContext } from 'react';

// Radix stacks toasts, dialogs and sheets as layers, and only the newest layer hears Escape. A toast that
// arrives while a dialog is open (a nudge, a scan) is newer, so it took the Escape meant for the dialog the
// person is typing in, and the dialog stayed open. WAI-ARIA's dialog pattern gives Escape to the dialog that
// has the focus: the toast hands such an Escape on and stays; the dialog closes on it.

// Set on a dialog's or sheet's content after its props (a caller may give it a data-slot of its own, as
// the sidebar's sheet does).
const MODAL_CONTENT = '[data-modal-content]';
const handedOn = new WeakSet<Event>();

/** A toast's onEscapeKeyDown: an Escape pressed inside a dialog is the dialog's, and the toast stays. */
export function handEscapeToModal(event: KeyboardEvent): void {
  if (!(event.target instanceof Element) || event.target.closest(MODAL_CONTENT) === null) return;
  event.preventDefault();
  handedOn.add(event);
}

/** How a dialog or sheet is closed: its Root's onOpenChange (Dialog and Sheet require one). */
export const ModalOpenChangeContext = createContext<((open: boolean) => void) | undefined>(undefined);

/**
 * A dialog's or sheet's content onKeyDown: closes it on an Escape a toast handed on. The innermost dialog
 * takes it (React bubbles the event through a nested dialog's portal to its parent too). A content's own
 * onEscapeKeyDown is not asked: the app's dialogs refuse to close (while saving) in onOpenChange instead.
 */
export function useCloseOnHandedEscape(
  onKeyDown: ((event: ReactKeyboardEvent<HTMLDivElement>) => void) | undefined,
): (event: ReactKeyboardEvent<HTMLDivElement>) => void {
  const onOpenChange = useContext(ModalOpenChangeContext);
  return (event) => {
    onKeyDown?.(event);
    if (event.key === 'Escape' && handedOn.delete(event.nativeEvent)) onOpenChange?.(false);
  };
}
