import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@web/components/form-field';
import { PasswordInput } from './password-input';
import { useIntl } from '@web/lib/i18n/use-intl';

type NewPasswordFieldsProps = {
  label: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: FieldError; confirmPassword?: FieldError };
};

/** A new password and its confirmation, with the registration rules spelled out (spec §5). */
export function NewPasswordFields({ label, password, confirmPassword, errors }: NewPasswordFieldsProps) {
  const intl = useIntl();
  return (
    <>
      <FormField
        label={label}
        error={errors.password}
        hint={intl.formatMessage({
          id: 'auth.newPassword.hint',
          defaultMessage: 'At least 8 characters, with an uppercase letter, a number and a special character.',
        })}
      >
        <PasswordInput autoComplete="new-password" {...password} />
      </FormField>
      <FormField
        label={intl.formatMessage({ id: 'auth.newPassword.confirm', defaultMessage: 'Confirm Password' })}
        error={errors.confirmPassword}
      >
        <PasswordInput autoComplete="new-password" {...confirmPassword} />
      </FormField>
    </>
  );
}
