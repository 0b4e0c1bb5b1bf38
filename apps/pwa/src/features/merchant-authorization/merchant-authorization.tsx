import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { notify } from '@/lib/notifications.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { tableQuery } from '@/lib/table-query.ts';
import { useApproval } from '@/shared/approval/use-approval.ts';
import { decisionBody, tabStatus, type MerchantAction, type MerchantAuthRow } from './merchant-auth-actions.ts';
import { merchantAuthColumns } from './merchant-auth-columns.tsx';
import { MerchantDecisionDialog } from './merchant-decision-dialog.tsx';
import { MERCHANT_AUTH_TABS } from '@corridor/domain';

const PATH = '/service-provider/merchants/authorization/list/$status';

/**
 * Merchant authorization (Partners > Merchant Authorization): the TSP's merchants by authorization status on
 * the merchant summary, and the decisions on each (approve, pause, block, renew, unpause, unblock) with a
 * reason, through the approval machine (a reason is required for every one). Offline the list is read from
 * the device with its age; decisions need the network.
 */
export function MerchantAuthorization({ route, slug }: { route: TableSearchRoute; slug: string }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const tableKey = `merchant-auth-${slug}`;
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const status = tabStatus(slug);
  const query = { ...tableQuery(state), ...(status ? { merchantProfileStatus: status } : {}) };
  const list = useLocalFirst({
    key: cacheKey('merchantProfiles.spMerchantSummary', query),
    fetch: () => api.call<'merchantProfiles.spMerchantSummary'>('merchantProfiles.spMerchantSummary', { query }),
  });
  const [dialog, setDialog] = useState<{ action: MerchantAction; row: MerchantAuthRow } | null>(null);
  // The decision being made, read by the machine's call (the machine itself only knows a reason is needed).
  const deciding = useRef<{ action: MerchantAction; row: MerchantAuthRow; endDate: string | undefined } | null>(null);
  const { refresh } = list;

  const approval = useApproval({
    decide: async ({ reason }) => {
      const current = deciding.current;
      if (!current?.row.merchantProfileId) throw new Error('No merchant profile to decide on');
      return api.call<'merchantProfiles.spUpdate'>('merchantProfiles.spUpdate', {
        path: { id: current.row.merchantProfileId },
        body: decisionBody(current.action, reason ?? '', current.endDate),
      });
    },
    onSettled: ({ decided }) => {
      const current = deciding.current;
      if (decided.length > 0 && current) {
        notify({ type: 'success', i18nMessage: `merchantAuth.doneMessage.${current.action}`, messageParams: { name: current.row.name } });
      }
      // A refusal is told by the error catalogue (the notification names the field); the dialog closes either way.
      approval.dismiss();
      setDialog(null);
      void refresh();
    },
  });

  const open = (row: MerchantAuthRow, action: MerchantAction) => {
    approval.dismiss();
    // Every authorization decision needs a reason: the machine's reject path asks for one.
    approval.start('reject', [row.merchantServiceId]);
    deciding.current = { action, row, endDate: undefined };
    setDialog({ action, row });
  };
  const close = () => {
    approval.dismiss();
    setDialog(null);
  };

  const columns = useMemo(
    () => merchantAuthColumns(t, { userId, busy: approval.busy, online, onDecide: open }),
    // `open` only reads refs and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, userId, approval.busy, online],
  );

  const title = t('merchantAuth.title');
  return (
    <ListScreen
      testId="merchant-authorization"
      title={title}
      description={t(online ? 'merchantAuth.subtitle' : 'merchantAuth.offline')}
      above={
        <TabNav label={title} testId="merchant-auth-tabs">
          {MERCHANT_AUTH_TABS.map((tab) => (
            <Link
              key={tab.slug}
              to={PATH}
              params={{ status: tab.slug }}
              data-testid={`merchant-auth-tab-${tab.slug}`}
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
      empty={t('merchantAuth.empty')}
    >
      <MerchantDecisionDialog
        decision={dialog ? { action: dialog.action, merchant: dialog.row.name } : null}
        busy={approval.busy}
        reasonMissing={approval.problems.includes('reasonRequired')}
        onCancel={close}
        onConfirm={(reason, endDate) => {
          if (deciding.current) deciding.current.endDate = endDate;
          approval.confirm({ reason });
        }}
      />
    </ListScreen>
  );
}
