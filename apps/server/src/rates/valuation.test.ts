import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { Dec } from '@corridor/domain';
import { organisations, voucherLines, vouchers } from '../db/schema.ts';
import { rowsOf } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { rateHistory } from './rate-schema.ts';
import { tspAccount } from '../ledger/tsp-account-service.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { post } from '../ledger/ledger-service.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { currentRatesToLocal, dailyRatesToLocal, ratesToLocal } from './valuation-service.ts';

let s: TestServer;
let atlasId: string;

beforeAll(async () => {
  s = await startTestServer();
  const [atlas] = await s.services.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, 'ATLAS'));
  atlasId = atlas?.id ?? '';
});
afterAll(async () => s?.close());

/** Two lines of one currency between the TSP's revaluation accounts: a balanced voucher that moves no wallet. */
async function voucherIn(currency: string, amount: string, postedAt?: Date) {
  const db = s.services.db;
  const debit = await tspAccount(db, atlasId, 'revaluationAdjustment', currency);
  const credit = await tspAccount(db, atlasId, 'revaluationGainLoss', currency);
  return post(
    db,
    {
      category: 'REVALUATION',
      transactionType: 'REVALUATION_GAIN',
      transactionId: uuidv7(),
      tspId: atlasId,
      createdBy: 'test',
      ...(postedAt ? { postedAt } : {}),
      lines: [
        { accountCode: debit.code, accountName: debit.name, currency, side: 'D', amount },
        { accountCode: credit.code, accountName: credit.name, currency, side: 'C', amount },
      ],
    },
    new Date(),
  );
}

describe('ledger valuation from the served rates', () => {
  it('values a voucher at the latest served rate of its currency at its posting time, balanced in local currency', async () => {
    const db = s.services.db;
    const [latest] = await db
      .select({ mid: rateHistory.mid, asOf: rateHistory.asOf })
      .from(rateHistory)
      .where(and(eq(rateHistory.rateType, 'MARKET'), eq(rateHistory.sourceCurrency, 'KWD'), eq(rateHistory.targetCurrency, 'USD')))
      .orderBy(rateHistory.asOf)
      .limit(40)
      .then((rows) => rows.slice(-1));
    expect(latest).toBeDefined();
    const posted = await voucherIn('KWD', '100');
    const [v] = await db.select().from(vouchers).where(eq(vouchers.id, posted.id));
    const lines = await db.select().from(voucherLines).where(eq(voucherLines.voucherId, posted.id));
    expect(new Dec(lines[0]?.rate ?? '0').eq(latest?.mid ?? '1')).toBe(true);
    expect(v?.totalDebitAmountInLc).toBe(v?.totalCreditAmountInLc);
    expect(new Dec(v?.totalDebitAmountInLc ?? '0').eq(new Dec(100).times(latest?.mid ?? '1').toDecimalPlaces(2))).toBe(true);
  });

  it('values a posting of a past day at the rate served then, not today’s', async () => {
    const db = s.services.db;
    const rows = await db
      .select({ mid: rateHistory.mid, asOf: rateHistory.asOf })
      .from(rateHistory)
      .where(and(eq(rateHistory.rateType, 'MARKET'), eq(rateHistory.sourceCurrency, 'CHF'), eq(rateHistory.targetCurrency, 'USD')))
      .orderBy(rateHistory.asOf);
    const old = rows[5];
    expect(old).toBeDefined();
    const at = new Date((old?.asOf.getTime() ?? 0) + 60_000);
    const rates = await ratesToLocal(db, ['CHF'], at);
    expect(rates.get('CHF')?.eq(old?.mid ?? '0')).toBe(true);
    const posted = await voucherIn('CHF', '10', at);
    const [line] = await db.select().from(voucherLines).where(eq(voucherLines.voucherId, posted.id));
    expect(new Dec(line?.rate ?? '0').eq(old?.mid ?? '0')).toBe(true);
    const daily = await dailyRatesToLocal(db, ['CHF']);
    expect(daily('CHF', at.toISOString().slice(0, 10)).eq(old?.mid ?? '0')).toBe(true);
  });

  it('takes a pair quoted the other way round as its inverse', async () => {
    const db = s.services.db;
    await db.insert(rateHistory).values({
      id: uuidv7(),
      rateType: 'MARKET',
      rateProviderId: 'BLOOMBERG',
      sourceCurrency: 'USD',
      targetCurrency: 'THB',
      mid: '40',
      origin: 'IMPORT',
      asOf: new Date(Date.now() - 60_000),
      receivedAt: new Date(),
    });
    expect((await currentRatesToLocal(db, ['THB'])).get('THB')?.toFixed()).toBe('0.025');
    expect((await ratesToLocal(db, ['THB'], new Date())).get('THB')?.toFixed()).toBe('0.025');
  });

  it('refuses a currency no rate values (400 naming currency), posting nothing, never valuing it at 1', async () => {
    const db = s.services.db;
    const before = (await db.select({ id: vouchers.id }).from(vouchers)).length;
    const refusal = await voucherIn('XAU', '5').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(400);
    expect((refusal as AppError).invalidParameters).toEqual([{ parameter: 'currency', message: 'XAU has no served rate to USD' }]);
    expect((await db.select({ id: vouchers.id }).from(vouchers)).length).toBe(before);
    await expect(currentRatesToLocal(db, ['XAU', 'EUR'])).rejects.toMatchObject({ status: 400, invalidParameters: [{ parameter: 'currency' }] });
    await expect(dailyRatesToLocal(db, ['XAU'])).rejects.toMatchObject({ status: 400 });
  });

  it('reads several currencies at once, each its own pair: before the first rate the first one, the local currency at 1, one unknown refusing all', async () => {
    const db = s.services.db;
    const pairOf = async (currency: string) =>
      db
        .select({ mid: rateHistory.mid, asOf: rateHistory.asOf })
        .from(rateHistory)
        .where(and(eq(rateHistory.rateType, 'MARKET'), eq(rateHistory.sourceCurrency, currency), eq(rateHistory.targetCurrency, 'USD')))
        .orderBy(rateHistory.asOf, rateHistory.id);
    const [chf, eur] = [await pairOf('CHF'), await pairOf('EUR')];
    const [chfFirst, eurFirst] = [chf[0], eur[0]];
    expect(chfFirst && eurFirst && chf.length > 6 && eur.length > 6).toBe(true);
    // Before either pair's first rate: each takes its own first rate.
    const early = new Date(Math.min(chfFirst?.asOf.getTime() ?? 0, eurFirst?.asOf.getTime() ?? 0) - 86_400_000);
    const first = await ratesToLocal(db, ['EUR', 'USD', 'CHF', 'EUR'], early);
    expect([...first.keys()]).toEqual(['CHF', 'EUR', 'USD']);
    expect(first.get('CHF')?.eq(chfFirst?.mid ?? '0')).toBe(true);
    expect(first.get('EUR')?.eq(eurFirst?.mid ?? '0')).toBe(true);
    expect(first.get('USD')?.toFixed()).toBe('1');
    // At a moment inside both histories: each the latest of its own pair at or before it.
    const at = new Date((chf[6]?.asOf.getTime() ?? 0) + 1);
    const latestBy = (rows: typeof chf) => rows.filter((r) => r.asOf.getTime() <= at.getTime()).at(-1)?.mid ?? rows[0]?.mid ?? '0';
    const both = await ratesToLocal(db, ['CHF', 'EUR'], at);
    expect(both.get('CHF')?.eq(latestBy(chf))).toBe(true);
    expect(both.get('EUR')?.eq(latestBy(eur))).toBe(true);
    await expect(ratesToLocal(db, ['EUR', 'XAU', 'CHF'], at, 'sendCurrency')).rejects.toMatchObject({
      status: 400,
      invalidParameters: [{ parameter: 'sendCurrency', message: 'XAU has no served rate to USD' }],
    });
  });
});

describe('the served mids a process holds', () => {
  const db = () => s.services.db;
  const rateOf = async (posted: { id: string }) =>
    new Dec((await db().select({ rate: voucherLines.rate }).from(voucherLines).where(eq(voucherLines.voucherId, posted.id)))[0]?.rate ?? '0').toFixed();
  const changes = async () => rowsOf<{ n: string }>(await db().execute(sql`select changes::text as n from rate_history_changes`))[0]?.n;
  /** A market mid another server process served (its feed tick): written straight into the history, this process told nothing. */
  const served = async (mid: string, asOf: Date) => {
    const id = uuidv7();
    await db().insert(rateHistory).values({
      id,
      rateType: 'MARKET',
      rateProviderId: 'BLOOMBERG',
      sourceCurrency: 'SEK',
      targetCurrency: 'USD',
      mid,
      origin: 'FEED',
      asOf,
      receivedAt: asOf,
    });
    return id;
  };

  it('values a post at the newest mid even when another process served it after this one read its mids, and at the one before when that mid is removed', async () => {
    await served('0.091', new Date(Date.now() - 120_000));
    expect(await rateOf(await voucherIn('SEK', '10'))).toBe('0.091'); // read from the history, and held
    expect(await rateOf(await voucherIn('SEK', '10'))).toBe('0.091'); // the held mid
    const count = await changes();
    const newer = await served('0.0925', new Date(Date.now() - 60_000));
    expect(await changes()).not.toBe(count); // every write to the history moves its count of changes
    expect(await rateOf(await voucherIn('SEK', '10'))).toBe('0.0925');
    expect(await rateOf(await voucherIn('SEK', '10'))).toBe('0.0925');
    await db().delete(rateHistory).where(eq(rateHistory.id, newer));
    expect(await rateOf(await voucherIn('SEK', '10'))).toBe('0.091');
    await expectLedgerConsistent(db());
  });

  it('values a post dated before the newest held mid at the mid served then, and one inside a transaction that served a mid at that mid', async () => {
    await served('0.0931', new Date(Date.now() - 30_000));
    expect(await rateOf(await voucherIn('SEK', '10'))).toBe('0.0931');
    const [before] = await db()
      .select({ mid: rateHistory.mid, asOf: rateHistory.asOf })
      .from(rateHistory)
      .where(and(eq(rateHistory.sourceCurrency, 'SEK'), eq(rateHistory.rateType, 'MARKET')))
      .orderBy(desc(rateHistory.asOf))
      .offset(1)
      .limit(1);
    expect(await rateOf(await voucherIn('SEK', '10', new Date((before?.asOf.getTime() ?? 0) + 1)))).toBe(new Dec(before?.mid ?? '0').toFixed());
    const inside = await db().transaction(async (tx) => {
      await tx.insert(rateHistory).values({
        id: uuidv7(),
        rateType: 'MARKET',
        rateProviderId: 'BLOOMBERG',
        sourceCurrency: 'SEK',
        targetCurrency: 'USD',
        mid: '0.0944',
        origin: 'FEED',
        asOf: new Date(Date.now() - 1_000),
        receivedAt: new Date(),
      });
      const debit = await tspAccount(tx, atlasId, 'revaluationAdjustment', 'SEK');
      const credit = await tspAccount(tx, atlasId, 'revaluationGainLoss', 'SEK');
      return post(
        tx,
        {
          category: 'REVALUATION',
          transactionType: 'REVALUATION_GAIN',
          transactionId: uuidv7(),
          tspId: atlasId,
          createdBy: 'test',
          lines: [
            { accountCode: debit.code, accountName: debit.name, currency: 'SEK', side: 'D', amount: '10' },
            { accountCode: credit.code, accountName: credit.name, currency: 'SEK', side: 'C', amount: '10' },
          ],
        },
        new Date(),
      );
    });
    expect(await rateOf(inside)).toBe('0.0944');
    expect(await rateOf(await voucherIn('SEK', '10'))).toBe('0.0944');
    await expectLedgerConsistent(db());
  });
});

describe('the latest served rates the history keeps (served_rates)', () => {
  const db = () => s.services.db;
  /** The rule read from the history itself, row by row: what `served_rates` must hold for every currency of a market pair. */
  const fromHistory = async () =>
    rowsOf<{ code: string; rate: string | null }>(
      await db().execute(sql`select c.code, (select served.rate::text from (
          (select r.mid as rate, r.as_of, r.id from rate_history r
            where r.rate_type = 'MARKET' and r.mid > 0 and r.source_currency = c.code and r.target_currency = 'USD' order by r.as_of desc, r.id desc limit 1)
          union all
          (select round(1 / r.mid, 12), r.as_of, r.id from rate_history r
            where r.rate_type = 'MARKET' and r.mid > 0 and r.source_currency = 'USD' and r.target_currency = c.code order by r.as_of desc, r.id desc limit 1)
        ) served order by served.as_of desc, served.id desc limit 1) as rate
        from (select source_currency as code from rate_history where rate_type = 'MARKET' union select target_currency from rate_history where rate_type = 'MARKET') c
        where c.code <> 'USD' order by c.code`),
    ).filter((row) => row.rate !== null);
  const kept = async () =>
    rowsOf<{ code: string; rate: string }>(await db().execute(sql`select currency_code as code, rate::text as rate from served_rates order by currency_code`));
  const market = (sourceCurrency: string, targetCurrency: string, mid: string, asOf: Date) => ({
    id: uuidv7(),
    rateType: 'MARKET' as const,
    rateProviderId: 'REFINITIV',
    sourceCurrency,
    targetCurrency,
    mid,
    origin: 'IMPORT' as const,
    asOf,
    receivedAt: new Date(),
  });

  it('holds, after every kind of write to the history, the rate the history itself gives for each currency', async () => {
    const initial = await kept();
    expect(initial.length).toBeGreaterThan(5);
    expect(initial).toEqual(await fromHistory());

    // A newer mid, quoted the other way round: its inverse, rounded to 12 places.
    const newer = market('USD', 'NOK', '10.7', new Date(Date.now() + 60_000));
    await db().insert(rateHistory).values(newer);
    expect((await kept()).find((r) => r.code === 'NOK')?.rate).toBe('0.093457943925');
    expect(await kept()).toEqual(await fromHistory());
    // A mid of zero values nothing: the one before stays.
    await db()
      .insert(rateHistory)
      .values(market('NOK', 'USD', '0', new Date(Date.now() + 120_000)));
    expect((await kept()).find((r) => r.code === 'NOK')?.rate).toBe('0.093457943925');
    // The same figure written with another scale is another answer ('0.0950' is not '0.095').
    await db()
      .insert(rateHistory)
      .values(market('NOK', 'USD', '0.0950', new Date(Date.now() + 180_000)));
    expect((await kept()).find((r) => r.code === 'NOK')?.rate).toBe('0.0950');
    // An update of the newest mid, then its removal: the one before is served again.
    await db().update(rateHistory).set({ mid: '0.0960' }).where(eq(rateHistory.mid, '0.0950'));
    expect((await kept()).find((r) => r.code === 'NOK')?.rate).toBe('0.0960');
    await db()
      .delete(rateHistory)
      .where(and(eq(rateHistory.sourceCurrency, 'NOK'), eq(rateHistory.mid, '0.0960')));
    expect((await kept()).find((r) => r.code === 'NOK')?.rate).toBe('0.093457943925');
    expect(await kept()).toEqual(await fromHistory());
    // A currency whose every mid is removed is no longer served, and a read refuses it rather than valuing it at 1.
    await db()
      .insert(rateHistory)
      .values(market('PLN', 'USD', '0.25', new Date()));
    expect((await currentRatesToLocal(db(), ['PLN'])).get('PLN')?.toFixed()).toBe('0.25');
    await db()
      .delete(rateHistory)
      .where(and(eq(rateHistory.rateType, 'MARKET'), sql`'PLN' in (${rateHistory.sourceCurrency}, ${rateHistory.targetCurrency})`));
    expect((await kept()).some((r) => r.code === 'PLN')).toBe(false);
    await expect(currentRatesToLocal(db(), ['PLN'])).rejects.toMatchObject({ status: 400, invalidParameters: [{ parameter: 'currency' }] });
    // An IBR row is no market mid: nothing served moves.
    const before = await kept();
    await db()
      .insert(rateHistory)
      .values({ ...market('EUR', 'USD', '9', new Date(Date.now() + 240_000)), rateType: 'IBR' });
    expect(await kept()).toEqual(before);
    expect(await kept()).toEqual(await fromHistory());
  });
});
