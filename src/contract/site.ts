/** Defaults of the site settings (SITE_NAME, SUPPORT_EMAIL), shared by the server, the dev shell and the browser. */
export const DEFAULT_SITE_NAME = 'Veteran Web Works';
export const DEFAULT_SUPPORT_EMAIL = 'support@example.com';
