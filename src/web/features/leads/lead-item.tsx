import { Ban, ExternalLink, Phone, Share2, Trash2, Undo2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { LEAD_STATUSES, type Lead, type LeadStatus } from '../../../contract/leads/leads';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { FollowUp, type FollowUpChange } from '../../components/follow-up';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Field, Select, Textarea } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import {
  directionsUrl,
  networkLabel,
  ratingLabel,
  telHref,
  websiteHref,
  websiteLabel,
} from '../businesses';
import {
  LEAD_STATUS_LABELS,
  resultIdOfLead,
  useDeleteLead,
  useDoNotContact,
  useFindSocialProfiles,
  useUpdateLead,
} from './api';

const LINK = 'underline-offset-4 hover:underline focus-visible:underline';
const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

/** One saved lead: its status and note save as they change; profiles are read from its website on request. */
export function LeadItem({
  lead,
  today,
  onDeleted,
}: {
  lead: Lead;
  today: string;
  onDeleted: (resultId: string) => void;
}) {
  const id = useId();
  const statusUpdate = useUpdateLead();
  const noteUpdate = useUpdateLead();
  const followUpUpdate = useUpdateLead();
  const doNotContact = useDoNotContact();
  const findProfiles = useFindSocialProfiles();
  const remove = useDeleteLead();
  const [note, setNote] = useState(lead.note ?? '');
  const savedNote = useRef(lead.note ?? '');
  const [profilesMessage, setProfilesMessage] = useState('');
  const [confirming, setConfirming] = useState(false);

  const changeStatus = (status: LeadStatus) =>
    statusUpdate.mutate(
      { id: lead.id, status },
      {
        onSuccess: () =>
          toast({
            title: 'Status updated',
            description: `${lead.name}: ${LEAD_STATUS_LABELS[status]}`,
          }),
        onError: failed('The status was not saved'),
      },
    );

  // Saved on blur and with the button; the same text is not sent twice.
  const saveNote = () => {
    const text = note.trim();
    if (text === savedNote.current.trim()) return;
    const previous = savedNote.current;
    savedNote.current = text;
    noteUpdate.mutate(
      { id: lead.id, note: text || null },
      {
        onSuccess: () => toast({ title: 'Note saved', description: lead.name }),
        onError: (error) => (
          (savedNote.current = previous),
          failed('The note was not saved')(error)
        ),
      },
    );
  };

  const lookForProfiles = () => {
    setProfilesMessage('');
    findProfiles.mutate(lead.id, {
      onSuccess: (updated) =>
        setProfilesMessage(
          updated.socialProfiles.length > 0
            ? `Found: ${updated.socialProfiles.map((p) => networkLabel(p.network)).join(', ')}`
            : 'No social profiles found on the website.',
        ),
      onError: (error) => setProfilesMessage(errorMessage(error, 'The website could not be read.')),
    });
  };

  const changeFollowUp = (change: FollowUpChange) =>
    followUpUpdate.mutate(
      { id: lead.id, ...change },
      {
        onSuccess: (updated) =>
          toast({
            title: 'Follow-up saved',
            description: `${lead.name}: ${updated.nextFollowUp ? `next follow-up ${updated.nextFollowUp}` : 'no follow-up date'}${updated.lastContacted ? `, last contacted ${updated.lastContacted}` : ''}`,
          }),
        onError: failed('The follow-up was not saved'),
      },
    );

  const toggleDoNotContact = () =>
    doNotContact.mutate(
      { id: lead.id, mark: !lead.doNotContact },
      {
        onSuccess: (updated) =>
          toast({
            title: updated.doNotContact ? 'Marked do not contact' : 'Contact allowed again',
            description: updated.doNotContact
              ? `${lead.name} is hidden from search results and exports from now on.`
              : `${lead.name} shows in search results again.`,
          }),
        onError: failed('The do-not-contact mark was not changed'),
      },
    );

  const confirmDelete = () =>
    remove.mutate(lead, {
      onSuccess: () => (
        setConfirming(false),
        toast({ title: 'Lead deleted', description: lead.name }),
        onDeleted(resultIdOfLead(lead))
      ),
      onError: failed('The lead was not deleted'),
    });

  return (
    <li>
      <Card
        role="article"
        aria-labelledby={`${id}-name`}
        className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]"
      >
        <div className="grid content-start gap-1.5 text-sm">
          <h3 id={`${id}-name`} className="text-base font-semibold">
            {lead.name}
          </h3>
          {lead.doNotContact && (
            <p>
              <Badge variant="red">Do not contact</Badge>
            </p>
          )}
          <p className="text-muted-foreground">
            {[
              lead.category,
              lead.rating &&
                `${ratingLabel(lead.rating)}${lead.reviewCount !== null ? ` (${lead.reviewCount} reviews)` : ''}`,
            ]
              .filter(Boolean)
              .join(' · ') || 'No category'}
          </p>
          {lead.address && (
            <a
              href={directionsUrl(lead.address)}
              target="_blank"
              rel="noopener noreferrer"
              className={LINK}
            >
              {lead.address}
              <span className="sr-only"> (directions, opens in a new tab)</span>
            </a>
          )}
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {lead.website && (
              <a
                href={websiteHref(lead.website)}
                target="_blank"
                rel="noopener noreferrer"
                className={`inline-flex items-center gap-1 ${LINK}`}
              >
                <ExternalLink className="size-4" aria-hidden="true" />
                {websiteLabel(lead.website)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
            {lead.phone && (
              <a href={telHref(lead.phone)} className={`inline-flex items-center gap-1 ${LINK}`}>
                <Phone className="size-4" aria-hidden="true" />
                {lead.phone}
              </a>
            )}
          </div>
          {lead.socialProfiles.length > 0 && (
            <p className="flex flex-wrap gap-x-3">
              <span className="text-muted-foreground">Social:</span>
              {lead.socialProfiles.map((p) => (
                <a
                  key={p.url}
                  href={p.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`font-medium ${LINK}`}
                >
                  {networkLabel(p.network)}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ))}
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            {lead.website && (
              <Button
                variant="outline"
                size="sm"
                aria-disabled={findProfiles.isPending}
                onClick={() => !findProfiles.isPending && lookForProfiles()}
                aria-describedby={`${id}-name`}
              >
                <Share2 className="size-4" aria-hidden="true" />
                {findProfiles.isPending ? 'Reading the website...' : 'Find social profiles'}
              </Button>
            )}
            <Button
              variant="outline"
              size="sm"
              aria-pressed={lead.doNotContact}
              aria-disabled={doNotContact.isPending}
              onClick={() => !doNotContact.isPending && toggleDoNotContact()}
              aria-describedby={`${id}-name`}
            >
              {lead.doNotContact ? (
                <Undo2 className="size-4" aria-hidden="true" />
              ) : (
                <Ban className="size-4" aria-hidden="true" />
              )}
              {lead.doNotContact ? 'Allow contact again' : 'Do not contact'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive"
              onClick={() => setConfirming(true)}
              aria-describedby={`${id}-name`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Delete
            </Button>
          </div>
          <p aria-live="polite" className="text-muted-foreground empty:hidden">
            {profilesMessage}
          </p>
        </div>
        <div className="grid content-start gap-3">
          <Field id={`${id}-status`} label="Status">
            <Select
              id={`${id}-status`}
              value={lead.status}
              aria-busy={statusUpdate.isPending}
              onChange={(e) => changeStatus(e.target.value as LeadStatus)}
            >
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${id}-note`} label="Note">
            <Textarea
              id={`${id}-note`}
              rows={3}
              maxLength={5000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              onBlur={saveNote}
            />
          </Field>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            aria-disabled={noteUpdate.isPending}
            onClick={saveNote}
          >
            {noteUpdate.isPending ? 'Saving...' : 'Save note'}
          </Button>
          <FollowUp
            id={`${id}-follow-up`}
            nextFollowUp={lead.nextFollowUp}
            lastContacted={lead.lastContacted}
            today={today}
            pending={followUpUpdate.isPending}
            onChange={changeFollowUp}
            describedBy={`${id}-name`}
          />
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this lead?"
        description={`${lead.name} will be removed from your saved leads. This cannot be undone.`}
        confirmLabel="Delete lead"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </li>
  );
}
