import { Briefcase, MapPin, TrendingUp, Users } from 'lucide-react';
import { useId } from 'react';
import type { Investor } from '../../../contract/investors/investors';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { ContactButton, ProfileButton } from './contact-buttons';
import {
  firstOf,
  formatConnections,
  formatPortfolioSize,
  MAX_COMPANIES,
  MAX_EXPERTISE,
} from './format';
import { InvestorManage } from './investor-manage';
import { InvestorPhoto } from './investor-photo';
import { Relationship } from './relationship';

/** One investor (docs/product.md §2): who they are, their reach, what they invest in, how to reach them. */
export function InvestorCard({ investor: i }: { investor: Investor }) {
  const headingId = useId();
  const expertise = firstOf(i.expertise, MAX_EXPERTISE);
  const companies = firstOf(i.portfolioCompanies, MAX_COMPANIES);

  return (
    <Card role="article" aria-labelledby={headingId} className="flex flex-col gap-4 p-5">
      <div className="flex items-start gap-4">
        <InvestorPhoto name={i.name} src={i.profilePhoto} />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold">
            {i.name}
          </h2>
          {i.title && <p className="text-sm text-muted-foreground">{i.title}</p>}
          {i.firm && (
            <p className="flex items-center gap-1.5 text-sm font-medium">
              <Briefcase className="size-4 shrink-0" aria-hidden="true" />
              {i.firm}
            </p>
          )}
          {i.location && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              {i.location}
            </p>
          )}
        </div>
      </div>

      {(i.linkedinConnections !== null || i.networkValue) && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {i.linkedinConnections !== null && (
            <span className="inline-flex items-center gap-1.5">
              <Users className="size-4 shrink-0" aria-hidden="true" />
              {formatConnections(i.linkedinConnections)}
            </span>
          )}
          {i.networkValue && (
            <span className="inline-flex items-center gap-1.5">
              <TrendingUp className="size-4 shrink-0" aria-hidden="true" />
              Network value: {i.networkValue}
            </span>
          )}
        </div>
      )}

      {expertise.shown.length > 0 && (
        <ul aria-label="Expertise" className="flex flex-wrap gap-1.5">
          {expertise.shown.map((e) => (
            <li key={e}>
              <Badge variant="secondary">{e}</Badge>
            </li>
          ))}
        </ul>
      )}

      {companies.shown.length > 0 && (
        <div className="text-sm">
          <p className="font-medium">Portfolio companies</p>
          <p className="mt-1 text-muted-foreground">
            {companies.shown.join(', ')}
            {companies.more > 0 && (
              <span className="ml-1 font-medium text-foreground">+{companies.more} more</span>
            )}
          </p>
        </div>
      )}

      <dl className="grid grid-cols-2 gap-3 rounded-md bg-muted px-3 py-2 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Investment range</dt>
          <dd className="font-semibold">{i.investmentRange ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Portfolio size</dt>
          <dd className="font-semibold">
            {i.portfolioSize === null ? '—' : formatPortfolioSize(i.portfolioSize)}
          </dd>
        </div>
      </dl>

      <div className="mt-auto flex flex-wrap gap-2">
        <ProfileButton investor={i} />
        <ContactButton investor={i} />
      </div>
      <Relationship investor={i} headingId={headingId} />
      <div className="-mb-2 flex justify-end border-t border-border pt-2">
        <InvestorManage investor={i} />
      </div>
    </Card>
  );
}

/** Holds a card's place while the first batch loads. */
export function InvestorCardSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-5" aria-hidden="true">
      <div className="flex items-start gap-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-6 w-full" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-9 w-full" />
    </Card>
  );
}
