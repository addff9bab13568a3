import { ExternalLink, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { PortfolioItem } from '../../../contract/portfolio/portfolio';
import { Card } from '../../components/ui/card';
import { buttonClasses } from '../../components/ui/button';
import { contentText, useT } from '../../lib/i18n';
import { useSignedInEmployee } from '../auth';
import { usePortfolio } from './api';

/** Shown only when there are items (docs/product.md §2). */
export default function PortfolioSection() {
  const { data: items } = usePortfolio();
  // Asked only once there is something to edit; a visitor gets `null` (no error, no Edit button).
  const employee = useSignedInEmployee(Boolean(items?.length));
  const _ = useT();
  if (!items || items.length === 0) return null;
  return (
    <section aria-labelledby="portfolio-title" className="py-16 below-fold">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="portfolio-title" className="text-center text-3xl font-bold">
          {_('portfolio.title')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <PortfolioCard item={item} canEdit={Boolean(employee.data)} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function PortfolioCard({ item, canEdit }: { item: PortfolioItem; canEdit: boolean }) {
  const [logoFailed, setLogoFailed] = useState(false);
  const _ = useT();
  const showLogo = item.logoUrl && !logoFailed;
  const description = contentText(item.description ?? '', item.descriptionEs);
  return (
    <Card className="flex h-full flex-col p-6">
      <div className="flex items-center gap-4">
        {showLogo ? (
          <img
            src={item.logoUrl!}
            alt=""
            width="56"
            height="56"
            loading="lazy"
            className="size-14 rounded-lg object-contain"
            onError={() => setLogoFailed(true)}
            // The page comes rendered from the server: a logo that failed before React took over
            // fired its error unheard, so a finished image is checked once.
            ref={(img) => {
              if (img?.complete) img.decode().catch(() => setLogoFailed(true));
            }}
          />
        ) : (
          <div
            aria-hidden="true"
            data-testid="logo-fallback"
            className="flex size-14 items-center justify-center rounded-lg bg-navy-900 text-2xl font-bold text-white"
          >
            {item.websiteName.charAt(0).toUpperCase()}
          </div>
        )}
        <h3 className="text-lg font-semibold">{item.websiteName}</h3>
      </div>
      <a
        href={item.websiteUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex items-center gap-1 break-all text-sm font-medium text-navy-600 underline dark:text-navy-100"
      >
        {item.websiteUrl.replace(/^https?:\/\//, '')}
        <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="sr-only">{_('common.newTab')}</span>
      </a>
      {description.text && (
        <p className="mt-3 text-sm text-muted-foreground" lang={description.lang}>
          {description.text}
        </p>
      )}
      {canEdit && (
        <a
          href="/settings#portfolio"
          className={buttonClasses('outline', 'sm', 'mt-4 self-start')}
          aria-label={_('portfolio.editItem', { name: item.websiteName })}
        >
          <Pencil className="size-3.5" aria-hidden="true" />
          {_('portfolio.edit')}
        </a>
      )}
    </Card>
  );
}
