import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { handEscapeToModal } from './modal-escape';

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        // At the bottom on every screen: at the top of a phone it covered the page title and the menu.
        // Narrow and in the corner on wider screens, over the page's margin rather than its controls.
        'fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-none',
        'md:max-w-[360px]',
        'focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden',
    'rounded-md border p-4 pr-8 shadow-lg transition-all',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)',
    'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
    'data-[state=closed]:opacity-0',
  ],
  {
    variants: {
      variant: {
        default: 'border bg-background text-foreground',
        // In dark mode a card with red text: the light red token would not carry white text (WCAG AA).
        destructive:
          'destructive border-destructive bg-destructive text-destructive-foreground dark:bg-card dark:text-destructive',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Toast({
  className,
  variant,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      className={cn(toastVariants({ variant }), className)}
      // An Escape pressed in a dialog closes the dialog, not a toast that arrived after it (modal-escape.ts).
      onEscapeKeyDown={(event) => {
        onEscapeKeyDown?.(event);
        handEscapeToModal(event);
      }}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="Close"
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 text-foreground/60 opacity-70 transition-opacity',
        'hover:text-foreground hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2',
        'focus-visible:ring-ring focus-visible:outline-none group-[.destructive]:text-destructive-foreground dark:group-[.destructive]:text-destructive',
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      data-slot="toast-title"
      className={cn('text-sm font-semibold', className)}
      {...props}
    />
  );
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn('text-sm opacity-90', className)}
      {...props}
    />
  );
}
