import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { ListTable } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useIsLargeScreen } from '@/lib/media-query.ts';
import { AddBeneficiaryDialog } from './add-beneficiary-dialog.tsx';
import { beneficiaryColumns } from './beneficiary-columns.tsx';
import { beneficiaryQuery } from './beneficiary-query.ts';
import { useBeneficiaries, useBeneficiaryCountries, useBeneficiaryCurrencies } from './use-beneficiaries.ts';

const TABLE_KEY = 'merchant-beneficiaries';

/** merchant/beneficiaries: the accounts the merchant pays out to, and 'Add beneficiary'. */
export function BeneficiariesScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wide = useIsLargeScreen();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState(0);
  const list = useBeneficiaries(beneficiaryQuery(state), created);
  const countries = useBeneficiaryCountries();
  const currencies = useBeneficiaryCurrencies();
  const columns = useMemo(
    () =>
      beneficiaryColumns({
        wide,
        typeOptions: (['BUSINESS', 'INDIVIDUAL'] as const).map((v) => ({ value: v, name: t(`beneficiaries.types.${v}`) })),
        statusOptions: (['ACTIVE', 'INACTIVE'] as const).map((v) => ({ value: v, name: t(`beneficiaries.statuses.${v}`) })),
      }),
    [wide, t],
  );
  return (
    <div className="flex flex-col gap-5" data-testid="beneficiaries-screen">
      <PageHeader
        title={t('beneficiaries.title')}
        description={t('beneficiaries.subtitle')}
        actions={
          <Button data-testid="beneficiary-new" onClick={() => setOpen(true)}>
            <Plus aria-hidden />
            {t('beneficiaries.new')}
          </Button>
        }
      />
      <div data-testid="beneficiary-list">
        <ListTable
          list={list}
          columns={columns}
          table={{ state, onStateChange }}
          tableKey={TABLE_KEY}
          label={t('beneficiaries.title')}
          onRowClick={(b) => void navigate({ to: '/merchant/beneficiaries/$beneficiaryId', params: { beneficiaryId: b.id } })}
          empty={{ testId: 'beneficiary-empty', title: t('beneficiaries.empty.title'), description: t('beneficiaries.empty.description') }}
        />
      </div>
      <AddBeneficiaryDialog
        open={open}
        onOpenChange={setOpen}
        countries={countries.data?.content ?? []}
        currencies={currencies.data?.content ?? []}
        onCreated={() => setCreated((n) => n + 1)}
      />
    </div>
  );
}
