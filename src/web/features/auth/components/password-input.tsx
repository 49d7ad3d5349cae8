import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { useIntl } from '@web/lib/i18n/use-intl';

/** A password field with a show/hide toggle (spec §2, Login). */
export function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [isVisible, setIsVisible] = useState(false);
  const intl = useIntl();
  return (
    <div className="relative">
      <Input type={isVisible ? 'text' : 'password'} className={cn('pe-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={
          isVisible
            ? intl.formatMessage({ id: 'auth.password.hide', defaultMessage: 'Hide password' })
            : intl.formatMessage({ id: 'auth.password.show', defaultMessage: 'Show password' })
        }
        aria-pressed={isVisible}
        className="absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {isVisible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
      </button>
    </div>
  );
}
