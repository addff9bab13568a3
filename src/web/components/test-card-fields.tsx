import { useEffect, useState, type FormEvent } from 'react';
import {
  CARD_BRAND_NAMES,
  cardBrand,
  cardProblemCodes,
  formatCardNumber,
  formatExpiry,
  type CardCheck,
  type CardProblem,
} from '../../contract/payments/cards';
import { loadFormMessages } from '../lib/form-messages';
import { useT } from '../lib/i18n';
import ErrorSummary from './ui/error-summary';
import { describedBy, Field, Input } from './ui/field';

type CardField = keyof CardCheck;

/** The problems of a typed card in the page's language: message ids. */
const PROBLEMS: Record<CardProblem, string> = {
  numberMissing: 'card.numberMissing',
  numberInvalid: 'card.numberInvalid',
  expiryMissing: 'card.expiryMissing',
  expiryFormat: 'card.expiryFormat',
  expiryPast: 'card.expiryPast',
  cvcMissing: 'card.cvcMissing',
  cvcIncomplete: 'card.cvcIncomplete',
};
export interface CardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/**
 * Test mode's card entry (checkout and the billing page): the typed card, its problems, and a
 * check before sending that puts focus on the error summary above the fields (each of its links
 * focuses a field to fix). `idPrefix` keeps ids unique.
 */
export function useTestCard(idPrefix = '') {
  const [values, setValues] = useState<CardValues>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardCheck>({});
  /** Failed checks so far: each one moves focus to the error summary. */
  const [attempt, setAttempt] = useState(0);
  // The error summary's words, in before anyone can submit.
  useEffect(() => void loadFormMessages().catch(() => undefined), []);
  const _ = useT();
  const set = (field: CardField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  /** The card when it can be sent; otherwise its problems are shown and null is answered. */
  const check = (_event?: FormEvent<HTMLFormElement>): CardValues | null => {
    const problems: CardCheck = Object.fromEntries(
      Object.entries(cardProblemCodes(values)).map(([field, problem]) => [
        field,
        _(PROBLEMS[problem]),
      ]),
    );
    setErrors(problems);
    if (Object.keys(problems).length === 0) return values;
    setAttempt((a) => a + 1);
    return null;
  };
  return { values, errors, setErrors, set, check, idPrefix, attempt };
}

/**
 * The error summary and the three fields, formatted as people type them (4242 4242 …, with the
 * card's brand beside it; MM / YY; digits).
 */
export function TestCardFields({
  card,
  errors,
}: {
  card: ReturnType<typeof useTestCard>;
  errors?: CardCheck;
}) {
  const shown = errors ?? card.errors;
  const _ = useT();
  const id = (field: CardField) => `${card.idPrefix}${field}`;
  const brand = cardBrand(card.values.cardNumber.replace(/\D/g, ''));
  const brandName = brand === 'unknown' ? null : CARD_BRAND_NAMES[brand];
  const brandId = `${id('cardNumber')}-brand`;
  const summary = (['cardNumber', 'expiry', 'cvc'] as const)
    .filter((f) => shown[f])
    .map((f) => ({ id: id(f), message: shown[f]! }));
  const control = (field: CardField) => ({
    id: id(field),
    name: field,
    value: card.values[field],
    required: true,
    'aria-invalid': Boolean(shown[field]),
    'aria-describedby': describedBy(id(field), shown[field]),
  });
  return (
    <>
      <ErrorSummary title={_('forms.problem')} problems={summary} attempt={card.attempt} />
      <Field id={id('cardNumber')} label={_('card.number')} error={shown.cardNumber}>
        <div>
          <Input
            {...control('cardNumber')}
            aria-describedby={
              [describedBy(id('cardNumber'), shown.cardNumber), brandName && brandId]
                .filter(Boolean)
                .join(' ') || undefined
            }
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            onChange={(e) => card.set('cardNumber', formatCardNumber(e.target.value))}
          />
          {brandName && (
            <span
              id={brandId}
              data-testid="card-brand"
              // Under the field, not inside it: a full number keeps all its digits in sight on a phone.
              className="mt-1 block text-sm font-medium text-muted-foreground"
            >
              {brandName}
            </span>
          )}
        </div>
      </Field>
      <div className="grid grid-cols-2 items-start gap-4">
        <Field
          id={id('expiry')}
          label={_('card.expiry')}
          hint={_('card.expiryHint')}
          error={shown.expiry}
        >
          <Input
            {...control('expiry')}
            aria-describedby={describedBy(id('expiry'), shown.expiry, _('card.expiryHint'))}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={_('card.expiryHint')}
            onChange={(e) => card.set('expiry', formatExpiry(e.target.value))}
          />
        </Field>
        <Field id={id('cvc')} label={_('card.cvc')} error={shown.cvc}>
          <Input
            {...control('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            onChange={(e) => card.set('cvc', e.target.value.replace(/\D/g, ''))}
          />
        </Field>
      </div>
    </>
  );
}
