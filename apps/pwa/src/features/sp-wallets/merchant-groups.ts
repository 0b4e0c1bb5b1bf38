import { sumAmounts } from '@corridor/domain';
import type { Wallet } from '@/components/wallets/wallet-types.ts';

/** The merchant wallets of one merchant at this TSP, with balances summed per currency. */
export interface MerchantGroup {
  merchantId: string;
  /** The merchant's name from its wallets; for older answers without it, the aliases' shared beginning, else the id. */
  label: string;
  wallets: Wallet[];
  balances: { currency: string; amount: string }[];
  active: number;
}

/**
 * The words every alias starts with ("Globex Trading USD payments", "Globex Trading EUR
 * settlement" -> "Globex Trading"); null when they share none. Only a fallback: wallets carry
 * their merchant's name (`merchantService.name`), but a device may hold answers cached before.
 * @internal
 */
export function commonAliasPrefix(aliases: readonly string[]): string | null {
  const [first, ...rest] = aliases.map((a) => a.trim().split(/\s+/));
  if (!first) return null;
  let length = first.length;
  for (const words of rest) {
    let i = 0;
    while (i < length && i < words.length && words[i] === first[i]) i++;
    length = i;
  }
  // A lone wallet's alias is all "prefix": keep the words before its currency code.
  if (rest.length === 0) length = first.findIndex((w) => /^[A-Z]{3}$/.test(w));
  const prefix = first.slice(0, Math.max(0, length)).join(' ');
  return prefix === '' ? null : prefix;
}

/** Merchant wallets grouped by merchant, groups in label order. */
export function groupByMerchant(wallets: readonly Wallet[]): MerchantGroup[] {
  const byMerchant = new Map<string, Wallet[]>();
  for (const w of wallets) {
    const id = w.merchantServiceId ?? '-';
    byMerchant.set(id, [...(byMerchant.get(id) ?? []), w]);
  }
  const groups = [...byMerchant.entries()].map(([merchantId, list]): MerchantGroup => {
    const currencies = [...new Set(list.map((w) => w.currency.code))].sort();
    return {
      merchantId,
      label: list.find((w) => w.merchantService?.name)?.merchantService?.name ?? commonAliasPrefix(list.map((w) => w.alias)) ?? merchantId,
      wallets: list,
      balances: currencies.map((currency) => ({
        currency,
        amount: sumAmounts(list.filter((w) => w.currency.code === currency).map((w) => w.position?.balance.amount ?? '0')),
      })),
      active: list.filter((w) => w.status === 'ACTIVE').length,
    };
  });
  return groups.sort((a, b) => a.label.localeCompare(b.label));
}
