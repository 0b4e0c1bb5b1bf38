import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

/**
 * The service-provider portal's page of a wallet movement's transaction: a payment opens its page
 * (which reads its id or its public number); other movements show the id alone.
 */
export function spTransactionLink(transactionId: string, move: { category: string }): ReactNode {
  if (move.category !== 'PAYMENT') return null;
  return (
    <Link
      to="/service-provider/transactions/payments/$paymentId"
      params={{ paymentId: transactionId }}
      className="font-mono text-xs text-primary underline-offset-4 hover:underline"
    >
      {transactionId}
    </Link>
  );
}
