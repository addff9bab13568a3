import type { Place, SocialProfile } from './types.js';

/** What OpenStreetMap's tagging means for us: typed categories to tag filters, tags to our fields. */

type Tag = readonly [key: string, value: string];

const HAIR: Tag[] = [['shop', 'hairdresser']];
const CAFE: Tag[] = [['amenity', 'cafe']];
const CAR_REPAIR: Tag[] = [['shop', 'car_repair']];
const LAWYER: Tag[] = [['office', 'lawyer']];
const GYM: Tag[] = [['leisure', 'fitness_centre']];
const VET: Tag[] = [['amenity', 'veterinary']];
const ESTATE_AGENT: Tag[] = [['office', 'estate_agent']];

/** Keys are singular, lower case, single-spaced; plurals are found by `singulars`. A Map, so 'constructor' is no category. */
const CATEGORIES = new Map<string, readonly Tag[]>(
  Object.entries({
    plumber: [['craft', 'plumber']],
    electrician: [['craft', 'electrician']],
    restaurant: [['amenity', 'restaurant']],
    cafe: CAFE,
    café: CAFE,
    coffee: CAFE,
    'coffee shop': CAFE,
    // Both taggings are in use for dentists.
    dentist: [
      ['amenity', 'dentist'],
      ['healthcare', 'dentist'],
    ],
    doctor: [['amenity', 'doctors']],
    bakery: [['shop', 'bakery']],
    hairdresser: HAIR,
    barber: HAIR,
    salon: HAIR,
    'hair salon': HAIR,
    'car repair': CAR_REPAIR,
    'auto repair': CAR_REPAIR,
    mechanic: CAR_REPAIR,
    'auto shop': CAR_REPAIR,
    lawyer: LAWYER,
    attorney: LAWYER,
    accountant: [['office', 'accountant']],
    florist: [['shop', 'florist']],
    gym: GYM,
    fitness: GYM,
    'fitness center': GYM,
    hotel: [['tourism', 'hotel']],
    pharmacy: [['amenity', 'pharmacy']],
    veterinarian: VET,
    vet: VET,
    roofer: [['craft', 'roofer']],
    carpenter: [['craft', 'carpenter']],
    painter: [['craft', 'painter']],
    'real estate': ESTATE_AGENT,
    'real estate agent': ESTATE_AGENT,
    realtor: ESTATE_AGENT,
  } satisfies Record<string, readonly Tag[]>),
);

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** 'bakeries' → 'bakery', 'dentists' → 'dentist', 'coaches' → 'coach': enough for typed categories. */
function singulars(word: string): string[] {
  const forms = [word];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s')) forms.push(word.slice(0, -1));
  return forms;
}

/** A literal for a POSIX regex inside an Overpass QL string: regex escapes first, then the string's own. */
export function escapeOverpassRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/["\\]/g, '\\$&');
}

/** Overpass QL filters, one per alternative (their results are united); unknown words match names instead. */
export function osmFiltersFor(category: string): string[] {
  const typed = normalise(category);
  const tags = singulars(typed)
    .map((form) => CATEGORIES.get(form))
    .find((found) => found !== undefined);
  if (tags) return tags.map(([key, value]) => `["${key}"="${value}"]`);
  return [`["name"~"${escapeOverpassRegex(typed)}",i]`];
}

/** OSM allows several values separated by ';'; one is enough for a lead. */
const firstValue = (value: string | undefined) => value?.split(';')[0]?.trim() || null;

/** Only http(s) links reach the screen; 'www.example.com' is common in OSM and means https. */
export function webUrl(value: string | undefined): string | null {
  const raw = firstValue(value);
  if (!raw) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
      ? url.href
      : null;
  } catch {
    return null;
  }
}

const SOCIAL_TAGS: ReadonlyArray<readonly [tag: string, network: string, profileBase: string]> = [
  ['contact:facebook', 'facebook', 'https://www.facebook.com/'],
  ['contact:instagram', 'instagram', 'https://www.instagram.com/'],
  ['contact:twitter', 'x', 'https://x.com/'],
  ['contact:x', 'x', 'https://x.com/'],
  ['contact:linkedin', 'linkedin', 'https://www.linkedin.com/company/'],
  ['contact:youtube', 'youtube', 'https://www.youtube.com/@'],
  ['contact:tiktok', 'tiktok', 'https://www.tiktok.com/@'],
];

/** contact:* holds a full URL, a URL without scheme, or a bare handle ('@joesplumbing' or 'joesplumbing'). */
function profileUrl(value: string | undefined, profileBase: string): string | null {
  const raw = firstValue(value);
  if (!raw) return null;
  if (raw.includes('/')) return webUrl(raw);
  const handle = raw.replace(/^@/, '');
  return /^[\w.-]+$/.test(handle) ? `${profileBase}${handle}` : null;
}

export function socialProfilesFrom(tags: Record<string, string>): SocialProfile[] {
  const profiles: SocialProfile[] = [];
  for (const [tag, network, base] of SOCIAL_TAGS) {
    const url = profileUrl(tags[tag], base);
    if (url && !profiles.some((p) => p.network === network)) profiles.push({ network, url });
  }
  return profiles;
}

/** '12 Main St, Austin, TX 78701' from whichever addr:* parts exist. */
function addressFrom(tags: Record<string, string>): string | null {
  const street = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ');
  const region = [tags['addr:state'], tags['addr:postcode']].filter(Boolean).join(' ');
  return [street, tags['addr:city'], region].filter(Boolean).join(', ') || null;
}

export function contactFieldsFrom(
  tags: Record<string, string>,
): Pick<Place, 'address' | 'website' | 'phone' | 'socialProfiles'> {
  return {
    address: addressFrom(tags),
    website: webUrl(tags.website) ?? webUrl(tags['contact:website']),
    phone: firstValue(tags.phone) ?? firstValue(tags['contact:phone']),
    socialProfiles: socialProfilesFrom(tags),
  };
}
