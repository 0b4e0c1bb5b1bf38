import { useTranslation } from 'react-i18next';
import { CloudOff } from 'lucide-react';

/** Said on the transfer form offline: a transfer needs a firm quote, which only the server gives, so nothing is sent or queued. */
export function NeedsNetwork() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground" role="status" data-testid="form-needs-network">
      <CloudOff className="size-4" aria-hidden />
      {t('transactionForms.needsNetwork')}
    </p>
  );
}
