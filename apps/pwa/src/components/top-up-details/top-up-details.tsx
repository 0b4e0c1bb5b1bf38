import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatTimestamp } from '@corridor/domain';
import { AppLink } from '@/components/app-link.tsx';

/**
 * A top-up as its details page reads it (spec 1 section 3, "Top-up details"). The wire spells the
 * authorization time `authirizedAt`; `authorizedAt` is read too so a corrected server still shows.
 */
export interface TopUpDetailsView {
  merchantName: string | null;
  transactionId: string;
  transferRefNumber: string | null;
  collectionMode: string | null;
  bank: { name: string } | null;
  currency: string;
  amount: string;
  account: { accountHolderName: string } | null;
  dateOfRequest: string | null;
  sourceOfIncome: string | null;
  purposeOfTransaction: string | null;
  createdBy: string | null;
  authorizedBy: string | null;
  authirizedAt?: string | null;
  authorizedAt?: string | null;
  remarks: string | null;
  country: string | null;
  walletBalance: string | null;
}

export interface TopUpDetailsProps {
  topUp: TopUpDetailsView;
  /** Where 'View balance' leads (the wallet's page); the link is left out without it. */
  balanceHref?: string;
  dpOf?: (currency: string) => number;
  timeZone?: string;
  /** Shows a country code as its name. */
  countryName?: (code: string) => string;
}

/** Missing values display '-' (spec 1 section 5). */
const orDash = (value: string | null | undefined) => (value === null || value === undefined || value.trim() === '' ? '-' : value);

function Row({ label, value, field }: { label: string; value: string; field: string }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:grid sm:grid-cols-[minmax(10rem,1fr)_2fr] sm:gap-4">
      <dt className="text-xs text-muted-foreground sm:text-sm">{label}</dt>
      <dd className="break-words font-medium" data-field={field}>
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
}

/** The top-up details page (spec 2): a general section and a wallet section with a 'View balance' link. */
export function TopUpDetails({ topUp, balanceHref, dpOf = () => 2, timeZone, countryName = (code) => code }: TopUpDetailsProps) {
  const { t } = useTranslation();
  const dp = dpOf(topUp.currency);
  const money = (amount: string | null) => (amount === null || amount === '' ? '-' : `${formatAmount(amount, dp)} ${topUp.currency}`);
  const authorizedAt = topUp.authirizedAt ?? topUp.authorizedAt ?? null;
  const general: [string, string, string][] = [
    ['merchantName', t('topUpDetails.merchantName'), orDash(topUp.merchantName)],
    ['transactionId', t('topUpDetails.transactionId'), topUp.transactionId],
    ['transferRefNumber', t('topUpDetails.transferRefNumber'), orDash(topUp.transferRefNumber)],
    [
      'collectionMode',
      t('topUpDetails.collectionMode'),
      orDash(topUp.collectionMode ? t(`transactionList.collectionMode.${topUp.collectionMode}`, { defaultValue: topUp.collectionMode }) : null),
    ],
    ['bank.name', t('topUpDetails.bankName'), orDash(topUp.bank?.name)],
    ['currency', t('topUpDetails.currency'), topUp.currency],
    ['amount', t('topUpDetails.amount'), money(topUp.amount)],
    ['account.accountHolderName', t('topUpDetails.accountHolderName'), orDash(topUp.account?.accountHolderName)],
    ['dateOfRequest', t('topUpDetails.dateOfRequest'), topUp.dateOfRequest ? formatDate(topUp.dateOfRequest, timeZone) : '-'],
    ['sourceOfIncome', t('topUpDetails.sourceOfIncome'), orDash(topUp.sourceOfIncome)],
    ['purposeOfTransaction', t('topUpDetails.purposeOfTransaction'), orDash(topUp.purposeOfTransaction)],
    ['createdBy', t('topUpDetails.createdBy'), orDash(topUp.createdBy)],
    ['authorizedBy', t('topUpDetails.authorizedBy'), orDash(topUp.authorizedBy)],
    ['authirizedAt', t('topUpDetails.authorizedAt'), authorizedAt ? formatTimestamp(authorizedAt, timeZone) : '-'],
    ['remarks', t('topUpDetails.remarks'), orDash(topUp.remarks)],
  ];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[2fr_1fr]" data-testid="top-up-details">
      <section aria-labelledby="top-up-general" className="rounded-lg border p-4">
        <h2 id="top-up-general" className="text-base font-semibold">
          {t('topUpDetails.general')}
        </h2>
        <dl className="mt-2 divide-y">
          {general.map(([field, label, value]) => (
            <Row key={field} field={field} label={label} value={value} />
          ))}
        </dl>
      </section>
      <section aria-labelledby="top-up-wallet" className="self-start rounded-lg border p-4">
        <h2 id="top-up-wallet" className="text-base font-semibold">
          {t('topUpDetails.wallet')}
        </h2>
        <dl className="mt-2 divide-y">
          <Row field="country" label={t('topUpDetails.country')} value={topUp.country ? countryName(topUp.country) : '-'} />
          <Row field="walletCurrency" label={t('topUpDetails.currency')} value={topUp.currency} />
          <Row field="walletBalance" label={t('topUpDetails.walletBalance')} value={money(topUp.walletBalance)} />
        </dl>
        {balanceHref && (
          <AppLink
            href={balanceHref}
            className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
            data-testid="top-up-view-balance"
          >
            {t('topUpDetails.viewBalance')}
          </AppLink>
        )}
      </section>
    </div>
  );
}
