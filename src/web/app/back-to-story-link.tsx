import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from './paths';
import { useIntl } from '@web/lib/i18n/use-intl';

/** spec §2: the 'Back to Story' link at the top of My Memories, My Photos and the Timeline. */
export function BackToStoryLink() {
  const intl = useIntl();
  return (
    <Link
      to={paths.story}
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {intl.formatMessage({ id: 'app.backToStory', defaultMessage: 'Back to Story' })}
    </Link>
  );
}
