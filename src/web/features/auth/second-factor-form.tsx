import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { verifyBackupCode, verifyTotp } from '../../../contract/auth/sign-in';
import { callApi, errorMessage } from '../../lib/api';

/** The second step when two-factor sign-in is on: a code from the authenticator app or a backup code. */
export function SecondFactorForm({
  onSignedIn,
  onCancel,
}: {
  onSignedIn: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [backup, setBackup] = useState(false);
  const verify = useMutation({
    mutationFn: () =>
      callApi(backup ? verifyBackupCode : verifyTotp, { body: { code: code.replace(/\s+/g, '') } }),
    onSuccess: onSignedIn,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!verify.isPending) verify.mutate();
  };
  const label = backup ? 'Backup code' : 'Authentication code';

  return (
    <form className="mt-6 grid gap-4" onSubmit={onSubmit} aria-label="Second step">
      <p className="text-sm">
        {backup
          ? 'Enter one of the backup codes you saved when you turned on two-factor sign-in.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <Field id="code" label={label}>
        <Input
          id="code"
          autoFocus
          required
          autoComplete="one-time-code"
          inputMode={backup ? 'text' : 'numeric'}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      {verify.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(verify.error, 'The code was not accepted. Please try again.')}
        </p>
      )}
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="underline"
          onClick={() => (setBackup(!backup), setCode(''), verify.reset())}
        >
          {backup ? 'Use the authenticator app' : 'Use a backup code'}
        </button>
        <button type="button" className="underline" onClick={onCancel}>
          Start over
        </button>
      </div>
    </form>
  );
}
