import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusElement } from '../../lib/focus';
import { Button, type ButtonVariant } from './button';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

interface DialogContentProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** 'center' (a dialog) or 'left' (a drawer that slides over the page). */
  side?: 'center' | 'left';
  className?: string;
  closeLabel?: string;
  /**
   * Where focus goes when the dialog closes, when not back to what opened it: after a delete the
   * opener leaves with its row, so the next row or the list's heading (lib/focus.ts).
   */
  returnFocus?: () => HTMLElement | null;
}

/**
 * A modal over an overlay: focus moves in and stays in (Radix traps it), Escape or the close
 * button closes it, and focus returns to what opened it (a trigger, or the row's button that
 * opened a dialog shared by every row) or to `returnFocus`, never to the page's body.
 */
export function DialogContent({
  title,
  description,
  children,
  side = 'center',
  className,
  closeLabel = 'Close',
  returnFocus,
}: DialogContentProps) {
  const opener = useRef<Element | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-testid="dialog-overlay"
        className="fixed inset-0 z-40 bg-black/50 data-[state=open]:animate-fade-in"
      />
      <DialogPrimitive.Content
        className={cn(
          'fixed z-50 bg-card text-foreground shadow-lg focus:outline-none',
          side === 'center' &&
            'left-1/2 top-1/2 max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg p-6 data-[state=open]:animate-dialog-in',
          side === 'left' &&
            'inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto p-4 data-[state=open]:animate-drawer-in',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={() => {
          opener.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocus?.() ?? opener.current;
          if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
            event.preventDefault();
            focusElement(target);
          }
        }}
      >
        <div className="flex items-start justify-between gap-4">
          <DialogPrimitive.Title className="text-lg font-bold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="sm" aria-label={closeLabel} className="-mr-2 -mt-1 px-2">
              <X className="size-4" aria-hidden="true" />
            </Button>
          </DialogPrimitive.Close>
        </div>
        {description && (
          <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
            {description}
          </DialogPrimitive.Description>
        )}
        <div className="mt-4">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A dialog form's buttons: 'Cancel' (closes, the form untouched) and its submit button, which
 * says it is working and cannot be pressed twice while the request is on its way.
 */
export function DialogActions({
  submitLabel,
  pendingLabel,
  pending,
  variant,
  className,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" variant={variant} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  returnFocus?: () => HTMLElement | null;
}

/** Asks before something that cannot be undone (deleting, disabling). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  returnFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description} returnFocus={returnFocus}>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="red" disabled={pending} onClick={onConfirm}>
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
