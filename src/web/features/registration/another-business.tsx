import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { registerAnotherBusiness, type BusinessType } from '../../../contract/registration/fields';
import { Button } from '../../components/ui/button';
import { describedBy, Field, Input, Select } from '../../components/ui/field';
import { callApi, errorMessage, fieldIssues } from '../../lib/api';
import { useErrorWords } from '../../lib/error-words';
import { pageLocale, useT } from '../../lib/i18n';
import { usePlans } from '../plans';
import { BusinessTypeOptions, PlanOptions } from './choices';

const FIELDS = ['businessName', 'businessType', 'subscriptionPlan', 'website'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/**
 * Another business of the signed-in client (issue 28 §3, docs/decisions/032), inside the billing
 * page's dialog: the owner's name and e-mail are the session's, so only the business is asked
 * for; the answer is a new checkout, where the client goes next.
 */
export function AnotherBusinessForm() {
  const _ = useT();
  useErrorWords();
  const [, navigate] = useLocation();
  const { data: plans, isPending: plansLoading } = usePlans();
  const [values, setValues] = useState<Values>({
    businessName: '',
    businessType: '',
    subscriptionPlan: '',
    website: '',
  });
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const issues = fieldIssues(error);
  const general =
    error && Object.keys(issues).length === 0 ? errorMessage(error, _('reg.tryLater')) : null;

  // A failure moves focus to the first field the server named, else to the message above the form.
  useEffect(() => {
    if (!error) return;
    const first = FIELDS.find((f) => fieldIssues(error)[f]);
    document.getElementById(first ? `another-${first}` : 'another-problem')?.focus();
  }, [error]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    const body = {
      businessName: values.businessName,
      businessType: values.businessType as BusinessType,
      subscriptionPlan: values.subscriptionPlan,
      ...(values.website.trim() ? { website: values.website } : {}),
      language: pageLocale,
    };
    callApi(registerAnotherBusiness, { body }).then(
      (result) => navigate(`~${result.checkoutPath}`),
      (failure: unknown) => {
        setPending(false);
        setError(failure);
      },
    );
  };
  const control = (name: keyof Values, hint?: string) => ({
    id: `another-${name}`,
    name,
    value: values[name],
    'aria-invalid': issues[name] ? true : undefined,
    'aria-describedby': describedBy(`another-${name}`, issues[name], hint),
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {general && (
        <p
          id="another-problem"
          role="alert"
          tabIndex={-1}
          className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive"
        >
          {general}
        </p>
      )}
      <Field
        id="another-businessName"
        label={_('reg.businessName')}
        required
        error={issues.businessName}
      >
        <Input {...control('businessName')} autoComplete="organization" required />
      </Field>
      <Field
        id="another-businessType"
        label={_('reg.businessType')}
        required
        error={issues.businessType}
      >
        <Select {...control('businessType')} required>
          <BusinessTypeOptions />
        </Select>
      </Field>
      <Field
        id="another-subscriptionPlan"
        label={_('reg.subscriptionPlan')}
        required
        error={issues.subscriptionPlan}
      >
        <Select {...control('subscriptionPlan')} required disabled={plansLoading}>
          <PlanOptions plans={plans} loading={plansLoading} />
        </Select>
      </Field>
      <Field
        id="another-website"
        label={_('reg.website')}
        hint={_('reg.websiteHint')}
        error={issues.website}
      >
        <Input {...control('website', _('reg.websiteHint'))} inputMode="url" autoComplete="url" />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? _('reg.submitting') : _('reg.submit')}
        </Button>
      </div>
    </form>
  );
}
