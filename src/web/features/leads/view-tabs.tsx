import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { SectionView } from './url-state';

const TABS: { id: SectionView; label: string }[] = [
  { id: 'search', label: 'Search' },
  { id: 'leads', label: 'Leads' },
  { id: 'board', label: 'Board' },
];

export const tabId = (view: SectionView) => `business-${view}-tab`;
export const panelId = (view: SectionView) => `business-${view}-panel`;

/** WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move between the tabs and choose them. */
export function ViewTabs({
  view,
  onView,
}: {
  view: SectionView;
  onView: (view: SectionView) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === view);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length]!.id;
    onView(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Business search views"
      className="flex gap-1 border-b border-border"
      onKeyDown={onKeyDown}
    >
      {TABS.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={tabId(t.id)}
          aria-selected={t.id === view}
          aria-controls={panelId(t.id)}
          tabIndex={t.id === view ? 0 : -1}
          onClick={() => onView(t.id)}
          className={cn(
            '-mb-px border-b-2 px-4 py-2 text-sm font-semibold transition-colors',
            t.id === view
              ? 'border-primary text-foreground'
              : 'border-transparent text-muted-foreground hover:text-foreground',
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({
  view,
  active,
  children,
}: {
  view: SectionView;
  active: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(view)}
      aria-labelledby={tabId(view)}
      hidden={!active}
      className="mt-4"
    >
      {children}
    </div>
  );
}
