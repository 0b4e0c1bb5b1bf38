import type { agentMarkups, currencyDealConfigs, markupLayers, volatileLayers } from './pricing-config-schema.ts';

/** A TSP's currency deal config: the rates price from it and move its IBR. */
export type CurrencyDealRow = typeof currencyDealConfigs.$inferSelect;
/** A layer 1 or layer 2 markup of a TSP. */
export type MarkupLayerRow = typeof markupLayers.$inferSelect;
/** A TSP's volatile markup of one deal. */
export type VolatileLayerRow = typeof volatileLayers.$inferSelect;
/** An agent markup of a TSP. */
export type AgentMarkupRow = typeof agentMarkups.$inferSelect;
