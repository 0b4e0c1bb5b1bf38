import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

const LINK_CLASS = 'font-mono text-xs text-primary underline-offset-4 hover:underline';

/**
 * The merchant portal's page of a wallet movement's transaction, by the voucher's category: payments,
 * top-ups and transfers have one (each page reads its id or its public number); other movements show the id alone.
 */
export function merchantTransactionLink(transactionId: string, move: { category: string }): ReactNode {
  switch (move.category) {
    case 'PAYMENT':
      return (
        <Link to="/merchant/transactions/payments/$paymentId" params={{ paymentId: transactionId }} className={LINK_CLASS}>
          {transactionId}
        </Link>
      );
    case 'TOPUP':
      return (
        <Link to="/merchant/transactions/top-ups/$transactionId" params={{ transactionId }} className={LINK_CLASS}>
          {transactionId}
        </Link>
      );
    case 'TRANSFER':
      return (
        <Link to="/merchant/transactions/transfers/$transactionId" params={{ transactionId }} className={LINK_CLASS}>
          {transactionId}
        </Link>
      );
    default:
      return null;
  }
}
