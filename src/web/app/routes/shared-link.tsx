import { useParams } from 'react-router';
import { SharedLinkScreen } from '@web/features/shared-view/components/shared-link-screen';
import { useIntl } from '@web/lib/i18n/use-intl';

/** /s/:token, the page a share link opens: public, for a visitor with no account. */
export function SharedLinkRoute() {
  const intl = useIntl();
  const { token = '' } = useParams();
  return (
    <>
      <title>{intl.formatMessage({ id: 'app.sharedLink.pageTitle', defaultMessage: 'Shared with you · heirloom' })}</title>
      {/* a link is meant for the people it was given to, not for search engines that come across it */}
      <meta name="robots" content="noindex" />
      <SharedLinkScreen key={token} token={token} />
    </>
  );
}
