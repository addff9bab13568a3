/** One place from a provider, already in our shape (no vendor type leaves its adapter). */
export interface Place {
  /** Provider-scoped id, stable across searches (Google place id, OSM `node/123`, our uuid). */
  sourceId: string;
  name: string;
  address: string | null;
  lat: number;
  lng: number;
  /** 0–5, or null when the source has no ratings (OpenStreetMap). */
  rating: number | null;
  reviewCount: number | null;
  website: string | null;
  phone: string | null;
  socialProfiles: SocialProfile[];
  /** Recent posts' text; counts are never invented (docs/product.md §10–11). */
  recentPosts: string[];
}

export interface SocialProfile {
  /** facebook, instagram, x, linkedin, youtube, tiktok, pinterest, yelp, nextdoor … */
  network: string;
  url: string;
}

export interface PlaceQuery {
  /** What the employee typed, trimmed (a category such as 'plumber' or any words). */
  category: string;
  lat: number;
  lng: number;
  radiusMiles: number;
  /** At most this many places (the API caps at 200). */
  limit: number;
}

export interface GeoPoint {
  lat: number;
  lng: number;
  /** What the place is called, for the screen ('Austin, TX 78701'). */
  label: string;
}

export interface PlacesProvider {
  readonly name: 'directory' | 'google' | 'osm';
  /** Shown with the results when the source requires it ('© OpenStreetMap contributors'). */
  readonly attribution: string | null;
  search(query: PlaceQuery): Promise<Place[]>;
  /** A typed city or ZIP to coordinates; null when nothing matches. */
  geocode(text: string): Promise<GeoPoint | null>;
}

/** The provider failed (down, refused, timed out); the message is meant for a person. */
export class PlacesProviderError extends Error {}
