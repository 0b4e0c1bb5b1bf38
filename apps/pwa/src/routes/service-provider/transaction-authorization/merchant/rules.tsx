import { createFileRoute } from '@tanstack/react-router';
import { ApprovalRules } from '@/features/sp-authorizations/approval-rules.tsx';

export const Route = createFileRoute('/service-provider/transaction-authorization/merchant/rules')({
  component: ApprovalRules,
});
