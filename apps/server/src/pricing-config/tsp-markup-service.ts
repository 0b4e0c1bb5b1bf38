import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { agentMarkups, markupLayers, markupProfiles, volatileLayers } from './pricing-config-schema.ts';
import type { AgentMarkupRow, MarkupLayerRow, VolatileLayerRow } from './pricing-config-types.ts';

// A TSP's markups as the rate calls read them: every layer at once, the rates applying them per deal.

export interface TspMarkupRows {
  /** Layers 1 and 2, by transaction category. */
  layers: MarkupLayerRow[];
  volatile: VolatileLayerRow[];
  /** The active agent markups, oldest first. */
  agent: AgentMarkupRow[];
}

/** Every markup row of the TSP, in three reads at once. */
export async function tspMarkupRows(db: Db, tsp: string): Promise<TspMarkupRows> {
  const [layers, volatile, agent] = await Promise.all([
    db.select().from(markupLayers).where(eq(markupLayers.serviceProviderId, tsp)).orderBy(asc(markupLayers.transactionCategory), asc(markupLayers.id)),
    db.select().from(volatileLayers).where(eq(volatileLayers.serviceProviderId, tsp)),
    db
      .select()
      .from(agentMarkups)
      .where(and(eq(agentMarkups.serviceProviderId, tsp), eq(agentMarkups.recordStatus, 'ACTIVE')))
      .orderBy(asc(agentMarkups.createdAt), asc(agentMarkups.id)),
  ]);
  return { layers, volatile, agent };
}

/** The markup profile's id when it is the TSP's; undefined otherwise. */
export async function tspMarkupProfileId(db: Db, tsp: string, id: string): Promise<string | undefined> {
  const [profile] = await db
    .select({ id: markupProfiles.id })
    .from(markupProfiles)
    .where(and(eq(markupProfiles.id, id), eq(markupProfiles.serviceProviderId, tsp)));
  return profile?.id;
}
