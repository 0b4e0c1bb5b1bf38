import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { StatusFilter } from '@/components/data-table/status-filter.tsx';
import type { FilterOption } from '@/components/data-table/column-def.ts';
import { Button } from '@/components/ui/button.tsx';
import { WALLET_FILTER_KEYS, type WalletFilterKey } from './wallet-list-filters.ts';
import type { WalletListSearch } from './wallet-list-search.ts';

export type WalletFilterOptions = Record<WalletFilterKey, readonly FilterOption[]>;

/** The wallet list's filters (spec 3: currencyCodes, bankCodes, statuses, types), each a multi-select. */
export function WalletFilterBar({
  search,
  options,
  onChange,
}: {
  search: WalletListSearch;
  options: WalletFilterOptions;
  onChange: (next: Partial<Record<WalletFilterKey, string[] | undefined>>) => void;
}) {
  const { t } = useTranslation();
  const any = WALLET_FILTER_KEYS.some((k) => (search[k]?.length ?? 0) > 0);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="wallet-filters">
      {WALLET_FILTER_KEYS.map((key) => {
        const value = search[key] ?? [];
        const label = t(`merchantWallets.filters.${key}`);
        const names = options[key].filter((o) => value.includes(o.value)).map((o) => o.name);
        return (
          <div
            key={key}
            className="inline-flex h-8 items-center gap-1.5 rounded-md border border-dashed bg-background ps-3 pe-1 text-sm shadow-xs data-[active=true]:border-solid data-[active=true]:border-primary/40"
            data-active={value.length > 0 ? 'true' : 'false'}
          >
            <span className="font-medium">{label}</span>
            {names.length > 0 && (
              <span className="max-w-40 truncate rounded-sm bg-secondary px-1.5 text-xs text-secondary-foreground" title={names.join(', ')}>
                {names.length > 2 ? t('merchantWallets.filters.selected', { count: names.length }) : names.join(', ')}
              </span>
            )}
            <StatusFilter
              columnId={`wallet-${key}`}
              label={label}
              options={options[key]}
              value={value}
              onApply={(values) => onChange({ [key]: values.length > 0 ? values : undefined })}
            />
          </div>
        );
      })}
      {any && (
        <Button
          variant="ghost"
          size="sm"
          data-testid="wallet-filters-reset"
          onClick={() => onChange(Object.fromEntries(WALLET_FILTER_KEYS.map((k) => [k, undefined])))}
        >
          <X aria-hidden />
          {t('merchantWallets.filters.reset')}
        </Button>
      )}
    </div>
  );
}
