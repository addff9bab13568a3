import { useState, type FormEvent } from 'react';
import type { PortfolioItem } from '../../../contract/portfolio/portfolio';
import { Button } from '../../components/ui/button';
import { DialogClose } from '../../components/ui/dialog';
import { describedBy, Field, Input, Textarea } from '../../components/ui/field';
import { errorMessage, fieldIssues } from '../../lib/api';
import { focusWhenShown } from '../../lib/focus';
import { toast } from '../../lib/toast';
import { LogoField } from '../uploads';
import { useSavePortfolioItem } from './admin-api';
import {
  EMPTY_PORTFOLIO_ITEM,
  portfolioPayload,
  portfolioProblem,
  portfolioValuesOf,
  type PortfolioFormValues,
} from './portfolio-values';

const TEXT_FIELDS = [
  { key: 'websiteName', label: 'Website Name', type: 'text', placeholder: undefined },
  { key: 'websiteUrl', label: 'Website URL', type: 'url', placeholder: 'https://' },
] as const;

const SPANISH_HINT = 'Shown on the Spanish pages. Left blank, they show the English description.';

/** The id of an item's row in the settings list, where focus lands after adding it. */
export const portfolioRowId = (id: number) => `portfolio-item-${id}`;

/** Add a client website, or edit one (inside a dialog) when `item` is given. */
export function PortfolioForm({
  item,
  labelledBy,
  onSaved,
}: {
  item?: PortfolioItem;
  labelledBy?: string;
  onSaved?: () => void;
}) {
  const save = useSavePortfolioItem();
  const [values, setValues] = useState<PortfolioFormValues>(() =>
    item ? portfolioValuesOf(item) : EMPTY_PORTFOLIO_ITEM,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const prefix = item ? `pf-${item.id}` : 'pf-new';
  const issues = fieldIssues(save.error);
  const set = (key: keyof PortfolioFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblem(null);
  };
  const missing = (key: 'websiteName' | 'websiteUrl') => Boolean(problem) && !values[key].trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = portfolioProblem(values);
    setProblem(found);
    if (found) {
      document
        .getElementById(`${prefix}-${values.websiteName.trim() ? 'websiteUrl' : 'websiteName'}`)
        ?.focus();
      return;
    }
    save.mutate(
      { ...(item ? { id: item.id } : {}), payload: portfolioPayload(values) },
      {
        onSuccess: (saved) => {
          toast({
            title: item
              ? 'Portfolio item updated successfully!'
              : 'Portfolio item added successfully!',
          });
          if (!item) {
            setValues(EMPTY_PORTFOLIO_ITEM);
            focusWhenShown(() => document.getElementById(portfolioRowId(saved.id)));
          }
          save.reset();
          onSaved?.();
        },
        onError: (error) =>
          toast({
            title: errorMessage(
              error,
              item ? 'Failed to update portfolio item' : 'Failed to add portfolio item',
            ),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    // noValidate: the spec's message, under the field, says what is missing.
    <form
      noValidate
      onSubmit={submit}
      {...(labelledBy
        ? { 'aria-labelledby': labelledBy }
        : { 'aria-label': `Edit ${item?.websiteName ?? 'portfolio item'}` })}
      className="grid gap-4 sm:grid-cols-2"
    >
      {TEXT_FIELDS.map(({ key, label, type, placeholder }) => {
        const id = `${prefix}-${key}`;
        const error = issues[key];
        const invalid = missing(key) || Boolean(error);
        return (
          <Field key={key} id={id} label={label} required error={error}>
            <Input
              id={id}
              type={type}
              required
              autoComplete="off"
              {...(placeholder ? { placeholder } : {})}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
              aria-invalid={invalid}
              aria-describedby={missing(key) ? `${prefix}-problem` : describedBy(id, error)}
            />
          </Field>
        );
      })}
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
      <Field
        id={`${prefix}-descriptionEs`}
        label="Description in Spanish"
        error={issues.descriptionEs}
        hint={SPANISH_HINT}
        className="sm:col-span-2"
      >
        <Textarea
          id={`${prefix}-descriptionEs`}
          lang="es"
          rows={3}
          value={values.descriptionEs}
          onChange={(e) => set('descriptionEs', e.target.value)}
          aria-invalid={Boolean(issues.descriptionEs)}
          aria-describedby={describedBy(
            `${prefix}-descriptionEs`,
            issues.descriptionEs,
            SPANISH_HINT,
          )}
        />
      </Field>
      <div className="sm:col-span-2">
        <LogoField
          id={`${prefix}-logo`}
          purpose="portfolio-logo"
          value={values.logoUrl}
          onChange={(url) => set('logoUrl', url)}
          onBusyChange={setUploading}
          error={issues.logoUrl}
        />
      </div>
      {problem && (
        // One message for both fields (docs/product.md §5), next to the button that was pressed.
        <p
          id={`${prefix}-problem`}
          role="alert"
          className="text-sm font-medium text-destructive sm:col-span-2"
        >
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        {item && (
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
        )}
        <Button type="submit" disabled={save.isPending || uploading}>
          {uploading
            ? 'Uploading logo...'
            : save.isPending
              ? 'Saving...'
              : item
                ? 'Save changes'
                : 'Add Portfolio Item'}
        </Button>
      </div>
    </form>
  );
}
