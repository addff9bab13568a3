/** Logo uploads for applications and portfolio items. */
export { LogoField } from './logo-field';
