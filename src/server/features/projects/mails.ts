import { localizedPath, WEB_PATHS, type Locale } from '../../../contract/site/routes.js';
import {
  STAGE_LABELS,
  TRACK_LABELS,
  type MilestoneStatus,
  type MilestoneTrack,
} from '../../../contract/projects/projects.js';
import {
  mailWords,
  type MailSettings,
  type MailWords,
  type OutgoingMail,
} from '../notifications/index.js';

/** What the client hears of: a step of one milestone. */
export interface ProjectStep {
  kind: 'status' | 'due' | 'sent_for_review';
  track: MilestoneTrack;
  stage: string;
  detail: Record<string, string | null>;
}

export interface ClientFacts {
  email: string;
  ownerName: string;
  businessName: string;
  language: Locale;
}

// ICU select keys are plain words: the tracks' ids without their hyphen.
const trackKey = (track: MilestoneTrack) => track.replace('-', '');

function stepLine(w: MailWords, step: ProjectStep): string {
  const what = w.t('projectMail.milestone', { track: trackKey(step.track), stage: step.stage });
  if (step.kind === 'sent_for_review') return w.t('projectMail.sentForReview', { what });
  if (step.kind === 'due')
    return step.detail.dueOn
      ? w.t('projectMail.due', { what, date: w.day(new Date(`${step.detail.dueOn}T12:00:00Z`)) })
      : w.t('projectMail.dueCleared', { what });
  return w.t('projectMail.status', { what, status: step.detail.status as MilestoneStatus });
}

function stepDetails(w: MailWords, step: ProjectStep): (string | null)[] {
  if (step.kind !== 'sent_for_review') return [];
  return [
    step.detail.url ? w.t('projectMail.deliverable', { url: step.detail.url }) : null,
    step.detail.note ? w.t('projectMail.note', { note: step.detail.note }) : null,
  ];
}

const join = (parts: (string | null)[]) => parts.filter((p) => p !== null).join('\n');

/** The project's page for the client: /account in their language. */
export const projectLink = (origin: string, language: Locale) =>
  `${origin}${localizedPath(language, WEB_PATHS.account)}`;

/** One step, e-mailed at once (the client's default). */
export function stepMail(
  settings: MailSettings,
  origin: string,
  client: ClientFacts,
  step: ProjectStep,
): OutgoingMail {
  const w = mailWords(client.language);
  const what = w.t('projectMail.milestone', { track: trackKey(step.track), stage: step.stage });
  return {
    kind: step.kind === 'sent_for_review' ? 'project_review' : 'project_update',
    to: client.email,
    subject:
      step.kind === 'sent_for_review'
        ? w.t('projectMail.reviewSubject', { what })
        : w.t('projectMail.updateSubject', { what }),
    text: join([
      w.t('mail.hello', { name: client.ownerName }),
      '',
      stepLine(w, step),
      ...stepDetails(w, step),
      '',
      step.kind === 'sent_for_review' ? w.t('projectMail.answer') : w.t('projectMail.open'),
      projectLink(origin, client.language),
      '',
      w.t('projectMail.choice'),
      w.t('mail.questions', { email: settings.supportEmail }),
      '',
      settings.siteName,
    ]),
  };
}

/** The day's steps in one e-mail, for a client who chose the daily digest. */
export function digestMail(
  settings: MailSettings,
  origin: string,
  client: ClientFacts,
  steps: ProjectStep[],
): OutgoingMail {
  const w = mailWords(client.language);
  return {
    kind: 'project_digest',
    to: client.email,
    subject: w.t('projectMail.digestSubject', { count: steps.length }),
    text: join([
      w.t('mail.hello', { name: client.ownerName }),
      '',
      w.t('projectMail.digestIntro'),
      '',
      ...steps.flatMap((s) => [
        `- ${stepLine(w, s)}`,
        ...stepDetails(w, s).map((d) => d && `  ${d}`),
      ]),
      '',
      w.t('projectMail.open'),
      projectLink(origin, client.language),
      '',
      w.t('projectMail.digestWhy'),
      w.t('mail.questions', { email: settings.supportEmail }),
      '',
      settings.siteName,
    ]),
  };
}

/** The team hears the client's answer to a review at once (in English, like every team e-mail). */
export function answerMail(
  settings: MailSettings,
  client: ClientFacts,
  track: MilestoneTrack,
  stage: string,
  approved: boolean,
  comment: string | null,
): OutgoingMail {
  const what = `${TRACK_LABELS[track]} – ${STAGE_LABELS[stage as keyof typeof STAGE_LABELS] ?? stage}`;
  return {
    kind: approved ? 'team_project_approved' : 'team_project_changes',
    to: settings.teamEmail,
    subject: `${client.businessName} ${approved ? 'approved' : 'asks for changes to'} ${what}`,
    text: join([
      `${client.businessName} (${client.ownerName}, ${client.email}) ${approved ? 'approved' : 'requested changes to'} ${what}.`,
      comment ? `\nTheir comment:\n${comment}` : null,
      '',
      "Open 'Projects' in the admin area to continue.",
    ]),
  };
}
