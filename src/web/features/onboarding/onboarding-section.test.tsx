import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  emptyOnboardingAnswers,
  type OnboardingView,
} from '../../../contract/onboarding/onboarding';
import { apiError, mockApi, renderInApp, type Answer } from '../../test/app';
import { AUTOSAVE_DELAY_MS } from './autosave';
import { OnboardingSection } from './onboarding-section';

const DRAFT: OnboardingView = {
  status: 'draft',
  version: 0,
  answers: { ...emptyOnboardingAnswers(), businessName: 'Sunrise Bakery', ownerName: 'Ana Ruiz' },
  files: [],
  updatedAt: null,
  submittedAt: null,
};
const READY: OnboardingView = {
  ...DRAFT,
  version: 3,
  answers: {
    ...DRAFT.answers,
    description: 'Bread and cakes',
    goals: 'More orders',
    colours: ['#1a2b3c'],
  },
  updatedAt: '2026-11-28T09:00:00.000Z',
};
const PATH = '/api/account/onboarding';

/** A route whose answer the test gives when it wants: `answer(...)`. */
function later() {
  const waiting: ((a: Answer) => void)[] = [];
  return {
    handler: () => new Promise<Answer>((resolve) => waiting.push(resolve)),
    answer: (a: Answer) => waiting.shift()!(a),
    get count() {
      return waiting.length;
    },
  };
}

function render(routes: Parameters<typeof mockApi>[0]) {
  const api = mockApi(routes);
  renderInApp(<OnboardingSection />, { path: '/account' });
  return { api, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
}
/** The typing pause after which the draft is saved. */
const pause = () => act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));
const status = () => screen.getByTestId('save-status');

describe('the onboarding form (Tell us about your business)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('says it is loading while the answers come, then shows the registration’s details to edit', async () => {
    const get = later();
    render({ [`GET ${PATH}`]: get.handler });
    expect(await screen.findByText('Loading your answers…')).toBeVisible();
    await waitFor(() => expect(get.count).toBe(1));
    act(() => get.answer({ body: DRAFT }));
    expect(await screen.findByLabelText(/Business name/)).toHaveValue('Sunrise Bakery');
    expect(screen.getByLabelText('Owner name')).toHaveValue('Ana Ruiz');
    expect(screen.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  });

  it('says when loading failed, and tries again', async () => {
    let reads = 0;
    render({
      [`GET ${PATH}`]: () =>
        ++reads === 1 ? apiError(500, 'The database is not answering.') : { body: DRAFT },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your answers.');
    expect(alert).toHaveTextContent('The database is not answering.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/Business name/)).toBeVisible();
  });

  it('saves a draft after typing pauses: Saving… then Saved, from the version it has', async () => {
    const put = later();
    const { api, user } = render({
      [`GET ${PATH}`]: { body: DRAFT },
      [`PUT ${PATH}`]: put.handler,
    });
    await user.type(await screen.findByLabelText(/What should your website do/), 'Bookings');
    expect(status()).toHaveTextContent('Changes not saved yet');
    await pause();
    await waitFor(() => expect(status()).toHaveTextContent('Saving…'));
    const saves = api.calls.filter((c) => c.method === 'PUT');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toMatchObject({ version: 0, answers: { goals: 'Bookings' } });
    act(() => put.answer({ body: { version: 1, updatedAt: '2026-11-28T09:00:00.000Z' } }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));

    // The next save starts from the version the last one answered.
    await user.type(screen.getByLabelText(/What should your website do/), '!');
    await pause();
    await waitFor(() => expect(put.count).toBe(1));
    expect(api.calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ version: 1 });
  });

  it('says a save failed, keeps the answers and saves them again on request', async () => {
    let tries = 0;
    const { api, user } = render({
      [`GET ${PATH}`]: { body: DRAFT },
      [`PUT ${PATH}`]: () =>
        ++tries === 1
          ? apiError(500, 'Something went wrong on our side.')
          : { body: { version: 1, updatedAt: '2026-11-28T09:00:00.000Z' } },
    });
    await user.type(await screen.findByLabelText(/What should your website do/), 'Leads');
    await pause();
    await waitFor(() =>
      expect(status()).toHaveTextContent('Not saved: Something went wrong on our side.'),
    );
    await user.click(screen.getByRole('button', { name: 'Save again' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      answers: { goals: 'Leads' },
    });
  });

  it('never overwrites another tab unseen: a 409 stops saving until the client keeps theirs or loads the latest', async () => {
    let saves = 0;
    const { api, user } = render({
      [`GET ${PATH}`]: { body: { ...READY, version: 7 } },
      [`PUT ${PATH}`]: () =>
        ++saves === 1
          ? {
              status: 409,
              body: { message: 'Changed elsewhere', code: 'onboarding_conflict' },
            }
          : { body: { version: 8, updatedAt: '2026-11-28T09:05:00.000Z' } },
    });
    const goals = await screen.findByLabelText(/What should your website do/);
    await user.clear(goals);
    await user.type(goals, 'Mine');
    await pause();
    const conflict = await screen.findByTestId('onboarding-conflict');
    expect(conflict).toHaveTextContent('Your answers were changed in another tab or window');
    // Typing on does not save over the other tab.
    await user.type(goals, '!');
    await pause();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    await user.click(within(conflict).getByRole('button', { name: 'Keep my answers' }));
    await waitFor(() => expect(status()).toHaveTextContent('Saved'));
    expect(api.calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({
      version: 7,
      answers: { goals: 'Mine!' },
    });
    expect(screen.queryByTestId('onboarding-conflict')).toBeNull();
  });

  it('lists what stops Submit in the error summary, focused, each linked to its field, and sends nothing', async () => {
    const { api, user } = render({
      [`GET ${PATH}`]: { body: { ...DRAFT, answers: { ...DRAFT.answers, colours: ['#12'] } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const summary = await screen.findByTestId('error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('heading')).toHaveTextContent('There is a problem');
    const links = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual([
      'Tell us what your business does.',
      'Tell us what your website should do for you.',
      'Enter colour 1 as # and six hexadecimal digits, like #1a2b3c.',
    ]);
    await user.click(within(summary).getByRole('link', { name: /what your business does/ }));
    expect(screen.getByLabelText(/What your business does/)).toHaveFocus();
    expect(screen.getByLabelText(/What your business does/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('submits the answers and then says they were sent', async () => {
    const { api, user } = render({
      [`GET ${PATH}`]: { body: READY },
      [`POST ${PATH}/submit`]: ({ body }) => ({
        body: {
          ...READY,
          ...(body as object),
          status: 'submitted',
          version: 4,
          submittedAt: '2026-11-28T10:00:00.000Z',
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const done = await screen.findByTestId('onboarding-submitted');
    expect(done).toHaveTextContent('Thank you! Your answers were sent on November 28, 2026.');
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      version: 3,
      answers: { goals: 'More orders', colours: ['#1a2b3c'] },
    });
  });

  it('refuses a file that is not an image before sending it', async () => {
    const { api } = render({ [`GET ${PATH}`]: { body: DRAFT } });
    const input = await screen.findByLabelText('Logo');
    // As a browser that lets any file through the picker does.
    const user = userEvent.setup({ applyAccept: false, advanceTimers: vi.advanceTimersByTime });
    await user.upload(input, new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/menu\.pdf: Only PNG, JPEG and WebP/)).toBeVisible();
    expect(api.calls.some((c) => c.path.includes('/files'))).toBe(false);
  });
});
