import { Badge } from '@web/components/ui/badge';
import { useIntl } from '@web/lib/i18n/use-intl';

/** A memory's tags as badges, read-only: the owner's cards and a shared view show them the same way. */
export function TagList({ tags }: { tags: string[] }) {
  const intl = useIntl();
  if (tags.length === 0) return null;
  return (
    <ul aria-label={intl.formatMessage({ id: 'common.tags', defaultMessage: 'Tags' })} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
