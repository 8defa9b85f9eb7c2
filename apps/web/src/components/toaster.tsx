import { TOASTS } from '@loupe/domain/config/constants';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@/components/ui/toast';
import { dismiss, useToasts } from '@/lib/toast';

/** Renders the toast store (lib/toast.ts); mount once at the root of the app, outside the routes. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TOASTS.defaultDurationMs} swipeThreshold={TOASTS.swipeThreshold}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          open={open}
          duration={duration}
          variant={variant}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={[TOASTS.hotkey]} />
    </ToastProvider>
  );
}
