/** Great-circle distance in miles (haversine, mean Earth radius 3958.8 mi). */
export function distanceMiles(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export const METERS_PER_MILE = 1609.344;

/** Rounds a distance to one decimal for display and the API. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
