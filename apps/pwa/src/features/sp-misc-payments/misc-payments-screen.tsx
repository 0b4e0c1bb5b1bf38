import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { Button } from '@/components/ui/button.tsx';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { useTspWallets } from '@/components/wallets/use-tsp-wallets.ts';
import { miscPaymentColumns, miscPaymentView } from './misc-payment-columns.ts';
import { MISC_TYPES, miscPaymentQuery } from './misc-payment-query.ts';
import { NewMiscPaymentDialog } from './new-misc-payment-dialog.tsx';
import { useFundingParties, useMiscPayments, useTransactionPurposes } from './use-misc-payments.ts';

const TABLE_KEY = 'sp-misc-payments';

/**
 * service-provider/transactions/miscellaneous-payments/list: money the TSP moved in or out of its wallets outside
 * a transaction (each a balanced voucher against its pool or transit account), and 'New miscellaneous payment'.
 * One data table with its state in the URL, read from the device first with its age.
 */
export function MiscPaymentsScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(0);
  const list = useMiscPayments(miscPaymentQuery(state), created);
  const wallets = useTspWallets();
  const parties = useFundingParties();
  const purposes = useTransactionPurposes();
  const dpOf = useViewerCurrencyDp('TSP');
  const walletChoices = useMemo(
    () => (wallets.data?.content ?? []).map((w) => ({ id: w.id, alias: w.alias, currency: w.currency.code, status: w.status })),
    [wallets.data],
  );
  const partyOptions = useMemo(() => (parties.data?.content ?? []).map((p) => ({ value: p.id, name: p.name, enabled: p.enabled })), [parties.data]);
  const purposeOptions = useMemo(() => (purposes.data?.content ?? []).map((p) => ({ value: p.id, name: p.name })), [purposes.data]);
  const columns = useMemo(
    () =>
      miscPaymentColumns({
        dpOf,
        walletOptions: walletChoices.map((w) => ({ value: w.id, name: `${w.alias} (${w.currency})` })),
        directionOptions: (['IN', 'OUT'] as const).map((d) => ({ value: MISC_TYPES[d], name: t(`spMiscPayments.directions.${d}`) })),
        purposeOptions,
        fundingPartyOptions: partyOptions,
      }),
    [dpOf, walletChoices, purposeOptions, partyOptions, t],
  );
  const rows = useMemo(() => (list.data?.content ?? []).map(miscPaymentView), [list.data]);
  return (
    <ListScreen
      testId="misc-payments-screen"
      title={t('spMiscPayments.title')}
      description={t('spMiscPayments.subtitle')}
      actions={
        <Button data-testid="misc-payment-new" onClick={() => setOpen(true)}>
          <Plus aria-hidden />
          {t('spMiscPayments.new')}
        </Button>
      }
      list={list}
      rows={rows}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={TABLE_KEY}
      failed={{ testId: 'misc-payments-error', message: t('spMiscPayments.loadFailed') }}
      empty={{ testId: 'misc-payments-empty', title: t('spMiscPayments.empty.title'), description: t('spMiscPayments.empty.description') }}
    >
      <NewMiscPaymentDialog
        open={open}
        onOpenChange={setOpen}
        // Money moves only in and out of an active wallet, funded by a party still in use.
        wallets={walletChoices.filter((w) => w.status === 'ACTIVE')}
        fundingParties={partyOptions.filter((p) => p.enabled).map((p) => ({ value: p.value, label: p.name }))}
        purposes={purposeOptions.map((p) => ({ value: p.value, label: p.name }))}
        dpOf={dpOf}
        onCreated={() => setCreated((n) => n + 1)}
      />
    </ListScreen>
  );
}
