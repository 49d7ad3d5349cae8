import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { User } from '@shared/schemas/auth';
import { profileInputSchema, type ProfileInput } from '@shared/schemas/profile';
import { FormField } from '@web/components/form-field';
import { SubmitButton } from '@web/components/submit-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { localDay } from '@web/lib/local-day';
import { useUpdateProfile } from '../api';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §4: empty strings, today's date for dateOfBirth and gender other wherever the user has no value. */
function toFormValues(user: User): ProfileInput {
  return {
    firstName: user.firstName ?? '',
    surname: user.surname ?? '',
    dateOfBirth: user.dateOfBirth || localDay(),
    mobileNumber: user.mobileNumber ?? '',
    cityOfBirth: user.cityOfBirth ?? '',
    address: user.address ?? '',
    gender: user.gender ?? 'other',
  };
}

/** spec §2 Personal Information: view mode (fields disabled) and edit mode, toggled by Edit/Cancel. */
export function PersonalInfoCard({ user }: { user: User }) {
  const [isEditing, setIsEditing] = useState(false);
  const intl = useIntl();
  const updateProfile = useUpdateProfile();
  const genderId = useId();
  const form = useForm<ProfileInput>({ resolver: zodResolver(profileInputSchema), defaultValues: toFormValues(user) });
  const { errors } = form.formState;

  const cancel = () => {
    form.reset(toFormValues(user));
    setIsEditing(false);
  };

  const onSubmit = form.handleSubmit((values) =>
    updateProfile.mutate(values, {
      onSuccess: (saved) => {
        toast({
          title: intl.formatMessage({ id: 'profile.info.updated', defaultMessage: 'Profile updated' }),
          description: intl.formatMessage({
            id: 'profile.info.updatedText',
            defaultMessage: 'Your profile has been updated successfully.',
          }),
        });
        form.reset(toFormValues(saved));
        setIsEditing(false);
      },
      onError: () =>
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'profile.info.failed', defaultMessage: 'Update failed' }),
          description: intl.formatMessage({ id: 'profile.info.failedText', defaultMessage: 'Failed to update profile. Please try again.' }),
        }),
    }),
  );

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>{intl.formatMessage({ id: 'profile.info.title', defaultMessage: 'Personal Information' })}</CardTitle>
          <CardDescription>
            {intl.formatMessage({
              id: 'profile.info.description',
              defaultMessage: 'Your email address is used to sign in; change it under E-mail address.',
            })}
          </CardDescription>
        </div>
        <Button variant="outline" onClick={isEditing ? cancel : () => setIsEditing(true)}>
          {isEditing
            ? intl.formatMessage({ id: 'profile.info.cancel', defaultMessage: 'Cancel' })
            : intl.formatMessage({ id: 'profile.info.edit', defaultMessage: 'Edit' })}
        </Button>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={!isEditing || updateProfile.isPending} className="contents">
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField label={intl.formatMessage({ id: 'profile.field.firstName', defaultMessage: 'First Name' })} error={errors.firstName}>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </FormField>
            <FormField label={intl.formatMessage({ id: 'profile.field.surname', defaultMessage: 'Surname' })} error={errors.surname}>
              <Input autoComplete="family-name" {...form.register('surname')} />
            </FormField>
            <FormField label={intl.formatMessage({ id: 'profile.field.email', defaultMessage: 'Email' })}>
              <Input type="email" value={user.email} readOnly disabled />
            </FormField>
            <FormField
              label={intl.formatMessage({ id: 'profile.field.dateOfBirth', defaultMessage: 'Date of Birth' })}
              error={errors.dateOfBirth}
            >
              <Input type="date" min="1900-01-01" max={localDay()} {...form.register('dateOfBirth')} />
            </FormField>
            <FormField
              label={intl.formatMessage({ id: 'profile.field.mobile', defaultMessage: 'Mobile Number' })}
              error={errors.mobileNumber}
            >
              <Input type="tel" autoComplete="tel" {...form.register('mobileNumber')} />
            </FormField>
            <FormField
              label={intl.formatMessage({ id: 'profile.field.cityOfBirth', defaultMessage: 'City of Birth' })}
              error={errors.cityOfBirth}
            >
              <Input {...form.register('cityOfBirth')} />
            </FormField>
            <div className="sm:col-span-2">
              <FormField label={intl.formatMessage({ id: 'profile.field.address', defaultMessage: 'Address' })} error={errors.address}>
                <Input autoComplete="street-address" {...form.register('address')} />
              </FormField>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={genderId}>{intl.formatMessage({ id: 'profile.field.gender', defaultMessage: 'Gender' })}</Label>
              <Controller
                control={form.control}
                name="gender"
                render={({ field }) => (
                  <Select value={field.value ?? 'other'} onValueChange={field.onChange} disabled={!isEditing || updateProfile.isPending}>
                    <SelectTrigger id={genderId}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="male">{intl.formatMessage({ id: 'profile.gender.male', defaultMessage: 'Male' })}</SelectItem>
                      <SelectItem value="female">
                        {intl.formatMessage({ id: 'profile.gender.female', defaultMessage: 'Female' })}
                      </SelectItem>
                      <SelectItem value="other">{intl.formatMessage({ id: 'profile.gender.other', defaultMessage: 'Other' })}</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </div>
          </CardContent>
          {isEditing && (
            <CardFooter className="justify-end gap-2">
              <Button variant="outline" onClick={cancel}>
                {intl.formatMessage({ id: 'profile.info.cancel', defaultMessage: 'Cancel' })}
              </Button>
              <SubmitButton
                isPending={updateProfile.isPending}
                pendingLabel={intl.formatMessage({ id: 'profile.info.saving', defaultMessage: 'Saving...' })}
              >
                {intl.formatMessage({ id: 'profile.info.save', defaultMessage: 'Save Changes' })}
              </SubmitButton>
            </CardFooter>
          )}
        </fieldset>
      </form>
    </Card>
  );
}
