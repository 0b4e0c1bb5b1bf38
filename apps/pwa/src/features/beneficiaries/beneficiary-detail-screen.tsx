import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@corridor/api';
import { MISSING_VALUE, formatTimestamp } from '@corridor/domain';
import { PageHeader } from '@/components/page-header.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { accountText } from './beneficiary-columns.tsx';
import { useBeneficiary } from './use-beneficiaries.ts';

function Row({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={mono ? 'font-mono text-sm break-all' : 'text-sm break-words'} dir={mono ? 'ltr' : undefined}>
        {children}
      </dd>
    </div>
  );
}

/** merchant/beneficiaries/{id}: one beneficiary; offline, what this device last saw of it, with its age. */
export function BeneficiaryDetailScreen({ beneficiaryId }: { beneficiaryId: string }) {
  const { t } = useTranslation();
  const { data: b, updatedAt, offline, refreshing, error } = useBeneficiary(beneficiaryId);
  const f = (key: string) => t(`beneficiaries.fields.${key}`);
  return (
    <div className="flex flex-col gap-5" data-testid="beneficiary-detail">
      <PageHeader
        back="/merchant/beneficiaries"
        title={b?.displayName ?? t('beneficiaries.detailTitle')}
        description={b && b.displayName !== b.name ? b.name : undefined}
      />
      {/* Offline with nothing saved, this says so ("nothing saved on this device yet"). */}
      <CachedAge updatedAt={updatedAt} offline={offline} refreshing={refreshing} />
      {!b && error instanceof ApiError && error.status === 404 && (
        <p className="text-sm text-muted-foreground" data-testid="beneficiary-not-found">
          {t('beneficiaries.notFound')}
        </p>
      )}
      {b && (
        <Card>
          <CardContent>
            <dl className="grid gap-3">
              <Row label={f('type')}>{t(`beneficiaries.types.${b.type}`)}</Row>
              <Row label={f('name')}>{b.name}</Row>
              <Row label={b.iban ? f('iban') : f('accountNumber')} mono>
                {accountText(b)}
              </Row>
              <Row label={f('bic')} mono>
                {b.bic ?? MISSING_VALUE}
              </Row>
              <Row label={f('bankName')}>{b.bankName ?? MISSING_VALUE}</Row>
              <Row label={f('countryCode')}>{b.countryCode}</Row>
              <Row label={f('currencyCode')}>{b.currencyCode}</Row>
              <Row label={f('city')}>{b.city ?? MISSING_VALUE}</Row>
              <Row label={f('status')}>{t(`beneficiaries.statuses.${b.status}`)}</Row>
              <Row label={f('createdAt')}>
                {b.createdAt ? formatTimestamp(b.createdAt) : MISSING_VALUE}
                {b.createdBy ? ` · ${b.createdBy.name}` : ''}
              </Row>
            </dl>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
