import { cva } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Dialog as SheetPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { ModalOpenChangeContext, useCloseOnHandedEscape } from './modal-escape';

/**
 * Controlled, always: the sheet closes through `onOpenChange`, also on an Escape a toast hands on to it
 * (modal-escape.ts).
 */
export function Sheet(
  props: ComponentProps<typeof SheetPrimitive.Root> & {
    readonly open: boolean;
    readonly onOpenChange: (open: boolean) => void;
  },
) {
  return (
    <ModalOpenChangeContext value={props.onOpenChange}>
      <SheetPrimitive.Root data-slot="sheet" {...props} />
    </ModalOpenChangeContext>
  );
}

function SheetOverlay({ className, ...props }: ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn('fixed inset-0 z-50 bg-black/50', className)}
      {...props}
    />
  );
}

const sheetContentVariants = cva('fixed z-50 flex flex-col gap-4 bg-background shadow-lg outline-none', {
  variants: {
    side: {
      left: 'inset-y-0 left-0 h-full w-3/4 border-r sm:max-w-sm',
      right: 'inset-y-0 right-0 h-full w-3/4 border-l sm:max-w-sm',
    },
  },
  defaultVariants: { side: 'right' },
});

/** A dialog sliding in from one side. Like any dialog it needs a SheetTitle (visually hidden if need be). */
export function SheetContent({
  className,
  children,
  side = 'right',
  showCloseButton = true,
  onKeyDown,
  ...props
}: ComponentProps<typeof SheetPrimitive.Content> & { side?: 'left' | 'right'; showCloseButton?: boolean }) {
  // Escape closes the sheet even when a toast arrived after it opened (modal-escape.ts).
  const closeOnHandedEscape = useCloseOnHandedEscape(onKeyDown);
  return (
    <SheetPrimitive.Portal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(sheetContentVariants({ side }), className)}
        onKeyDown={closeOnHandedEscape}
        {...props}
        data-modal-content=""
      >
        {children}
        {showCloseButton ? (
          <SheetPrimitive.Close
            className={cn(
              'absolute top-4 right-4 rounded-xs opacity-70 transition-opacity hover:opacity-100',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
              'focus-visible:ring-offset-background focus-visible:outline-none disabled:pointer-events-none',
            )}
          >
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Close</span>
          </SheetPrimitive.Close>
        ) : null}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sheet-header" className={cn('flex flex-col gap-1.5 p-4', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn('font-semibold text-foreground', className)}
      {...props}
    />
  );
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
