/** Leads, what other admin screens need (the section itself is loaded lazily by file). */
export { anglesOf, checkedAtText } from './website-check-panel';
export { useWebsiteCheckById } from './website-check-api';
