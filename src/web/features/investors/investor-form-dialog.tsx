import { useState, type FormEvent } from 'react';
import {
  INDUSTRIES,
  INVESTMENT_STAGES,
  type Investor,
} from '../../../contract/investors/investors';
import { Button } from '../../components/ui/button';
import { DialogClose, DialogContent } from '../../components/ui/dialog';
import { describedBy, Field, Input } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSaveInvestor } from './api';
import { CheckboxGroup } from './checkbox-group';
import {
  EMPTY_FORM,
  formValuesOf,
  payloadOf,
  type InvestorFormValues,
  type TextKey,
} from './form-values';

interface TextField {
  key: TextKey;
  label: string;
  type?: 'url' | 'email';
  numeric?: boolean;
  hint?: string;
  wide?: boolean;
}

const FIELDS: TextField[] = [
  { key: 'name', label: 'Name' },
  { key: 'title', label: 'Title' },
  { key: 'firm', label: 'Firm' },
  { key: 'location', label: 'Location' },
  {
    key: 'linkedinUrl',
    label: 'Profile URL',
    type: 'url',
    hint: 'The LinkedIn profile, starting with https://',
    wide: true,
  },
  { key: 'email', label: 'Email', type: 'email' },
  {
    key: 'profilePhoto',
    label: 'Photo URL',
    type: 'url',
    hint: 'Optional; initials are shown without one.',
  },
  { key: 'linkedinConnections', label: 'Connections', numeric: true },
  { key: 'networkValue', label: 'Network value', hint: 'For example High, Medium or Low.' },
  {
    key: 'expertise',
    label: 'Expertise (comma-separated)',
    hint: 'For example B2B SaaS, Cybersecurity',
    wide: true,
  },
  { key: 'portfolioCompanies', label: 'Portfolio companies (comma-separated)', wide: true },
  { key: 'investmentRange', label: 'Investment range', hint: 'For example $1M - $5M' },
  { key: 'portfolioSize', label: 'Portfolio size', numeric: true, hint: 'Number of companies' },
];

/**
 * The add/edit form inside a dialog. The server checks every value; its field errors appear
 * under the fields (a duplicate profile URL, too, answers on the Profile URL field).
 */
export function InvestorFormContent({
  investor,
  onDone,
}: {
  investor?: Investor;
  onDone: () => void;
}) {
  const save = useSaveInvestor();
  const [values, setValues] = useState<InvestorFormValues>(() =>
    investor ? formValuesOf(investor) : EMPTY_FORM,
  );
  const issues = fieldIssues(save.error);
  const prefix = investor ? `inv-edit-${investor.id}` : 'inv-add';
  const set = (key: TextKey) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...(investor ? { id: investor.id } : {}), payload: payloadOf(values) },
      {
        onSuccess: (saved) => {
          toast({
            title: investor ? 'Investor updated' : 'Investor added',
            description: saved.name,
          });
          onDone();
        },
      },
    );
  };

  const textField = ({ key, label, type, numeric, hint, wide }: TextField) => {
    const id = `${prefix}-${key}`;
    const error = issues[key];
    return (
      <Field
        key={key}
        id={id}
        label={label}
        required={key === 'name'}
        error={error}
        {...(hint ? { hint } : {})}
        className={wide ? 'sm:col-span-2' : undefined}
      >
        <Input
          id={id}
          type={type ?? 'text'}
          {...(numeric ? { inputMode: 'numeric' as const } : {})}
          required={key === 'name'}
          autoComplete="off"
          value={values[key]}
          onChange={set(key)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, error, hint)}
        />
      </Field>
    );
  };
  const unexplained = save.error && Object.keys(issues).length === 0;

  return (
    <DialogContent
      title={investor ? `Edit ${investor.name}` : 'Add investor'}
      description="Fields marked * are required; lists are separated by commas."
    >
      {/* noValidate: the server's messages, under each field, say what is wrong in one consistent voice. */}
      <form
        noValidate
        onSubmit={submit}
        aria-label={investor ? 'Edit investor' : 'Add investor'}
        className="grid gap-4 sm:grid-cols-2"
      >
        {FIELDS.map(textField)}
        <CheckboxGroup
          legend="Stages"
          name={`${prefix}-stages`}
          options={INVESTMENT_STAGES}
          value={values.stages}
          onChange={(stages) => setValues((v) => ({ ...v, stages }))}
          error={issues.stages}
        />
        <CheckboxGroup
          legend="Industries"
          name={`${prefix}-industries`}
          options={INDUSTRIES}
          value={values.industries}
          onChange={(industries) => setValues((v) => ({ ...v, industries }))}
          error={issues.industries}
        />
        {(unexplained || Object.keys(issues).length > 0) && (
          <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
            {errorMessage(
              save.error,
              investor ? 'The investor was not saved.' : 'The investor was not added.',
            )}
          </p>
        )}
        <div className="flex justify-end gap-2 sm:col-span-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : investor ? 'Save changes' : 'Add investor'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
