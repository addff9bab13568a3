import { useState, type FormEvent } from 'react';
import type { FaqPayload } from '../../../contract/faq/admin';
import type { FaqEntry } from '../../../contract/faq/faq';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { describedBy, Field, Input, Textarea } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage, fieldIssues } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSaveFaq } from './admin-api';
import { useFaq } from './api';

interface EntryValues {
  /** The form's own key for the row (a new row has no id yet). */
  key: number;
  question: string;
  answer: string;
  questionEs: string;
  answerEs: string;
}

const valuesOf = (entries: FaqEntry[]): EntryValues[] =>
  entries.map((e) => ({
    key: e.id,
    question: e.question,
    answer: e.answer,
    questionEs: e.questionEs ?? '',
    answerEs: e.answerEs ?? '',
  }));

/** What the server takes: texts trimmed, blank Spanish texts left for the English ones. */
export const faqPayload = (rows: EntryValues[]): FaqPayload => ({
  entries: rows.map(({ question, answer, questionEs, answerEs }) => ({
    question: question.trim(),
    answer: answer.trim(),
    questionEs: questionEs.trim(),
    answerEs: answerEs.trim(),
  })),
});

const FIELDS = [
  { key: 'question', label: 'Question', required: true, lang: undefined },
  { key: 'answer', label: 'Answer', required: true, lang: undefined },
  { key: 'questionEs', label: 'Question in Spanish', required: false, lang: 'es' },
  { key: 'answerEs', label: 'Answer in Spanish', required: false, lang: 'es' },
] as const;

const SPANISH_HINT = 'Left blank, the Spanish page shows the English text.';

/** Settings → Plans: the landing page's questions and answers, in English and Spanish (issue 28 §7). */
export function FaqCard() {
  const faq = useFaq();
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold" id="faq-settings-title">
        Questions and answers (FAQ)
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Shown on the landing page under the plans, in English and on the Spanish page in Spanish,
        and given to search engines as an FAQ.
      </p>
      {faq.isPending && <Skeleton className="mt-4 h-32 w-full" />}
      {faq.isError && (
        <p className="mt-4 text-sm text-destructive">
          Error loading the FAQ: {errorMessage(faq.error, 'Unknown error')}
        </p>
      )}
      {faq.data && <FaqForm entries={faq.data} />}
    </Card>
  );
}

function FaqForm({ entries }: { entries: FaqEntry[] }) {
  const save = useSaveFaq();
  const [rows, setRows] = useState(() => valuesOf(entries));
  const [nextKey, setNextKey] = useState(-1);
  const issues = fieldIssues(save.error);
  const set = (key: number, field: (typeof FIELDS)[number]['key'], value: string) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(faqPayload(rows), {
      onSuccess: (saved) => {
        setRows(valuesOf(saved));
        save.reset();
        toast({ title: 'FAQ saved', description: `${saved.length} questions on the landing page` });
      },
      onError: (error) =>
        toast({ title: errorMessage(error, 'The FAQ was not saved.'), variant: 'destructive' }),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="faq-settings-title" className="mt-4">
      <ol className="grid gap-4">
        {rows.map((row, index) => (
          <li key={row.key} className="rounded-lg border border-border p-4">
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 font-medium">Question {index + 1}</legend>
              {FIELDS.map((field) => {
                const id = `faq-${row.key}-${field.key}`;
                const error = issues[`entries.${index}.${field.key}`];
                const hint = field.lang ? SPANISH_HINT : undefined;
                const Control = field.key.startsWith('answer') ? Textarea : Input;
                return (
                  <Field
                    key={field.key}
                    id={id}
                    label={field.label}
                    required={field.required}
                    error={error}
                    {...(hint ? { hint } : {})}
                  >
                    <Control
                      id={id}
                      lang={field.lang}
                      value={row[field.key]}
                      onChange={(e) => set(row.key, field.key, e.target.value)}
                      aria-invalid={Boolean(error)}
                      aria-describedby={describedBy(id, error, hint)}
                      {...(Control === Textarea ? { rows: 3 } : {})}
                    />
                  </Field>
                );
              })}
              <div className="sm:col-span-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                >
                  Remove question {index + 1}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {rows.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No questions: the landing page shows no FAQ.
        </p>
      )}
      {save.error && Object.keys(issues).length === 0 && (
        <p role="alert" className="mt-4 text-sm font-medium text-destructive">
          {errorMessage(save.error, 'The FAQ was not saved.')}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setRows((all) => [
              ...all,
              { key: nextKey, question: '', answer: '', questionEs: '', answerEs: '' },
            ]);
            setNextKey((k) => k - 1);
          }}
        >
          Add a question
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save FAQ'}
        </Button>
      </div>
    </form>
  );
}
