import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '@tanstack/react-router';
import { Plus, Search } from 'lucide-react';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { tableQuery, type TableQuery } from '@/lib/table-query.ts';
import { NewPartnerDialog } from './new-partner-dialog.tsx';
import { partnerColumns } from './partner-columns.ts';
import { PARTNER_STATUSES } from './partner-status-tag.tsx';
import { PartnerSummaryCards } from './partner-summary-cards.tsx';
import { partnerTabStatuses } from './partner-tabs.ts';
import { usePartnerReference } from './use-partner-reference.ts';
import { usePartnerSummary, usePartners, type Partner } from './use-partners.ts';
import { PARTNER_TABS } from '@corridor/domain';

const TABLE_KEY = 'sp-partners';

/** The free-text search over trading name, reference and licence number (the search's `query`). */
function QuerySearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="flex w-full max-w-md gap-2" onSubmit={submit}>
      <Input
        aria-label={t('partners.search.label')}
        placeholder={t('partners.search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="partner-query"
      />
      <Button type="submit" variant="outline" data-testid="partner-query-submit">
        <Search aria-hidden />
        {t('partners.search.submit')}
      </Button>
    </form>
  );
}

/**
 * service-provider/partners/list/{status}: the TSP's partner onboarding records by status tab (spec 1), with the
 * summary cards of the records the tab lists, search by the onboarding search fields, and 'Onboard a partner'.
 * Read from the device first with its age; creating needs the network.
 */
export function PartnersScreen({ route, slug }: { route: TableSearchRoute; slug: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const tableKey = `${TABLE_KEY}-${slug}`;
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(0);
  const statuses = partnerTabStatuses(slug);
  const query: TableQuery = { ...tableQuery(state), ...(statuses.length > 0 ? { partnerStatuses: statuses } : {}) };
  const { page: _page, size: _size, sort: _sort, ...filters } = query;
  const list = usePartners(query, created);
  const summary = usePartnerSummary(filters, created);
  const { countries, businessTypes } = usePartnerReference();
  const columns = useMemo(
    () =>
      partnerColumns({
        typeOptions: (['MERCHANT', 'SERVICE_PROVIDER'] as const).map((v) => ({ value: v, name: t(`partners.types.${v}`) })),
        statusOptions: PARTNER_STATUSES.map((v) => ({ value: v, name: t(`partners.statuses.${v}`) })),
        statusFilter: slug === 'overview',
      }),
    [t, slug],
  );
  const queryText = state.filters.find((f) => f.key === 'query')?.value;
  const search = (text: string) =>
    onStateChange({ ...state, page: 1, filters: [...state.filters.filter((f) => f.key !== 'query'), ...(text === '' ? [] : [{ key: 'query', value: text }])] });
  const openPartner = (row: Partner) => void navigate({ to: '/service-provider/partners/$partnerId', params: { partnerId: row.id } });
  return (
    <ListScreen
      testId="partners-screen"
      title={t('partners.title')}
      description={t('partners.subtitle')}
      actions={
        <div className="flex flex-col items-end gap-1">
          <Button data-testid="partner-new" onClick={() => setOpen(true)} disabled={!online}>
            <Plus aria-hidden />
            {t('partners.new')}
          </Button>
          {!online && (
            <p className="text-xs text-muted-foreground" data-testid="partner-new-offline">
              {t('partners.needsNetwork')}
            </p>
          )}
        </div>
      }
      above={
        <>
          <TabNav label={t('partners.title')} testId="partner-tabs">
            {PARTNER_TABS.map((tab) => (
              <Link
                key={tab.slug}
                to="/service-provider/partners/list/$status"
                params={{ status: tab.slug }}
                data-testid={`partner-tab-${tab.slug}`}
                aria-current={tab.slug === slug ? 'page' : undefined}
                className={tabLinkClass(tab.slug === slug)}
              >
                {t(tab.labelKey)}
              </Link>
            ))}
          </TabNav>
          <PartnerSummaryCards rows={summary.data} loading={summary.loading} />
          <QuerySearch key={typeof queryText === 'string' ? queryText : ''} value={typeof queryText === 'string' ? queryText : ''} onSearch={search} />
        </>
      }
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={tableKey}
      getRowId={(row) => row.id}
      onRowClick={openPartner}
      failed={{ testId: 'partners-error', message: t('partners.loadFailed') }}
      empty={{ testId: 'partners-empty', title: t('partners.empty.title'), description: t('partners.empty.description') }}
    >
      <NewPartnerDialog
        open={open}
        onOpenChange={setOpen}
        countries={countries}
        businessTypes={businessTypes}
        onCreated={(record) => {
          setCreated((n) => n + 1);
          void navigate({ to: '/service-provider/partners/$partnerId', params: { partnerId: record.id } });
        }}
      />
    </ListScreen>
  );
}
