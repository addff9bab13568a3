import { DEMO_AREA_PLACES } from '../../adapters/places/demo-area.js';
import { businessTerms, DIRECTORY_CATEGORIES } from '../../adapters/places/directory-terms.js';
import { seededRandom } from '../../lib/seeded-random.js';

export interface GeneratedBusiness {
  name: string;
  category: string;
  searchTerms: string[];
  address: string | null;
  lat: number;
  lng: number;
  ratingTenths: number | null;
  reviewCount: number | null;
  website: string | null;
  phone: string | null;
  socialProfiles: { network: string; url: string }[];
  recentPosts: string[];
}

const PREFIXES = [
  'Alamo',
  'Lone Star',
  'Riverwalk',
  'Hill Country',
  'Mission',
  'Pecan',
  'Bluebonnet',
  'Longhorn',
  'Cypress',
  'Sunset',
  'Liberty',
  'Patriot',
  'Eagle',
  'Canyon',
  'Oak Grove',
  'Cedar',
  'Old Town',
  'Star',
  'Prairie',
  'Red Oak',
];
const SUFFIXES: Record<string, string[]> = {
  plumber: ['Plumbing Co.', 'Pipe Pros', 'Drain Works', 'Plumbing & Leak Repair'],
  electrician: ['Electric', 'Wiring Services', 'Electrical Contractors'],
  restaurant: ['Grill', 'Kitchen', 'Tex-Mex Cantina', 'Barbecue', 'Diner'],
  dentist: ['Family Dental', 'Smiles', 'Dental Care'],
  bakery: ['Bakery', 'Bread Co.', 'Pastry Shop'],
  'hair salon': ['Hair Studio', 'Salon', 'Barber Shop'],
  'auto repair': ['Auto Repair', 'Garage', 'Tire & Brake'],
  landscaper: ['Landscaping', 'Lawn Care', 'Yard Works'],
  roofer: ['Roofing', 'Roof Repair'],
  accountant: ['Tax & Bookkeeping', 'Accounting', 'CPA Group'],
  lawyer: ['Law Office', 'Legal Group'],
  florist: ['Florist', 'Flower Shop'],
  gym: ['Fitness', 'Gym', 'Strength Club'],
  veterinarian: ['Animal Clinic', 'Veterinary Hospital', 'Pet Care'],
  'coffee shop': ['Coffee', 'Cafe', 'Espresso Bar'],
};
const STREETS = [
  'Main St',
  'Commerce St',
  'Broadway',
  'Oak Ln',
  'Mission Rd',
  'Pecan Valley Dr',
  'Military Dr',
  'Market St',
  'Elm Ave',
  'Fredericksburg Rd',
];
const NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube', 'tiktok'];
const POSTS = [
  'Open this Saturday from 8 to 2. Come say hello!',
  'Thank you to our customers for 5 great years in the neighborhood.',
  'Now booking for the holidays: call us or stop by.',
  'Proud to support our local veterans this Memorial Day.',
  'New team member joined us this week. Welcome aboard!',
  'Spring special: 10% off for first-time customers.',
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Clearly fictional businesses around a centre: websites on the reserved `.example` domain,
 * phone numbers in the 555-01xx range set aside for fiction, profiles on `*.example` hosts.
 */
export function generateBusinesses(options: {
  count: number;
  center: { lat: number; lng: number; label: string };
  seed?: number;
  maxMiles?: number;
}): GeneratedBusiness[] {
  const next = seededRandom(options.seed ?? 1);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const maxMiles = options.maxMiles ?? 40;
  const out: GeneratedBusiness[] = [];
  for (let i = 0; i < options.count; i++) {
    const category = DIRECTORY_CATEGORIES[i % DIRECTORY_CATEGORIES.length]!;
    const name = `${pick(PREFIXES)} ${pick(SUFFIXES[category]!)}`;
    // Uniform over the disc: the square root keeps the centre from crowding.
    const miles = maxMiles * Math.sqrt(next());
    const angle = next() * 2 * Math.PI;
    const lat = options.center.lat + (miles * Math.cos(angle)) / 69.0;
    const lng =
      options.center.lng +
      (miles * Math.sin(angle)) / (69.0 * Math.cos((options.center.lat * Math.PI) / 180));
    const town = nearestTown(lat, lng) ?? options.center.label;
    const handle = `${slug(name)}-${i + 1}`;
    const rated = next() < 0.85;
    out.push({
      name,
      category,
      searchTerms: businessTerms(name, category),
      address: `${100 + Math.floor(next() * 9800)} ${pick(STREETS)}, ${town}`,
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(lng * 1e6) / 1e6,
      ratingTenths: rated ? 30 + Math.floor(next() * 21) : null,
      reviewCount: rated ? 1 + Math.floor(next() * 450) : null,
      website: next() < 0.65 ? `https://${handle}.example` : null,
      phone:
        next() < 0.85 ? `(210) 555-01${String(Math.floor(next() * 100)).padStart(2, '0')}` : null,
      socialProfiles:
        next() < 0.5
          ? [...new Set([pick(NETWORKS), pick(NETWORKS)])].map((network) => ({
              network,
              url: `https://${network}.example/${handle}`,
            }))
          : [],
      recentPosts:
        next() < 0.3 ? [pick(POSTS), pick(POSTS)].filter((p, j, all) => all.indexOf(p) === j) : [],
    });
  }
  return out;
}

/** The demo area's nearest town, or null when the centre is elsewhere (DEFAULT_LOCATION moved). */
function nearestTown(lat: number, lng: number): string | null {
  let best = DEMO_AREA_PLACES[0]!;
  let bestD = Infinity;
  for (const place of DEMO_AREA_PLACES) {
    if (/^\d/.test(place.key)) continue;
    const d = (place.lat - lat) ** 2 + (place.lng - lng) ** 2;
    if (d < bestD) [best, bestD] = [place, d];
  }
  // About 60 miles in degrees squared: farther than that, the town would be a lie.
  return bestD < 0.75 ? best.label : null;
}
