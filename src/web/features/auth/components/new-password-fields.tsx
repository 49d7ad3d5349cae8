import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { PasswordInput } from './password-input';

type NewPasswordFieldsProps = {
  label: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: FieldError; confirmPassword?: FieldError };
};

/** A new password and its confirmation, with the registration rules spelled out (spec §5). */
export function NewPasswordFields({ label, password, confirmPassword, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label={label}
        error={errors.password}
        hint="At least 8 characters, with an uppercase letter, a number and a special character."
      >
        <PasswordInput autoComplete="new-password" {...password} />
      </FormField>
      <FormField label="Confirm Password" error={errors.confirmPassword}>
        <PasswordInput autoComplete="new-password" {...confirmPassword} />
      </FormField>
    </>
  );
}
