/** What the admin area needs of consultations; kept out of the index so public pages never load it. */
export { AvailabilityCard } from './availability-card';
export { ClientConsultationBlock } from './client-consultation';
