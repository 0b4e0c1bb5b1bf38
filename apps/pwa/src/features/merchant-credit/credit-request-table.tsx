import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUEST_TABS, decimalsOf, statusLabelKey } from '@corridor/domain';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { creditRequestColumns, type CreditRequestColumnId } from '@/shared/credit/credit-request-columns.tsx';
import { creditRequestQuery } from './credit-request-query.ts';
import type { CreditCurrency, CreditWallet } from './credit-request-types.ts';
import { useCreditRequests } from './use-credit-data.ts';

/** The statuses a request can be in, as filter options (spec 4 request statuses, OVERVIEW excluded). */
const REQUEST_STATUSES = REQUEST_TABS.filter((tab) => tab.status !== 'OVERVIEW').map((tab) => tab.status);

/** What the merchant sees of its requests: the reference first, the remarks it wrote. */
const MERCHANT_COLUMNS: readonly CreditRequestColumnId[] = ['reference', 'wallet', 'amount', 'approvedAmount', 'validity', 'status', 'remarks', 'createdAt'];

/** The credit requests as the one DataTable; `tabStatus` pins a status, `walletId` a wallet. */
export function CreditRequestTable({
  route,
  tabStatus,
  walletId,
  wallets,
  currencies,
  tableKey,
  refreshToken,
}: {
  route: TableSearchRoute;
  tabStatus: string;
  walletId?: string;
  wallets: readonly CreditWallet[];
  currencies: readonly CreditCurrency[];
  tableKey: string;
  /** Changes after a request is created, so the list refreshes. */
  refreshToken: number;
}) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const query = creditRequestQuery(state, tabStatus, walletId);
  const requests = useCreditRequests(query, refreshToken);
  const columns = useMemo(
    () =>
      // Inside one wallet's tab every row is that wallet: the column would only repeat its name.
      creditRequestColumns(walletId === undefined ? MERCHANT_COLUMNS : MERCHANT_COLUMNS.filter((id) => id !== 'wallet'), {
        headers: 'merchantCredit.columns',
        dpOf: (code) => decimalsOf(currencies.find((c) => c.code === code) ?? null),
        walletName: (id) => wallets.find((w) => w.id === id)?.alias ?? id,
        // A tab other than the overview already pins one status.
        ...(tabStatus === 'OVERVIEW' ? { statusOptions: REQUEST_STATUSES.map((s) => ({ value: s, name: t(statusLabelKey(s), { defaultValue: s }) })) } : {}),
      }),
    [currencies, wallets, t, tabStatus, walletId],
  );
  return (
    <div data-testid="credit-request-list">
      <DataTable
        columns={columns}
        data={requests.data?.content ?? []}
        total={requests.data?.totalElements ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={requests.loading}
        tableKey={tableKey}
        updatedAt={requests.updatedAt ?? undefined}
        offline={requests.offline}
        label={t('merchantCredit.title')}
        emptyState={
          <div className="py-10 text-center" data-testid="credit-request-empty">
            <p className="text-sm font-medium">{t('merchantCredit.empty.title')}</p>
            <p className="text-sm text-muted-foreground">{t('merchantCredit.empty.description')}</p>
          </div>
        }
      />
    </div>
  );
}
