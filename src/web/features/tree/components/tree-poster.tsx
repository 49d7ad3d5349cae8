// The whole tree as one drawing for the printer (decision 063): every card, scaled to fit the page.
import { createPortal } from 'react-dom';
import type { GraphPerson } from '../api';
import { CARD_HEIGHT, CARD_WIDTH, type TreeLayout } from '../layout/tree-layout';
import { initialsOf, personName, yearsOf } from '../person-words';
import { relationWords } from './tree-card';
import './tree-print.css';

const MARGIN = 24;
const FACE = 44;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A name in two short lines beside the face, broken between words where it can be. */
function twoLines(text: string, max: number): [string, string] {
  if (text.length <= max) return [text, ''];
  const space = text.lastIndexOf(' ', max);
  const at = space > 0 ? space : max;
  return [text.slice(0, at), cut(text.slice(at).trim(), max)];
}

type TreePosterProps = { layout: TreeLayout; persons: Map<number, GraphPerson>; title: string };

export function TreePoster({ layout, persons, title }: TreePosterProps) {
  const { minX, minY, maxX, maxY } = layout.bounds;
  const viewBox = `${minX - MARGIN} ${minY - MARGIN} ${maxX - minX + 2 * MARGIN} ${maxY - minY + 2 * MARGIN}`;
  const path = (dashed: boolean) =>
    layout.lines
      .filter((l) => l.dashed === dashed)
      .map((l) => `M${l.points.map(([x, y]) => `${x} ${y}`).join('L')}`)
      .join('');
  return createPortal(
    <div data-tree-poster="" className="hidden">
      <h1 className="mb-2 text-xl font-semibold">{title}</h1>
      <svg
        viewBox={viewBox}
        preserveAspectRatio="xMidYMin meet"
        style={{ width: '100%', height: 'calc(100vh - 3rem)' }}
        role="img"
        aria-label={title}
      >
        <defs>
          <clipPath id="tree-poster-face" clipPathUnits="objectBoundingBox">
            <circle cx="0.5" cy="0.5" r="0.5" />
          </clipPath>
        </defs>
        <path d={path(false)} fill="none" stroke="#9ca3af" strokeWidth={2} />
        <path d={path(true)} fill="none" stroke="#9ca3af" strokeWidth={2} strokeDasharray="6 5" />
        {layout.cards.map((card) => {
          const person = persons.get(card.id);
          if (!person) return null;
          const relation = relationWords(person);
          const textX = card.x + 8 + FACE + 8;
          const [first, second] = twoLines(personName(person), 13);
          return (
            <g key={card.id}>
              <rect x={card.x} y={card.y} width={CARD_WIDTH} height={CARD_HEIGHT} rx={8} fill="#fff" stroke="#9ca3af" />
              {person.pictureUrl ? (
                <image
                  href={person.pictureUrl}
                  x={card.x + 8}
                  y={card.y + 8}
                  width={FACE}
                  height={FACE}
                  clipPath="url(#tree-poster-face)"
                />
              ) : (
                <>
                  <circle cx={card.x + 8 + FACE / 2} cy={card.y + 8 + FACE / 2} r={FACE / 2} fill="#e5e7eb" />
                  <text x={card.x + 8 + FACE / 2} y={card.y + 8 + FACE / 2 + 5} textAnchor="middle" fontSize={14} fill="#374151">
                    {initialsOf(person)}
                  </text>
                </>
              )}
              <text x={textX} y={card.y + 26} fontSize={13} fontWeight={600} fill="#111827">
                {first}
              </text>
              <text x={textX} y={card.y + 44} fontSize={13} fontWeight={600} fill="#111827">
                {second}
              </text>
              <text x={card.x + 8} y={card.y + 74} fontSize={11} fill="#4b5563">
                {yearsOf(person)}
              </text>
              {relation && (
                <text x={card.x + 8} y={card.y + 92} fontSize={11} fill="#1f2937">
                  {cut(relation, 26)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </div>,
    document.body,
  );
}
