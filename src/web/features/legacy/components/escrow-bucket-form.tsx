import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { IntlShape } from 'react-intl';
import { z } from 'zod';
import { escrowTargetInputSchema, type EscrowTarget } from '@shared/schemas/escrow';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { activeIntl } from '@web/lib/i18n/language-store';
import { useSaveEscrowTarget, useTestEscrowTarget } from '../escrow-api';
import { whenText } from '../escrow-wording';
import { useIntl } from '@web/lib/i18n/use-intl';

/** The shared input, with the secret as the field holds it: empty keeps the stored one, unless none can be read. */
const bucketFormSchema = (hasSecret: boolean) =>
  escrowTargetInputSchema.extend({ secretAccessKey: z.string().max(256) }).refine((v) => hasSecret || v.secretAccessKey !== '', {
    path: ['secretAccessKey'],
    message: activeIntl().formatMessage({ id: 'legacy.bucket.enterSecret', defaultMessage: 'Enter the secret key' }),
  });
type FormInput = z.input<ReturnType<typeof bucketFormSchema>>;
type FormOutput = z.output<ReturnType<typeof bucketFormSchema>>;

const formValues = (target: EscrowTarget | null): FormInput => ({
  kind: 's3',
  endpoint: target?.endpoint ?? '',
  bucket: target?.bucket ?? '',
  region: target?.region ?? 'us-east-1',
  prefix: target?.prefix ?? '',
  accessKeyId: target?.accessKeyId ?? '',
  secretAccessKey: '',
  forcePathStyle: target?.forcePathStyle ?? true,
});

function LastTest({ target }: { target: EscrowTarget }) {
  const intl = useIntl();
  if (!target.lastTestAt) return null;
  return target.lastTestError ? (
    <p className="text-sm text-destructive">
      {intl.formatMessage(
        { id: 'legacy.bucket.lastFailed', defaultMessage: 'The last test, {when}, failed: {error}' },
        { when: whenText(target.lastTestAt), error: target.lastTestError },
      )}
    </p>
  ) : (
    <p className="text-sm text-muted-foreground">
      {intl.formatMessage(
        { id: 'legacy.bucket.lastWorked', defaultMessage: 'The last test, {when}, worked.' },
        { when: whenText(target.lastTestAt) },
      )}
    </p>
  );
}

/** A test that worked, in the page's language: the API says what it did in English. */
function worksText(intl: IntlShape, message: string, bucket: string | undefined) {
  const roundTrip = (name: string) => `heirloom wrote a small file into “${name}”, read it back and removed it.`;
  if (bucket !== undefined && message === roundTrip(bucket))
    return intl.formatMessage(
      {
        id: 'legacy.bucket.worksRoundTrip',
        defaultMessage: 'It works: heirloom wrote a small file into “{bucket}”, read it back and removed it.',
      },
      { bucket },
    );
  return intl.formatMessage({ id: 'legacy.bucket.works', defaultMessage: 'It works: {message}' }, { message });
}

/** The bucket where the sealed copies go: saved, tested with a real round trip, or removed. */
export function EscrowBucketForm({ target }: { target: EscrowTarget | null }) {
  const intl = useIntl();
  const save = useSaveEscrowTarget();
  const test = useTestEscrowTarget();
  const hasSecret = target?.hasSecret ?? false;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(bucketFormSchema(hasSecret)),
    defaultValues: formValues(target),
  });
  const savedKey = JSON.stringify(target && { ...target, lastTestAt: null, lastTestError: null });
  useEffect(() => form.reset(formValues(target)), [form, savedKey]); // eslint-disable-line react-hooks/exhaustive-deps -- only when what is stored changed

  const onSubmit = form.handleSubmit(({ secretAccessKey, ...values }) =>
    save.mutate(
      { target: { ...values, secretAccessKey: secretAccessKey === '' ? undefined : secretAccessKey } },
      {
        onSuccess: () => {
          test.reset();
          toast({
            title: intl.formatMessage({ id: 'legacy.bucket.saved', defaultMessage: 'Bucket saved' }),
            description: intl.formatMessage({
              id: 'legacy.bucket.savedText',
              defaultMessage: 'Use “Test” to check that heirloom can write to it.',
            }),
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'legacy.bucket.notSaved', defaultMessage: 'Bucket not saved' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'legacy.bucket.failedText', defaultMessage: 'Something went wrong. Please try again.' }),
            ),
          }),
      },
    ),
  );

  const remove = () =>
    save.mutate(
      { target: null },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage({ id: 'legacy.bucket.removed', defaultMessage: 'Bucket removed' }),
            description: intl.formatMessage({
              id: 'legacy.bucket.removedText',
              defaultMessage: 'heirloom no longer writes sealed copies to it.',
            }),
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'legacy.bucket.notRemoved', defaultMessage: 'Bucket not removed' }),
            description: errorMessage(
              error,
              intl.formatMessage({ id: 'legacy.bucket.failedText', defaultMessage: 'Something went wrong. Please try again.' }),
            ),
          }),
      },
    );

  const runTest = () =>
    test.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'legacy.bucket.testNotRun', defaultMessage: 'The test did not run' }),
          description: errorMessage(
            error,
            intl.formatMessage({ id: 'legacy.bucket.failedText', defaultMessage: 'Something went wrong. Please try again.' }),
          ),
        }),
    });

  const errors = form.formState.errors;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={intl.formatMessage({ id: 'legacy.bucket.form', defaultMessage: 'Where the sealed copies are kept' })}
      className="grid gap-4"
    >
      {target && !target.hasSecret && (
        <Alert variant="destructive">
          <AlertDescription>
            {intl.formatMessage({
              id: 'legacy.bucket.secretLost',
              defaultMessage: 'The secret key stored for this bucket can no longer be read on this server: enter it again.',
            })}
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={intl.formatMessage({ id: 'legacy.bucket.endpoint', defaultMessage: 'Endpoint' })}
          error={errors.endpoint}
          hint={intl.formatMessage({
            id: 'legacy.bucket.endpointHint',
            defaultMessage: 'The address of the storage service, e.g. https://s3.eu-central-1.amazonaws.com',
          })}
        >
          <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" {...form.register('endpoint')} />
        </FormField>
        <FormField label={intl.formatMessage({ id: 'legacy.bucket.bucket', defaultMessage: 'Bucket' })} error={errors.bucket}>
          <Input autoComplete="off" {...form.register('bucket')} />
        </FormField>
        <FormField label={intl.formatMessage({ id: 'legacy.bucket.region', defaultMessage: 'Region' })} error={errors.region}>
          <Input autoComplete="off" {...form.register('region')} />
        </FormField>
        <FormField
          label={intl.formatMessage({ id: 'legacy.bucket.folder', defaultMessage: 'Folder (optional)' })}
          error={errors.prefix}
          hint={intl.formatMessage({ id: 'legacy.bucket.folderHint', defaultMessage: 'So one bucket can hold several families’ copies.' })}
        >
          <Input autoComplete="off" {...form.register('prefix')} />
        </FormField>
        <FormField label={intl.formatMessage({ id: 'legacy.bucket.accessKey', defaultMessage: 'Access key' })} error={errors.accessKeyId}>
          <Input autoComplete="off" spellCheck={false} {...form.register('accessKeyId')} />
        </FormField>
        <FormField
          label={intl.formatMessage({ id: 'legacy.bucket.secretKey', defaultMessage: 'Secret key' })}
          error={errors.secretAccessKey}
          hint={
            hasSecret
              ? intl.formatMessage({
                  id: 'legacy.bucket.secretKeep',
                  defaultMessage: 'Leave empty to keep the one stored. heirloom never shows it again.',
                })
              : intl.formatMessage({ id: 'legacy.bucket.secretNew', defaultMessage: 'heirloom keeps it sealed and never shows it again.' })
          }
        >
          <Input type="password" autoComplete="new-password" spellCheck={false} {...form.register('secretAccessKey')} />
        </FormField>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4" {...form.register('forcePathStyle')} />
        <span>
          {intl.formatMessage({
            id: 'legacy.bucket.pathStyle',
            defaultMessage:
              'Path-style addresses (the bucket after the address, not before it). Leave this on for MinIO and most services other than Amazon.',
          })}
        </span>
      </label>
      {test.data ? (
        <p role="status" className={test.data.ok ? 'text-sm text-muted-foreground' : 'text-sm font-medium text-destructive'}>
          {test.data.ok
            ? worksText(intl, test.data.message, target?.bucket)
            : intl.formatMessage(
                { id: 'legacy.bucket.failed', defaultMessage: 'It did not work: {message}' },
                { message: test.data.message },
              )}
        </p>
      ) : (
        target && <LastTest target={target} />
      )}
      <div className="flex flex-wrap gap-2">
        <SubmitButton
          isPending={save.isPending}
          pendingLabel={intl.formatMessage({ id: 'legacy.bucket.saving', defaultMessage: 'Saving...' })}
        >
          {intl.formatMessage({ id: 'legacy.bucket.save', defaultMessage: 'Save bucket' })}
        </SubmitButton>
        {target && (
          <>
            <Button type="button" variant="outline" disabled={test.isPending || save.isPending || form.formState.isDirty} onClick={runTest}>
              {test.isPending
                ? intl.formatMessage({ id: 'legacy.bucket.testing', defaultMessage: 'Testing...' })
                : intl.formatMessage({ id: 'legacy.bucket.test', defaultMessage: 'Test' })}
            </Button>
            <ConfirmDialog
              title={intl.formatMessage({ id: 'legacy.bucket.removeTitle', defaultMessage: 'Remove this bucket?' })}
              text={intl.formatMessage({
                id: 'legacy.bucket.removeText',
                defaultMessage:
                  'heirloom stops writing and checking sealed copies there. What is already in the bucket stays until you delete it.',
              })}
              confirmLabel={intl.formatMessage({ id: 'legacy.common.remove', defaultMessage: 'Remove' })}
              onConfirm={remove}
              trigger={
                <Button type="button" variant="outline" disabled={save.isPending}>
                  {intl.formatMessage({ id: 'legacy.common.remove', defaultMessage: 'Remove' })}
                </Button>
              }
            />
          </>
        )}
      </div>
    </form>
  );
}
