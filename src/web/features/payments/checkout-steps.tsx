import { Steps } from '../../components/ui/steps';
import { useT } from '../../lib/i18n';

/** 'Register → Pay → Done' on checkout and its confirmation, in the page's language. */
export function CheckoutSteps({ current }: { current: number }) {
  const _ = useT();
  return (
    <Steps
      steps={[_('steps.register'), _('steps.pay'), _('steps.done')]}
      current={current}
      label={_('steps.label')}
      doneLabel={_('steps.doneMark')}
    />
  );
}
