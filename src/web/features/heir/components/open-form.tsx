import { KeyRound } from 'lucide-react';
import { LEGACY_MESSAGES } from '@shared/schemas/legacy';
import { readKeyCode } from '@shared/key-code';
import { SecretFormCard } from '@web/components/secret-form-card';
import { CardDescription } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api-client';
import { tooManyTries } from '@web/lib/too-many-tries';
import { useOpenLegacy } from '../api';
import { KeyCodeField, useKeyCodeForm } from './key-code-field';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * The key-code form of /legacy. Until something is released to a code, every code (valid or not) gets the
 * same neutral answer, and the form says nothing more than that.
 */
export function OpenForm({ initialCode, onOpened }: { initialCode: string; onOpened: (keyCode: string) => void }) {
  const intl = useIntl();
  const open = useOpenLegacy();
  const form = useKeyCodeForm(initialCode);

  const onSubmit = form.handleSubmit(
    async ({ keyCode: typed }) => {
      open.reset();
      const keyCode = readKeyCode(typed);
      if (!keyCode) return;
      try {
        const result = await open.mutateAsync(keyCode);
        if (result.released) onOpened(keyCode);
      } catch {
        form.setFocus('keyCode');
      }
    },
    () => open.reset(),
  );

  const answer = open.data && !open.data.released ? LEGACY_MESSAGES.nothingReleased : null;
  const failure = open.isError
    ? (tooManyTries(open.error) ??
      errorMessage(
        open.error,
        intl.formatMessage({ id: 'heir.open.failed', defaultMessage: 'The code could not be checked. Please try again.' }),
      ))
    : null;

  return (
    <SecretFormCard
      icon={KeyRound}
      title={intl.formatMessage({ id: 'heir.open.title', defaultMessage: 'Something left for you' })}
      description={
        <CardDescription className="text-base">
          {intl.formatMessage({
            id: 'heir.open.description',
            defaultMessage:
              'Someone who used heirloom to keep their life story chose to hand part of it on to you, with a key code made just for you. Enter that code to see what has been released to you.',
          })}
        </CardDescription>
      }
      onSubmit={onSubmit}
      isPending={open.isPending}
    >
      <KeyCodeField
        control={form.control}
        label={intl.formatMessage({ id: 'heir.open.keyCode', defaultMessage: 'Key code' })}
        hint={intl.formatMessage({
          id: 'heir.open.hint',
          defaultMessage: 'It is printed on the Legacy Kit in groups of four characters. Spaces, hyphens and small letters are fine.',
        })}
        error={form.formState.errors.keyCode?.message ?? failure}
        autoFocus={!initialCode}
      />
      {answer && (
        <p role="status" className="rounded-md border bg-muted/60 p-3 text-base">
          {answer}
        </p>
      )}
    </SecretFormCard>
  );
}
