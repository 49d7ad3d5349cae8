// The photo grid (one section per month, filled as it scrolls near: 100,000 photos cost nothing until
// seen) and the photo viewer (prev/next, arrow keys, Escape).
import type { ExportFace, ExportPerson, ExportPhoto } from '@shared/export-format';
import { type Archive, displaySrc, isVideo, photosByMonth, videoSrc } from '../archive';
import { fileUrl, h, lazy } from '../dom';
import { formatBytes, formatDay, formatDuration, formatItemDay, formatMonth, monthOf, timeOf } from '../format';
import { goBack, replaceWith } from '../navigation';
import { links, meta, originalLink, photoLabel, photoThumb, type Screen, tagList } from '../parts';
import { notFound } from './not-found';
import { intl } from '../i18n';

const ROW_PX = 130;
/** The photo last opened, so closing the viewer returns to it in the grid. */
let lastPhotoId: number | null = null;

export function photosScreen(archive: Archive, month?: string): Screen {
  const months = photosByMonth(archive.photos);
  const undated = archive.photos.filter((p) => !p.dateTaken);
  const node = h(
    'div',
    { class: 'photos' },
    h('h1', null, intl.formatMessage({ id: 'exportViewer.photos.title', defaultMessage: 'Photos' })),
    meta(
      intl.formatMessage(
        { id: 'exportViewer.photos.count', defaultMessage: '{count, plural, one {# photo} other {# photos}}' },
        { count: archive.photos.length },
      ),
    ),
  );
  const sections = new Map<string, { section: HTMLElement; fill: () => void }>();
  const addSection = (key: string, heading: string, photos: ExportPhoto[]) => {
    const grid = h('div', { class: 'grid' });
    const section = h(
      'section',
      { class: 'month', id: `photos-${key}` },
      h(
        'h2',
        null,
        heading,
        ' ',
        h(
          'span',
          { class: 'count' },
          intl.formatMessage({ id: 'exportViewer.photos.monthCount', defaultMessage: '({count, number})' }, { count: photos.length }),
        ),
      ),
      grid,
    );
    node.append(section);
    // Roughly one row of five per five photos; only a placeholder until it scrolls near.
    const { fill } = lazy(grid, Math.ceil(photos.length / 5) * ROW_PX, () => photos.map(photoThumb));
    sections.set(key, { section, fill });
  };
  for (const [key, photos] of months) addSection(key, formatMonth(key), photos);
  if (undated.length > 0)
    addSection('undated', intl.formatMessage({ id: 'exportViewer.photos.undated', defaultMessage: 'Without a date' }), undated);
  if (archive.photos.length === 0)
    node.append(h('p', null, intl.formatMessage({ id: 'exportViewer.photos.none', defaultMessage: 'This archive holds no photos.' })));

  const shown = () => {
    const last = lastPhotoId === null ? undefined : archive.photos[archive.photoIndex.get(lastPhotoId) ?? -1];
    const target = month ?? (last ? (last.dateTaken ? monthOf(last.dateTaken) : 'undated') : undefined);
    const entry = target ? sections.get(target) : undefined;
    if (!entry) return;
    entry.fill();
    const thumb = last ? entry.section.querySelector<HTMLElement>(`[data-photo="${last.id}"]`) : null;
    (thumb ?? entry.section).scrollIntoView({ block: 'center' });
    thumb?.focus({ preventScroll: true });
  };
  return { title: intl.formatMessage({ id: 'exportViewer.photos.title', defaultMessage: 'Photos' }), node, shown };
}

export function photoViewerScreen(archive: Archive, id: number): Screen {
  const index = archive.photoIndex.get(id);
  const photo = index === undefined ? undefined : archive.photos[index];
  if (!photo || index === undefined)
    return notFound(intl.formatMessage({ id: 'exportViewer.photos.notFound', defaultMessage: 'This photo is not in the archive.' }));
  lastPhotoId = id;
  const prev = archive.photos[index - 1];
  const next = archive.photos[index + 1];
  const go = (to: ExportPhoto | undefined) => to && replaceWith(links.photo(to.id));
  const close = () => goBack(links.photos);
  const src = displaySrc(photo);
  const named = namedFaces(archive, photo);
  const memory = photo.memoryId === null ? undefined : archive.memoryById.get(photo.memoryId);
  const button = (text: string, onClick: () => void, disabled: boolean) => {
    const b = h('button', { type: 'button' }, text);
    b.disabled = disabled;
    b.addEventListener('click', onClick);
    return b;
  };

  const node = h(
    'div',
    {
      class: 'viewer',
      role: 'group',
      'aria-label': intl.formatMessage({ id: 'exportViewer.viewer.label', defaultMessage: 'Photo viewer' }),
    },
    h(
      'div',
      { class: 'viewer-bar' },
      button(intl.formatMessage({ id: 'exportViewer.viewer.previous', defaultMessage: '← Previous' }), () => go(prev), !prev),
      h(
        'span',
        { class: 'meta' },
        intl.formatMessage(
          { id: 'exportViewer.viewer.position', defaultMessage: '{position, number} of {count, number}' },
          { position: index + 1, count: archive.photos.length },
        ),
      ),
      button(intl.formatMessage({ id: 'exportViewer.viewer.next', defaultMessage: 'Next →' }), () => go(next), !next),
      button(intl.formatMessage({ id: 'exportViewer.viewer.close', defaultMessage: 'Close' }), close, false),
    ),
    h(
      'figure',
      null,
      isVideo(photo)
        ? videoPlayer(photo)
        : src
          ? withFaces(h('img', { class: 'full', src: fileUrl(src), alt: photoLabel(photo) }), named)
          : h(
              'p',
              null,
              intl.formatMessage({
                id: 'exportViewer.viewer.cannotShow',
                defaultMessage: 'Your browser cannot show this picture; the original file is linked below.',
              }),
            ),
      h(
        'figcaption',
        null,
        h('h1', null, photo.title ?? photo.fileName),
        meta(photoDate(photo), photo.location),
        photo.description ? h('p', null, photo.description) : null,
        tagList(photo.tags),
        inThisPhoto(named),
        memory
          ? h(
              'p',
              null,
              ...intl.formatNodes(
                { id: 'exportViewer.viewer.partOfMemory', defaultMessage: 'Part of the memory <link>{title}</link>' },
                { title: memory.title, link: (chunks) => h('a', { href: links.memory(memory.id) }, ...chunks) },
              ),
            )
          : null,
        meta(
          isVideo(photo)
            ? photo.durationMs
              ? intl.formatMessage(
                  { id: 'exportViewer.viewer.videoLength', defaultMessage: 'Video, {length}' },
                  { length: formatDuration(photo.durationMs) },
                )
              : intl.formatMessage({ id: 'exportViewer.viewer.video', defaultMessage: 'Video' })
            : null,
          photo.cameraInfo,
          photo.width && photo.height ? `${photo.width} × ${photo.height}` : null,
        ),
        h(
          'p',
          null,
          ...intl.formatNodes(
            { id: 'exportViewer.viewer.original', defaultMessage: 'Original: <link>{name}</link> ({size})' },
            { name: photo.fileName, size: formatBytes(photo.size), link: () => originalLink(photo.path, photo.fileName) },
          ),
        ),
      ),
    ),
    h(
      'p',
      { class: 'meta hint' },
      intl.formatMessage({ id: 'exportViewer.viewer.keys', defaultMessage: 'Keys: ← and → step through the photos, Escape closes.' }),
    ),
  );

  const onKey = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // a focused video's arrows seek (and Escape may leave its full screen): they stay the player's
    if (event.target instanceof HTMLMediaElement) return;
    if (event.key === 'ArrowLeft') go(prev);
    else if (event.key === 'ArrowRight') go(next);
    else if (event.key === 'Escape') close();
    else return;
    event.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  return { title: photo.title ?? photo.fileName, node, leave: () => document.removeEventListener('keydown', onKey) };
}

/** A video plays from the archive's own file: its browser-playable copy when there is one, else the original. */
/** The viewer's date line: a camera date with its time, a day, a period as its owner knows it, or none. */
function photoDate(photo: ExportPhoto): string {
  if (!photo.dateTaken) return intl.formatMessage({ id: 'exportViewer.viewer.dateUnknown', defaultMessage: 'Date unknown' });
  const precision = photo.dateTakenPrecision ?? 'exact';
  if (precision === 'exact') return `${formatDay(photo.dateTaken)} ${timeOf(photo.dateTaken)}`.trim();
  return formatItemDay(photo.dateTaken, precision, photo.dateTakenMargin);
}

function videoPlayer(photo: ExportPhoto): HTMLElement {
  return h(
    'video',
    {
      class: 'full',
      controls: '',
      playsinline: '',
      preload: 'metadata',
      src: fileUrl(videoSrc(photo)),
      poster: photo.previews.display ? fileUrl(photo.previews.display) : undefined,
      'aria-label': photoLabel(photo),
    },
    // shown only by a browser without <video>
    intl.formatMessage({
      id: 'exportViewer.viewer.cannotPlay',
      defaultMessage: 'Your browser cannot play this video; the original file is linked below.',
    }),
  );
}

interface NamedFace {
  face: ExportFace;
  person: ExportPerson;
  /** The box drawn over the picture, shown on hover (archives since issue 29). */
  box: HTMLElement;
}

/** The faces of the named people the owner did not hide, left to right. */
function namedFaces(archive: Archive, photo: ExportPhoto): NamedFace[] {
  return (photo.faces ?? [])
    .flatMap((face) => {
      const person = face.personId === null ? undefined : archive.personById.get(face.personId);
      if (!person) return [];
      const box = h('span', { class: 'face-box', 'aria-hidden': 'true' }, h('span', { class: 'face-name' }, person.name!));
      // fractions of the picture, so the box follows the picture at any size
      box.style.left = `${face.box.x * 100}%`;
      box.style.top = `${face.box.y * 100}%`;
      box.style.width = `${face.box.width * 100}%`;
      box.style.height = `${face.box.height * 100}%`;
      return [{ face, person, box }];
    })
    .sort((a, b) => a.face.box.x - b.face.box.x);
}

/** The picture with its named faces' boxes over it (shown while the pointer is on the picture or on a name). */
function withFaces(img: HTMLElement, named: NamedFace[]): HTMLElement {
  if (named.length === 0) return img;
  return h('div', { class: 'faces' }, img, ...named.map((n) => n.box));
}

/** "In this photo: Rose Martin, Uncle Ted", each a link to every photo of them; a name shows its box. */
function inThisPhoto(named: NamedFace[]): HTMLElement | null {
  if (named.length === 0) return null;
  const seen = new Set<number>();
  const names: (Node | string)[] = [];
  for (const { person, box } of named) {
    if (seen.has(person.id)) continue;
    seen.add(person.id);
    const link = h('a', { href: links.person(person.id) }, person.name!);
    for (const on of ['mouseenter', 'focus']) link.addEventListener(on, () => box.classList.add('shown'));
    for (const off of ['mouseleave', 'blur']) link.addEventListener(off, () => box.classList.remove('shown'));
    names.push(names.length > 0 ? ', ' : '', link);
  }
  return h(
    'p',
    { class: 'in-photo' },
    ...intl.formatNodes(
      { id: 'exportViewer.viewer.inThisPhoto', defaultMessage: 'In this photo: <names></names>' },
      { names: () => h('span', null, ...names) },
    ),
  );
}
