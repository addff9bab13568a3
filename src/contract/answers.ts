/**
 * Every answer schema of the contract in one list, for the server's tests: the app under test
 * checks each success against its endpoint's schema (src/server/http/answer-check.ts), and a
 * test checks that every endpoint has one. Neither the web app nor the server's code loads it.
 */
import type { Answer } from './lib/answer.js';
import { answers as activity } from './activity/answers.js';
import { answers as auth } from './auth/answers.js';
import { answers as applications } from './applications/answers.js';
import { answers as billing } from './billing/answers.js';
import { answers as businesses } from './businesses/answers.js';
import { answers as clients } from './clients/answers.js';
import { answers as consultations } from './consultations/answers.js';
import { answers as employees } from './employees/answers.js';
import { answers as faq } from './faq/answers.js';
import { answers as investors } from './investors/answers.js';
import { answers as kickoff } from './kickoff/answers.js';
import { answers as leads } from './leads/answers.js';
import { answers as notifications } from './notifications/answers.js';
import { answers as onboarding } from './onboarding/answers.js';
import { answers as payments } from './payments/answers.js';
import { answers as plans } from './plans/answers.js';
import { answers as portfolio } from './portfolio/answers.js';
import { answers as projects } from './projects/answers.js';
import { answers as registration } from './registration/answers.js';
import { answers as revenue } from './revenue/answers.js';
import { answers as support } from './support/answers.js';
import { answers as uploads } from './uploads/answers.js';

export const ANSWERS: readonly Answer[] = [
  ...activity,
  ...applications,
  ...auth,
  ...billing,
  ...businesses,
  ...clients,
  ...consultations,
  ...employees,
  ...faq,
  ...investors,
  ...kickoff,
  ...leads,
  ...notifications,
  ...onboarding,
  ...payments,
  ...plans,
  ...portfolio,
  ...projects,
  ...registration,
  ...revenue,
  ...support,
  ...uploads,
];
