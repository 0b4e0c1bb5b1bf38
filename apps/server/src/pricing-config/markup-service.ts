import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type {
  agentMarkupBody,
  agentMarkupFilter,
  layer1Body,
  layer2Filter,
  markupProfileBody,
  queryEnabledFilter,
  volatileLayerBody,
  volatileLayerFilter,
} from '@corridor/api';
import { Dec, toPlain, type Markup } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { organisations, transactionCategories } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { pageAnswer, parseSort } from '../http/paging.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { audit, both, escapeLike, invalid, tspScope } from '../lib/config-tenant.ts';
import { checkedSpread } from './config-checks.ts';
import { ownCurrencyDeal } from './currency-config-service.ts';
import { agentMarkups, currencyDealConfigs, markupLayers, markupProfiles, volatileLayers } from './pricing-config-schema.ts';

type ProfileRow = typeof markupProfiles.$inferSelect;
type LayerRow = typeof markupLayers.$inferSelect;
type DealRow = typeof currencyDealConfigs.$inferSelect;
type VolatileRow = typeof volatileLayers.$inferSelect;
type AgentRow = typeof agentMarkups.$inferSelect;
type LayerBody = z.output<typeof layer1Body> & { markupProfileId?: string };
type Layer2Query = z.output<typeof layer2Filter>;

// Markup profiles ------------------------------------------------------------------------------------

export function markupProfileDto(row: ProfileRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    serviceProviderId: row.serviceProviderId,
    ...audit(row),
  };
}

type ProfileQuery = z.output<typeof queryEnabledFilter> & { serviceProviderId?: string | undefined };
const profileResource: ResourceSpec<typeof markupProfiles, ProfileQuery> = {
  table: markupProfiles,
  filters: {
    query: (q) => {
      const like = `%${escapeLike(q)}%`;
      return or(ilike(markupProfiles.name, like), ilike(markupProfiles.description, like));
    },
    enabled: (f) => eq(markupProfiles.enabled, f),
    serviceProviderId: (id) => eq(markupProfiles.serviceProviderId, id),
  },
  sortKeys: { name: markupProfiles.name, enabled: markupProfiles.enabled, createdAt: markupProfiles.createdAt, updatedAt: markupProfiles.updatedAt },
  defaultSort: [asc(markupProfiles.name), asc(markupProfiles.id)],
};

export async function listMarkupProfiles(db: Db, tsp: string | null, query: ProfileQuery) {
  const page = await listResource(db, profileResource, query, tspScope(markupProfiles.serviceProviderId, tsp));
  return { ...page, content: page.content.map(markupProfileDto) };
}

export async function ownMarkupProfile(db: Db, tsp: string | null, id: string, field = 'id'): Promise<ProfileRow> {
  const [row] = await db
    .select()
    .from(markupProfiles)
    .where(both(eq(markupProfiles.id, id), tspScope(markupProfiles.serviceProviderId, tsp)));
  if (!row) throw foreignId(field, 'markup profile', id);
  return row;
}

const duplicateProfile = (name: string) =>
  new AppError('DUPLICATE_CONFIG', `A markup profile named ${name} already exists`, [
    { parameter: 'name', message: 'is already used by another markup profile' },
  ]);

export async function createMarkupProfile(db: Db, tsp: string, body: z.output<typeof markupProfileBody>, userId: string, now: Date) {
  try {
    const [row] = await db
      .insert(markupProfiles)
      .values({
        id: uuidv7(),
        serviceProviderId: tsp,
        name: body.name.trim(),
        description: body.description ?? null,
        enabled: body.enabled,
        createdBy: userId,
        createdAt: now,
      })
      .returning();
    return markupProfileDto(row as ProfileRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateProfile(body.name);
    throw error;
  }
}

export async function updateMarkupProfile(db: Db, tsp: string, id: string, body: z.output<typeof markupProfileBody>, now: Date) {
  await ownMarkupProfile(db, tsp, id);
  try {
    const [row] = await db
      .update(markupProfiles)
      .set({ name: body.name.trim(), description: body.description ?? null, enabled: body.enabled, updatedAt: now })
      .where(eq(markupProfiles.id, id))
      .returning();
    return markupProfileDto(row as ProfileRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateProfile(body.name);
    throw error;
  }
}

/** A profile a merchant prices with, or that holds layer 2 markups, stays until they are moved off it. */
export async function deleteMarkupProfile(db: Db, tsp: string, id: string): Promise<void> {
  await ownMarkupProfile(db, tsp, id);
  const [merchant] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.markupProfileId, id)).limit(1);
  if (merchant) throw new AppError('CONFIG_IN_USE', 'Merchants price with this markup profile; assign them another one first');
  const [layer] = await db.select({ id: markupLayers.id }).from(markupLayers).where(eq(markupLayers.markupProfileId, id)).limit(1);
  if (layer) throw new AppError('CONFIG_IN_USE', 'The markup profile has layer 2 markups; remove them first');
  await db.delete(markupProfiles).where(eq(markupProfiles.id, id));
}

// Layer 1 and layer 2 --------------------------------------------------------------------------------

function layerDto(row: LayerRow, deal: DealRow) {
  const dto = {
    id: row.id,
    serviceProviderId: row.serviceProviderId,
    transactionCategory: row.transactionCategory,
    sourceCurrency: deal.sourceCurrency,
    targetCurrency: deal.targetCurrency,
    dealType: deal.dealType,
    rateProviderId: deal.rateProviderId,
    currencyDealConfigId: deal.id,
    currencyConfigId: deal.currencyConfigId,
    markupType: row.markupType,
    askMarkup: row.askMarkup,
    bidMarkup: row.bidMarkup,
    markupProfileId: row.markupProfileId,
    ...audit(row),
  };
  // Layer 1 markups belong to no profile: the answer leaves the field out rather than send ''.
  if (row.layer === 1) delete (dto as Partial<typeof dto>).markupProfileId;
  return dto;
}

/** Layer rows joined to their deal config, so the pair and deal type filters read the deal config. */
export async function listLayer(db: Db, layer: 1 | 2, tsp: string | null, query: Layer2Query & { serviceProviderId?: string | undefined }) {
  const d = currencyDealConfigs;
  const predicates: Array<SQL | undefined> = [
    eq(markupLayers.layer, layer),
    tspScope(markupLayers.serviceProviderId, tsp),
    query.serviceProviderId ? eq(markupLayers.serviceProviderId, query.serviceProviderId) : undefined,
    query.transactionCategory ? eq(markupLayers.transactionCategory, query.transactionCategory) : undefined,
    query.sourceCurrency ? eq(d.sourceCurrency, query.sourceCurrency.toUpperCase()) : undefined,
    query.targetCurrency ? eq(d.targetCurrency, query.targetCurrency.toUpperCase()) : undefined,
    query.dealType ? eq(d.dealType, query.dealType.toUpperCase() as DealRow['dealType']) : undefined,
    query.rateProviderId ? eq(d.rateProviderId, query.rateProviderId) : undefined,
    query.currencyDealConfigId ? eq(markupLayers.currencyDealConfigId, query.currencyDealConfigId) : undefined,
    query.currencyConfigId ? eq(d.currencyConfigId, query.currencyConfigId) : undefined,
    layer === 2 && query.markupProfileId ? eq(markupLayers.markupProfileId, query.markupProfileId) : undefined,
  ];
  const where = and(...predicates.filter((p): p is SQL => p !== undefined));
  const sortKeys = {
    transactionCategory: markupLayers.transactionCategory,
    sourceCurrency: d.sourceCurrency,
    targetCurrency: d.targetCurrency,
    dealType: d.dealType,
    markupType: markupLayers.markupType,
    createdAt: markupLayers.createdAt,
  };
  const orderBy = parseSort(query.sort, Object.keys(sortKeys)).map((o) => {
    const column = sortKeys[o.field as keyof typeof sortKeys];
    return o.direction === 'ASC' ? asc(column) : desc(column);
  });
  const [rows, totals] = await Promise.all([
    db
      .select({ layer: markupLayers, deal: d })
      .from(markupLayers)
      .innerJoin(d, eq(d.id, markupLayers.currencyDealConfigId))
      .where(where)
      .orderBy(...(orderBy.length > 0 ? orderBy : [asc(d.sourceCurrency), asc(d.targetCurrency), asc(markupLayers.transactionCategory), asc(markupLayers.id)]))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(markupLayers).innerJoin(d, eq(d.id, markupLayers.currencyDealConfigId)).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => layerDto(r.layer, r.deal)),
    query,
    totals[0]?.n ?? 0,
  );
}

/** The deal config a layer body names, with every other key field held to it (400/404 naming the field). */
async function checkedLayerKey(db: Db, tsp: string, body: LayerBody, prefix: string): Promise<DealRow> {
  const deal = await ownCurrencyDeal(db, tsp, body.currencyDealConfigId, `${prefix}currencyDealConfigId`);
  const mismatch = (field: string, expected: string) => invalid(`${prefix}${field}`, `must be ${expected}, as on currency deal config ${deal.id}`);
  if (body.currencyConfigId !== deal.currencyConfigId) throw mismatch('currencyConfigId', deal.currencyConfigId);
  if (body.sourceCurrency.toUpperCase() !== deal.sourceCurrency) throw mismatch('sourceCurrency', deal.sourceCurrency);
  if (body.targetCurrency.toUpperCase() !== deal.targetCurrency) throw mismatch('targetCurrency', deal.targetCurrency);
  if (body.dealType !== deal.dealType) throw mismatch('dealType', deal.dealType);
  if (body.rateProviderId !== deal.rateProviderId) throw mismatch('rateProviderId', deal.rateProviderId);
  const [category] = await db
    .select({ code: transactionCategories.code })
    .from(transactionCategories)
    .where(and(eq(transactionCategories.code, body.transactionCategory), eq(transactionCategories.enabled, true)));
  if (!category) throw invalid(`${prefix}transactionCategory`, `unknown transaction category ${body.transactionCategory}`);
  return deal;
}

async function ownLayer(db: Db, tsp: string | null, layer: 1 | 2, id: string, field = 'id'): Promise<LayerRow> {
  const [row] = await db
    .select()
    .from(markupLayers)
    .where(both(and(eq(markupLayers.id, id), eq(markupLayers.layer, layer)), tspScope(markupLayers.serviceProviderId, tsp)));
  if (!row) throw foreignId(field, `layer ${layer} markup`, id);
  return row;
}

/**
 * Creates or updates a layer markup. With an id: that markup (the caller's) is rewritten. Without:
 * the markup of the same key (category, deal config, and for layer 2 the profile) is updated, or a
 * new one is added, so sending the same body twice leaves one markup.
 */
export async function upsertLayer(db: Db, layer: 1 | 2, tsp: string, body: LayerBody, userId: string, now: Date, prefix = '') {
  const deal = await checkedLayerKey(db, tsp, body, prefix);
  const spread = checkedSpread(body, prefix);
  let profileId = '';
  if (layer === 2) profileId = (await ownMarkupProfile(db, tsp, body.markupProfileId ?? '', `${prefix}markupProfileId`)).id;
  const key = { transactionCategory: body.transactionCategory, currencyDealConfigId: deal.id, markupProfileId: profileId };
  try {
    if (body.id !== undefined) {
      await ownLayer(db, tsp, layer, body.id, `${prefix}id`);
      const [row] = await db
        .update(markupLayers)
        .set({ ...key, ...spread, updatedAt: now })
        .where(eq(markupLayers.id, body.id))
        .returning();
      return layerDto(row as LayerRow, deal);
    }
    const [row] = await db
      .insert(markupLayers)
      .values({ id: uuidv7(), layer, serviceProviderId: tsp, ...key, ...spread, createdBy: userId, createdAt: now })
      .onConflictDoUpdate({
        target: [
          markupLayers.serviceProviderId,
          markupLayers.layer,
          markupLayers.markupProfileId,
          markupLayers.transactionCategory,
          markupLayers.currencyDealConfigId,
        ],
        set: { ...spread, updatedAt: now },
      })
      .returning();
    return layerDto(row as LayerRow, deal);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('DUPLICATE_CONFIG', 'Another markup already has this key', [
        { parameter: `${prefix}transactionCategory`, message: 'another markup has this category on this deal config' },
      ]);
    }
    throw error;
  }
}

export async function updateLayer(db: Db, layer: 1 | 2, tsp: string, id: string, body: LayerBody, userId: string, now: Date) {
  await ownLayer(db, tsp, layer, id);
  return upsertLayer(db, layer, tsp, { ...body, id }, userId, now);
}

export async function deleteLayer(db: Db, layer: 1 | 2, tsp: string, id: string): Promise<void> {
  await ownLayer(db, tsp, layer, id);
  await db.delete(markupLayers).where(eq(markupLayers.id, id));
}

/** All or nothing: one id that is not the caller's refuses the whole delete (404 naming it). */
export async function deleteLayers(db: Db, layer: 1 | 2, tsp: string, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: markupLayers.id })
    .from(markupLayers)
    .where(and(inArray(markupLayers.id, unique), eq(markupLayers.layer, layer), eq(markupLayers.serviceProviderId, tsp)));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw foreignId(`ids[${missing}]`, `layer ${layer} markup`, ids[missing] as string);
  await db.delete(markupLayers).where(inArray(markupLayers.id, unique));
  return { deleted: unique.length };
}

/** Many layer 2 markups in one transaction: one bad item (named `[i].field`) changes nothing. */
export async function upsertLayer2Many(db: Db, tsp: string, bodies: LayerBody[], userId: string, now: Date) {
  return db.transaction(async (tx) => {
    const out = [];
    for (const [i, body] of bodies.entries()) out.push(await upsertLayer(tx as unknown as Db, 2, tsp, body, userId, now, `[${i}].`));
    return out;
  });
}

// Volatile layers ------------------------------------------------------------------------------------

function volatileDto(row: VolatileRow, deal: DealRow) {
  return {
    currencyDealConfigId: deal.id,
    currencyConfigId: deal.currencyConfigId,
    sourceCurrency: deal.sourceCurrency,
    targetCurrency: deal.targetCurrency,
    dealType: deal.dealType,
    rateProviderId: deal.rateProviderId,
    instrumentId: deal.instrumentId,
    markupType: row.markupType,
    askMarkup: row.askMarkup,
    bidMarkup: row.bidMarkup,
    ...audit(row),
  };
}

type VolatileQuery = z.output<typeof volatileLayerFilter>;

function volatileWhere(tsp: string | null, query: Partial<VolatileQuery>): SQL | undefined {
  const d = currencyDealConfigs;
  const predicates = [
    tspScope(volatileLayers.serviceProviderId, tsp),
    query.sourceCurrency ? eq(d.sourceCurrency, query.sourceCurrency.toUpperCase()) : undefined,
    query.targetCurrency ? eq(d.targetCurrency, query.targetCurrency.toUpperCase()) : undefined,
    query.dealType ? eq(d.dealType, query.dealType.toUpperCase() as DealRow['dealType']) : undefined,
    query.rateProviderId ? eq(d.rateProviderId, query.rateProviderId) : undefined,
    query.currencyConfigId ? eq(d.currencyConfigId, query.currencyConfigId) : undefined,
    query.instrumentId ? eq(d.instrumentId, query.instrumentId) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return predicates.length > 0 ? and(...predicates) : undefined;
}

export async function listVolatileLayers(db: Db, tsp: string | null, query: VolatileQuery) {
  const d = currencyDealConfigs;
  const where = volatileWhere(tsp, query);
  const sortKeys = {
    sourceCurrency: d.sourceCurrency,
    targetCurrency: d.targetCurrency,
    dealType: d.dealType,
    markupType: volatileLayers.markupType,
    createdAt: volatileLayers.createdAt,
  };
  const orderBy = parseSort(query.sort, Object.keys(sortKeys)).map((o) => {
    const column = sortKeys[o.field as keyof typeof sortKeys];
    return o.direction === 'ASC' ? asc(column) : desc(column);
  });
  const [rows, totals] = await Promise.all([
    db
      .select({ v: volatileLayers, deal: d })
      .from(volatileLayers)
      .innerJoin(d, eq(d.id, volatileLayers.currencyDealConfigId))
      .where(where)
      .orderBy(...(orderBy.length > 0 ? orderBy : [asc(d.sourceCurrency), asc(d.targetCurrency), asc(d.dealType), asc(d.id)]))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(volatileLayers).innerJoin(d, eq(d.id, volatileLayers.currencyDealConfigId)).where(where),
  ]);
  return pageAnswer(
    rows.map((r) => volatileDto(r.v, r.deal)),
    query,
    totals[0]?.n ?? 0,
  );
}

/**
 * Volatile layers totalled per pair and deal type (one pair may deal through several providers).
 * Only layers of one unit add up: a pair whose layers mix units is totalled per unit, one row each.
 */
export async function aggregateVolatileLayers(db: Db, tsp: string | null, query: VolatileQuery) {
  const d = currencyDealConfigs;
  const rows = await db
    .select({ v: volatileLayers, deal: d })
    .from(volatileLayers)
    .innerJoin(d, eq(d.id, volatileLayers.currencyDealConfigId))
    .where(volatileWhere(tsp, query))
    .orderBy(asc(d.sourceCurrency), asc(d.targetCurrency), asc(d.dealType), asc(volatileLayers.markupType));
  const groups = new Map<
    string,
    {
      sourceCurrency: string;
      targetCurrency: string;
      dealType: DealRow['dealType'];
      layers: number;
      ask: InstanceType<typeof Dec>;
      bid: InstanceType<typeof Dec>;
    }
  >();
  for (const { v, deal } of rows) {
    const key = `${deal.sourceCurrency}/${deal.targetCurrency}/${deal.dealType}/${v.markupType}`;
    const group = groups.get(key) ?? {
      sourceCurrency: deal.sourceCurrency,
      targetCurrency: deal.targetCurrency,
      dealType: deal.dealType,
      layers: 0,
      ask: new Dec(0),
      bid: new Dec(0),
    };
    group.layers += 1;
    group.ask = group.ask.plus(v.askMarkup);
    group.bid = group.bid.plus(v.bidMarkup);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    sourceCurrency: g.sourceCurrency,
    targetCurrency: g.targetCurrency,
    dealType: g.dealType,
    layers: g.layers,
    askMarkup: toPlain(g.ask),
    bidMarkup: toPlain(g.bid),
  }));
}

export async function upsertVolatileLayer(db: Db, tsp: string, body: z.output<typeof volatileLayerBody>, userId: string, now: Date) {
  const deal = await ownCurrencyDeal(db, tsp, body.currencyDealConfigId, 'currencyDealConfigId');
  const spread = checkedSpread(body);
  const [row] = await db
    .insert(volatileLayers)
    .values({ currencyDealConfigId: deal.id, serviceProviderId: tsp, ...spread, createdBy: userId, createdAt: now })
    .onConflictDoUpdate({ target: volatileLayers.currencyDealConfigId, set: { ...spread, updatedAt: now } })
    .returning();
  return volatileDto(row as VolatileRow, deal);
}

export async function volatileLayerOf(db: Db, tsp: string | null, currencyDealConfigId: string) {
  const deal = await ownCurrencyDeal(db, tsp, currencyDealConfigId, 'currencyDealConfigId');
  const [row] = await db.select().from(volatileLayers).where(eq(volatileLayers.currencyDealConfigId, deal.id));
  if (!row)
    throw new AppError('NOT_FOUND', `No volatile layer on currency deal config ${deal.id}`, [
      { parameter: 'currencyDealConfigId', message: 'has no volatile layer' },
    ]);
  return volatileDto(row, deal);
}

export async function deleteVolatileLayer(db: Db, tsp: string, currencyDealConfigId: string): Promise<void> {
  await volatileLayerOf(db, tsp, currencyDealConfigId);
  await db.delete(volatileLayers).where(eq(volatileLayers.currencyDealConfigId, currencyDealConfigId));
}

// Agent markups --------------------------------------------------------------------------------------

function agentDto(row: AgentRow) {
  return {
    id: row.id,
    tspId: row.serviceProviderId,
    productType: row.productType,
    activityType: row.activityType,
    instrumentType: row.instrumentType,
    agentLocationId: row.agentLocationId,
    recordStatus: row.recordStatus,
    rateProfile: row.rateProfile,
    markupType: row.markupType,
    askMarkup: row.askMarkup,
    bidMarkup: row.bidMarkup,
    ...audit(row),
  };
}

type AgentQuery = z.output<typeof agentMarkupFilter>;
const agentResource: ResourceSpec<typeof agentMarkups, AgentQuery> = {
  table: agentMarkups,
  filters: {
    tspId: (v) => eq(agentMarkups.serviceProviderId, v),
    markupType: (v) => eq(agentMarkups.markupType, v.toUpperCase() as AgentRow['markupType']),
    productType: (v) => eq(agentMarkups.productType, v),
    activityType: (v) => eq(agentMarkups.activityType, v),
    instrumentType: (v) => eq(agentMarkups.instrumentType, v),
    agentLocationId: (v) => eq(agentMarkups.agentLocationId, v),
    recordStatus: (v) => eq(agentMarkups.recordStatus, v.toUpperCase() as AgentRow['recordStatus']),
    rateProfile: (v) => eq(agentMarkups.rateProfile, v),
  },
  sortKeys: {
    productType: agentMarkups.productType,
    activityType: agentMarkups.activityType,
    instrumentType: agentMarkups.instrumentType,
    markupType: agentMarkups.markupType,
    recordStatus: agentMarkups.recordStatus,
    createdAt: agentMarkups.createdAt,
  },
  defaultSort: [asc(agentMarkups.productType), asc(agentMarkups.activityType), asc(agentMarkups.id)],
};

export async function listAgentMarkups(db: Db, tsp: string | null, query: AgentQuery) {
  const page = await listResource(db, agentResource, query, tspScope(agentMarkups.serviceProviderId, tsp));
  return { ...page, content: page.content.map(agentDto) };
}

export async function createAgentMarkup(db: Db, tsp: string, body: z.output<typeof agentMarkupBody>, userId: string, now: Date) {
  const spread = checkedSpread(body);
  const [row] = await db
    .insert(agentMarkups)
    .values({
      id: uuidv7(),
      serviceProviderId: tsp,
      productType: body.productType,
      activityType: body.activityType,
      instrumentType: body.instrumentType,
      agentLocationId: body.agentLocationId ?? null,
      recordStatus: body.recordStatus,
      rateProfile: body.rateProfile ?? null,
      ...spread,
      createdBy: userId,
      createdAt: now,
    })
    .returning();
  return agentDto(row as AgentRow);
}

// For the quote and rate engines ---------------------------------------------------------------------

interface MarkupsFor {
  layer1: Markup[];
  layer2: Markup[];
  volatile: Markup[];
  agent: Markup[];
}

/**
 * The markups that price a deal for one merchant of a TSP, each layer in the pricing order of
 * ARCHITECTURE 9 (layer 1, layer 2, volatile, agent), ready for `applyMarkups`/`priceQuote`:
 * layer 1 of the deal config, layer 2 of the merchant's markup profile (none when it has no enabled
 * profile), the deal config's volatile layer, and the TSP's active agent markups. `side` picks the
 * spread: a pair's rate is target units per source unit, so a customer who pays in the source currency
 * and receives the target sells the source at the bid (below the mid: the TSP's margin), and one who
 * buys the source pays the ask; `transactionCategory` narrows layers 1 and 2 to one category. A deal
 * config or merchant that is not the TSP's answers 404.
 */
export async function markupsFor(
  db: Db,
  input: { tspId: string; merchantId: string; currencyDealConfigId: string; side: 'ask' | 'bid'; transactionCategory?: string },
): Promise<MarkupsFor> {
  const side = input.side;
  const pick = (row: { markupType: AgentRow['markupType']; askMarkup: string; bidMarkup: string }): Markup => ({
    type: row.markupType,
    value: side === 'ask' ? row.askMarkup : row.bidMarkup,
  });
  const deal = await ownCurrencyDeal(db, input.tspId, input.currencyDealConfigId, 'currencyDealConfigId');
  const [merchant] = await db
    .select({ markupProfileId: organisations.markupProfileId })
    .from(organisations)
    .where(and(eq(organisations.id, input.merchantId), eq(organisations.type, 'MERCHANT'), eq(organisations.parentId, input.tspId)));
  if (!merchant) throw foreignId('merchantId', 'merchant', input.merchantId);
  const category = input.transactionCategory ? eq(markupLayers.transactionCategory, input.transactionCategory) : undefined;
  const layerRows = (layer: 1 | 2, profileId: string) =>
    db
      .select()
      .from(markupLayers)
      .where(
        both(
          and(
            eq(markupLayers.serviceProviderId, input.tspId),
            eq(markupLayers.layer, layer),
            eq(markupLayers.markupProfileId, profileId),
            eq(markupLayers.currencyDealConfigId, deal.id),
          ),
          category,
        ),
      )
      .orderBy(asc(markupLayers.transactionCategory), asc(markupLayers.id));
  let profileId: string | null = null;
  if (merchant.markupProfileId) {
    const [profile] = await db
      .select({ id: markupProfiles.id })
      .from(markupProfiles)
      .where(and(eq(markupProfiles.id, merchant.markupProfileId), eq(markupProfiles.serviceProviderId, input.tspId), eq(markupProfiles.enabled, true)));
    profileId = profile?.id ?? null;
  }
  // One after the other: a requote prices inside a transaction, where node-postgres deprecates concurrent queries.
  const layer1 = await layerRows(1, '');
  const layer2 = profileId ? await layerRows(2, profileId) : [];
  const volatile = await db.select().from(volatileLayers).where(eq(volatileLayers.currencyDealConfigId, deal.id));
  const agent = await db
    .select()
    .from(agentMarkups)
    .where(and(eq(agentMarkups.serviceProviderId, input.tspId), eq(agentMarkups.recordStatus, 'ACTIVE')))
    .orderBy(asc(agentMarkups.createdAt), asc(agentMarkups.id));
  return { layer1: layer1.map(pick), layer2: layer2.map(pick), volatile: volatile.map(pick), agent: agent.map(pick) };
}
