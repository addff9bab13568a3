import type { OnboardingAnswers, OnboardingFile } from '../../../contract/onboarding/onboarding.js';
import type { Locale } from '../../../contract/site/routes.js';
import { languageLine, type OutgoingMail } from '../notifications/index.js';

const NETWORK_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

const or = (text: string) => (text.trim() === '' ? '(not given)' : text.trim());
const indent = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

/**
 * To the team (English, like every team e-mail, naming the client's language): a client sent their
 * onboarding answers. The whole answer is in the e-mail, so it can be read away from the admin.
 */
export function onboardingSubmittedMail(facts: {
  to: string;
  registration: {
    id: string;
    businessName: string;
    ownerName: string;
    email: string;
    language: Locale;
  };
  answers: OnboardingAnswers;
  files: OnboardingFile[];
  clientsUrl: string;
}): OutgoingMail {
  const { registration: r, answers: a, files } = facts;
  const logo = files.some((f) => f.kind === 'logo');
  const photos = files.filter((f) => f.kind === 'photo').length;
  return {
    kind: 'team_onboarding_submitted',
    to: facts.to,
    subject: `Onboarding answers: ${a.businessName || r.businessName}`,
    text: [
      `${r.businessName} (${r.ownerName}, ${r.email}) sent their onboarding answers ('Tell us about your business').`,
      languageLine(r.language),
      '',
      `Business name: ${or(a.businessName)}`,
      `Owner: ${or(a.ownerName)}`,
      `Phone: ${or(a.phone)}`,
      `Address: ${or(a.address)}`,
      'What the business does:',
      indent(or(a.description)),
      `Brand colours: ${a.colours.length ? a.colours.join(', ') : '(none given)'}`,
      `Logo: ${logo ? 'uploaded' : 'none'}; photos: ${photos}`,
      `Current domain: ${or(a.domain)}${a.domainHost.trim() ? ` (hosted by ${a.domainHost.trim()})` : ''}`,
      `Social accounts: ${
        a.social.length
          ? a.social.map((s) => `${NETWORK_NAMES[s.network] ?? s.network} ${s.url}`).join(', ')
          : '(none given)'
      }`,
      'Goals:',
      indent(or(a.goals)),
      `Sites they like: ${a.likedSites.length ? a.likedSites.join(', ') : '(none given)'}`,
      '',
      `The answers, the logo and the photos are on the client's record (Clients): ${facts.clientsUrl}`,
      `Client id: ${r.id}`,
    ].join('\n'),
    html: null,
  };
}
