import { LanguageMenu } from '@web/components/language-menu';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { useIntl } from '@web/lib/i18n/use-intl';
import { useSetAccountLanguage } from '../api';

/** Settings → Account: the language of heirloom's screens, and of the mails and kits sent to this account. */
export function LanguageCard() {
  const intl = useIntl();
  const setLanguage = useSetAccountLanguage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'account.language.title', defaultMessage: 'Language' })}</CardTitle>
        <CardDescription>
          {intl.formatMessage({
            id: 'account.language.description',
            defaultMessage: 'The language of heirloom’s pages, and of the e-mails heirloom sends you.',
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LanguageMenu
          onChosen={(language) =>
            setLanguage.mutate(language, {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: intl.formatMessage({ id: 'account.language.failed', defaultMessage: 'Could not keep your language' }),
                  description: errorMessage(error, intl.formatMessage({ id: 'common.tryAgain', defaultMessage: 'Please try again.' })),
                }),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
