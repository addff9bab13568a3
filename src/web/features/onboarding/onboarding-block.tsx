import type { ReactNode } from 'react';
import { onboardingFileUrl, type OnboardingView } from '../../../contract/onboarding/onboarding';
import { errorMessage } from '../../lib/api';
import { useClientOnboarding } from './api';
import { FactList } from '../../components/ui/fact-list';

const NETWORKS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '');

/** A link the client typed: shown as text, opened in a new tab without our referrer. */
const link = (url: string) => (
  <a key={url} href={url} target="_blank" rel="noopener noreferrer" className="break-all underline">
    {url}
  </a>
);

/**
 * A client's onboarding answers for the team (read-only, English like the admin area), with the
 * logo and photos (each opens full size). Shown on the client's record.
 */
export function OnboardingBlock({ clientId }: { clientId: string }) {
  const onboarding = useClientOnboarding(clientId);
  return (
    <section aria-labelledby={`onboarding-${clientId}`}>
      <h3 id={`onboarding-${clientId}`} className="font-semibold">
        Onboarding
      </h3>
      {onboarding.isPending && <p className="mt-1 text-muted-foreground">Loading the answers…</p>}
      {onboarding.isError && (
        <p role="alert" className="mt-1 text-destructive">
          {errorMessage(onboarding.error, 'The onboarding answers could not be loaded.')}
        </p>
      )}
      {onboarding.data && <Answers clientId={clientId} view={onboarding.data} />}
    </section>
  );
}

function Answers({ clientId, view }: { clientId: string; view: OnboardingView }) {
  if (view.version === 0 && view.files.length === 0)
    return <p className="mt-1 text-muted-foreground">Not started yet.</p>;
  const a = view.answers;
  const rows: [string, ReactNode][] = [
    [
      'Status',
      view.status === 'submitted'
        ? `Submitted ${when(view.submittedAt)}`
        : `Draft, last saved ${when(view.updatedAt)}`,
    ],
    ['Business name', a.businessName],
    ['Owner', a.ownerName],
    ['Phone', a.phone],
    ['Address', a.address],
    ['What the business does', <span className="whitespace-pre-wrap">{a.description}</span>],
    [
      'Brand colours',
      a.colours.length > 0 && (
        <span className="flex flex-wrap gap-2">
          {a.colours.map((c, i) => (
            <span key={i} className="inline-flex items-center gap-1">
              <span
                aria-hidden="true"
                className="inline-block size-4 rounded border border-border"
                style={{ backgroundColor: c }}
              />
              {c}
            </span>
          ))}
        </span>
      ),
    ],
    ['Current domain', a.domain],
    ['Hosted by', a.domainHost],
    [
      'Social accounts',
      a.social.length > 0 && (
        <ul>
          {a.social.map((s) => (
            <li key={s.network}>
              {NETWORKS[s.network] ?? s.network}: {link(s.url)}
            </li>
          ))}
        </ul>
      ),
    ],
    ['Goals', <span className="whitespace-pre-wrap">{a.goals}</span>],
    [
      'Sites they like',
      a.likedSites.length > 0 && (
        <ul>
          {a.likedSites.map((s, i) => (
            <li key={i}>{link(s)}</li>
          ))}
        </ul>
      ),
    ],
  ];
  return (
    <>
      <FactList rows={rows} />
      {view.files.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Logo and photos">
          {view.files.map((f) => {
            const url = onboardingFileUrl(f.id, clientId);
            const photo = view.files.filter((p) => p.kind === 'photo').indexOf(f) + 1;
            const name = f.kind === 'logo' ? 'Logo' : `Photo ${photo}`;
            return (
              <li key={f.id}>
                <a
                  href={url}
                  target="_blank"
                  rel="noopener"
                  className="grid gap-1 text-xs underline"
                >
                  <img
                    src={url}
                    alt={name}
                    width={f.width}
                    height={f.height}
                    className="aspect-square w-full rounded border border-border bg-muted object-contain"
                  />
                  {name} ({f.width}×{f.height})
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
