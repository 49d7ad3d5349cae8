import { RegisterForm } from '@web/features/auth/components/register-form';

export function RegisterRoute() {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12">
      <title>Create your account · heirloom</title>
      <RegisterForm />
    </div>
  );
}
