// The life timeline: memories and photos by year and month, newest first. Each month is filled in only
// when it scrolls near, so a lifetime of photos opens at once.
import type { ExportMemory, ExportPhoto } from '@shared/export-format';
import { type Archive, photosByMonth } from '../archive';
import { h, lazy } from '../dom';
import { formatMonth, monthOf } from '../format';
import { links, memoryCard, photoThumb, type Screen } from '../parts';
import { intl } from '../i18n';

const PHOTOS_PER_MONTH = 12;

export function timelineScreen(archive: Archive): Screen {
  const photoMonths = photosByMonth(archive.photos);
  const months = new Map<string, { memories: ExportMemory[]; photos: ExportPhoto[] }>();
  const monthEntry = (key: string) => months.get(key) ?? months.set(key, { memories: [], photos: [] }).get(key)!;
  for (const memory of archive.memories) monthEntry(monthOf(memory.eventDate)).memories.push(memory);
  for (const [key, photos] of photoMonths) monthEntry(key).photos = photos;
  const ordered = [...months.keys()].sort().reverse();

  const main = h(
    'div',
    { class: 'timeline' },
    h('h1', null, intl.formatMessage({ id: 'exportViewer.timeline.title', defaultMessage: 'Life timeline' })),
  );
  if (ordered.length === 0)
    main.append(
      h(
        'p',
        null,
        intl.formatMessage({ id: 'exportViewer.timeline.none', defaultMessage: 'This archive holds no dated memories or photos.' }),
      ),
    );
  let year = '';
  for (const key of ordered) {
    const { memories, photos } = months.get(key)!;
    if (key.slice(0, 4) !== year) {
      year = key.slice(0, 4);
      main.append(h('h2', { class: 'year' }, year));
    }
    const body = h('div');
    const section = h('section', { class: 'month', 'aria-label': formatMonth(key) }, h('h3', null, formatMonth(key)), body);
    main.append(section);
    lazy(body, memories.length * 110 + Math.min(photos.length, PHOTOS_PER_MONTH) * 20 + 40, () => [
      ...memories.map((m) => memoryCard(m, 'h4')),
      photos.length > 0 ? h('div', { class: 'grid small' }, ...photos.slice(0, PHOTOS_PER_MONTH).map(photoThumb)) : null,
      photos.length > PHOTOS_PER_MONTH
        ? h(
            'p',
            null,
            h(
              'a',
              { href: links.photosIn(key) },
              intl.formatMessage(
                {
                  id: 'exportViewer.timeline.allOfMonth',
                  defaultMessage: 'All {count, plural, one {# photo} other {# photos}} of {month}',
                },
                { count: photos.length, month: formatMonth(key) },
              ),
            ),
          )
        : null,
    ]);
  }
  const undated = archive.photos.length - [...photoMonths.values()].reduce((n, list) => n + list.length, 0);
  if (undated > 0)
    main.append(
      h(
        'p',
        { class: 'meta' },
        ...intl.formatNodes(
          {
            id: 'exportViewer.timeline.undated',
            defaultMessage: '{count, plural, one {# photo has} other {# photos have}} no date: see <link>Photos</link>.',
          },
          { count: undated, link: (chunks) => h('a', { href: links.photos }, ...chunks) },
        ),
      ),
    );
  return { title: intl.formatMessage({ id: 'exportViewer.timeline.title', defaultMessage: 'Life timeline' }), node: main };
}
