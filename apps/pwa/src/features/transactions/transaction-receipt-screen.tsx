import { useTranslation } from 'react-i18next';
import { DealReceipt } from '@/components/deal-receipt/deal-receipt.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import type { TransactionKind, TransactionViewer } from './transaction-kind.ts';
import { transactionPaths } from './transaction-paths.ts';
import { receiptDeal } from './receipt-deal.ts';
import { useTransactionDetails } from './use-transaction-data.ts';

/**
 * A transaction's receipt (invoice) on its own page, ready to print: the shared deal receipt signed by the
 * transaction's approvals and cancellation, with a back link to the transaction's page (hidden on paper).
 */
export function TransactionReceiptScreen({ viewer, kind, transactionId }: { viewer: TransactionViewer; kind: TransactionKind; transactionId: string }) {
  const { t } = useTranslation();
  const details = useTransactionDetails(viewer, transactionId);
  const dpOf = useViewerCurrencyDp(viewer);
  const d = details.data;
  return (
    <div className="flex flex-col gap-4" data-testid="transaction-receipt-screen">
      <div className="print:hidden">
        <PageHeader back={transactionPaths(viewer, kind).details(transactionId)} title={t('transactionList.details.receipt')} />
      </div>
      {!d && details.loading && <Skeleton className="h-96 w-full" />}
      {!d && !details.loading && (
        <p className="rounded-lg border p-6 text-center text-sm text-muted-foreground" data-testid="transaction-detail-missing">
          {details.offline ? t('transactionList.details.notSaved') : t('transactionList.details.notFound')}
        </p>
      )}
      {d && (
        <DealReceipt
          deal={receiptDeal(d)}
          approvals={d.approvals}
          cancellation={
            d.cancellation?.cancelledBy && d.cancellation.cancelledOn
              ? { cancelledBy: d.cancellation.cancelledBy, cancelledOn: d.cancellation.cancelledOn }
              : null
          }
          dpOf={dpOf}
        />
      )}
    </div>
  );
}
