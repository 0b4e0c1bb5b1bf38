import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { PAYMENT_TABS, PAYMENT_STATUSES, tabForSlug } from '@corridor/domain';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { Button } from '@/components/ui/button.tsx';
import { UnsentItems } from '@/components/sync-health/unsent-items.tsx';
import { TabNav } from '@/components/wallets/tab-nav.tsx';
import { notify } from '@/lib/notifications.ts';
import { useOutbox } from '@/lib/outbox/use-outbox.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { outboxPaymentRows, sentSinceList, type PaymentRow } from './outbox-rows.ts';
import { paymentActions } from './payment-action-buttons.tsx';
import { processSelected } from './payment-calls.ts';
import { paymentColumns } from './payment-columns.tsx';
import { paymentQuery } from './payment-query.ts';
import type { PaymentViewer } from './payment-row-actions.ts';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { useTspMerchants } from '@/components/wallets/use-tsp-merchants.ts';
import { usePayments } from './use-payment-data.ts';
import { usePaymentActionFlow } from './use-payment-action-flow.tsx';

export interface PaymentsScreenProps {
  viewer: PaymentViewer;
  route: TableSearchRoute;
  /** The open tab's slug (from the URL). */
  tab: string | undefined;
  /** One tab's link: the merchant keeps the tab in `?tab=`, the TSP in the path. */
  tabLink: (tab: (typeof PAYMENT_TABS)[number], active: boolean) => ReactNode;
  /** Header buttons (the merchant's "New payment"). */
  actions?: ReactNode;
}

/**
 * A payment list, merchant's or TSP's: the spec's status tabs, the one data table with server paging, sort
 * and filters kept in the URL, each row's actions from the transition table, and rows that open the payment's
 * page (click, or Enter on the focused row). The TSP also processes the selected payments at once.
 */
export function PaymentsScreen({ viewer, route, tab, tabLink, actions }: PaymentsScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = tabForSlug(PAYMENT_TABS, tab);
  const tableKey = `${viewer === 'MERCHANT' ? 'merchant' : 'sp'}-payments-${current.slug}`;
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const [refreshToken, setRefreshToken] = useState(0);
  const query = paymentQuery(state, current.status);
  const list = usePayments(viewer, query, refreshToken);
  const dpOf = useViewerCurrencyDp(viewer);
  const merchantOptions = useTspMerchants(viewer === 'TSP');
  const flow = usePaymentActionFlow(viewer, () => setRefreshToken((n) => n + 1));
  const [selected, setSelected] = useState<PaymentRow[]>([]);
  const userId = useCurrentUser()?.id ?? null;
  // Payments this device made that the list's copy does not hold yet go on top of its first page,
  // unfiltered, marked with their outbox state; the server's row replaces each once the list has it.
  const outboxItems = useOutbox(userId)?.items;
  const page = list.data?.content;
  const listUpdatedAt = list.updatedAt;
  const firstPage = state.page <= 1 && state.filters.length === 0;
  const rows = useMemo<PaymentRow[] | undefined>(() => {
    if (!firstPage || !outboxItems || !page) return undefined;
    const mine = outboxPaymentRows(outboxItems, page, { viewer, tabStatus: current.status, listUpdatedAt });
    return mine.length === 0 ? undefined : [...mine, ...page];
  }, [firstPage, outboxItems, page, viewer, current.status, listUpdatedAt]);
  // A payment sent since the list was read: the list is read again so the server's row shows.
  const sentSince = outboxItems ? sentSinceList(outboxItems, listUpdatedAt).join() : '';
  useEffect(() => {
    if (sentSince !== '') setRefreshToken((n) => n + 1);
  }, [sentSince]);
  // The device's unsent payments are drafts the server has not seen: they show where drafts are listed.
  const showsUnsent = userId !== null && (current.status === 'OVERVIEW' || current.status === 'DRAFTED');
  const [bulkBusy, setBulkBusy] = useState(false);
  const { start, busyId } = flow;

  const columns = useMemo(
    () =>
      paymentColumns({
        viewer,
        dpOf,
        merchantOptions,
        ...(current.status === 'OVERVIEW' ? { statusOptions: PAYMENT_STATUSES.map((s) => ({ value: s, name: t(`paymentList.status.${s}`) })) } : {}),
        // A row still in the device's outbox has no server actions yet.
        actions: (p) => (p.outboxState ? [] : paymentActions(t, p, viewer, busyId === p.id, start)),
      }),
    [viewer, dpOf, merchantOptions, current.status, t, busyId, start],
  );
  // Only payments awaiting their TSP can be processed together.
  const processable = viewer === 'TSP' ? selected.filter((p) => p.status === 'INITIATED' && !p.outboxState) : [];

  const processBulk = async () => {
    setBulkBusy(true);
    try {
      const outcome = await processSelected(processable.map((p) => p.id));
      notify({
        type: outcome.failed.length > 0 ? 'warning' : 'success',
        i18nMessage: 'paymentList.done.bulk',
        messageParams: { processed: String(outcome.processed.length), failed: String(outcome.failed.length) },
        ...(outcome.failed.length > 0 ? { errorList: outcome.failed.map((f) => ({ parameter: f.paymentId, message: f.message })) } : {}),
      });
      setRefreshToken((n) => n + 1);
    } catch {
      // Shown by the portal's error notification.
    } finally {
      setBulkBusy(false);
    }
  };

  const title = t(viewer === 'MERCHANT' ? 'paymentList.merchantTitle' : 'paymentList.tspTitle');
  return (
    <ListScreen<PaymentRow>
      testId="payments-screen"
      attributes={{ 'data-viewer': viewer }}
      title={title}
      description={t(viewer === 'MERCHANT' ? 'paymentList.merchantSubtitle' : 'paymentList.tspSubtitle')}
      actions={actions}
      above={
        <>
          <TabNav label={t('paymentList.statusTabs')} testId="payment-tabs">
            {PAYMENT_TABS.map((def) => tabLink(def, def.slug === current.slug))}
          </TabNav>
          {showsUnsent && <UnsentItems userId={userId} list="payments" />}
        </>
      }
      list={list}
      {...(rows ? { rows } : {})}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={tableKey}
      onRowClick={(p) => {
        // Not on the server yet: there is no page to open.
        if (p.outboxState && p.paymentId === '') return;
        void navigate(
          viewer === 'MERCHANT'
            ? { to: '/merchant/transactions/payments/$paymentId', params: { paymentId: p.id } }
            : { to: '/service-provider/transactions/payments/$paymentId', params: { paymentId: p.id } },
        );
      }}
      {...(viewer === 'TSP' ? { selectable: true, onSelectionChange: setSelected } : {})}
      toolbar={
        viewer === 'TSP' && processable.length > 0 ? (
          <Button size="sm" disabled={bulkBusy} onClick={() => void processBulk()} data-testid="payment-bulk-process">
            {bulkBusy ? <Loader2 className="animate-spin" aria-hidden /> : <CheckCircle2 className="size-4" aria-hidden />}
            {t('paymentList.processSelected', { count: processable.length })}
          </Button>
        ) : undefined
      }
      empty={{ testId: 'payments-empty', title: t('paymentList.empty.title'), description: t('paymentList.empty.description') }}
    >
      {flow.dialogs}
    </ListScreen>
  );
}
