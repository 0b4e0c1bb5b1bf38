import type { Writable } from 'node:stream';
import { Dec } from '@corridor/domain';
import type { StatementLine } from '../../ledger/statement-service.ts';
import type { ExportAccount } from '../statement-source.ts';
import { fixed, put, type ExportDocument } from './document.ts';

/** Statement lines (:61:) per MT940 message; a longer statement continues in numbered pages with :62M:/:60M:. */
const MT940_LINES_PER_PAGE = 200;

/**
 * Text in SWIFT's X character set (a-z A-Z 0-9 / - ? : ( ) . , ' + space): accents are dropped,
 * anything else (Arabic, symbols) becomes a space, runs of spaces collapse.
 */
function swiftX(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** An amount as SWIFT writes it: no sign, comma as the decimal mark, the currency's decimals (15d). */
function swiftAmount(amount: string, dp: number): string {
  const text = fixed(new Dec(amount).abs().toFixed(), dp);
  return text.includes('.') ? text.replace('.', ',') : `${text},`;
}

const mark = (amount: string) => (new Dec(amount).isNegative() && !new Dec(amount).isZero() ? 'D' : 'C');
/** yyMMdd of an ISO date or instant. */
const yymmdd = (date: string) => date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);

/** A balance field (:60F:, :60M:, :62M:, :62F:): mark, date, currency, amount. */
function balance(tag: string, amount: string, date: string, account: ExportAccount): string {
  return `:${tag}:${mark(amount)}${yymmdd(date)}${account.currency}${swiftAmount(amount, account.dp)}\r\n`;
}

/** A reference of at most 16 X characters from a transaction id (its last, most distinct characters), or NONREF. */
function reference(id: string | null): string {
  const compact = swiftX(id ?? '').replace(/[^A-Za-z0-9]/g, '');
  return compact === '' ? 'NONREF' : compact.slice(-16);
}

/** The :86: narrative: at most 6 lines of 65 X characters, none starting with ':' or '-' (which would read as a tag). */
function narrative(line: StatementLine): string {
  const text = swiftX(`${line.action} ${line.category} /TXID/${line.transactionId ?? ''} ${line.description ?? ''}`);
  const parts: string[] = [];
  for (let i = 0; i < text.length && parts.length < 6; i += 65) {
    let part = text.slice(i, i + 65);
    if (/^[:-]/.test(part)) part = `.${part.slice(1)}`;
    parts.push(part);
  }
  return `:86:${parts.join('\r\n')}\r\n`;
}

function entry(line: StatementLine, account: ExportAccount): string {
  const date = line.date.slice(0, 10);
  const side = line.mode === 'CREDIT' ? 'C' : 'D';
  return `:61:${yymmdd(date)}${date.slice(5, 7)}${date.slice(8, 10)}${side}${swiftAmount(line.amount, account.dp)}NTRF${reference(line.transactionId)}\r\n${narrative(line)}`;
}

/**
 * A SWIFT MT940 customer statement per wallet (the text of block 4, as banks' and accounting systems'
 * importers read it): :20: reference, :25: account, :28C: statement/page, :60F: opening balance,
 * :61:/:86: per line, :62F: closing balance; pages of {@link MT940_LINES_PER_PAGE} lines are chained by
 * intermediate balances (:62M: / :60M:, the running balance after the page's last line).
 */
export async function writeMt940(doc: ExportDocument, out: Writable): Promise<void> {
  const stamp = yymmdd(doc.generatedAt.toISOString());
  let n = 0;
  for (const account of doc.accounts) {
    n += 1;
    const ref = `${stamp}${String(n).padStart(5, '0')}`.slice(0, 16);
    const head = (page: number) =>
      `:20:${ref}\r\n:25:${swiftX(account.accountNumber).replace(/ /g, '').slice(0, 35)}\r\n:28C:${String(n % 100000).padStart(5, '0')}/${String(page % 100000).padStart(5, '0')}\r\n`;
    let page = 1;
    let onPage = 0;
    let running = account.opening;
    let text = head(page) + balance('60F', account.opening, doc.fromDate, account);
    for await (const batch of doc.linesOf(account)) {
      for (const line of batch) {
        if (onPage === MT940_LINES_PER_PAGE) {
          const at = line.date.slice(0, 10);
          text += `${balance('62M', running, at, account)}-\r\n`;
          page += 1;
          onPage = 0;
          text += head(page) + balance('60M', running, at, account);
        }
        text += entry(line, account);
        running = line.closingBalance;
        onPage += 1;
      }
      await put(out, text);
      text = '';
      await doc.progress(batch.length);
    }
    text += `${balance('62F', account.closing, doc.toDate, account)}-\r\n`;
    await put(out, text);
  }
  out.end();
}
