import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { Pencil, Trash2 } from 'lucide-react';
import type { agentMarkup, currencyDeal, globalConfig, layer1Markup, layer2Markup, markupProfile, volatileLayer } from '@corridor/api';
import { MARKUP_TYPES, type MarkupType } from '@corridor/domain';
import { ACTIONS_COLUMN_ID, type ColumnDef, type RowAction } from '@/components/data-table/column-def.ts';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { dealTypeOptions, RateFigure } from '@/components/rates/exchange-rate-columns.tsx';

export type Layer1Row = z.output<typeof layer1Markup>;
export type Layer2Row = z.output<typeof layer2Markup>;
export type AgentRow = z.output<typeof agentMarkup>;
export type ProfileRow = z.output<typeof markupProfile>;
export type DealRow = z.output<typeof currencyDeal>;
export type VolatileRow = z.output<typeof volatileLayer>;
export type GlobalRow = z.output<typeof globalConfig>;

/** Transaction categories a markup is set for (the quote's category). */
const MARKUP_CATEGORIES = ['PAYOUT', 'TRANSFER', 'TOPUP', 'CONSUMER_PAYOUT'] as const;

/**
 * A markup value with its unit and sign: '+25 pips', '-0.25 %' (spec 9 unit labels). A positive
 * markup raises the rate, a negative one lowers it.
 */
function markupText(value: string, unit: string): string {
  const label = MARKUP_TYPES.find((m) => m.value === (unit as MarkupType))?.unit ?? unit;
  const signed = value.startsWith('-') || /^0+(\.0+)?$/.test(value) ? value : `+${value}`;
  return `${signed} ${label}`;
}

function Markup({ value, unit }: { value: string; unit: string }) {
  return (
    <span className="font-mono tabular-nums whitespace-nowrap" dir="ltr">
      {markupText(value, unit)}
    </span>
  );
}

/** A row's Edit: a ghost button with its label from the medium breakpoint, an item of the row's menu below it. */
const editAction = (label: string, testId: string, onSelect: () => void): RowAction => ({
  id: 'edit',
  label,
  icon: Pencil,
  variant: 'ghost',
  testId,
  onSelect,
});
const deleteAction = (label: string, testId: string, onSelect: () => void): RowAction => ({
  id: 'delete',
  label,
  icon: Trash2,
  variant: 'ghost',
  testId,
  onSelect,
});

/** The actions column of a rate list; its rows are named by their currency pair (or profile) in the menu button. */
function actionsColumn<T>(actions: (row: T) => RowAction[], rowName: (row: NoInfer<T>) => string): ColumnDef<T> {
  return { id: ACTIONS_COLUMN_ID, header: 'rates.columns.actions', align: 'end', rowActions: actions, rowName };
}
const pairName = (r: { sourceCurrency: string; targetCurrency: string }) => `${r.sourceCurrency}/${r.targetCurrency}`;

const pair = <T extends { sourceCurrency: string; targetCurrency: string }>(): ColumnDef<T> => ({
  id: 'pair',
  field: 'sourceCurrency',
  header: 'rates.columns.pair',
  sorting: true,
  search: true,
  cell: (r) => (
    <span className="font-medium whitespace-nowrap" dir="ltr">
      {r.sourceCurrency}/{r.targetCurrency}
    </span>
  ),
});
const dealType = <T,>(): ColumnDef<T> => ({
  id: 'dealType',
  field: 'dealType',
  header: 'rates.columns.dealType',
  sorting: true,
  filterType: 'status',
  filterKey: 'dealType',
  filterOptions: dealTypeOptions(),
});
const provider = <T,>(): ColumnDef<T> => ({ id: 'provider', field: 'rateProviderId', header: 'rates.columns.provider', sorting: true, search: true });
const spread = <T extends { markupType: string; askMarkup: string; bidMarkup: string }>(): ColumnDef<T>[] => [
  { id: 'markupType', field: 'markupType', header: 'rates.columns.markupType', sorting: true },
  { id: 'askMarkup', field: 'askMarkup', header: 'rates.columns.askMarkup', align: 'end', cell: (r) => <Markup value={r.askMarkup} unit={r.markupType} /> },
  { id: 'bidMarkup', field: 'bidMarkup', header: 'rates.columns.bidMarkup', align: 'end', cell: (r) => <Markup value={r.bidMarkup} unit={r.markupType} /> },
];
const category = <T,>(): ColumnDef<T> => ({
  id: 'category',
  field: 'transactionCategory',
  header: 'rates.columns.category',
  sorting: true,
  filterType: 'status',
  filterKey: 'transactionCategory',
  filterOptions: MARKUP_CATEGORIES.map((c) => ({ value: c, name: c })),
});

/** Layer 1 markups: the TSP's spread over the calibrated rate, per category, pair, tenor and provider. */
export function layer1Columns(t: TFunction, onEdit: (row: Layer1Row) => void): ColumnDef<Layer1Row>[] {
  return [
    category(),
    pair(),
    dealType(),
    provider(),
    ...spread<Layer1Row>(),
    actionsColumn((r) => [editAction(t('rates.actions.edit'), 'layer1-edit', () => onEdit(r))], pairName),
  ];
}

/** Layer 2 markups: a markup profile's spread on top of layer 1 (what a merchant on that profile pays). */
export function layer2Columns(t: TFunction, profileName: (id: string) => string, onEdit: (row: Layer2Row) => void): ColumnDef<Layer2Row>[] {
  return [
    { id: 'profile', field: 'markupProfileId', header: 'rates.columns.profile', cell: (r) => profileName(r.markupProfileId) },
    category(),
    pair(),
    dealType(),
    provider(),
    ...spread<Layer2Row>(),
    actionsColumn((r) => [editAction(t('rates.actions.edit'), 'layer2-edit', () => onEdit(r))], pairName),
  ];
}

/** Agent markups: by product, activity and instrument type. */
export function agentColumns(): ColumnDef<AgentRow>[] {
  return [
    { id: 'productType', field: 'productType', header: 'rates.columns.productType', sorting: true, search: true },
    { id: 'activityType', field: 'activityType', header: 'rates.columns.activityType', sorting: true },
    { id: 'instrumentType', field: 'instrumentType', header: 'rates.columns.instrumentType', sorting: true },
    ...spread<AgentRow>(),
    { id: 'recordStatus', field: 'recordStatus', header: 'rates.columns.status', kind: 'status' },
  ];
}

/** Markup profiles (incentives): the tiers a merchant can be put on for tighter spreads. */
export function profileColumns(t: TFunction, onEdit: (row: ProfileRow) => void, onDelete: (row: ProfileRow) => void): ColumnDef<ProfileRow>[] {
  return [
    { id: 'name', field: 'name', header: 'rates.columns.name', sorting: true, search: true, filterKey: 'query' },
    { id: 'description', field: 'description', header: 'rates.columns.description' },
    {
      id: 'enabled',
      field: 'enabled',
      header: 'rates.columns.status',
      filterType: 'status',
      filterKey: 'enabled',
      filterOptions: [
        { value: 'true', name: t('status.active') },
        { value: 'false', name: t('status.inactive') },
      ],
      cell: (r) => <StatusCell status={r.enabled ? 'ACTIVE' : 'INACTIVE'} />,
    },
    actionsColumn(
      (r) => [
        editAction(t('rates.actions.edit'), 'profile-edit', () => onEdit(r)),
        deleteAction(t('rates.actions.delete'), 'profile-delete', () => onDelete(r)),
      ],
      (r) => r.name,
    ),
  ];
}

/** Currency deal configs with their instrument and interbank rate (IBR screen). */
export function dealColumns(t: TFunction, onEdit: (row: DealRow) => void): ColumnDef<DealRow>[] {
  return [
    pair(),
    dealType(),
    provider(),
    { id: 'instrument', field: 'instrumentId', header: 'rates.columns.instrument', sorting: true, search: true },
    { id: 'instrumentStatus', field: 'instrumentStatus', header: 'rates.columns.status', kind: 'status' },
    { id: 'ibr', field: 'ibrRate', header: 'rates.columns.ibr', align: 'end', cell: (r) => <RateFigure value={r.ibrRate} /> },
    { id: 'inverse', field: 'ibrRate', header: 'rates.columns.inverse', align: 'end', cell: (r) => <RateFigure value={r.ibrRate} inverse /> },
    {
      id: 'validity',
      field: 'quoteValiditySeconds',
      header: 'rates.columns.quoteValidity',
      align: 'end',
      cell: (r) => t('rates.seconds', { count: r.quoteValiditySeconds }),
    },
    actionsColumn((r) => [editAction(t('rates.actions.editIbr'), 'ibr-edit', () => onEdit(r))], pairName),
  ];
}

/** Volatile layers (premium settings): a temporary spread on a deal config while a market moves fast. */
export function volatileColumns(t: TFunction, onEdit: (row: VolatileRow) => void, onDelete: (row: VolatileRow) => void): ColumnDef<VolatileRow>[] {
  return [
    pair(),
    dealType(),
    provider(),
    { id: 'instrument', field: 'instrumentId', header: 'rates.columns.instrument' },
    ...spread<VolatileRow>(),
    actionsColumn(
      (r) => [
        editAction(t('rates.actions.edit'), 'volatile-edit', () => onEdit(r)),
        deleteAction(t('rates.actions.delete'), 'volatile-delete', () => onDelete(r)),
      ],
      pairName,
    ),
  ];
}

/** Global config entries (settings/rates). */
export function globalColumns(): ColumnDef<GlobalRow>[] {
  return [
    { id: 'category', field: 'category', header: 'rates.columns.settingCategory', sorting: true, search: true },
    { id: 'key', field: 'key', header: 'rates.columns.settingKey', sorting: true, search: true },
    {
      id: 'value',
      field: 'value',
      header: 'rates.columns.settingValue',
      cell: (r) => (
        <span className="font-mono" dir="ltr">
          {r.value}
        </span>
      ),
    },
  ];
}
