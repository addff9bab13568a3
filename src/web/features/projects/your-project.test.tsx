import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Milestone, Project } from '../../../contract/projects/projects';
import { mockApi, renderInApp } from '../../test/app';
import { YourProject } from './your-project';

const milestone = (
  id: string,
  stage: Milestone['stage'],
  more: Partial<Milestone> = {},
): Milestone => ({
  id,
  stage,
  status: 'todo',
  dueOn: '2030-01-10',
  overdue: false,
  deliverableUrl: null,
  deliverableFile: null,
  deliverableNote: null,
  reviewComment: null,
  sentForReviewAt: null,
  decidedAt: null,
  ...more,
});
const DESIGN = '6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const PROJECT: Project = {
  id: 'p-1',
  archived: false,
  planName: 'Growing',
  tracks: ['website', 'social'],
  milestoneTracks: [
    {
      kind: 'website',
      milestones: [
        milestone('m-1', 'discovery', { status: 'done', dueOn: '2026-11-01' }),
        milestone(DESIGN, 'design', {
          status: 'in_review',
          dueOn: '2026-11-20',
          overdue: true,
          deliverableUrl: 'https://figma.example/design',
          deliverableNote: 'Two options',
        }),
        milestone('m-3', 'build'),
        milestone('m-4', 'review'),
        milestone('m-5', 'launch', { dueOn: null }),
      ],
    },
  ],
  social: [{ month: '2026-11', planned: 12, published: 5 }],
  notify: 'each',
  today: '2026-11-28',
};
const withDesign = (more: Partial<Milestone>): Project => ({
  ...PROJECT,
  milestoneTracks: [
    {
      kind: 'website',
      milestones: PROJECT.milestoneTracks[0]!.milestones.map((m) =>
        m.id === DESIGN ? { ...m, ...more } : m,
      ),
    },
  ],
});

describe("'Your project' on the billing page", () => {
  it('shows nothing before the client has paid', async () => {
    const api = mockApi({ 'GET /api/account/project': { body: { project: null } } });
    renderInApp(<YourProject />, { path: '/account' });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your project' })).toBeNull();
  });

  it('shows the timeline with each step’s status in words, dates and what is overdue', async () => {
    mockApi({ 'GET /api/account/project': { body: { project: PROJECT } } });
    renderInApp(<YourProject />, { path: '/account' });
    const section = await screen.findByRole('region', { name: 'Your project' });
    expect(within(section).getByRole('heading', { name: 'Website' })).toBeTruthy();
    const steps = within(section).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('.font-medium')?.textContent)).toEqual([
      'Step 1 of 5: Discovery',
      'Step 2 of 5: Design',
      'Step 3 of 5: Build',
      'Step 4 of 5: Review',
      'Step 5 of 5: Launch',
    ]);
    expect(within(steps[0]!).getByText('Done')).toBeTruthy();
    expect(within(steps[1]!).getByText('Waiting for your review')).toBeTruthy();
    expect(within(steps[1]!).getByText('Overdue')).toBeTruthy();
    expect(within(steps[1]!).getByText('Due November 20, 2026')).toBeTruthy();
    expect(within(steps[4]!).getByText('No date yet')).toBeTruthy();
    expect(
      within(steps[1]!).getByRole('link', { name: 'Open the deliverable' }).getAttribute('href'),
    ).toBe('https://figma.example/design');
    expect(within(steps[1]!).queryByRole('link', { name: 'Open the link' })).toBeNull();
    // Only the step waiting for review can be answered.
    expect(within(section).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    const calendar = within(section).getByRole('table', { name: 'Social media calendar' });
    expect(within(calendar).getByRole('rowheader').textContent).toBe('November 2026');
    expect(within(section).getByRole('radio', { name: 'An e-mail at each step' })).toHaveProperty(
      'checked',
      true,
    );
  });

  it('opens a deliverable file through the client’s own route, and the link beside it', async () => {
    mockApi({
      'GET /api/account/project': {
        body: {
          project: withDesign({ deliverableFile: { contentType: 'application/pdf', bytes: 900 } }),
        },
      },
    });
    renderInApp(<YourProject />, { path: '/account' });
    const section = await screen.findByRole('region', { name: 'Your project' });
    const step = within(section).getAllByRole('listitem')[1]!;
    expect(
      within(step).getByRole('link', { name: 'Open the deliverable' }).getAttribute('href'),
    ).toBe(`/api/account/project/milestones/${DESIGN}/deliverable-file`);
    expect(within(step).getByRole('link', { name: 'Open the link' }).getAttribute('href')).toBe(
      'https://figma.example/design',
    );
  });

  it('asks for a comment to request changes, then sends it', async () => {
    const user = userEvent.setup();
    let answered = withDesign({});
    const api = mockApi({
      'GET /api/account/project': () => ({ body: { project: answered } }),
      [`POST /api/account/project/milestones/${DESIGN}/request-changes`]: ({ body }) => {
        const comment = (body as { comment: string }).comment;
        if (!comment.trim())
          return {
            status: 400,
            body: {
              message: 'Comment is required: say what should change',
              code: 'validation',
              issues: [
                { field: 'comment', message: 'Comment is required: say what should change' },
              ],
            },
          };
        answered = withDesign({ status: 'changes_requested', reviewComment: comment });
        return { body: { project: answered } };
      },
    });
    renderInApp(<YourProject />, { path: '/account' });
    const button = await screen.findByRole('button', { name: 'Request changes' });
    await user.click(button);
    const box = await screen.findByRole('textbox', { name: 'Comment' });
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Comment is required: say what should change')).toBeTruthy();

    await user.type(box, 'Bigger logo');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Your comment: Bigger logo')).toBeTruthy();
    expect(screen.getByText('Changes requested')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      comment: 'Bigger logo',
    });
  });

  it('approves a step waiting for review', async () => {
    const user = userEvent.setup();
    let answered = withDesign({});
    mockApi({
      'GET /api/account/project': () => ({ body: { project: answered } }),
      [`POST /api/account/project/milestones/${DESIGN}/approve`]: () => {
        answered = withDesign({
          status: 'done',
          overdue: false,
          decidedAt: '2026-11-28T10:00:00.000Z',
        });
        return { body: { project: answered } };
      },
    });
    renderInApp(<YourProject />, { path: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    const design = document.querySelector('[data-milestone="design"]') as HTMLElement;
    expect(within(design).getByText('Done')).toBeTruthy();
    expect(within(design).queryByText('Overdue')).toBeNull();
  });
});
