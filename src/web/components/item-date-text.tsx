import { cn } from '@web/lib/cn';
import { approximateTitle, formatItemDate, type ItemDate } from '@web/lib/item-date';
import { useIntl } from '@web/lib/i18n/use-intl';

/**
 * The "≈" beside an approximate date (decision 067): its title, and the words a screen reader reads, say so
 * ("Date is approximate: 1960s"). Nothing for a day-precise date or none.
 */
export function ApproximateMark({ item, className }: { item: ItemDate; className?: string }) {
  const title = approximateTitle(item);
  const intl = useIntl();
  if (!title) return null;
  return (
    <span
      title={title}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full bg-secondary px-1.5 text-xs leading-5 font-medium text-secondary-foreground',
        className,
      )}
    >
      <span aria-hidden="true">≈</span>
      <span className="sr-only">{intl.formatMessage({ id: 'common.date.approximate', defaultMessage: '(approximate)' })}</span>
    </span>
  );
}

/** A caption's date as a person says it, with its mark when it is approximate; a <time> when there is a date. */
export function ItemDateText({ item, className }: { item: ItemDate; className?: string }) {
  const text = formatItemDate(item);
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      {item.date && item.precision !== null ? <time dateTime={item.date}>{text}</time> : <span>{text}</span>}
      <ApproximateMark item={item} />
    </span>
  );
}
