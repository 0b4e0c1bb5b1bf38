import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@corridor/api';
import { PARTNER_DETAIL_TABS, MISSING_VALUE, formatDate, formatTimestamp } from '@corridor/domain';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { api } from '@/lib/api-client.ts';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { notify } from '@/lib/notifications.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { useApproval } from '@/shared/approval/use-approval.ts';
import { PartnerMoveDialog } from './partner-move-dialog.tsx';
import { partnerMoves, type PartnerMove } from './partner-moves.ts';
import { PartnerStatusTag } from './partner-status-tag.tsx';
import { usePartner, type PartnerDetail } from './use-partners.ts';

function Row({ label, children, ltr = false }: { label: string; children: ReactNode; ltr?: boolean }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words" dir={ltr ? 'ltr' : undefined}>
        {children}
      </dd>
    </div>
  );
}

const PROFILE_FIELDS = [
  'referenceId',
  'tradingName',
  'partnerType',
  'businessType',
  'countryOfRegistration',
  'registeredBusinessAddress',
  'city',
  'district',
  'state',
  'poBox',
  'businessTelephoneNumber',
  'entityType',
  'licenseType',
  'licenseNumber',
  'licenseDateOfIssue',
  'licenseDateOfExpiry',
  'countryOfIncorporation',
  'dateOfIncorporation',
] as const;
const DATE_FIELDS = new Set<string>(['licenseDateOfIssue', 'licenseDateOfExpiry', 'dateOfIncorporation']);
const LTR_FIELDS = new Set<string>(['referenceId', 'businessTelephoneNumber', 'licenseNumber']);

function CompanyProfile({ partner }: { partner: PartnerDetail }) {
  const { t } = useTranslation();
  const text = (field: (typeof PROFILE_FIELDS)[number]) => {
    const value = partner[field];
    if (value === null || value === undefined || value === '') return MISSING_VALUE;
    if (field === 'partnerType') return t(`partners.types.${value}`, { defaultValue: value });
    return DATE_FIELDS.has(field) ? formatDate(value) : value;
  };
  return (
    <Card data-testid="partner-company-profile">
      <CardContent>
        <dl className="grid gap-3">
          {PROFILE_FIELDS.map((field) => (
            <Row key={field} label={t(`partners.fields.${field}`)} ltr={LTR_FIELDS.has(field)}>
              {text(field)}
            </Row>
          ))}
          <Row label={t('partners.fields.createdAt')}>
            {partner.createdAt ? formatTimestamp(partner.createdAt) : MISSING_VALUE}
            {partner.createdBy ? ` · ${partner.createdBy.name}` : ''}
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The status history (who and when, and why for a rejection or send-back), newest last, and the moves the user may make. */
function AuthorizationDetails({ partner, onMove, online }: { partner: PartnerDetail; onMove: (move: PartnerMove) => void; online: boolean }) {
  const { t } = useTranslation();
  const me = useCurrentUser()?.id;
  const moves = partnerMoves(partner.nextStatuses);
  const ownSubmission = partner.partnerStatus === 'IN_AUTHORIZATION' && partner.submittedBy?.id === me;
  return (
    <div className="grid gap-4" data-testid="partner-authorization-details">
      <Card>
        <CardContent className="grid gap-3">
          <h2 className="text-base font-semibold">{t('partners.authorization.actionsTitle')}</h2>
          {partner.submittedBy && (
            <p className="text-sm" data-testid="partner-submitted-by">
              {t('partners.authorization.submittedBy', {
                name: partner.submittedBy.name,
                at: partner.submittedAt ? formatTimestamp(partner.submittedAt) : MISSING_VALUE,
              })}
            </p>
          )}
          {ownSubmission && (
            <p
              className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
              data-testid="partner-own-submission"
            >
              {t('partners.authorization.ownSubmission')}
            </p>
          )}
          {moves.length === 0 && !ownSubmission && (
            <p className="text-sm text-muted-foreground" data-testid="partner-no-moves">
              {t('partners.authorization.noMoves')}
            </p>
          )}
          {moves.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {moves.map((move) => (
                <Button
                  key={move.to}
                  data-testid={move.testId}
                  variant={move.to === 'REJECTED' ? 'destructive' : move.action === 'reject' ? 'outline' : 'default'}
                  disabled={!online}
                  onClick={() => onMove(move)}
                >
                  {t(move.labelKey)}
                </Button>
              ))}
            </div>
          )}
          {moves.length > 0 && !online && (
            <p className="text-xs text-muted-foreground" data-testid="partner-moves-offline">
              {t('partners.needsNetwork')}
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3">
          <h2 className="text-base font-semibold">{t('partners.authorization.historyTitle')}</h2>
          <ol className="grid gap-3 border-s ps-4" data-testid="partner-history">
            {partner.statusHistory.map((step, i) => (
              <li key={`${step.at}-${i}`} className="grid gap-1" data-testid="partner-history-step" data-status={step.toStatus}>
                <div className="flex flex-wrap items-center gap-2">
                  <PartnerStatusTag status={step.toStatus} />
                  <span className="text-sm">{step.by?.name ?? MISSING_VALUE}</span>
                  <span className="text-xs text-muted-foreground">{formatTimestamp(step.at)}</span>
                </div>
                {step.remarks && <p className="text-sm text-muted-foreground">{step.remarks}</p>}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * service-provider/partners/{id}: one partner record with the spec's detail tabs (company profile, authorization
 * details; documents, wallets and transactions shown disabled). Offline it shows what this device last saw, with
 * its age, and says that its moves need the network. Every move goes through the approval machine.
 */
export function PartnerDetailScreen({ partnerId, tab, onTab }: { partnerId: string; tab: string; onTab: (tab: string) => void }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const { data: partner, updatedAt, offline, refreshing, error, refresh } = usePartner(partnerId);
  const [move, setMove] = useState<PartnerMove | null>(null);
  const moving = useRef<PartnerMove | null>(null);
  const approval = useApproval({
    decide: async ({ id, reason }) => {
      const to = moving.current?.to;
      if (!to) throw new Error('No move is being made');
      return api.call<'partners.update'>('partners.update', { path: { id }, body: { partnerStatus: to, ...(reason ? { remarks: reason } : {}) } });
    },
    onSettled: ({ decided }) => {
      const done = moving.current;
      if (done && decided.includes(partnerId)) {
        notify({ type: 'success', i18nMessage: `partners.moved.${done.to}`, messageParams: { name: partner?.tradingName ?? '' } });
        setMove(null);
        moving.current = null;
      }
      void refresh();
    },
  });
  const start = (next: PartnerMove) => {
    moving.current = next;
    setMove(next);
    approval.start(next.action, [partnerId]);
  };
  const close = () => {
    approval.dismiss();
    setMove(null);
    moving.current = null;
  };
  const current = PARTNER_DETAIL_TABS.find((d) => d.slug === tab && !('disabled' in d)) ?? PARTNER_DETAIL_TABS[0];
  return (
    <div className="flex flex-col gap-5" data-testid="partner-detail">
      <PageHeader
        back="/service-provider/partners/list/overview"
        title={partner?.tradingName ?? t('partners.detailTitle')}
        description={partner ? <span dir="ltr">{partner.referenceId}</span> : undefined}
        adornment={partner ? <PartnerStatusTag status={partner.partnerStatus} /> : undefined}
      />
      <CachedAge updatedAt={updatedAt} offline={offline} refreshing={refreshing} />
      {!partner && error instanceof ApiError && error.status === 404 && (
        <p className="text-sm text-muted-foreground" data-testid="partner-not-found">
          {t('partners.notFound')}
        </p>
      )}
      <div className="flex gap-1 overflow-x-auto border-b" role="tablist" aria-label={t('partners.detailTitle')} data-testid="partner-detail-tabs">
        {PARTNER_DETAIL_TABS.map((d) => {
          const disabled = 'disabled' in d;
          const active = d.slug === current.slug;
          return (
            <button
              key={d.slug}
              type="button"
              role="tab"
              id={`partner-tab-${d.slug}`}
              aria-selected={active}
              aria-controls={active ? 'partner-tab-panel' : undefined}
              disabled={disabled}
              data-testid={`partner-detail-tab-${d.slug}`}
              className={tabLinkClass(active) + (disabled ? ' cursor-not-allowed opacity-50' : '')}
              onClick={() => onTab(d.slug)}
            >
              {t(d.labelKey)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="partner-tab-panel" aria-labelledby={`partner-tab-${current.slug}`}>
        {partner &&
          (current.slug === 'authorization-details' ? (
            <AuthorizationDetails partner={partner} onMove={start} online={online} />
          ) : (
            <CompanyProfile partner={partner} />
          ))}
      </div>
      <PartnerMoveDialog
        move={move}
        partnerName={partner?.tradingName ?? ''}
        busy={approval.busy}
        problems={approval.problems}
        error={approval.error}
        onConfirm={(reason) => approval.confirm(move?.action === 'reject' ? { reason } : {})}
        onCancel={close}
      />
    </div>
  );
}
