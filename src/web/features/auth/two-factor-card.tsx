import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { focusWhenShown } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useTwoFactor } from './admin-api';
import { QrCode } from './qr-code';

type Step = 'idle' | 'password' | 'scan' | 'disable';

/** An employee turns two-factor sign-in (an authenticator app) on or off for their own account. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { enable, confirm, disable } = useTwoFactor();
  const [step, setStep] = useState<Step>('idle');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const setup = enable.data;
  // Each step's form replaces the last: focus goes to its first field, and back to the button at the end.
  const go = (next: Step) => {
    setStep(next);
    focusWhenShown(() =>
      document.getElementById(
        next === 'idle' ? 'tf-start' : next === 'scan' ? 'tf-code' : 'tf-password',
      ),
    );
  };
  const restart = () => {
    go('idle');
    setPassword('');
    setCode('');
    enable.reset();
    confirm.reset();
    disable.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'password')
      enable.mutate(password, { onSuccess: () => (go('scan'), setPassword('')) });
    if (step === 'scan')
      confirm.mutate(code.replace(/\s+/g, ''), {
        onSuccess: () => (restart(), toast({ title: 'Two-factor sign-in is on' })),
      });
    if (step === 'disable')
      disable.mutate(password, {
        onSuccess: () => (restart(), toast({ title: 'Two-factor sign-in is off' })),
      });
  };
  const pending = enable.isPending || confirm.isPending || disable.isPending;
  const error = enable.error ?? confirm.error ?? disable.error;

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-center gap-3">
        <ShieldCheck className="size-5" aria-hidden="true" />
        <h2 className="text-lg font-semibold">Two-factor sign-in</h2>
        <Badge variant={enabled ? 'default' : 'secondary'}>{enabled ? 'On' : 'Off'}</Badge>
      </div>
      <p className="mt-2 text-sm text-muted-foreground">
        With two-factor sign-in, signing in with your password also asks for a code from an
        authenticator app on your phone.
      </p>
      {step === 'idle' && (
        <Button
          id="tf-start"
          className="mt-4"
          variant={enabled ? 'outline' : 'primary'}
          onClick={() => go(enabled ? 'disable' : 'password')}
        >
          {enabled ? 'Turn off two-factor sign-in' : 'Turn on two-factor sign-in'}
        </Button>
      )}
      {step !== 'idle' && (
        <form
          className="mt-4 grid max-w-md gap-4"
          onSubmit={submit}
          aria-label="Two-factor sign-in"
        >
          {(step === 'password' || step === 'disable') && (
            <Field
              id="tf-password"
              label="Your password"
              hint="We ask again before changing how you sign in."
            >
              <Input
                id="tf-password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
          )}
          {step === 'scan' && setup && (
            <ScanStep
              totpURI={setup.totpURI}
              backupCodes={setup.backupCodes}
              code={code}
              onCode={setCode}
            />
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errorMessage(error, 'That did not work. Please try again.')}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              {pending
                ? 'Saving...'
                : step === 'password'
                  ? 'Continue'
                  : step === 'scan'
                    ? 'Turn on'
                    : 'Turn off'}
            </Button>
            <Button variant="outline" onClick={restart}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

function ScanStep({
  totpURI,
  backupCodes,
  code,
  onCode,
}: {
  totpURI: string;
  backupCodes: string[];
  code: string;
  onCode: (code: string) => void;
}) {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-start">
        <QrCode text={totpURI} label="QR code for your authenticator app" />
        <div className="text-sm">
          <p>Scan the code with your authenticator app, or type this key into it:</p>
          <p className="mt-1 break-all font-mono" data-testid="totp-secret">
            {secret}
          </p>
          <p className="mt-3 font-medium">Backup codes</p>
          <p className="text-muted-foreground">
            Keep these somewhere safe. Each one signs you in once if you lose your phone.
          </p>
          <ul className="mt-1 grid grid-cols-2 gap-x-4 font-mono" aria-label="Backup codes">
            {backupCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      </div>
      <Field id="tf-code" label="Code from your app">
        <Input
          id="tf-code"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => onCode(e.target.value)}
        />
      </Field>
    </>
  );
}
