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
  children,
}: {
  label: string;
  title: string;
  description?: ReactNode;
  variant?: 'outline' | 'red' | 'primary';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const _ = useT();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} className="print:hidden">
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
export function ActionError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
    >
      {message}
    </p>
  );
}
