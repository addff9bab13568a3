import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useLeadDigest, useSetLeadDigest } from './api';

/** The signed-in employee's choice of a morning e-mail listing the leads they saved that are due. */
export function DigestToggle({ className }: { className?: string }) {
  const setting = useLeadDigest();
  const change = useSetLeadDigest();
  // The box follows the click at once (a controlled checkbox must change in the same event); a refusal puts it back.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const enabled = chosen ?? Boolean(setting.data?.enabled);
  return (
    <div className={cn('grid gap-1', className)}>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4"
          checked={enabled}
          disabled={!setting.data}
          aria-describedby="lead-digest-hint"
          onChange={(e) => {
            const on = e.target.checked;
            setChosen(on);
            change.mutate(on, {
              onSettled: () => setChosen(null),
              onSuccess: ({ enabled: on }) =>
                toast({
                  title: on ? 'Morning e-mail on' : 'Morning e-mail off',
                  description: on
                    ? 'Each morning from about 7 a.m., when any of your leads are due.'
                    : 'You will get no more e-mails of due leads.',
                }),
              onError: (error) =>
                toast({
                  title: 'The setting was not saved',
                  description: errorMessage(error, 'Please try again.'),
                  variant: 'destructive',
                }),
            });
          }}
        />
        E-mail me my due leads each morning
      </label>
      <p id="lead-digest-hint" className="text-xs text-muted-foreground">
        {setting.isError
          ? `Could not read this setting: ${errorMessage(setting.error, 'Unknown error')}`
          : 'One e-mail around 7 a.m. listing the leads you saved whose follow-up is due; none when nothing is due.'}
      </p>
    </div>
  );
}
