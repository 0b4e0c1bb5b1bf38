import { useMemo, useState } from 'react';
import { RatePageTable } from './rate-page-table.tsx';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Plus } from 'lucide-react';
import type { agentMarkupBody } from '@corridor/api';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { ProfileFormDialog, type ProfileBody } from '@/components/profile-form-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Link } from '@tanstack/react-router';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { api } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { notify } from '@/lib/notifications.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { agentColumns, layer1Columns, layer2Columns, profileColumns, type Layer1Row, type Layer2Row, type ProfileRow } from './config-columns.tsx';
import { AgentMarkupCreateDialog } from './markup-create-dialogs.tsx';
import { MarkupDialog } from './markup-dialog.tsx';
import type { SpreadBody } from './markup-form.ts';
import { useAgentMarkups, useLayer1, useLayer2, useMarkupProfiles } from './use-rate-data.ts';

/** Spec 2 "Markup tabs: charges and incentives". */
export const MARKUP_TABS = ['charges', 'incentives'] as const;
export type MarkupTab = (typeof MARKUP_TABS)[number];
/** What the charges tab lists: the TSP's own spread, a profile's spread on top, the agents' markups. */
export const CHARGE_LAYERS = ['layer1', 'layer2', 'agent'] as const;
export type ChargeLayer = (typeof CHARGE_LAYERS)[number];

const PATH = '/service-provider/rate/markup';

/** service-provider/rate/markup: charges (layer 1, layer 2, agent markups) and incentives (markup profiles). */
export function MarkupScreen({ route, tab, layer }: { route: TableSearchRoute; tab: MarkupTab; layer: ChargeLayer }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="markup-screen">
      <PageHeader title={t('rates.markup.title')} description={t('rates.markup.subtitle')} />
      <TabNav label={t('rates.markup.title')}>
        {MARKUP_TABS.map((slug) => (
          <Link
            key={slug}
            to={PATH}
            search={{ tab: slug }}
            data-testid={`markup-tab-${slug}`}
            aria-current={slug === tab ? 'page' : undefined}
            className={tabLinkClass(slug === tab)}
          >
            {t(`rates.markup.tabs.${slug}`)}
          </Link>
        ))}
      </TabNav>
      {tab === 'charges' ? (
        <>
          <div className="flex flex-wrap gap-2" role="group" aria-label={t('rates.markup.layers')}>
            {CHARGE_LAYERS.map((slug) => (
              <Link
                key={slug}
                to={PATH}
                search={{ tab: 'charges', layer: slug }}
                data-testid={`markup-layer-${slug}`}
                aria-current={slug === layer ? 'true' : undefined}
                className={cn(
                  'rounded-full border px-3 py-1 text-sm transition-colors',
                  slug === layer ? 'border-primary bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                {t(`rates.markup.layer.${slug}`)}
              </Link>
            ))}
          </div>
          {layer === 'layer1' && <Layer1Table route={route} />}
          {layer === 'layer2' && <Layer2Table route={route} />}
          {layer === 'agent' && <AgentTable route={route} />}
        </>
      ) : (
        <ProfileTable route={route} />
      )}
    </div>
  );
}

const pairText = (r: { sourceCurrency: string; targetCurrency: string; dealType: string; transactionCategory: string; rateProviderId: string }) =>
  `${r.transactionCategory} · ${r.sourceCurrency}/${r.targetCurrency} · ${r.dealType} · ${r.rateProviderId}`;

/** The key fields a layer body repeats from the stored markup (only the spread changes here). */
function layerKey(r: Layer1Row) {
  return {
    id: r.id,
    transactionCategory: r.transactionCategory,
    sourceCurrency: r.sourceCurrency,
    targetCurrency: r.targetCurrency,
    dealType: r.dealType,
    rateProviderId: r.rateProviderId,
    currencyDealConfigId: r.currencyDealConfigId,
    currencyConfigId: r.currencyConfigId,
  };
}

function Layer1Table({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const key = 'sp-markup-layer1';
  const { state, onStateChange } = useTableSearch(route, { tableKey: key });
  const list = useLayer1(tableQuery(state));
  const [editing, setEditing] = useState<Layer1Row | null>(null);
  const columns = useMemo(() => layer1Columns(t, setEditing), [t]);
  const save = async (spread: SpreadBody) => {
    if (!editing) return;
    await api.call<'markups.updateLayer1'>('markups.updateLayer1', { path: { id: editing.id }, body: { ...layerKey(editing), ...spread } });
    notify({ type: 'success', i18nMessage: 'rates.markup.saved' });
    await list.refresh();
  };
  return (
    <>
      <RatePageTable
        list={list}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        tableKey={key}
        label={t('rates.markup.layer.layer1')}
        getRowId={(r) => r.id}
      />
      {editing && (
        <MarkupDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={t('rates.markup.editLayer1')}
          subject={pairText(editing)}
          initial={editing}
          onSave={save}
        />
      )}
    </>
  );
}

function Layer2Table({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const key = 'sp-markup-layer2';
  const { state, onStateChange } = useTableSearch(route, { tableKey: key });
  const list = useLayer2(tableQuery(state));
  const profiles = useMarkupProfiles();
  const [editing, setEditing] = useState<Layer2Row | null>(null);
  const columns = useMemo(() => {
    const names = new Map((profiles.data?.content ?? []).map((p) => [p.id, p.name]));
    return layer2Columns(t, (id) => names.get(id) ?? id, setEditing);
  }, [t, profiles.data]);
  const save = async (spread: SpreadBody) => {
    if (!editing) return;
    await api.call<'markups.updateLayer2'>('markups.updateLayer2', {
      path: { id: editing.id },
      body: { ...layerKey(editing), markupProfileId: editing.markupProfileId, ...spread },
    });
    notify({ type: 'success', i18nMessage: 'rates.markup.saved' });
    await list.refresh();
  };
  return (
    <>
      <RatePageTable
        list={list}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        tableKey={key}
        label={t('rates.markup.layer.layer2')}
        getRowId={(r) => r.id}
      />
      {editing && (
        <MarkupDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={t('rates.markup.editLayer2')}
          subject={pairText(editing)}
          initial={editing}
          onSave={save}
        />
      )}
    </>
  );
}

function AgentTable({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const key = 'sp-markup-agent';
  const { state, onStateChange } = useTableSearch(route, { tableKey: key });
  const list = useAgentMarkups(tableQuery(state));
  const columns = useMemo(() => agentColumns(), []);
  const [creating, setCreating] = useState(false);
  const create = async (body: z.input<typeof agentMarkupBody>) => {
    await api.call<'markups.createAgent'>('markups.createAgent', { body });
    notify({ type: 'success', i18nMessage: 'rates.markup.saved' });
    await list.refresh();
  };
  return (
    <>
      <NewButton label={t('rates.markup.newAgent')} testId="agent-new" onClick={() => setCreating(true)} />
      <RatePageTable
        list={list}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        tableKey={key}
        label={t('rates.markup.layer.agent')}
        getRowId={(r) => r.id}
      />
      {creating && <AgentMarkupCreateDialog onSave={create} onClose={() => setCreating(false)} />}
    </>
  );
}

/** A list's create action, above its table on the far side. */
function NewButton({ label, testId, onClick }: { label: string; testId: string; onClick: () => void }) {
  return (
    <div className="flex justify-end">
      <Button data-testid={testId} onClick={onClick}>
        <Plus aria-hidden />
        {label}
      </Button>
    </div>
  );
}

function ProfileTable({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const key = 'sp-markup-profiles';
  const { state, onStateChange } = useTableSearch(route, { tableKey: key });
  const list = useMarkupProfiles(tableQuery(state));
  const [editing, setEditing] = useState<ProfileRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProfileRow | null>(null);
  const columns = useMemo(() => profileColumns(t, setEditing, setDeleting), [t]);
  const save = async (body: ProfileBody) => {
    if (editing === 'new') {
      await api.call<'markups.createProfile'>('markups.createProfile', { body });
    } else if (editing) {
      await api.call<'markups.updateProfile'>('markups.updateProfile', { path: { id: editing.id }, body });
    }
    notify({ type: 'success', i18nMessage: 'rates.markup.profileSaved' });
    await list.refresh();
  };
  const remove = async (row: ProfileRow) => {
    await api.call<'markups.deleteProfile'>('markups.deleteProfile', { path: { id: row.id } });
    notify({ type: 'success', i18nMessage: 'rates.markup.profileDeleted' });
    await list.refresh();
  };
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('rates.markup.incentivesHint')}</p>
        <Button data-testid="profile-new" onClick={() => setEditing('new')}>
          <Plus aria-hidden />
          {t('rates.markup.newProfile')}
        </Button>
      </div>
      <RatePageTable
        list={list}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        tableKey={key}
        label={t('rates.markup.tabs.incentives')}
        getRowId={(r) => r.id}
      />
      {editing && (
        <ProfileFormDialog
          title={editing === 'new' ? t('rates.markup.newProfile') : t('rates.markup.editProfile')}
          description={t('rates.markup.incentivesHint')}
          initial={editing === 'new' ? undefined : editing}
          testIdPrefix="markup-profile"
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('rates.markup.deleteProfile')}
          subject={deleting.name}
          onDelete={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
