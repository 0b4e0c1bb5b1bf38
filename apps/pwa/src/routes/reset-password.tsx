import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/password-reset/reset-password-page.tsx';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});
