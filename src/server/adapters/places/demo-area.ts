/**
 * Towns and ZIP codes around the default location (San Antonio, Texas), so a typed place works
 * with the directory provider without a geocoder. Coordinates are the towns' public centres.
 */
export const DEMO_AREA_PLACES: { key: string; label: string; lat: number; lng: number }[] = [
  { key: 'san antonio', label: 'San Antonio, TX', lat: 29.4241, lng: -98.4936 },
  { key: '78205', label: 'San Antonio, TX 78205 (Downtown)', lat: 29.4246, lng: -98.4896 },
  { key: '78209', label: 'San Antonio, TX 78209 (Alamo Heights)', lat: 29.4889, lng: -98.4556 },
  { key: '78228', label: 'San Antonio, TX 78228', lat: 29.4597, lng: -98.5722 },
  { key: '78249', label: 'San Antonio, TX 78249', lat: 29.5686, lng: -98.6125 },
  { key: 'alamo heights', label: 'Alamo Heights, TX', lat: 29.4847, lng: -98.4658 },
  { key: 'new braunfels', label: 'New Braunfels, TX', lat: 29.703, lng: -98.1245 },
  { key: '78130', label: 'New Braunfels, TX 78130', lat: 29.6994, lng: -98.1242 },
  { key: 'boerne', label: 'Boerne, TX', lat: 29.7947, lng: -98.732 },
  { key: '78006', label: 'Boerne, TX 78006', lat: 29.7947, lng: -98.732 },
  { key: 'schertz', label: 'Schertz, TX', lat: 29.5522, lng: -98.2697 },
  { key: '78154', label: 'Schertz, TX 78154', lat: 29.565, lng: -98.27 },
  { key: 'seguin', label: 'Seguin, TX', lat: 29.5688, lng: -97.9647 },
  { key: 'converse', label: 'Converse, TX', lat: 29.518, lng: -98.3161 },
  { key: 'helotes', label: 'Helotes, TX', lat: 29.578, lng: -98.6897 },
  { key: 'universal city', label: 'Universal City, TX', lat: 29.548, lng: -98.2911 },
  { key: 'live oak', label: 'Live Oak, TX', lat: 29.5652, lng: -98.3364 },
  { key: 'leon valley', label: 'Leon Valley, TX', lat: 29.4952, lng: -98.6186 },
  { key: 'castroville', label: 'Castroville, TX', lat: 29.3558, lng: -98.8786 },
  { key: 'floresville', label: 'Floresville, TX', lat: 29.1336, lng: -98.1561 },
];

/** How a typed place is looked up in the table: lower case, no state suffix, single spaces. */
export function placeKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/,?\s*(tx|texas)\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
