import type { BusinessType } from '../../../contract/registration/fields';

/** The business types' names on screen (the values sent stay the contract's English ones). */
export const TYPE_LABELS: Record<BusinessType, string> = {
  Restaurant: 'type.restaurant',
  'Retail Store': 'type.retail',
  'Professional Services': 'type.professional',
  Healthcare: 'type.healthcare',
  Automotive: 'type.automotive',
  'Beauty & Wellness': 'type.beauty',
  Construction: 'type.construction',
  Technology: 'type.technology',
  Other: 'type.other',
};
