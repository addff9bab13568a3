export interface Coordinates {
  lat: number;
  lng: number;
}

/** How long the browser may take to answer before the search uses the default location. */
export const POSITION_TIMEOUT_MS = 8_000;

type GeolocationLike = Pick<Geolocation, 'getCurrentPosition'>;

/**
 * Asks for the position; resolves null on denial, error, no support or no answer in time. The
 * fallback is only logged (docs/product.md §8): the default location is a normal way to search.
 */
export function requestPosition(
  geolocation: GeolocationLike | undefined,
  timeoutMs = POSITION_TIMEOUT_MS,
): Promise<Coordinates | null> {
  if (!geolocation) {
    console.info('Geolocation is not available; searching from the default location.');
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: Coordinates | null, why?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      if (why) console.info(`Location not used (${why}); searching from the default location.`);
      resolve(value);
    };
    // The browser's own timeout starts only after the person answers its prompt; this one does not wait.
    const guard = setTimeout(() => finish(null, 'no answer in time'), timeoutMs + 1_000);
    try {
      geolocation.getCurrentPosition(
        (position) => finish({ lat: position.coords.latitude, lng: position.coords.longitude }),
        (error) => finish(null, error.message || `error ${error.code}`),
        { timeout: timeoutMs, maximumAge: 5 * 60_000, enableHighAccuracy: false },
      );
    } catch (error) {
      finish(null, error instanceof Error ? error.message : 'geolocation failed');
    }
  });
}

let asked: Promise<Coordinates | null> | undefined;

/** docs/product.md §4: the browser is asked for its position once per page visit. */
export function browserPositionOnce(): Promise<Coordinates | null> {
  asked ??= requestPosition(typeof navigator === 'undefined' ? undefined : navigator.geolocation);
  return asked;
}
