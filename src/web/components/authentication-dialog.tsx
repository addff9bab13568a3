import { FlaskConical, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../lib/i18n';
import { Button } from './ui/button';
import { Dialog, DialogContent } from './ui/dialog';

export type AuthenticationOutcome = 'complete' | 'fail';

/**
 * Test mode's stand-in for the bank's 3-D Secure page (like Stripe's test page for 4000 0027 6000
 * 3184): a modal that asks to complete or fail the authentication, clearly marked as test mode.
 * Focus moves into it and stays there (Radix); Escape or the close button
 * answers 'fail', as abandoning a bank's page does.
 */
export function TestAuthenticationDialog({
  open,
  onAnswer,
}: {
  open: boolean;
  onAnswer(outcome: AuthenticationOutcome): void;
}) {
  const _ = useT();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onAnswer('fail')}>
      {open && (
        <DialogContent
          title={_('sca.title')}
          description={_('sca.text')}
          closeLabel={_('sca.fail')}
        >
          <div
            role="note"
            className="flex gap-3 rounded-lg border-2 border-dashed border-flag-red bg-muted p-3 text-sm"
          >
            <FlaskConical className="mt-0.5 size-5 shrink-0 text-flag-red" aria-hidden="true" />
            <p>
              <span className="font-bold">{_('sca.testMode')}</span> {_('sca.testNote')}
            </p>
          </div>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onAnswer('fail')}>
              {_('sca.fail')}
            </Button>
            <Button variant="red" onClick={() => onAnswer('complete')}>
              <ShieldCheck className="size-4" aria-hidden="true" />
              {_('sca.complete')}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * Asks the simulated bank page and waits for its answer: `ask()` opens the dialog and resolves
 * with the client's answer; render `dialog` where the page can show it.
 */
export function useTestAuthentication() {
  const [pending, setPending] = useState<((outcome: AuthenticationOutcome) => void) | null>(null);
  const ask = () => new Promise<AuthenticationOutcome>((resolve) => setPending(() => resolve));
  const dialog = (
    <TestAuthenticationDialog
      open={pending !== null}
      onAnswer={(outcome) => {
        pending?.(outcome);
        setPending(null);
      }}
    />
  );
  return { ask, dialog };
}
