// Vitest setup (vitest.config.ts): web code under test speaks English, as on the English pages.
import { i18n } from '@lingui/core';
import { messages } from '../locales/en/site.po';
import { messages as register } from '../locales/en/register.po';

i18n.load('en', { ...messages, ...register });
i18n.activate('en', ['en-US']);
