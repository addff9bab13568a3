/** Defaults of the site settings (SITE_NAME, SUPPORT_EMAIL), shared by the server, the dev shell and the browser. */
export const DEFAULT_SITE_NAME = 'Veteran Web Works';
export const DEFAULT_SUPPORT_EMAIL = 'support@example.com';

/** Where lead searches start without the browser's position (DEFAULT_LOCATION, DEFAULT_LOCATION_NAME). */
export const DEFAULT_SEARCH_LOCATION = { lat: 29.4241, lng: -98.4936, label: 'San Antonio, TX' };

/** The id of the JSON block holding the data a server-rendered page was rendered with (query key → data). */
export const SSR_DATA_ID = 'ssr-data';

/** The id of the JSON block holding the money texts of a server-rendered page (contract/lib/locale-format.ts `knownMoney`). */
export const SSR_MONEY_ID = 'ssr-money';
