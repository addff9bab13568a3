import { useEffect, useId, useState } from 'react';
import {
  RELATIONSHIP_LABELS,
  RELATIONSHIP_STATUSES,
  type Investor,
  type RelationshipStatus,
} from '../../../contract/investors/investors';
import { FollowUp, followUpState, type FollowUpChange } from '../../components/follow-up';
import { Button } from '../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useUpdateRelationship } from './api';

/** Today in the browser's calendar ('2026-11-25'): investors' follow-ups are not listed by due date on the server. */
const localToday = () => new Intl.DateTimeFormat('en-CA').format(new Date());
const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

/** The agency's pipeline with one investor: status (saved as chosen), notes, who can introduce us, next follow-up. */
export function Relationship({
  investor: i,
  headingId,
}: {
  investor: Investor;
  headingId: string;
}) {
  const id = useId();
  const statusUpdate = useUpdateRelationship();
  const notesUpdate = useUpdateRelationship();
  const followUpUpdate = useUpdateRelationship();
  const [notes, setNotes] = useState(i.relationshipNotes ?? '');
  const [introducer, setIntroducer] = useState(i.introducer ?? '');
  useEffect(() => setNotes(i.relationshipNotes ?? ''), [i.relationshipNotes]);
  useEffect(() => setIntroducer(i.introducer ?? ''), [i.introducer]);
  const today = localToday();
  const due = followUpState(i.nextFollowUp, today);

  const changeStatus = (status: RelationshipStatus) =>
    statusUpdate.mutate(
      { id: i.id, status },
      {
        onSuccess: () =>
          toast({
            title: 'Relationship updated',
            description: `${i.name}: ${RELATIONSHIP_LABELS[status]}`,
          }),
        onError: failed('The status was not saved'),
      },
    );
  const saveNotes = () =>
    notesUpdate.mutate(
      { id: i.id, notes, introducer },
      {
        onSuccess: () => toast({ title: 'Notes saved', description: i.name }),
        onError: failed('The notes were not saved'),
      },
    );
  const changeFollowUp = (change: FollowUpChange) =>
    followUpUpdate.mutate(
      { id: i.id, nextFollowUp: change.nextFollowUp },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Follow-up saved',
            description: `${i.name}: ${updated.nextFollowUp ? `next follow-up ${updated.nextFollowUp}` : 'no follow-up date'}`,
          }),
        onError: failed('The follow-up was not saved'),
      },
    );

  return (
    <div className="grid gap-3 border-t border-border pt-3">
      <Field id={`${id}-status`} label="Relationship">
        <Select
          id={`${id}-status`}
          value={i.relationshipStatus}
          aria-describedby={headingId}
          aria-busy={statusUpdate.isPending}
          onChange={(e) => changeStatus(e.target.value as RelationshipStatus)}
        >
          {RELATIONSHIP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RELATIONSHIP_LABELS[s]}
            </option>
          ))}
        </Select>
      </Field>
      <details className="group text-sm">
        <summary className="cursor-pointer font-medium">
          Notes and follow-up
          {due && (
            <span className="ml-2 font-semibold text-destructive">
              {due === 'overdue' ? '(overdue)' : '(due today)'}
            </span>
          )}
        </summary>
        <div className="mt-3 grid gap-3">
          <Field id={`${id}-notes`} label="Notes">
            <Textarea
              id={`${id}-notes`}
              rows={3}
              maxLength={5000}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </Field>
          <Field id={`${id}-introducer`} label="Who can introduce us">
            <Input
              id={`${id}-introducer`}
              maxLength={300}
              value={introducer}
              onChange={(e) => setIntroducer(e.target.value)}
            />
          </Field>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            aria-disabled={notesUpdate.isPending}
            onClick={() => !notesUpdate.isPending && saveNotes()}
          >
            {notesUpdate.isPending ? 'Saving...' : 'Save notes'}
          </Button>
          <FollowUp
            id={`${id}-follow-up`}
            nextFollowUp={i.nextFollowUp}
            today={today}
            pending={followUpUpdate.isPending}
            onChange={changeFollowUp}
            describedBy={headingId}
          />
        </div>
      </details>
    </div>
  );
}
