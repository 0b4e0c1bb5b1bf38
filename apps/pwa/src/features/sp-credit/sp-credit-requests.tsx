import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { notify } from '@/lib/notifications.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { useApproval } from '@/shared/approval/use-approval.ts';
import { useMerchantWalletLookup } from '@/shared/merchant-wallets/use-merchant-wallet-lookup.ts';
import { creditColumns } from './credit-columns.tsx';
import { approvalSteps } from './credit-decision.ts';
import { CreditDecisionDialog, type CreditDecisionKind } from './credit-decision-dialog.tsx';
import { creditTabStatuses } from './credit-tabs.ts';
import type { CreditRequestRow } from './credit-types.ts';
import { REQUEST_TABS } from '@corridor/domain';

const TABLE_KEY = 'sp-credit-requests';

/** Merchants' credit requests at this TSP by status tab; approve with a limit or reject with a reason. */
export function SpCreditRequests({ route, slug }: { route: TableSearchRoute; slug: string }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: `${TABLE_KEY}-${slug}` });
  const statuses = creditTabStatuses(slug);
  const query = { ...tableQuery(state), ...(statuses.length > 0 ? { statuses } : {}) };
  const list = useLocalFirst({
    key: cacheKey('credit.spRequests', query),
    fetch: () => api.call<'credit.spRequests'>('credit.spRequests', { query }),
  });
  const { walletName, dpOf, currencyCodes } = useMerchantWalletLookup();
  const [decision, setDecision] = useState<{ request: CreditRequestRow; kind: CreditDecisionKind } | null>(null);
  // The request being decided, read by the machine's call without restarting it.
  const current = useRef<CreditRequestRow | null>(null);
  const openRef = useRef<(request: CreditRequestRow, kind: CreditDecisionKind) => void>(() => {});

  const columns = useMemo(
    () =>
      creditColumns(t, {
        walletName,
        dpOf,
        currencies: currencyCodes,
        onDecide: (request, kind) => openRef.current(request, kind),
      }),
    [t, walletName, dpOf, currencyCodes],
  );

  const { refresh } = list;
  const approval = useApproval({
    decide: async ({ action, reason, extra }) => {
      const request = current.current;
      if (!request) throw new Error('No credit request is being decided');
      const steps =
        action === 'approve'
          ? approvalSteps(request.status).map((status) => (status === 'APPROVED' ? { status, ...extra } : { status }))
          : [{ status: 'REJECTED' as const, ...(reason ? { remarks: reason } : {}) }];
      for (const body of steps) {
        await api.call<'credit.spApproveRequest'>('credit.spApproveRequest', { path: { id: request.id }, body });
      }
    },
    onSettled: ({ decided }, context) => {
      const request = current.current;
      if (request && decided.includes(request.id)) {
        const approved = context.action === 'approve';
        notify({
          type: 'success',
          i18nTitle: approved ? 'spCredit.approvedTitle' : 'spCredit.rejectedTitle',
          i18nMessage: approved ? 'spCredit.approvedMessage' : 'spCredit.rejectedMessage',
          messageParams: { wallet: walletName(request.walletId) },
        });
        setDecision(null);
      }
      // A refusal was already shown by the error catalogue; the dialog stays open to try again.
      void refresh();
    },
  });
  const open = (request: CreditRequestRow, kind: CreditDecisionKind) => {
    current.current = request;
    setDecision({ request, kind });
    approval.start(kind, [request.id]);
  };
  const close = () => {
    approval.dismiss();
    setDecision(null);
  };

  useLayoutEffect(() => {
    openRef.current = open;
  });
  const selected = decision?.request ?? null;
  return (
    <ListScreen
      testId="sp-credit-requests"
      title={t('spCredit.title')}
      description={t('spCredit.subtitle')}
      above={
        <TabNav label={t('spCredit.title')}>
          {REQUEST_TABS.map((tab) => (
            <Link
              key={tab.slug}
              to="/service-provider/transaction-authorization/merchant/credit-request/list/$status"
              params={{ status: tab.slug }}
              data-testid={`credit-tab-${tab.slug}`}
              aria-current={tab.slug === slug ? 'page' : undefined}
              className={tabLinkClass(tab.slug === slug)}
            >
              {t(`spCredit.${tab.labelKey}`)}
            </Link>
          ))}
        </TabNav>
      }
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={`${TABLE_KEY}-${slug}`}
      empty={t('spCredit.empty')}
    >
      <CreditDecisionDialog
        request={selected}
        kind={decision?.kind ?? 'approve'}
        walletLabel={selected ? walletName(selected.walletId) : ''}
        dp={selected ? dpOf(selected.currency) : 2}
        busy={approval.busy}
        onCancel={close}
        onApprove={(_request, grant) => approval.confirm({ extra: { ...grant } })}
        onReject={(_request, reason) => approval.confirm({ reason })}
      />
    </ListScreen>
  );
}
