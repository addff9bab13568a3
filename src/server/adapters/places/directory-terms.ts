/**
 * Search words for the directory: lower case, singular, without filler words, plus a few
 * synonyms, so 'Plumbers', 'plumbing' and 'plumber' find the same businesses.
 */
const STOPWORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'in',
  'near',
  'me',
  'co',
  'llc',
  'inc',
  '&',
]);

const SYNONYMS: Record<string, string[]> = {
  plumber: ['plumbing'],
  electrician: ['electric', 'electrical'],
  restaurant: ['food', 'dining', 'eatery'],
  dentist: ['dental', 'dentistry'],
  bakery: ['baker', 'bake'],
  'hair salon': ['hairdresser', 'salon', 'barber', 'hair'],
  'auto repair': ['mechanic', 'car', 'garage', 'auto'],
  landscaper: ['landscaping', 'lawn', 'yard'],
  roofer: ['roofing', 'roof'],
  accountant: ['accounting', 'bookkeeping', 'tax', 'cpa'],
  lawyer: ['attorney', 'law', 'legal'],
  florist: ['flower', 'floral'],
  gym: ['fitness', 'workout'],
  veterinarian: ['vet', 'veterinary', 'animal', 'pet'],
  'coffee shop': ['cafe', 'coffee', 'espresso'],
};

export function normaliseWord(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  if (/(x|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) return w.slice(0, -1);
  return w;
}

export function words(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w && !STOPWORDS.has(w))
        .map(normaliseWord),
    ),
  ];
}

/** The words a search must all find (at most 6, so a pasted sentence cannot slow the query). */
export function queryTerms(text: string): string[] {
  return words(text).slice(0, 6);
}

/** What a business is found by: its category, the category's synonyms and its name's words. */
export function businessTerms(name: string, category: string): string[] {
  const synonyms = SYNONYMS[category.toLowerCase()] ?? [];
  return [...new Set([...words(category), ...synonyms.flatMap(words), ...words(name)])];
}

export const DIRECTORY_CATEGORIES = Object.keys(SYNONYMS);
