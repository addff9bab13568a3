import { useState, type FormEvent } from 'react';
import {
  APPLICATION_STATUSES,
  type Application,
} from '../../../contract/applications/applications';
import { Button } from '../../components/ui/button';
import { describedBy, Field, Input, Select, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { focusWhenShown } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { useSaveApplication } from './api';
import {
  applicationPayload,
  applicationProblems,
  applicationValuesOf,
  EMPTY_APPLICATION,
  type ApplicationFormValues,
} from './application-values';
import { IconColourField, IconTypePicker } from './icon-fields';
import { LogoField } from '../uploads';

type TextKey = 'name' | 'url' | 'stripeProductId';
const TEXT_FIELDS: {
  key: TextKey;
  label: string;
  type?: 'url';
  required?: boolean;
  hint?: string;
  placeholder?: string;
}[] = [
  { key: 'name', label: 'Application Name', required: true },
  { key: 'url', label: 'Application URL', type: 'url', required: true, placeholder: 'https://' },
  {
    key: 'stripeProductId',
    label: 'Stripe product ID',
    hint: 'Optional. Payments for this product count as the app’s revenue, e.g. prod_ABC123.',
  },
];

/** The id of an application's row in 'Your Applications', where focus lands after creating it. */
export const applicationRowId = (id: number) => `application-${id}`;

interface ApplicationFormProps {
  /** Editing this application; without it the form creates a new one. */
  application?: Application;
  labelledBy: string;
  onSaved?: (saved: Application) => void;
}

/** Create or edit an application; the spec's checks first, then the server's, shown by each field. */
export function ApplicationForm({ application, labelledBy, onSaved }: ApplicationFormProps) {
  const save = useSaveApplication();
  const [values, setValues] = useState<ApplicationFormValues>(() =>
    application ? applicationValuesOf(application) : EMPTY_APPLICATION,
  );
  const [problems, setProblems] = useState<Partial<Record<keyof ApplicationFormValues, string>>>(
    {},
  );
  const [uploading, setUploading] = useState(false);
  const prefix = application ? `app-${application.id}` : 'app-new';
  const issues = { ...fieldIssues(save.error), ...problems };
  const set = <K extends keyof ApplicationFormValues>(key: K, value: ApplicationFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems(({ [key]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = applicationProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${prefix}-${found.name ? 'name' : 'url'}`)?.focus();
      return;
    }
    save.mutate(
      { ...(application ? { id: application.id } : {}), payload: applicationPayload(values) },
      {
        onSuccess: (saved) => {
          toast({
            title: application
              ? 'Application updated successfully!'
              : 'Application created successfully!',
          });
          if (!application) {
            setValues(EMPTY_APPLICATION);
            focusWhenShown(() => document.getElementById(applicationRowId(saved.id)));
          }
          save.reset();
          onSaved?.(saved);
        },
        onError: (error) =>
          toast({
            title: errorMessage(
              error,
              application ? 'Failed to update application' : 'Failed to create application',
            ),
            variant: 'destructive',
          }),
      },
    );
  };

  const textField = ({
    key,
    label,
    type,
    required,
    hint,
    placeholder,
  }: (typeof TEXT_FIELDS)[number]) => {
    const id = `${prefix}-${key}`;
    return (
      <Field
        key={key}
        id={id}
        label={label}
        required={required}
        error={issues[key]}
        {...(hint ? { hint } : {})}
      >
        <Input
          id={id}
          type={type ?? 'text'}
          required={required}
          autoComplete="off"
          {...(placeholder ? { placeholder } : {})}
          value={values[key]}
          onChange={(e) => set(key, e.target.value)}
          aria-invalid={Boolean(issues[key])}
          aria-describedby={describedBy(id, issues[key], hint)}
        />
      </Field>
    );
  };

  return (
    // noValidate: the spec's own messages appear under the fields, in one voice with the server's.
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={labelledBy}
      className="grid gap-4 sm:grid-cols-2"
    >
      {TEXT_FIELDS.slice(0, 2).map(textField)}
      <Field id={`${prefix}-status`} label="Status" error={issues.status}>
        <Select
          id={`${prefix}-status`}
          value={values.status}
          onChange={(e) => set('status', e.target.value as ApplicationFormValues['status'])}
        >
          {APPLICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'active' ? 'Active' : 'Deployment'}
            </option>
          ))}
        </Select>
      </Field>
      {TEXT_FIELDS.slice(2).map(textField)}
      <Field
        id={`${prefix}-description`}
        label="Description"
        error={issues.description}
        className="sm:col-span-2"
      >
        <Textarea
          id={`${prefix}-description`}
          rows={3}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          aria-invalid={Boolean(issues.description)}
          aria-describedby={describedBy(`${prefix}-description`, issues.description)}
        />
      </Field>
      <div className="sm:col-span-2">
        <LogoField
          id={`${prefix}-logo`}
          purpose="app-logo"
          value={values.logoUrl}
          onChange={(url) => set('logoUrl', url)}
          onBusyChange={setUploading}
          error={issues.logoUrl}
        />
      </div>
      <IconColourField
        id={`${prefix}-color`}
        value={values.iconColor}
        onChange={(v) => set('iconColor', v)}
        error={issues.iconColor}
      />
      <div className="sm:col-span-2">
        <IconTypePicker
          name={`${prefix}-icon`}
          value={values.iconType}
          color={values.iconColor}
          onChange={(v) => set('iconType', v)}
        />
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="submit" disabled={save.isPending || uploading}>
          {uploading
            ? 'Uploading logo...'
            : save.isPending
              ? 'Saving...'
              : application
                ? 'Save changes'
                : 'Create Application'}
        </Button>
      </div>
    </form>
  );
}
