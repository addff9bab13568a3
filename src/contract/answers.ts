/**
 * Every answer schema of the contract in one list, for the server's tests: the app under test
 * checks each success against its endpoint's schema (src/server/http/answer-check.ts), and a
 * test checks that every endpoint has one. Neither the web app nor the server's code loads it.
 */
import type { Answer } from './lib/answer.js';
import { answers as businesses } from './businesses/answers.js';
import { answers as clients } from './clients/answers.js';
import { answers as investors } from './investors/answers.js';
import { answers as leads } from './leads/answers.js';

export const ANSWERS: readonly Answer[] = [...clients, ...leads, ...businesses, ...investors];
