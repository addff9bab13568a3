import { useState, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { useT } from '../../lib/i18n';

/**
 * A button that opens a dialog to confirm an action. The button is the dialog's trigger, so
 * Radix gives focus back to it when the dialog closes; `children` gets `close` for after success.
 */
export function ActionDialog({
  label,
  title,
  description,
  variant = 'outline',
  size,
  ariaLabel,
  children,
}: {
  label: string;
  title: string;
  description?: ReactNode;
  variant?: 'outline' | 'red' | 'primary';
  size?: 'sm' | 'md';
  /** When the label alone is ambiguous ('Pay now' on each open invoice); it starts with the label. */
  ariaLabel?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const _ = useT();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} size={size} aria-label={ariaLabel} className="print:hidden">
          {label}
        </Button>
      </DialogTrigger>
      {open && (
        <DialogContent
          title={title}
          description={description}
          closeLabel={_('account.closeDialog')}
        >
          {children(() => setOpen(false))}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The dialog's answer to a failed action, read out when it appears. */
export function ActionError({
  message,
  next,
  focusable,
}: {
  message: string | null;
  /** What to do about it ('Update card'), shown under the message. */
  next?: ReactNode;
  /** The form moves focus here when it fails, so the keyboard stays in the dialog. */
  focusable?: boolean;
}) {
  if (!message) return null;
  return (
    <div
      role="alert"
      tabIndex={focusable ? -1 : undefined}
      className="mb-4 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <p className="font-medium text-destructive">{message}</p>
      {next && <div className="mt-2">{next}</div>}
    </div>
  );
}
