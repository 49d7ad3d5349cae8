import { zodResolver } from '@hookform/resolvers/zod';
import { Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { VAULT_QUOTA_BYTES } from '@shared/limits';
import { VAULT_MESSAGES, vaultUploadFormSchema, type VaultUploadForm } from '@shared/schemas/vault';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Progress } from '@web/components/ui/progress';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { formatBytes } from '@web/lib/format';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useUploadVaultFile, useVaultUsage } from '../api';

/** spec §2 Upload Document card; spec §5 checks before anything is sent. */
export function UploadDocumentCard() {
  const intl = useIntl();
  const uploadFile = useUploadVaultFile();
  const errorTitle = intl.formatMessage({ id: 'vault.upload.errorTitle', defaultMessage: 'Error' });
  const usage = useVaultUsage();
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<VaultUploadForm>({
    resolver: zodResolver(vaultUploadFormSchema),
    defaultValues: { file: undefined, description: '' },
  });
  const isPending = uploadFile.isPending;

  const onValid = (values: VaultUploadForm) => {
    const file = values.file as File; // the input only ever stores a File (shared describes it structurally)
    // spec §5: usage plus this file over 100MB is refused here; the server enforces it as well
    if (usage.data && usage.data.usedBytes + file.size > VAULT_QUOTA_BYTES) {
      form.setError('file', { message: VAULT_MESSAGES.overQuota });
      return;
    }
    setProgress(0);
    uploadFile.mutate(
      { file, description: values.description?.trim() || undefined, onProgress: setProgress },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'vault.upload.successTitle', defaultMessage: 'Success' }),
            description: intl.formatMessage({ id: 'vault.upload.success', defaultMessage: 'File uploaded successfully' }),
          });
          form.reset({ file: undefined, description: '' });
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: errorTitle,
            description: errorMessage(error, intl.formatMessage({ id: 'vault.upload.failed', defaultMessage: 'Upload failed' })),
          }),
      },
    );
  };

  const onInvalid = (errors: FieldErrors<VaultUploadForm>) => {
    if (errors.file?.message === VAULT_MESSAGES.selectFile) {
      toast({ variant: 'destructive', title: errorTitle, description: VAULT_MESSAGES.selectFileToUpload });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'vault.upload.title', defaultMessage: 'Upload Document' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({ id: 'vault.upload.description', defaultMessage: 'Any kind of document, up to 15MB each.' })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
          <Controller
            control={form.control}
            name="file"
            render={({ field, fieldState }) => (
              <FormField
                label={intl.formatMessage({ id: 'vault.upload.fileLabel', defaultMessage: 'File' })}
                error={fieldState.error}
                hint={
                  field.value
                    ? intl.formatMessage(
                        { id: 'vault.upload.fileHint', defaultMessage: '{name} ({size})' },
                        { name: field.value.name, size: formatBytes(field.value.size) },
                      )
                    : undefined
                }
              >
                <Input
                  ref={fileInput}
                  type="file"
                  name={field.name}
                  disabled={isPending}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    field.onChange(event.target.files?.[0]);
                    void form.trigger('file'); // the size message shows as soon as a file is picked
                  }}
                  className="cursor-pointer"
                />
              </FormField>
            )}
          />
          <FormField
            label={intl.formatMessage({ id: 'vault.upload.descriptionLabel', defaultMessage: 'Description' })}
            error={form.formState.errors.description}
          >
            <Textarea
              placeholder={intl.formatMessage({
                id: 'vault.upload.descriptionPlaceholder',
                defaultMessage: 'Add a description for this file...',
              })}
              disabled={isPending}
              {...form.register('description')}
            />
          </FormField>
          {isPending && (
            <Progress
              value={progress}
              aria-label={intl.formatMessage({ id: 'vault.upload.progress', defaultMessage: 'Upload progress' })}
            />
          )}
          <div>
            <Button type="submit" disabled={isPending}>
              {isPending ? <Spinner /> : <Upload aria-hidden="true" />}
              {isPending
                ? intl.formatMessage({ id: 'vault.upload.uploading', defaultMessage: 'Uploading...' })
                : intl.formatMessage({ id: 'vault.upload.submit', defaultMessage: 'Upload File' })}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
