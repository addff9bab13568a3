import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { planOptionLabel } from '../../../contract/plans';
import {
  BUSINESS_TYPES,
  type BusinessType,
  missingRequiredFields,
  REGISTRATION_LABELS as LABELS,
  type RegistrationField,
} from '../../../contract/registration-fields';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Input, Select, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api-core';
import { savePendingRegistration } from './pending-registration';
import { toast } from '../../lib/toast';
import { useHydrated } from '../../lib/use-hydrated';
import { usePlans } from '../plans';
import { useRegisterBusiness } from './api';

type Values = Record<RegistrationField, string>;
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

export function RegistrationSection({ chosenPlan }: { chosenPlan: { name: string; nonce: number } | null }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<RegistrationField, string>>>({});
  const { data: plans, isPending: plansLoading } = usePlans();
  const register = useRegisterBusiness();
  const [, navigate] = useLocation();
  const hydrated = useHydrated();
  const sectionRef = useRef<HTMLElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!chosenPlan) return;
    setValues((v) => ({ ...v, subscriptionPlan: chosenPlan.name }));
    setErrors((e) => ({ ...e, subscriptionPlan: undefined }));
    // Smooth unless the visitor asked for reduced motion (the page's scroll-behavior, index.css).
    sectionRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLInputElement>('#businessName')?.focus({ preventScroll: true });
  }, [chosenPlan]);

  const set = (field: RegistrationField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusField = (field: string) => formRef.current?.querySelector<HTMLElement>(`#${field}`)?.focus();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending) return;
    const missing = missingRequiredFields(values);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((f) => [f, `${LABELS[f]} is required`])));
      toast({ title: 'Please fill in all required fields', variant: 'destructive' });
      focusField(missing[0]!);
      return;
    }
    register.mutate(
      { ...values, businessType: values.businessType as BusinessType },
      {
        onSuccess: (result) => {
          toast({ title: 'Registration Successful!', description: 'Redirecting you to complete your payment...' });
          setValues(EMPTY);
          setErrors({});
          savePendingRegistration({ id: result.id, planName: result.plan.name });
          navigate(result.checkoutPath);
        },
        onError: (error) => {
          const issues = fieldIssues(error);
          setErrors(issues);
          toast({ title: 'Registration Failed', description: errorMessage(error, 'Please try again later.'), variant: 'destructive' });
          const first = Object.keys(issues)[0];
          if (first) focusField(first);
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
  const fieldProps = (field: RegistrationField, required = false, hint?: string) => ({
    id: field,
    label: LABELS[field],
    required,
    error: errors[field],
    hint,
  });

  return (
    <section id="register" ref={sectionRef} aria-labelledby="register-title" className="scroll-mt-4 py-16">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="register-title" className="text-center text-3xl font-bold">
          Start Your Journey
        </h2>
        <p className="mt-3 text-center text-muted-foreground">
          Tell us about your business. Next you pay for your plan by card, and our team contacts you within 24 hours.
        </p>
        <Card className="mt-8 p-6 sm:p-8">
          <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Business registration">
            {/* Disabled until React handles the form (it arrives rendered by the server). */}
            <fieldset disabled={!hydrated} className="m-0 grid min-w-0 gap-5 border-0 p-0 sm:grid-cols-2">
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
                  <option value="">Select your business type</option>
                  {BUSINESS_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field {...fieldProps('subscriptionPlan', true)}>
                <Select {...control('subscriptionPlan')} required disabled={plansLoading}>
                  <option value="">{plansLoading ? 'Loading plans…' : 'Select a plan'}</option>
                  {plans?.map((plan) => (
                    <option key={plan.id} value={plan.name}>
                      {planOptionLabel(plan)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field {...fieldProps('website', false, 'If you already have one, starting with https://')} className="sm:col-span-2">
                <Input {...control('website', 'If you already have one, starting with https://')} type="url" autoComplete="url" placeholder="https://" />
              </Field>
              <Field {...fieldProps('description')} className="sm:col-span-2">
                <Textarea {...control('description')} rows={4} />
              </Field>
              <div className="sm:col-span-2">
                <Button type="submit" variant="red" size="lg" className="w-full" disabled={register.isPending}>
                  {register.isPending ? 'Registering...' : 'Register Business'}
                </Button>
                <p className="mt-3 text-center text-xs text-muted-foreground">Fields marked * are required.</p>
              </div>
            </fieldset>
          </form>
        </Card>
      </div>
    </section>
  );
}
