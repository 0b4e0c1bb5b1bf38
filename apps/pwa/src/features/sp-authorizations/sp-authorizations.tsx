import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouter } from '@tanstack/react-router';
import { CheckCheck } from 'lucide-react';
import { AUTH_TABS, MISSING_VALUE } from '@corridor/domain';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { Button } from '@/components/ui/button.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { notify } from '@/lib/notifications.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { tableQuery } from '@/lib/table-query.ts';
import { useApproval } from '@/shared/approval/use-approval.ts';
import { useMerchantWalletLookup } from '@/shared/merchant-wallets/use-merchant-wallet-lookup.ts';
import { authColumns } from './auth-columns.tsx';
import { AuthDecisionDialog } from './auth-decision-dialog.tsx';
import { approvalCallOf, authTabQuery, awaitsSecondApprover, decidingSide, mayDecide, type AuthDecision, type AuthKind, type AuthRow } from './auth-rows.ts';

/** Each row opens the transaction's page under the TSP's Transactions (top-ups, or deals for transfers). */
const DETAILS: Record<AuthKind, string> = {
  'top-ups': '/service-provider/transactions/service-provider/top-ups',
  transfers: '/service-provider/transactions/deals',
};

const PATHS = {
  'top-ups': '/service-provider/transaction-authorization/service-provider/top-ups/list/$status',
  transfers: '/service-provider/transaction-authorization/service-provider/transfers/list/$status',
} as const;

interface Refusal {
  code: string;
  message: string;
}

/**
 * A TSP's authorization list of top-ups or transfers by approval tab: each row says which side this TSP
 * approves (a transfer's source, then its target), approve or reject with a reason, and approve the selected
 * rows at once. Every decision goes through the approval machine; a refusal (maker-checker: whoever created
 * or last changed a transaction cannot approve it) stays on its row.
 */
export function SpAuthorizations({ kind, route, slug }: { kind: AuthKind; route: TableSearchRoute; slug: string }) {
  const { t } = useTranslation();
  const router = useRouter();
  const tableKey = `sp-auth-${kind}-${slug}`;
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const user = useCurrentUser();
  const tspId = user?.parentId ?? null;
  const userId = user?.id ?? null;
  const query = { ...tableQuery(state), ...authTabQuery(kind, slug) };
  const list = useLocalFirst({
    key: cacheKey('spTransactions.list', query),
    fetch: () => api.call<'spTransactions.list'>('spTransactions.list', { query }),
  });
  const { walletName, dpOf, currencyCodes } = useMerchantWalletLookup();
  // Who decided each row last and why (a rejection's reason): the approval records of the rows shown.
  const shownIds = (list.data?.content ?? []).map((r) => r.transactionId);
  const approvalsQuery = { transactionIds: shownIds, ...ALL_ROWS_PAGE };
  const approvals = useLocalFirst({
    key: cacheKey('spTransactions.approvals', approvalsQuery),
    enabled: shownIds.length > 0,
    fetch: () => api.call<'spTransactions.approvals'>('spTransactions.approvals', { query: approvalsQuery }),
  });
  const lastDecision = useMemo(() => {
    const byTransaction = new Map<string, AuthDecision>();
    // Newest first: the first record of a transaction is its last decision.
    for (const record of approvals.data?.content ?? []) if (!byTransaction.has(record.transactionId)) byTransaction.set(record.transactionId, record);
    return byTransaction;
  }, [approvals.data]);
  const [dialog, setDialog] = useState<{ action: 'approve' | 'reject'; rows: AuthRow[] } | null>(null);
  const [refusals, setRefusals] = useState<ReadonlyMap<string, Refusal>>(new Map());
  const [selected, setSelected] = useState<AuthRow[]>([]);
  // The rows being decided, read by the machine's call for each id, and the server's answer for each.
  const deciding = useRef(new Map<string, AuthRow>());
  const answers = useRef(new Map<string, unknown>());
  const [selectionResetKey, setSelectionResetKey] = useState(0);

  const { refresh } = list;
  const approval = useApproval({
    decide: async ({ action, id, reason }) => {
      const row = deciding.current.get(id);
      const side = row ? decidingSide(row, tspId) : null;
      if (!row || !side) throw new Error(`Transaction ${id} is not awaiting this organisation`);
      const body = action === 'approve' ? { status: 'APPROVED' as const } : { status: 'REJECTED' as const, ...(reason ? { remarks: reason } : {}) };
      const args = { path: { transactionId: row.id }, body };
      // One call id per branch: the client types each call by its id.
      const send = () => {
        switch (approvalCallOf(row, side)) {
          case 'spMerchantTransactions.sourceApproval':
            return api.call<'spMerchantTransactions.sourceApproval'>('spMerchantTransactions.sourceApproval', args);
          case 'spMerchantTransactions.targetApproval':
            return api.call<'spMerchantTransactions.targetApproval'>('spMerchantTransactions.targetApproval', args);
          case 'spTransactions.sourceApproval':
            return api.call<'spTransactions.sourceApproval'>('spTransactions.sourceApproval', args);
          case 'spTransactions.targetApproval':
            return api.call<'spTransactions.targetApproval'>('spTransactions.targetApproval', args);
        }
      };
      const answer = await send();
      answers.current.set(id, answer);
      return answer;
    },
    onSettled: ({ decided, refused }, context) => {
      setRefusals((previous) => {
        const next = new Map(previous);
        for (const id of decided) next.delete(id);
        for (const outcome of refused) if (!outcome.ok) next.set(outcome.id, { code: outcome.error.code, message: outcome.error.message });
        return next;
      });
      if (decided.length > 0) {
        // An approval in a band of two leaves the side in verification: counted apart, not as approved.
        const verifying = context.action === 'approve' ? decided.filter((id) => awaitsSecondApprover(answers.current.get(id))).length : 0;
        notify({
          type: refused.length > 0 ? 'warning' : 'success',
          i18nMessage: context.action === 'reject' ? 'spAuth.rejectedMessage' : verifying > 0 ? 'spAuth.approvedVerifyingMessage' : 'spAuth.approvedMessage',
          messageParams: { count: String(decided.length - verifying), verifying: String(verifying), refused: String(refused.length) },
        });
      }
      // The rows just decided leave the selection: what stays selected is what is still to decide.
      setSelected([]);
      setSelectionResetKey((k) => k + 1);
      // A refusal is shown on its row (and by the error catalogue): the dialog closes either way.
      approval.dismiss();
      setDialog(null);
      void refresh();
      void approvals.refresh();
    },
  });

  const open = (action: 'approve' | 'reject', rows: AuthRow[]) => {
    if (rows.length === 0) return;
    deciding.current = new Map(rows.map((r) => [r.id, r]));
    answers.current = new Map();
    approval.dismiss();
    approval.start(
      action,
      rows.map((r) => r.id),
    );
    setDialog({ action, rows });
  };
  const close = () => {
    approval.dismiss();
    setDialog(null);
  };

  const columns = useMemo(
    () =>
      authColumns(t, {
        kind,
        tspId,
        walletName: (id) => (id ? walletName(id) : MISSING_VALUE),
        dpOf,
        currencies: currencyCodes,
        refusalOf: (id) => refusals.get(id),
        decisionOf: (transactionId) => lastDecision.get(transactionId),
        userId,
        busy: approval.busy,
        onDecide: (row, action) => open(action, [row]),
      }),
    // `open` only reads refs and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, kind, tspId, userId, walletName, dpOf, currencyCodes, refusals, lastDecision, approval.busy],
  );

  // The selection keeps the rows as they were picked: read each again from the page when it is there.
  const current = new Map((list.data?.content ?? []).map((r) => [r.id, r]));
  const approvable = selected
    .map((r) => current.get(r.id) ?? r)
    .filter((r) => decidingSide(r, tspId) !== null && mayDecide(r, lastDecision.get(r.transactionId), userId));
  const title = t(kind === 'top-ups' ? 'spAuth.topUpsTitle' : 'spAuth.transfersTitle');
  return (
    <ListScreen
      testId="sp-authorizations"
      attributes={{ 'data-kind': kind }}
      title={title}
      description={t(kind === 'top-ups' ? 'spAuth.topUpsSubtitle' : 'spAuth.transfersSubtitle')}
      above={
        <TabNav label={title} testId="auth-tabs">
          {AUTH_TABS.map((tab) => (
            <Link
              key={tab.slug}
              to={PATHS[kind]}
              params={{ status: tab.slug }}
              data-testid={`auth-tab-${tab.slug}`}
              aria-current={tab.slug === slug ? 'page' : undefined}
              className={tabLinkClass(tab.slug === slug)}
            >
              {t(tab.labelKey)}
            </Link>
          ))}
        </TabNav>
      }
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={tableKey}
      onRowClick={(r: AuthRow) => void router.navigate({ href: `${DETAILS[kind]}/${encodeURIComponent(r.transactionId)}` })}
      selectable
      onSelectionChange={setSelected}
      selectionResetKey={selectionResetKey}
      toolbar={
        approvable.length > 0 ? (
          <Button size="sm" disabled={approval.busy} onClick={() => open('approve', approvable)} data-testid="auth-bulk-approve">
            <CheckCheck className="size-4" aria-hidden />
            {t('spAuth.approveSelected', { count: approvable.length })}
          </Button>
        ) : undefined
      }
      empty={t('spAuth.empty')}
    >
      <AuthDecisionDialog
        action={dialog?.action ?? null}
        transactionIds={dialog?.rows.map((r) => r.transactionId) ?? []}
        busy={approval.busy}
        reasonMissing={approval.problems.includes('reasonRequired')}
        onCancel={close}
        onConfirm={(reason) => approval.confirm(reason === undefined ? {} : { reason })}
      />
    </ListScreen>
  );
}
