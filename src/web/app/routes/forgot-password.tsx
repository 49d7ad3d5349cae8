import { ForgotPasswordForm } from '@web/features/auth/components/forgot-password-form';

export function ForgotPasswordRoute() {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
      <title>Forgot password · heirloom</title>
      <ForgotPasswordForm />
    </div>
  );
}
