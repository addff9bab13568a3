import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  type BusinessType,
  isExistingClient,
  missingRequiredFields,
  type RegistrationField,
} from '../../../contract/registration/fields';
import { WEB_PATHS } from '../../../contract/site/routes';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Input, Select, Textarea } from '../../components/ui/field';
import { errorMessage } from '../../lib/api-core';
import { fieldIssues } from '../../lib/api';
import { loadMessages, pageLocale, pagePath, useT } from '../../lib/i18n';
import { savePendingRegistration } from './pending-registration';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
import { usePlans } from '../plans';
import { useRegisterBusiness } from './api';
import { loadFormMessages } from '../../lib/form-messages';
import type { RegistrationProblem } from './registration-check';
import { BusinessTypeOptions, PlanOptions } from './choices';
import { useErrorWords } from '../../lib/error-words';

/**
 * The contract's schema check and the error summary with its words: fetched when the form is
 * first used, never with the landing page (its first-load budget, docs/decisions/018 and 034).
 */
const loadCheck = () =>
  Promise.all([import('./registration-check'), loadFormMessages()]).then(([module]) => module);
const ErrorSummary = lazy(() => import('../../components/ui/error-summary'));

type Values = Record<RegistrationField, string>;
/** The form's labels (docs/product.md §5), by field: message ids. */
const LABELS: Record<RegistrationField, string> = {
  businessName: 'reg.businessName',
  ownerName: 'reg.ownerName',
  email: 'reg.email',
  phone: 'reg.phone',
  address: 'reg.address',
  businessType: 'reg.businessType',
  subscriptionPlan: 'reg.subscriptionPlan',
  website: 'reg.website',
  description: 'reg.description',
};

const EMPTY: Values = {
  businessName: '',
  ownerName: '',
  email: '',
  phone: '',
  address: '',
  businessType: '',
  subscriptionPlan: '',
  website: '',
  description: '',
};

export function RegistrationSection({
  chosenPlan,
}: {
  chosenPlan: { name: string; nonce: number } | null;
}) {
  useErrorWords();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<RegistrationField, string>>>({});
  /** Submits so far: each one with mistakes moves focus to the error summary. */
  const [attempt, setAttempt] = useState(0);
  const [checking, setChecking] = useState(false);
  const { data: plans, isPending: plansLoading } = usePlans();
  const register = useRegisterBusiness();
  const [, navigate] = useLocation();
  const hydrated = useHydrated();
  const sectionRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** The address already has a plan with us: the answer shown instead of a checkout (docs/decisions/032). */
  const [existingClient, setExistingClient] = useState(false);
  const existingRef = useRef<HTMLDivElement>(null);
  const _ = useT();

  useEffect(() => {
    if (existingClient) existingRef.current?.focus();
  }, [existingClient]);

  useEffect(() => {
    if (!chosenPlan) return;
    setValues((v) => ({ ...v, subscriptionPlan: chosenPlan.name }));
    setErrors((e) => ({ ...e, subscriptionPlan: undefined }));
    // Smooth unless the visitor asked for reduced motion (the page's scroll-behavior, theme.css).
    sectionRef.current?.scrollIntoView({ block: 'start' });
    formRef.current
      ?.querySelector<HTMLInputElement>('#businessName')
      ?.focus({ preventScroll: true });
  }, [chosenPlan]);

  const set = (field: RegistrationField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** A problem the schema found, in the page's words. */
  const word = (field: RegistrationField, problem: RegistrationProblem) => {
    const label = _(LABELS[field]);
    switch (problem.kind) {
      case 'required':
        return _('forms.required', { field: label });
      case 'tooLong':
        return _('forms.tooLong', { field: label, max: problem.max });
      case 'email':
        return _('forms.email');
      case 'website':
        return _('forms.website');
      case 'choose':
        return _('forms.choose', { field: label });
    }
  };

  /** The schema's problems by field; without its code (offline), the required fields only. */
  const problemsOf = async (): Promise<Partial<Record<RegistrationField, string>>> => {
    try {
      const { registrationProblems } = await loadCheck();
      const found = registrationProblems(values);
      return Object.fromEntries(
        Object.entries(found).map(([f, p]) => [f, word(f as RegistrationField, p)]),
      );
    } catch {
      return Object.fromEntries(
        missingRequiredFields(values).map((f) => [f, _('reg.required', { field: _(LABELS[f]) })]),
      );
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending || checking) return;
    setExistingClient(false);
    setChecking(true);
    const problems = await problemsOf().finally(() => setChecking(false));
    setErrors(problems);
    setAttempt((a) => a + 1);
    // Shown beside each field and in the summary at the top, which takes focus: no toast.
    if (Object.keys(problems).length > 0) return;
    register.mutate(
      { ...values, businessType: values.businessType as BusinessType, language: pageLocale },
      {
        onSuccess: (result) => {
          // A client who already pays: no second checkout; their billing page's link was e-mailed.
          // Its words are in the account catalog, fetched now: the landing page's first load stays
          // within its budget (docs/decisions/018).
          if (isExistingClient(result)) {
            setErrors({});
            void loadMessages(pageLocale, 'account').then(
              () => setExistingClient(true),
              () =>
                toast({
                  title: _('reg.failed'),
                  description: _('reg.tryLater'),
                  variant: 'destructive',
                }),
            );
            return;
          }
          // Registered before and not yet paid: the first registration's details stay (issue 25 §3); the page says so.
          if (result.resumed) toast({ title: _('reg.resumed'), description: _('reg.resumedText') });
          else toast({ title: _('reg.success'), description: _('reg.redirecting') });
          setValues(EMPTY);
          setErrors({});
          savePendingRegistration({ id: result.id, planName: result.plan.name });
          // The server's checkout link is already in this page's language ('/es/checkout/…'): '~' leaves the router's base.
          navigate(`~${result.checkoutPath}`);
        },
        onError: (error) => {
          const issues = fieldIssues(error);
          setErrors(issues);
          // The server named fields: the error summary shows them (and takes focus), not a toast.
          if (Object.keys(issues).length > 0) return;
          toast({
            title: _('reg.failed'),
            description: errorMessage(error, _('reg.tryLater')),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const control = (field: RegistrationField, hint?: string) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: set(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, errors[field], hint),
  });
  /** The problems in the form's order, for the error summary. */
  const summary = (Object.keys(LABELS) as RegistrationField[])
    .filter((f) => errors[f])
    .map((f) => ({ id: f, message: errors[f]! }));
  const fieldProps = (field: RegistrationField, required = false, hint?: string) => ({
    id: field,
    label: _(LABELS[field]),
    required,
    error: errors[field],
    hint,
  });

  return (
    <section
      id="register"
      ref={sectionRef}
      aria-labelledby="register-title"
      className="scroll-mt-4 py-16 below-fold"
    >
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="register-title" className="text-center text-3xl font-bold">
          {_('reg.title')}
        </h2>
        <p className="mt-3 text-center text-muted-foreground">{_('reg.intro')}</p>
        {existingClient && (
          <div
            ref={existingRef}
            tabIndex={-1}
            role="status"
            aria-labelledby="existing-client-title"
            className="mt-8 rounded-xl border-2 border-border bg-card p-6 text-foreground shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:p-8"
          >
            <h3 id="existing-client-title" className="text-xl font-semibold">
              {_('account.existingClient')}
            </h3>
            <p className="mt-2">{_('account.existingClientText')}</p>
            <p className="mt-2">
              {_('account.existingClientMore')}{' '}
              <a href={pagePath(WEB_PATHS.account)} className="font-medium underline">
                {_('account.existingClientLink')}
              </a>
            </p>
          </div>
        )}
        <Card className="mt-8 p-6 sm:p-8">
          <form
            ref={formRef}
            onSubmit={(event) => void onSubmit(event)}
            // The check's code is fetched while the visitor types, so a submit does not wait for it.
            onFocus={() => void loadCheck().catch(() => undefined)}
            noValidate
            aria-label={_('reg.form')}
          >
            {/* Disabled until React handles the form (it arrives rendered by the server). */}
            <fieldset
              disabled={!hydrated}
              className="m-0 grid min-w-0 gap-5 border-0 p-0 sm:grid-cols-2"
            >
              {summary.length > 0 && (
                <Suspense fallback={null}>
                  <ErrorSummary
                    // The spec's words when required fields are blank (docs/product.md §5), GOV.UK's otherwise.
                    title={
                      missingRequiredFields(values).length > 0
                        ? _('forms.missingFields')
                        : _('forms.problem')
                    }
                    problems={summary}
                    attempt={attempt}
                  />
                </Suspense>
              )}
              <Field {...fieldProps('businessName', true)}>
                <Input {...control('businessName')} autoComplete="organization" required />
              </Field>
              <Field {...fieldProps('ownerName', true)}>
                <Input {...control('ownerName')} autoComplete="name" required />
              </Field>
              <Field {...fieldProps('email', true)}>
                <Input {...control('email')} type="email" autoComplete="email" required />
              </Field>
              <Field {...fieldProps('phone')}>
                <Input {...control('phone')} type="tel" autoComplete="tel" />
              </Field>
              <Field {...fieldProps('address')} className="sm:col-span-2">
                <Input {...control('address')} autoComplete="street-address" />
              </Field>
              <Field {...fieldProps('businessType', true)}>
                <Select {...control('businessType')} required>
                  <BusinessTypeOptions />
                </Select>
              </Field>
              <Field {...fieldProps('subscriptionPlan', true)}>
                <Select {...control('subscriptionPlan')} required disabled={plansLoading}>
                  <PlanOptions plans={plans} loading={plansLoading} />
                </Select>
              </Field>
              <Field
                {...fieldProps('website', false, _('reg.websiteHint'))}
                className="sm:col-span-2"
              >
                <Input
                  {...control('website', _('reg.websiteHint'))}
                  type="url"
                  autoComplete="url"
                />
              </Field>
              <Field {...fieldProps('description')} className="sm:col-span-2">
                <Textarea {...control('description')} rows={4} />
              </Field>
              <div className="sm:col-span-2">
                <Button
                  type="submit"
                  variant="red"
                  size="lg"
                  className="w-full"
                  disabled={register.isPending}
                >
                  {register.isPending ? _('reg.submitting') : _('reg.submit')}
                </Button>
                <p className="mt-3 text-center text-xs text-muted-foreground">
                  {_('reg.requiredNote')}
                </p>
              </div>
            </fieldset>
          </form>
        </Card>
      </div>
    </section>
  );
}
