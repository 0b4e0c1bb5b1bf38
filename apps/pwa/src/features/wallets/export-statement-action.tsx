import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/**
 * The dialog's code loads on the first click: the wallet page stays within its size budget, and most visits
 * never export.
 */
const ExportDialog = lazy(() => import('./statement-export-dialog.tsx').then((module) => ({ default: module.StatementExportDialog })));

/** The wallet page's "Export statement" action. */
export function ExportStatementAction({ wallet }: { wallet: { id: string; alias: string } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Kept mounted once opened, so a running export is still followed when the dialog is opened again.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid="wallet-export-statement"
      >
        <DownloadIcon aria-hidden="true" />
        {t('merchantWallets.export.action')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ExportDialog open={open} onOpenChange={setOpen} wallet={wallet} />
        </Suspense>
      )}
    </>
  );
}
