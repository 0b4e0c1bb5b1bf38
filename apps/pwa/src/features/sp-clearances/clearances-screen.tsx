import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Scale } from 'lucide-react';
import { formatAmount } from '@corridor/domain';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { useTspMerchants } from '@/components/wallets/use-tsp-merchants.ts';
import { useTspWallets } from '@/components/wallets/use-tsp-wallets.ts';
import { notify } from '@/lib/notifications.ts';
import { candidateColumns, type Candidate } from './clearance-columns.ts';
import { candidateQuery, chosenWallet, withWallet } from './clearance-query.ts';
import { NetOffDialog } from './net-off-dialog.tsx';
import { useNetOffCandidates, useNetOffPreview } from './use-clearances.ts';

const TABLE_KEY = 'sp-clearances';

/**
 * service-provider/transactions/clearances: what the TSP has to clear with other TSPs. Per wallet, the completed
 * transfers between TSPs not yet netted (receivable where this TSP paid out, payable where the other did), the
 * preview of netting them all with the credit drawn, and 'Execute net-off' of the chosen items after a
 * confirmation. The wallet and the table's filters live in the URL; reads come from the device first.
 */
export function ClearancesScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const wallets = useTspWallets();
  const own = useMemo(() => (wallets.data?.content ?? []).filter((w) => !w.merchantService), [wallets.data]);
  // The wallet in the URL, else the first of the TSP's: the screen always shows one wallet's clearances.
  const walletId = chosenWallet(state) ?? own[0]?.id;
  const wallet = own.find((w) => w.id === walletId);
  const [done, setDone] = useState(0);
  const [selected, setSelected] = useState<Candidate[]>([]);
  const [confirming, setConfirming] = useState(false);
  const query = walletId === undefined ? null : candidateQuery(state, walletId);
  const list = useNetOffCandidates(query, done);
  const preview = useNetOffPreview(walletId, done);
  const dpOf = useViewerCurrencyDp('TSP');
  const merchantOptions = useTspMerchants(true);
  const columns = useMemo(
    () => candidateColumns({ dpOf, merchantOptions, directionName: (d) => t(`spClearances.directions.${d}`) }),
    [dpOf, merchantOptions, t],
  );
  const currency = wallet?.currency.code ?? preview.data?.currency ?? '';
  const dp = dpOf(currency);
  const title = t('spClearances.title');
  const figure = (value: string | undefined) => (value === undefined ? '—' : `${formatAmount(value, dp)} ${currency}`);
  return (
    <ListScreen
      testId="clearances-screen"
      title={title}
      description={t('spClearances.subtitle')}
      actions={
        <Button data-testid="net-off-execute" disabled={selected.length < 2 || walletId === undefined} onClick={() => setConfirming(true)}>
          <Scale aria-hidden />
          {t('spClearances.execute')}
        </Button>
      }
      above={
        <>
          <div className="flex flex-wrap items-end gap-4">
            <label className="grid gap-1.5 text-sm">
              <span>{t('spClearances.wallet')}</span>
              <NativeSelect
                data-testid="clearance-wallet"
                className="min-w-64"
                value={walletId ?? ''}
                placeholder={own.length === 0 ? t('spClearances.noWallets') : undefined}
                choices={own.map((w) => ({ value: w.id, label: `${w.alias} (${w.currency.code})` }))}
                onChange={(e) => {
                  setSelected([]);
                  onStateChange(withWallet(state, e.target.value));
                }}
              />
            </label>
          </div>
          {walletId !== undefined && (
            <Card data-testid="net-off-preview">
              <CardContent className="grid gap-3 sm:grid-cols-4">
                {(
                  [
                    ['receivable', preview.data?.receivable],
                    ['payable', preview.data?.payable],
                    ['net', preview.data?.net],
                  ] as const
                ).map(([name, value]) => (
                  <div key={name} className="grid gap-0.5">
                    <span className="text-xs text-muted-foreground">{t(`spClearances.preview.${name}`)}</span>
                    <bdi className="font-medium tabular-nums" data-testid={`net-off-preview-${name}`}>
                      {figure(value)}
                    </bdi>
                  </div>
                ))}
                <div className="grid gap-0.5">
                  <span className="text-xs text-muted-foreground">{t('spClearances.preview.items')}</span>
                  <span className="font-medium tabular-nums" data-testid="net-off-preview-items">
                    {preview.data ? preview.data.transactionIds.length : '—'}
                  </span>
                </div>
              </CardContent>
            </Card>
          )}
        </>
      }
      // A new wallet or a net-off starts with nothing chosen: the chosen rows were another list's.
      resetKey={`${walletId ?? ''}-${done}`}
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      loading={list.loading || wallets.loading}
      tableKey={TABLE_KEY}
      selectable
      onSelectionChange={setSelected}
      getRowId={(r) => r.transactionId}
      failed={{ testId: 'clearances-error', message: t('spClearances.loadFailed') }}
      empty={{ testId: 'clearances-empty', title: t('spClearances.empty.title'), description: t('spClearances.empty.description') }}
    >
      {confirming && walletId !== undefined && (
        <NetOffDialog
          walletId={walletId}
          currency={currency}
          dp={dp}
          items={selected}
          onClose={() => setConfirming(false)}
          onDone={(result) => {
            notify({
              type: 'success',
              i18nMessage: 'spClearances.done',
              messageParams: { net: `${formatAmount(result.netAmount, dp)} ${result.currency}` },
            });
            setConfirming(false);
            setSelected([]);
            setDone((n) => n + 1);
          }}
        />
      )}
    </ListScreen>
  );
}
