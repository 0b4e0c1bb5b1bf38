/**
 * The mass payment file: its columns and the template a merchant starts from. One definition, so the
 * template the server serves and the one the portal builds are the file the portal's reader reads.
 */

/**
 * The columns of a mass payment file, in the template's order. A reader matches a header without
 * case, spaces, dashes or underscores, so "Beneficiary ID", "beneficiary_id" and "beneficiaryId" are one.
 */
export const MASS_COLUMNS = [
  'wallet',
  'currency',
  'beneficiaryId',
  'receiverName',
  'receiverCountry',
  'iban',
  'accountNumber',
  'bankCode',
  'amount',
  'purpose',
  'message',
  'reference',
] as const;
export type MassColumn = (typeof MASS_COLUMNS)[number];

/** The name the template is downloaded under. */
export const MASS_TEMPLATE_FILE = 'mass-payment-template.csv';

/**
 * The template's example lines: a receiver paid to an IBAN, one to an account number with its bank
 * code, and amounts written as the file amount rule says (a dot for decimals, no thousands separators,
 * no more decimals than the currency has). Each line is ready to send from a merchant holding a
 * payment wallet in its currency; none names a saved beneficiary, whose id is the merchant's own.
 * @internal read by the tests of the template's readers
 */
export const MASS_TEMPLATE_ROWS: readonly Readonly<Partial<Record<MassColumn, string>>>[] = [
  {
    currency: 'EUR',
    receiverName: 'Jane Doe',
    receiverCountry: 'DE',
    iban: 'DE89370400440532013000',
    bankCode: 'COBADEFFXXX',
    amount: '80.00',
    purpose: 'GOODS',
    message: 'Invoice 42',
    reference: 'INV-1001',
  },
  {
    currency: 'GBP',
    receiverName: 'John Smith',
    receiverCountry: 'GB',
    iban: 'GB29NWBK60161331926819',
    bankCode: 'NWBKGB2L',
    amount: '1250.50',
    purpose: 'SALARY',
    message: 'November salary',
    reference: 'INV-1002',
  },
  {
    currency: 'USD',
    receiverName: 'Acme Supplies Inc',
    receiverCountry: 'US',
    accountNumber: '000123456789',
    bankCode: '021000021',
    amount: '300',
    purpose: 'SERVICES',
    message: 'Consulting',
    reference: 'INV-1003',
  },
];

/**
 * The template as CSV text: the header, then the example lines, each ended by CRLF. No example cell
 * holds a comma, quote or line break, so none is quoted.
 */
export function massTemplateCsv(): string {
  const lines = [MASS_COLUMNS.join(','), ...MASS_TEMPLATE_ROWS.map((row) => MASS_COLUMNS.map((c) => row[c] ?? '').join(','))];
  return lines.map((line) => `${line}\r\n`).join('');
}
