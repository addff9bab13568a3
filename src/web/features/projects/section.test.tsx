import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BOARD_COLUMNS,
  type AdminProject,
  type ProjectBoard,
} from '../../../contract/projects/projects';
import { mockApi, renderInApp } from '../../test/app';
import ProjectsSection from './section';

const PROJECT_ID = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f';
const DESIGN_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const BOARD: ProjectBoard = {
  columns: BOARD_COLUMNS.map((id) => ({
    id,
    total: id === 'design' ? 1 : 0,
    cards:
      id === 'design'
        ? [
            {
              projectId: PROJECT_ID,
              businessName: 'Sunrise Bakery',
              planName: 'Growing',
              status: 'in_progress',
              dueOn: '2026-11-20',
              overdue: 2,
              managerId: null,
              managerName: null,
            },
          ]
        : [],
  })),
  managers: [{ id: 'emp-1', name: 'Sam Manager' }],
  today: '2026-11-28',
};
const PROJECT: AdminProject = {
  id: PROJECT_ID,
  registrationId: 'r-1',
  businessName: 'Sunrise Bakery',
  email: 'ana@example.com',
  archived: false,
  planName: 'Growing',
  tracks: ['website'],
  milestoneTracks: [
    {
      kind: 'website',
      milestones: [
        {
          id: DESIGN_ID,
          stage: 'design',
          status: 'in_progress',
          dueOn: '2026-11-20',
          overdue: true,
          deliverableUrl: null,
          deliverableFile: null,
          deliverableNote: null,
          reviewComment: 'Bigger logo',
          sentForReviewAt: null,
          decidedAt: null,
        },
      ],
    },
  ],
  social: null,
  notify: 'each',
  today: '2026-11-28',
};

describe("the admin area's 'Projects' board", () => {
  it('shows each project in its website’s stage, overdue in words, and filters by manager', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /api/projects/board': { body: BOARD } });
    renderInApp(<ProjectsSection />, { path: '/admin' });
    const design = await screen.findByRole('region', { name: 'Design (1)' });
    const card = within(design).getByRole('listitem');
    expect(within(card).getByText('Sunrise Bakery')).toBeTruthy();
    expect(within(card).getByText('2 overdue milestones')).toBeTruthy();
    expect(within(card).getByText('Project manager: none')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Website live (0)' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Project manager'), 'Sam Manager');
    await waitFor(() =>
      expect(api.calls.map((c) => c.path)).toContain('/api/projects/board?manager=emp-1'),
    );
  });

  it('opens a project by keyboard and sends a milestone for review with its link', async () => {
    const user = userEvent.setup();
    let sent: unknown;
    mockApi({
      'GET /api/projects/board': { body: BOARD },
      [`GET /api/projects/${PROJECT_ID}`]: { body: PROJECT },
      [`POST /api/projects/milestones/${DESIGN_ID}/send-for-review`]: ({ body }) => {
        sent = body;
        return {
          body: {
            ...PROJECT,
            milestoneTracks: [
              {
                kind: 'website',
                milestones: [
                  {
                    ...PROJECT.milestoneTracks[0]!.milestones[0]!,
                    status: 'in_review',
                    deliverableUrl: 'https://figma.example/v2',
                  },
                ],
              },
            ],
          },
        };
      },
    });
    renderInApp(<ProjectsSection />, { path: '/admin' });
    const open = await screen.findByRole('button', { name: 'Open the project of Sunrise Bakery' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Project of Sunrise Bakery' });
    expect(within(dialog).getByText('Bigger logo')).toBeTruthy();
    expect(within(dialog).getByText('Overdue')).toBeTruthy();
    await user.type(
      within(dialog).getByLabelText('Deliverable (a link)'),
      'https://figma.example/v2',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send for review (Design)' }));
    await waitFor(() =>
      expect(dialog.querySelector('[data-milestone="design"]')!.getAttribute('data-status')).toBe(
        'in_review',
      ),
    );
    expect(sent).toEqual({ deliverableUrl: 'https://figma.example/v2', deliverableNote: null });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('attaches a file to a milestone, shows it, and sends it for review without a link', async () => {
    const user = userEvent.setup();
    const design = PROJECT.milestoneTracks[0]!.milestones[0]!;
    const withFile: AdminProject = {
      ...PROJECT,
      milestoneTracks: [
        {
          kind: 'website',
          milestones: [
            { ...design, deliverableFile: { contentType: 'application/pdf', bytes: 2048 } },
          ],
        },
      ],
    };
    let sent: unknown;
    const api = mockApi({
      'GET /api/projects/board': { body: BOARD },
      [`GET /api/projects/${PROJECT_ID}`]: { body: PROJECT },
      [`POST /api/projects/milestones/${DESIGN_ID}/deliverable-file`]: { body: withFile },
      [`POST /api/projects/milestones/${DESIGN_ID}/send-for-review`]: ({ body }) => {
        sent = body;
        return { body: withFile };
      },
    });
    renderInApp(<ProjectsSection />, { path: '/admin' });
    await user.click(
      await screen.findByRole('button', { name: 'Open the project of Sunrise Bakery' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Project of Sunrise Bakery' });
    const input = within(dialog).getByLabelText('Or attach a file (PDF or image, up to 5 MB)');
    expect(input.getAttribute('accept')).toContain('application/pdf');
    // Too large: refused on the spot, nothing is sent.
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', {
      type: 'application/pdf',
    });
    await user.upload(input, big);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('larger than 5 MB');
    expect(api.calls.some((c) => c.path.endsWith('/deliverable-file'))).toBe(false);

    await user.upload(input, new File(['%PDF-1.4'], 'design.pdf', { type: 'application/pdf' }));
    const link = await within(dialog).findByRole('link', {
      name: 'Open the attached file of Design',
    });
    expect(link.getAttribute('href')).toBe(
      `/api/projects/milestones/${DESIGN_ID}/deliverable-file`,
    );
    expect(within(dialog).getByText('(PDF, 2 KB)')).toBeTruthy();
    const upload = api.calls.find(
      (c) => c.method === 'POST' && c.path.endsWith('/deliverable-file'),
    );
    expect(upload).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Send for review (Design)' }));
    await waitFor(() => expect(sent).toEqual({ deliverableNote: null }));
  });
});
