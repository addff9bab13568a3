import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_RADIUS, type ResultFilters } from '../../../contract/businesses/businesses';
import type { SectionProps } from '../../lib/admin-section';
import { SaveLeadButton } from './save-lead-button';
import { CheckAllWebsites } from './website-check-all';
import { WebsiteCheckPanel } from './website-check-panel';
import { LeadsPanel } from './leads-panel';
import type { LeadFilters } from './api';
import {
  SearchForm,
  SearchResults,
  useSearchFlow,
  useSearchSettings,
  type ResultLayout,
} from '../businesses';
import { LeadBoard } from './lead-board';
import { ResultDoNotContactButton } from './result-do-not-contact';
import {
  readSectionState,
  writeSectionState,
  type SearchRequest,
  type SectionState,
  type SectionView,
} from './url-state';
import { TabPanel, ViewTabs } from './view-tabs';

/** Local business search (docs/product.md §2) and the leads saved from it. */
export default function SearchSection(_props: SectionProps) {
  const [initial] = useState<SectionState>(readSectionState);
  const flow = useSearchFlow(initial);
  const settings = useSearchSettings();
  const [draft, setDraft] = useState<SearchRequest>(
    initial.search ?? { category: '', radius: DEFAULT_RADIUS, location: '' },
  );
  const [view, setView] = useState<SectionView>(initial.view);
  const [leadFilters, setLeadFilters] = useState<LeadFilters>({
    status: initial.leadsStatus,
    page: initial.leadsPage,
    due: initial.leadsDue,
  });
  const [savedIds, setSavedIds] = useState<ReadonlySet<string>>(() => new Set());
  const [filters, setFilters] = useState<ResultFilters>(initial.filters ?? {});
  const [layout, setLayout] = useState<ResultLayout>(initial.layout ?? 'cards');
  const { setPage } = flow;
  const changeFilters = useCallback(
    (next: ResultFilters) => (setFilters(next), setPage(1)),
    [setPage],
  );

  useEffect(
    () =>
      writeSectionState({
        search: flow.request,
        page: flow.page,
        view,
        leadsStatus: leadFilters.status,
        leadsPage: leadFilters.page,
        leadsDue: leadFilters.due,
        filters,
        layout,
      }),
    [flow.request, flow.page, view, leadFilters, filters, layout],
  );

  const onSaved = useCallback((id: string) => setSavedIds((ids) => new Set(ids).add(id)), []);
  const onDeleted = useCallback(
    (id: string) =>
      setSavedIds((ids) => {
        const next = new Set(ids);
        next.delete(id);
        return next;
      }),
    [],
  );
  const searchExample = (category: string) => {
    const next = { ...draft, category };
    setDraft(next);
    void flow.start(next);
    // The examples leave with the idle prompt; the keyboard carries on from the category field.
    document.getElementById('search-category')?.focus();
  };

  return (
    <div>
      {/* The admin shell's h1 is the section's title, 'Local Business Search'. */}
      <p className="max-w-3xl text-sm text-muted-foreground">
        Find local businesses with websites and social presence within a 30-mile radius, then save
        the promising ones as leads to follow up.
      </p>
      <div className="mt-4">
        <ViewTabs view={view} onView={setView} />
        <TabPanel view="search" active={view === 'search'}>
          <div className="grid gap-6">
            <SearchForm
              value={draft}
              onChange={setDraft}
              onSearch={(request) => void flow.start(request)}
              searching={flow.searching}
            />
            <SearchResults
              flow={flow}
              settings={settings.data}
              onExample={searchExample}
              filters={filters}
              onFilters={changeFilters}
              layout={layout}
              onLayout={setLayout}
              renderAction={(business, category, headingId) => (
                <div className="grid justify-items-start gap-3">
                  <div className="flex flex-wrap gap-2">
                    <SaveLeadButton
                      business={business}
                      category={category}
                      saved={business.lead !== null || savedIds.has(business.id)}
                      onSaved={onSaved}
                      describedBy={headingId}
                    />
                    <ResultDoNotContactButton
                      business={business}
                      category={category}
                      describedBy={headingId}
                    />
                  </div>
                  <WebsiteCheckPanel business={business} describedBy={headingId} />
                </div>
              )}
              renderPageAction={(shown) => (
                <CheckAllWebsites key={shown.map((b) => b.id).join(' ')} businesses={shown} />
              )}
            />
          </div>
        </TabPanel>
        <TabPanel view="leads" active={view === 'leads'}>
          {view === 'leads' && (
            <LeadsPanel filters={leadFilters} onFilters={setLeadFilters} onDeleted={onDeleted} />
          )}
        </TabPanel>
        <TabPanel view="board" active={view === 'board'}>
          {view === 'board' && <LeadBoard />}
        </TabPanel>
      </div>
    </div>
  );
}
