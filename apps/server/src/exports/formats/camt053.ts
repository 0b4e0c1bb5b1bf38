import type { Writable } from 'node:stream';
import { Dec } from '@corridor/domain';
import type { StatementLine } from '../../ledger/statement-service.ts';
import type { ExportAccount } from '../statement-source.ts';
import { BRAND, put, type ExportDocument } from './document.ts';

const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02';

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ' ');

/** Text cut to an ISO 20022 MaxNText length (counted in characters), escaped. */
const maxText = (text: string, max: number) => escapeXml([...text].slice(0, max).join(''));
/** A Max35Text identifier from an id: a UUID without its hyphens fits. */
const id35 = (id: string) => maxText(id.replace(/-/g, ''), 35);

/** An amount as the schema takes it: unsigned, at most 5 decimals (the currency's), 18 digits. */
function amount(value: string, account: ExportAccount): string {
  return new Dec(value).abs().toFixed(Math.min(account.dp, 5));
}
const side = (value: string) => (new Dec(value).isNegative() && !new Dec(value).isZero() ? 'DBIT' : 'CRDT');

function balanceXml(code: 'OPBD' | 'CLBD', value: string, date: string, account: ExportAccount): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${account.currency}">${amount(value, account)}</Amt><CdtDbtInd>${side(value)}</CdtDbtInd><Dt><Dt>${date.slice(0, 10)}</Dt></Dt></Bal>\n`;
}

const IBAN = /^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/;

function accountXml(account: ExportAccount): string {
  const id = account.iban && IBAN.test(account.iban) ? `<IBAN>${account.iban}</IBAN>` : `<Othr><Id>${maxText(account.accountNumber, 34)}</Id></Othr>`;
  return `<Acct><Id>${id}</Id><Ccy>${account.currency}</Ccy><Nm>${maxText(account.alias, 70)}</Nm></Acct>\n`;
}

function entryXml(line: StatementLine, account: ExportAccount): string {
  const ref = line.transactionId ? id35(line.transactionId) : '';
  const refs = ref ? `<Refs><AcctSvcrRef>${ref}</AcctSvcrRef><EndToEndId>${ref}</EndToEndId></Refs>` : '';
  const info = line.description ? `<AddtlTxInf>${maxText(line.description, 500)}</AddtlTxInf>` : '';
  return (
    `<Ntry>${ref ? `<NtryRef>${ref}</NtryRef>` : ''}<Amt Ccy="${account.currency}">${amount(line.amount, account)}</Amt>` +
    `<CdtDbtInd>${line.mode === 'CREDIT' ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>` +
    `<BookgDt><DtTm>${line.date}</DtTm></BookgDt><ValDt><Dt>${line.date.slice(0, 10)}</Dt></ValDt>` +
    (ref ? `<AcctSvcrRef>${ref}</AcctSvcrRef>` : '') +
    `<BkTxCd><Prtry><Cd>${maxText(line.action, 35)}</Cd><Issr>${BRAND}</Issr></Prtry></BkTxCd>` +
    (refs || info ? `<NtryDtls><TxDtls>${refs}${info}</TxDtls></NtryDtls>` : '') +
    `<AddtlNtryInf>${maxText(`${line.category} ${line.action}`, 500)}</AddtlNtryInf></Ntry>\n`
  );
}

/**
 * An ISO 20022 bank-to-customer statement (camt.053.001.02): one Stmt per wallet with its opening
 * (OPBD) and closing (CLBD) booked balances and one booked Ntry per statement line.
 */
export async function writeCamt053(doc: ExportDocument, out: Writable): Promise<void> {
  const created = doc.generatedAt.toISOString();
  const msgId = id35(`${BRAND.toUpperCase()}-${created.replace(/[^0-9]/g, '').slice(0, 17)}`);
  await put(
    out,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${CAMT053_NAMESPACE}">\n<BkToCstmrStmt>\n<GrpHdr><MsgId>${msgId}</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>\n`,
  );
  let n = 0;
  for (const account of doc.accounts) {
    n += 1;
    await put(
      out,
      `<Stmt><Id>${maxText(`${msgId}-${n}`, 35)}</Id><ElctrncSeqNb>${n}</ElctrncSeqNb><CreDtTm>${created}</CreDtTm>` +
        `<FrToDt><FrDtTm>${doc.fromDate.slice(0, 10)}T00:00:00Z</FrDtTm><ToDtTm>${doc.toDate.slice(0, 10)}T23:59:59Z</ToDtTm></FrToDt>\n` +
        accountXml(account) +
        balanceXml('OPBD', account.opening, doc.fromDate, account) +
        balanceXml('CLBD', account.closing, doc.toDate, account),
    );
    for await (const batch of doc.linesOf(account)) {
      let text = '';
      for (const line of batch) text += entryXml(line, account);
      await put(out, text);
      await doc.progress(batch.length);
    }
    await put(out, '</Stmt>\n');
  }
  await put(out, '</BkToCstmrStmt>\n</Document>\n');
  out.end();
}
