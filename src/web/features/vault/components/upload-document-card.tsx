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
import { useUploadVaultFile, useVaultUsage } from '../api';

/** spec §2 Upload Document card; spec §5 checks before anything is sent. */
export function UploadDocumentCard() {
  const uploadFile = useUploadVaultFile();
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
          toast({ title: 'Success', description: 'File uploaded successfully' });
          form.reset({ file: undefined, description: '' });
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, 'Upload failed') }),
      },
    );
  };

  const onInvalid = (errors: FieldErrors<VaultUploadForm>) => {
    if (errors.file?.message === VAULT_MESSAGES.selectFile) {
      toast({ variant: 'destructive', title: 'Error', description: VAULT_MESSAGES.selectFileToUpload });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload Document</CardTitle>
        <CardDescription>Any kind of document, up to 15MB each.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
          <Controller
            control={form.control}
            name="file"
            render={({ field, fieldState }) => (
              <FormField
                label="File"
                error={fieldState.error}
                hint={field.value ? `${field.value.name} (${formatBytes(field.value.size)})` : undefined}
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
          <FormField label="Description" error={form.formState.errors.description}>
            <Textarea placeholder="Add a description for this file..." disabled={isPending} {...form.register('description')} />
          </FormField>
          {isPending && <Progress value={progress} aria-label="Upload progress" />}
          <div>
            <Button type="submit" disabled={isPending}>
              {isPending ? <Spinner /> : <Upload aria-hidden="true" />}
              {isPending ? 'Uploading...' : 'Upload File'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
