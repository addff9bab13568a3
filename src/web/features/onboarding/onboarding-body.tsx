import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getOnboarding } from '../../../contract/onboarding/onboarding';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { callApi, errorMessage } from '../../lib/api';
import { useI18n, useT } from '../../lib/i18n';
import { ONBOARDING_KEY, useOnboarding } from './api';
import { OnboardingForm } from './onboarding-form';

/** The section's content: loading, a load error, the form, or the answers' receipt once sent. */
export default function Onboarding() {
  const _ = useT();
  const i18n = useI18n();
  const onboarding = useOnboarding();
  const client = useQueryClient();
  const reread = useCallback(async () => {
    const view = await callApi(getOnboarding);
    client.setQueryData(ONBOARDING_KEY, view);
    return view;
  }, [client]);
  const refresh = useCallback(() => void reread(), [reread]);

  if (onboarding.isPending)
    return (
      <Card className="p-6">
        <h2 id="onboarding-title" className="text-xl font-bold">
          {_('onboarding.title')}
        </h2>
        <p role="status" className="mt-2 text-sm text-muted-foreground">
          {_('onboarding.loading')}
        </p>
      </Card>
    );
  if (onboarding.isError)
    return (
      <Card className="p-6">
        <h2 id="onboarding-title" className="text-xl font-bold">
          {_('onboarding.title')}
        </h2>
        <div role="alert" className="mt-2 text-sm">
          <p className="font-semibold">{_('onboarding.loadFailed')}</p>
          <p className="mt-1">{errorMessage(onboarding.error, _('onboarding.tryAgain'))}</p>
        </div>
        <Button variant="outline" className="mt-3" onClick={() => void onboarding.refetch()}>
          {_('onboarding.retry')}
        </Button>
      </Card>
    );
  const view = onboarding.data;
  if (view.status === 'submitted')
    return (
      <Card className="p-6" data-testid="onboarding-submitted">
        <h2 id="onboarding-title" className="text-xl font-bold">
          {_('onboarding.title')}
        </h2>
        <p role="status" className="mt-2 font-semibold">
          {_('onboarding.sent', {
            date: i18n.date(new Date(view.submittedAt ?? Date.now()), { dateStyle: 'long' }),
          })}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">{_('onboarding.sentText')}</p>
      </Card>
    );
  return <OnboardingForm initial={view} reread={reread} onSubmittedElsewhere={refresh} />;
}
