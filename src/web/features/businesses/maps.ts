/** A Google Maps directions link to the address (the maps app opens it on a phone). */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}
