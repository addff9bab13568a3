import {
  DEFAULT_ICON_COLOR,
  DEFAULT_ICON_TYPE,
  type Application,
} from '../../../contract/applications/applications';
import type { ApplicationPayload } from './api';

/** The application form as typed: every value a string, as the inputs hold it. */
export interface ApplicationFormValues {
  name: string;
  url: string;
  description: string;
  status: 'active' | 'deployment';
  logoUrl: string;
  stripeProductId: string;
  iconColor: string;
  iconType: string;
}

export const EMPTY_APPLICATION: ApplicationFormValues = {
  name: '',
  url: '',
  description: '',
  status: 'active',
  logoUrl: '',
  stripeProductId: '',
  iconColor: DEFAULT_ICON_COLOR,
  iconType: DEFAULT_ICON_TYPE,
};

export const applicationValuesOf = (app: Application): ApplicationFormValues => ({
  name: app.name,
  url: app.url,
  description: app.description ?? '',
  status: app.status,
  logoUrl: app.logoUrl ?? '',
  stripeProductId: app.stripeProductId ?? '',
  iconColor: app.iconColor,
  iconType: app.iconType,
});

export const NAME_REQUIRED = 'Please provide an application name';
export const URL_REQUIRED = 'Please provide an application URL';

/** docs/product.md §5, checked before anything is sent (the server checks again). */
export function applicationProblems(
  values: ApplicationFormValues,
): Partial<Record<keyof ApplicationFormValues, string>> {
  return {
    ...(values.name.trim() ? {} : { name: NAME_REQUIRED }),
    ...(values.url.trim() ? {} : { url: URL_REQUIRED }),
  };
}

/** Text trimmed; description, logo and Stripe product id left out when empty (docs/product.md §5). */
export function applicationPayload(values: ApplicationFormValues): ApplicationPayload {
  const optional = (value: string) => value.trim() || undefined;
  const description = optional(values.description);
  const logoUrl = optional(values.logoUrl);
  const stripeProductId = optional(values.stripeProductId);
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    status: values.status,
    iconColor: values.iconColor.trim(),
    iconType: values.iconType as ApplicationPayload['iconType'],
    ...(description ? { description } : {}),
    ...(logoUrl ? { logoUrl } : {}),
    ...(stripeProductId ? { stripeProductId } : {}),
  };
}
