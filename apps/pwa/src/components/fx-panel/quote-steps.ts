import type { QuoteState } from '@corridor/state-machines';

/** What a form still lacks before a quote can be asked for (the panel says it: fxPanel.waitingFor.*). */
export type QuoteWait = 'wallet' | 'amount' | 'beneficiary' | 'purpose' | 'message' | 'sourceWallet' | 'targetWallet';

/**
 * Why a send button is off, named as the step the user takes next (fxPanel.nextStep.*): a field the
 * quote waits for, the quote itself (asked, expired, under fee edit, failed), or the network.
 */
export type SendBlock = QuoteWait | 'quoting' | 'expired' | 'feeEditing' | 'failed' | 'offline';

/** What the quote's state keeps a send from, or null when the quote is usable (active) or none is there yet. */
export function quoteBlock(status: QuoteState): SendBlock | null {
  switch (status) {
    case 'expired':
      return 'expired';
    case 'feeEditing':
      return 'feeEditing';
    case 'failed':
      return 'failed';
    case 'requesting':
    case 'negotiating':
      return 'quoting';
    default:
      return null;
  }
}
