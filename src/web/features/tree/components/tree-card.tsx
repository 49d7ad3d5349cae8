import { memo, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { TreePerson } from '@shared/schemas/tree';
import { cn } from '@web/lib/cn';
import { useIntl } from '@web/lib/i18n/use-intl';
import type { GraphPerson } from '../api';
import { CARD_HEIGHT, CARD_WIDTH } from '../layout/tree-layout';
import { cardLabel, initialsOf, personName, yearsOf } from '../person-words';
import { relationInWords } from '../relation-label';

/** The viewer's word for the person on a card, in the page's language: the owner is "you". */
export function relationWords(person: GraphPerson): string | null {
  const label = person.relationToViewer ?? (person.isOwner ? 'you' : null);
  return label === null ? null : relationInWords(label, person.sex);
}

export function TreeFace({ person, className }: { person: Pick<TreePerson, 'pictureUrl' | 'givenNames' | 'surname'>; className?: string }) {
  return person.pictureUrl ? (
    <img src={person.pictureUrl} alt="" draggable={false} className={cn('shrink-0 rounded-full object-cover', className)} />
  ) : (
    // the initials are drawn by CSS, not written in the page: a card's text is then exactly what its name reads
    <span
      aria-hidden="true"
      data-initials={initialsOf(person)}
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-accent font-medium text-accent-foreground before:content-[attr(data-initials)]',
        className,
      )}
    />
  );
}

type TreeCardProps = {
  person: GraphPerson;
  x: number;
  y: number;
  href: string;
  isRoot: boolean;
};

/** One person in the tree: face, name, years and what they are to the viewer; a link to their page. */
export const TreeCard = memo(function TreeCard({ person, x, y, href, isRoot }: TreeCardProps) {
  useIntl(); // a memo'd card is drawn again when the page's language changes
  const relation = relationWords(person);
  const years = yearsOf(person);
  const style: CSSProperties = { left: x, top: y, width: CARD_WIDTH, height: CARD_HEIGHT };
  return (
    <Link
      to={href}
      data-card-id={person.id}
      aria-label={cardLabel(person, relation)}
      draggable={false}
      style={style}
      className={cn(
        'absolute flex items-center gap-2 overflow-hidden rounded-lg border bg-card p-2 text-left shadow-sm outline-none',
        'hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        isRoot && 'border-2 border-primary',
        !person.living && 'bg-muted',
      )}
    >
      <TreeFace person={person} className="size-12 text-base" />
      <span className="grid min-w-0 gap-0.5">
        {/* in the order of the link's name (cardLabel), spaced, so what is read out matches what is seen */}
        <span className="line-clamp-2 text-sm leading-tight font-medium break-words">{personName(person)}</span>{' '}
        {relation && <span className="line-clamp-2 text-xs leading-tight text-primary">{relation}</span>}{' '}
        {years && <span className="text-xs text-muted-foreground">{years}</span>}
      </span>
    </Link>
  );
});
