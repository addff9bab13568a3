import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { updateLead, type Lead, type LeadStatus } from '../../../contract/leads/leads';
import { mockApi, renderInApp, type Answer } from '../../test/app';
import { useMoveLead } from './api';

const ID = '3b9f2a41-6c1d-4e8a-9f00-2d7c5e1a8b44';

describe('moves on the lead board', () => {
  it('are sent one at a time, in the order asked, so the last one is what the server keeps', async () => {
    // The server answers each PATCH only when the test lets it.
    const answers: ((answer: Answer) => void)[] = [];
    const { calls } = mockApi({
      [`PATCH ${updateLead.path.replace(':id', ID)}`]: ({ body }) =>
        new Promise<Answer>((resolve) =>
          answers.push(() => resolve({ body: { id: ID, status: (body as Lead).status } })),
        ),
    });
    let move: (status: LeadStatus) => void = () => {};
    function Board() {
      const update = useMoveLead();
      move = (status) => update.mutate({ id: ID, status });
      return null;
    }
    renderInApp(<Board />);

    act(() => {
      move('contacted');
      move('new');
      move('contacted');
    });
    // While a move is on its way, the next waits its turn: one request per answer received.
    for (let sent = 1; sent <= 3; sent++) {
      await waitFor(() => expect(answers).toHaveLength(sent));
      expect(calls).toHaveLength(sent);
      act(() => answers[sent - 1]!({}));
    }
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls.map((c) => (c.body as { status: string }).status)).toEqual([
      'contacted',
      'new',
      'contacted',
    ]);
  });
});
