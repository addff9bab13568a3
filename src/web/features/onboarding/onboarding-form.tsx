import { useState, type FormEvent } from 'react';
import {
  ONBOARDING_LIMITS,
  onboardingProblems,
  SOCIAL_NETWORKS,
  HEX_COLOUR,
  type OnboardingAnswers,
  type OnboardingProblem,
  type OnboardingView,
  type SocialNetwork,
} from '../../../contract/onboarding/onboarding';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import ErrorSummary, { type FormProblem } from '../../components/ui/error-summary';
import { describedBy, Field, Input, Textarea } from '../../components/ui/field';
import { ApiError, errorMessage, inPageLanguage } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useSubmitOnboarding } from './api';
import { useAutosave, type SaveState } from './autosave';
import { ImageFields } from './image-fields';

type T = ReturnType<typeof useT>;

export const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

/** The catalog ids of the text fields' labels (the onboarding.po catalogs). */
const LABELS = {
  businessName: 'onboarding.field.businessName',
  ownerName: 'onboarding.field.ownerName',
  phone: 'onboarding.field.phone',
  address: 'onboarding.field.address',
  domain: 'onboarding.field.domain',
  domainHost: 'onboarding.field.domainHost',
  description: 'onboarding.field.description',
  goals: 'onboarding.field.goals',
} as const;
/** What to do about a required answer left blank. */
const REQUIRED: Record<string, string> = {
  businessName: 'onboarding.error.businessName',
  description: 'onboarding.error.description',
  goals: 'onboarding.error.goals',
};

/** The element id of an answer's field ('colours.0' → 'onboarding-colour-0'). */
function idOf(field: string, answers: OnboardingAnswers): string {
  const [name, index] = field.split('.');
  if (name === 'colours') return `onboarding-colour-${index}`;
  if (name === 'likedSites') return `onboarding-site-${index}`;
  if (name === 'social') {
    const network = answers.social[Number(index)]?.network;
    return network ? `onboarding-social-${network}` : 'onboarding-social-facebook';
  }
  return `onboarding-${name}`;
}

/** A problem found in the browser, in the page's words. */
function problemText(p: OnboardingProblem, answers: OnboardingAnswers, _: T): string {
  const [name, index] = p.field.split('.');
  const n = Number(index) + 1;
  if (p.code === 'field_required') return _(REQUIRED[name!] ?? 'onboarding.error.required');
  if (p.code === 'field_colour') return _('onboarding.error.colour', { n });
  if (p.code === 'field_domain') return _('onboarding.error.domain');
  if (name === 'social') {
    const network = answers.social[Number(index)]?.network;
    return _('onboarding.error.social', { network: network ? NETWORK_NAMES[network] : '' });
  }
  return _('onboarding.error.site', { n });
}

function SaveStatus({ state, _ }: { state: SaveState; _: T }) {
  let text = '';
  if (state.kind === 'saving') text = _('onboarding.saving');
  else if (state.kind === 'saved') text = _('onboarding.saved');
  else if (state.kind === 'unsaved') text = _('onboarding.unsaved');
  else if (state.kind === 'error')
    text = _('onboarding.saveFailed', {
      reason: errorMessage(state.error, _('onboarding.tryAgain')),
    });
  return (
    <p
      role="status"
      data-testid="save-status"
      className={
        state.kind === 'error'
          ? 'text-sm font-medium text-destructive'
          : 'text-sm text-muted-foreground'
      }
    >
      {text}
    </p>
  );
}

/**
 * 'Tell us about your business': the answers, saved as a draft while the client types, and sent
 * to the project manager with 'Submit' once the required ones are there (docs/decisions/038).
 */
export function OnboardingForm({
  initial,
  reread,
  onSubmittedElsewhere,
}: {
  initial: OnboardingView;
  reread: () => Promise<OnboardingView>;
  onSubmittedElsewhere: () => void;
}) {
  const _ = useT();
  const draft = useAutosave(initial, { reread, onSubmittedElsewhere });
  const { answers } = draft;
  const submit = useSubmitOnboarding();
  const [attempt, setAttempt] = useState(0);
  const [serverIssues, setServerIssues] = useState<FormProblem[]>([]);
  const [submitError, setSubmitError] = useState<string | null>(null);

  // After a first try, the list follows the answers as they are fixed.
  const problems: FormProblem[] =
    attempt > 0
      ? [
          ...onboardingProblems(answers).map((p) => ({
            id: idOf(p.field, answers),
            message: problemText(p, answers, _),
          })),
          ...serverIssues,
        ]
      : [];
  const errorOf = (id: string) => problems.find((p) => p.id === id)?.message;

  const set = <K extends keyof OnboardingAnswers>(key: K, value: OnboardingAnswers[K]) => {
    setServerIssues([]);
    draft.change({ ...answers, [key]: value });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    setAttempt((n) => n + 1);
    setSubmitError(null);
    setServerIssues([]);
    if (onboardingProblems(answers).length > 0) return;
    // A save under way goes first: the submit starts from the version it answers.
    await draft.flush();
    submit.mutate(
      { version: draft.version(), answers },
      {
        onError: (error) => {
          const body = error instanceof ApiError ? error.errorBody : undefined;
          if (body?.code === 'onboarding_conflict') return draft.conflicted();
          if (body?.code === 'onboarding_submitted') return onSubmittedElsewhere();
          const issues = (body?.issues ?? []).map((issue) => ({
            id: idOf(issue.field.replace(/^answers\./, ''), answers),
            message: inPageLanguage(issue) ?? issue.message,
          }));
          if (issues.length) setServerIssues(issues);
          else setSubmitError(errorMessage(error, _('onboarding.tryAgain')));
        },
      },
    );
  };

  const text = (
    key: 'businessName' | 'ownerName' | 'phone' | 'address' | 'domain' | 'domainHost',
    options: { required?: boolean; hint?: string; autoComplete?: string; type?: string } = {},
  ) => {
    const id = `onboarding-${key}`;
    const error = errorOf(id);
    return (
      <Field
        id={id}
        label={_(LABELS[key])}
        required={options.required}
        error={error}
        hint={options.hint}
      >
        <Input
          id={id}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          value={answers[key]}
          maxLength={key === 'address' ? 300 : ONBOARDING_LIMITS.shortText}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, error, options.hint)}
          onChange={(e) => set(key, e.target.value)}
        />
      </Field>
    );
  };
  const longText = (key: 'description' | 'goals', hint: string) => {
    const id = `onboarding-${key}`;
    const error = errorOf(id);
    return (
      <Field id={id} label={_(LABELS[key])} required error={error} hint={hint}>
        <Textarea
          id={id}
          rows={4}
          value={answers[key]}
          maxLength={ONBOARDING_LIMITS.longText}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(e) => set(key, e.target.value)}
        />
      </Field>
    );
  };

  const socialUrl = (network: SocialNetwork) =>
    answers.social.find((s) => s.network === network)?.url ?? '';
  const setSocial = (network: SocialNetwork, url: string) =>
    set(
      'social',
      SOCIAL_NETWORKS.flatMap((n) => {
        const value = n === network ? url : socialUrl(n);
        return value === '' ? [] : [{ network: n, url: value }];
      }),
    );

  return (
    <Card className="p-4 sm:p-6">
      <h2 id="onboarding-title" className="text-xl font-bold">
        {_('onboarding.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{_('onboarding.intro')}</p>

      {draft.state.kind === 'conflict' && (
        <div
          role="alert"
          className="mt-4 rounded-lg border-2 border-flag-red bg-card p-4 text-sm"
          data-testid="onboarding-conflict"
        >
          <p className="font-semibold">{_('onboarding.conflict.title')}</p>
          <p className="mt-1">{_('onboarding.conflict.text')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void draft.reload()}>
              {_('onboarding.conflict.load')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void draft.keepMine()}>
              {_('onboarding.conflict.keep')}
            </Button>
          </div>
        </div>
      )}

      <form
        noValidate
        aria-labelledby="onboarding-title"
        onSubmit={(e) => void onSubmit(e)}
        className="mt-6 grid gap-8"
      >
        <ErrorSummary title={_('onboarding.problemsTitle')} problems={problems} attempt={attempt} />

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">{_('onboarding.section.business')}</legend>
          <p className="text-sm text-muted-foreground sm:col-span-2">
            {_('onboarding.section.businessHint')}
          </p>
          {text('businessName', { required: true, autoComplete: 'organization' })}
          {text('ownerName', { autoComplete: 'name' })}
          {text('phone', { type: 'tel', autoComplete: 'tel' })}
          {text('address', { autoComplete: 'street-address' })}
          <div className="sm:col-span-2">
            {longText('description', _('onboarding.hint.description'))}
          </div>
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold">{_('onboarding.section.brand')}</legend>
          <p className="text-sm text-muted-foreground">{_('onboarding.hint.colours')}</p>
          <ul className="grid gap-3">
            {answers.colours.map((colour, i) => {
              const id = `onboarding-colour-${i}`;
              const error = errorOf(id);
              return (
                <li key={i} className="flex flex-wrap items-end gap-2">
                  <input
                    type="color"
                    aria-label={_('onboarding.field.colourPicker', { n: i + 1 })}
                    value={HEX_COLOUR.test(colour) ? colour.toLowerCase() : '#000000'}
                    onChange={(e) =>
                      set(
                        'colours',
                        answers.colours.map((c, j) => (j === i ? e.target.value : c)),
                      )
                    }
                    className="h-11 w-14 cursor-pointer rounded-md border border-border bg-card p-1"
                  />
                  <Field
                    id={id}
                    label={_('onboarding.field.colour', { n: i + 1 })}
                    error={error}
                    className="min-w-40 flex-1"
                  >
                    <Input
                      id={id}
                      value={colour}
                      maxLength={7}
                      spellCheck={false}
                      aria-invalid={Boolean(error)}
                      aria-describedby={describedBy(id, error)}
                      onChange={(e) =>
                        set(
                          'colours',
                          answers.colours.map((c, j) => (j === i ? e.target.value : c)),
                        )
                      }
                    />
                  </Field>
                  <Button
                    variant="ghost"
                    size="md"
                    onClick={() =>
                      set(
                        'colours',
                        answers.colours.filter((_c, j) => j !== i),
                      )
                    }
                  >
                    {_('onboarding.removeColour', { n: i + 1 })}
                  </Button>
                </li>
              );
            })}
          </ul>
          {answers.colours.length < ONBOARDING_LIMITS.colours && (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => set('colours', [...answers.colours, '#000000'])}
            >
              {_('onboarding.addColour')}
            </Button>
          )}
          <ImageFields />
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-lg font-semibold">{_('onboarding.section.web')}</legend>
          {text('domain', { hint: _('onboarding.hint.domain') })}
          {text('domainHost', { hint: _('onboarding.hint.domainHost') })}
          {SOCIAL_NETWORKS.map((network) => {
            const id = `onboarding-social-${network}`;
            const error = errorOf(id);
            return (
              <Field key={network} id={id} label={NETWORK_NAMES[network]} error={error}>
                <Input
                  id={id}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  value={socialUrl(network)}
                  maxLength={ONBOARDING_LIMITS.url}
                  aria-invalid={Boolean(error)}
                  aria-describedby={describedBy(id, error)}
                  onChange={(e) => setSocial(network, e.target.value)}
                />
              </Field>
            );
          })}
        </fieldset>

        <fieldset className="grid gap-4">
          <legend className="mb-2 text-lg font-semibold">{_('onboarding.section.goals')}</legend>
          {longText('goals', _('onboarding.hint.goals'))}
          <p className="text-sm text-muted-foreground">{_('onboarding.hint.sites')}</p>
          <ul className="grid gap-3">
            {answers.likedSites.map((site, i) => {
              const id = `onboarding-site-${i}`;
              const error = errorOf(id);
              return (
                <li key={i} className="flex flex-wrap items-end gap-2">
                  <Field
                    id={id}
                    label={_('onboarding.field.site', { n: i + 1 })}
                    error={error}
                    className="min-w-48 flex-1"
                  >
                    <Input
                      id={id}
                      type="url"
                      inputMode="url"
                      value={site}
                      maxLength={ONBOARDING_LIMITS.url}
                      aria-invalid={Boolean(error)}
                      aria-describedby={describedBy(id, error)}
                      onChange={(e) =>
                        set(
                          'likedSites',
                          answers.likedSites.map((s, j) => (j === i ? e.target.value : s)),
                        )
                      }
                    />
                  </Field>
                  <Button
                    variant="ghost"
                    onClick={() =>
                      set(
                        'likedSites',
                        answers.likedSites.filter((_s, j) => j !== i),
                      )
                    }
                  >
                    {_('onboarding.removeSite', { n: i + 1 })}
                  </Button>
                </li>
              );
            })}
          </ul>
          {answers.likedSites.length < ONBOARDING_LIMITS.likedSites && (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => set('likedSites', [...answers.likedSites, ''])}
            >
              {_('onboarding.addSite')}
            </Button>
          )}
        </fieldset>

        {submitError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {submitError}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="red" disabled={submit.isPending}>
            {submit.isPending ? _('onboarding.submitting') : _('onboarding.submit')}
          </Button>
          <SaveStatus state={draft.state} _={_} />
          {draft.state.kind === 'error' && (
            <Button variant="outline" size="sm" onClick={() => void draft.flush()}>
              {_('onboarding.saveAgain')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
