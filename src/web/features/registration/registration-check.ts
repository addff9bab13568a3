import {
  businessRegistrationInput,
  type RegistrationField,
} from '../../../contract/registration/registration';

/** What is wrong with a field, as the page words it (registration-form.tsx). */
export type RegistrationProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'email' }
  | { kind: 'website' }
  | { kind: 'choose' };

/**
 * The server's schema (src/contract/registration), run in the browser on submit: the first
 * problem of each field, by field. Loaded on the form's first use, not with the landing page
 * (zod would cost its first load about 15 KB gzip; docs/decisions/034).
 */
export function registrationProblems(
  values: Record<RegistrationField, string>,
): Partial<Record<RegistrationField, RegistrationProblem>> {
  const parsed = businessRegistrationInput.safeParse(values);
  if (parsed.success) return {};
  const problems: Partial<Record<RegistrationField, RegistrationProblem>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as RegistrationField;
    if (problems[field] || !(field in values)) continue;
    if (!values[field].trim()) problems[field] = { kind: 'required' };
    else if (issue.code === 'too_big')
      problems[field] = { kind: 'tooLong', max: Number(issue.maximum) };
    else if (field === 'email') problems[field] = { kind: 'email' };
    else if (field === 'website') problems[field] = { kind: 'website' };
    else problems[field] = { kind: 'choose' };
  }
  return problems;
}
