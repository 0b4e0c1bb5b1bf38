/**
 * A mass payment file of `count` valid rows for the demo merchant Globex (USD wallet): receivers in
 * the United States (account numbers, no IBAN), each with its own account so no row repeats another.
 * `errors` rows at the start carry one mistake each, for the error checks.
 */
export function massCsv(count: number, options: { amount?: string; tag?: string } = {}): string {
  const amount = options.amount ?? '0.50';
  const tag = options.tag ?? 'B';
  const lines = ['currency,receiverName,receiverCountry,accountNumber,bankCode,amount,purpose,message,reference'];
  for (let i = 1; i <= count; i++) {
    lines.push(`USD,Receiver ${i},US,${tag}${String(i).padStart(8, '0')},NRTHUS33,${amount},SUPPLIER,Invoice ${i},${tag}-${i}`);
  }
  return lines.join('\n');
}

/** A file whose rows 2-6 are wrong in five different ways and rows 7-8 are fine. */
export function csvWithErrors(): string {
  return [
    'currency,receiverName,receiverCountry,iban,accountNumber,amount,reference',
    'USD,Bad Amount,US,,A1,12.345,E-1',
    'XXX,Bad Currency,US,,A2,5,E-2',
    'USD,Bad Iban,DE,DE00370400440532013000,,5,E-3',
    'USD,,US,,A4,5,E-4',
    'USD,Zero,US,,A5,0,E-5',
    'USD,Good One,US,,A6,5,E-6',
    'USD,Copy Of Good,US,,A7,6,E-6',
  ].join('\n');
}
