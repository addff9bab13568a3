// Vitest setup of the component tests (vitest.config.ts, project 'dom'): jest-dom's matchers,
// every catalog part in English (as a page gets them), and a clean document after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { renderIn } from '../lib/i18n';

await renderIn('en');

afterEach(() => cleanup());
