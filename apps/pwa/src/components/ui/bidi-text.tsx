/** Letters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * 'ltr' for text with no right-to-left letter (ids, IBANs, account and wallet numbers, references); undefined (auto) otherwise.
 * @internal
 */
export function isolatedDir(text: string): 'ltr' | undefined {
  return RTL_LETTER.test(text) ? undefined : 'ltr';
}

/**
 * Text isolated from the words around it, so an Arabic page never splits or reorders it: an id, an
 * IBAN or an account number ("1234 5678", "PAY-0001") keeps its left-to-right order, Arabic text its own.
 */
export function BidiText({ text, className }: { text: string; className?: string }) {
  return (
    <bdi dir={isolatedDir(text)} className={className}>
      {text}
    </bdi>
  );
}
