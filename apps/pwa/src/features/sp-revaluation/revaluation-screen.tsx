import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Percent } from 'lucide-react';
import { formatAmount } from '@corridor/domain';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { buttonVariants } from '@/components/ui/variants.ts';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { useTspWallets } from '@/components/wallets/use-tsp-wallets.ts';
import { gainLossSign, revaluationColumns } from './revaluation-columns.ts';
import { revaluationFilter, revaluationQuery } from './revaluation-query.ts';
import { useRevaluationSummary, useWalletRevaluations } from './use-revaluations.ts';

const TABLE_KEY = 'sp-wallet-revaluations';

/**
 * service-provider/transactions/revaluation/list: what each revaluation run did to the TSP's foreign-currency
 * wallets (rate before and after, the balance, the gain or loss), with the gain or loss per currency over the
 * same filters above the table. State in the URL, reads from the device first with their age. Links to the
 * revaluation rates screen, where runs are made.
 */
export function RevaluationScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const list = useWalletRevaluations(revaluationQuery(state));
  const filter = revaluationFilter(state);
  const summary = useRevaluationSummary(filter);
  const wallets = useTspWallets();
  const dpOf = useViewerCurrencyDp('TSP');
  const walletOptions = useMemo(
    () => (wallets.data?.content ?? []).filter((w) => !w.merchantService).map((w) => ({ value: w.id, name: `${w.alias} (${w.currency.code})` })),
    [wallets.data],
  );
  const columns = useMemo(() => revaluationColumns({ dpOf, walletOptions }), [dpOf, walletOptions]);
  return (
    <ListScreen
      testId="revaluation-screen"
      title={t('spRevaluation.title')}
      description={t('spRevaluation.subtitle')}
      actions={
        <Link to="/service-provider/rate/revaluation" className={buttonVariants({ variant: 'outline' })} data-testid="revaluation-rates-link">
          <Percent aria-hidden />
          {t('spRevaluation.ratesLink')}
        </Link>
      }
      above={
        (summary.data?.length ?? 0) > 0 && (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="revaluation-summary">
            {summary.data?.map((s) => (
              <Card key={s.currency} data-testid={`revaluation-summary-${s.currency}`}>
                <CardContent className="grid gap-0.5">
                  <span className="text-xs text-muted-foreground">{t('spRevaluation.summary.gainLoss', { currency: s.currency })}</span>
                  <bdi className="text-lg font-semibold tabular-nums" data-testid={`revaluation-summary-${s.currency}-amount`}>
                    {formatAmount(s.gainLoss, dpOf(s.currency), { ...(gainLossSign(s) ? { sign: gainLossSign(s) } : {}) })} {s.currency}
                  </bdi>
                  <span className="text-xs text-muted-foreground">{t('spRevaluation.summary.wallets', { count: s.walletCount })}</span>
                </CardContent>
              </Card>
            ))}
          </div>
        )
      }
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={TABLE_KEY}
      failed={{ testId: 'revaluation-error', message: t('spRevaluation.loadFailed') }}
      empty={{ testId: 'revaluation-empty', title: t('spRevaluation.empty.title'), description: t('spRevaluation.empty.description') }}
    />
  );
}
