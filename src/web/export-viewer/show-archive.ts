// The viewer's screens for one archive's data, mounted into a page: the archive's own index.html (main.ts) or
// the escrow opener, which has the data only once a sealed copy is opened (src/web/escrow-opener).
import type { HeirloomExport } from '@shared/export-format';
import { type Archive, loadArchive, viewableImage } from './archive';
import { fileUrl, h } from './dom';
import { formatDay } from './format';
import { arrived, savedScroll, watchLinks } from './navigation';
import { links, type Screen } from './parts';
import { collectionScreen, collectionsScreen } from './screens/collections';
import { documentScreen, documentsScreen } from './screens/documents';
import { memoryScreen } from './screens/memory';
import { notFound } from './screens/not-found';
import { peopleScreen, personScreen } from './screens/people';
import { photosScreen, photoViewerScreen } from './screens/photos';
import { timelineScreen } from './screens/timeline';
import { intl, languageMenu } from './i18n';

function route(archive: Archive, hash: string): Screen {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean);
  const [section, arg, extra] = parts;
  const id = Number(arg);
  switch (section) {
    case undefined:
      return timelineScreen(archive);
    case 'memories':
      return memoryScreen(archive, id);
    case 'photos':
      if (arg === 'in' && extra) return photosScreen(archive, extra);
      return arg ? photoViewerScreen(archive, id) : photosScreen(archive);
    case 'documents':
      return arg ? documentScreen(archive, id) : documentsScreen(archive);
    case 'people':
      return arg ? personScreen(archive, id) : peopleScreen(archive);
    case 'collections':
      return arg ? collectionScreen(archive, id) : collectionsScreen(archive);
    default:
      return notFound(intl.formatMessage({ id: 'exportViewer.notFound.page', defaultMessage: 'There is no such page in this archive.' }));
  }
}

const sections = () => [
  { href: links.timeline, label: intl.formatMessage({ id: 'exportViewer.sections.timeline', defaultMessage: 'Timeline' }), match: '' },
  { href: links.photos, label: intl.formatMessage({ id: 'exportViewer.sections.photos', defaultMessage: 'Photos' }), match: 'photos' },
  {
    href: links.documents,
    label: intl.formatMessage({ id: 'exportViewer.sections.documents', defaultMessage: 'Documents' }),
    match: 'documents',
  },
  { href: links.people, label: intl.formatMessage({ id: 'exportViewer.sections.people', defaultMessage: 'People' }), match: 'people' },
  {
    href: links.collections,
    label: intl.formatMessage({ id: 'exportViewer.sections.collections', defaultMessage: 'Collections' }),
    match: 'collections',
  },
];

function header(archive: Archive, about: string, withLanguageMenu: boolean): HTMLElement {
  const { data } = archive;
  const { owner } = data;
  const name = `${owner.firstName} ${owner.surname}`.trim();
  const born = !owner.dateOfBirth
    ? null
    : owner.cityOfBirth
      ? intl.formatMessage(
          { id: 'exportViewer.header.bornIn', defaultMessage: 'born {date} in {city}' },
          { date: formatDay(owner.dateOfBirth), city: owner.cityOfBirth },
        )
      : intl.formatMessage({ id: 'exportViewer.header.born', defaultMessage: 'born {date}' }, { date: formatDay(owner.dateOfBirth) });
  const picture = owner.profilePicture && viewableImage.test(owner.profilePicture.mimeType) ? owner.profilePicture.path : null;
  return h(
    'header',
    { class: 'site' },
    h(
      'div',
      { class: 'owner' },
      picture ? h('img', { class: 'portrait', src: fileUrl(picture), alt: name }) : null,
      h(
        'div',
        null,
        h('p', { class: 'title' }, data.title),
        h(
          'p',
          { class: 'meta' },
          [
            name,
            born,
            intl.formatMessage(
              { id: 'exportViewer.header.exported', defaultMessage: 'exported {date}' },
              { date: formatDay(data.exportedAt) },
            ),
          ]
            .filter(Boolean)
            .join(' · '),
        ),
      ),
    ),
    h(
      'p',
      { class: 'about' },
      about,
      data.includesPlaces
        ? ''
        : ` ${intl.formatMessage({ id: 'exportViewer.header.noPlaces', defaultMessage: 'Places were left out of this copy.' })}`,
    ),
    withLanguageMenu && languageMenu(),
    h(
      'nav',
      { 'aria-label': intl.formatMessage({ id: 'exportViewer.header.sections', defaultMessage: 'Sections' }) },
      h('ul', null, ...sections().map((s) => h('li', null, h('a', { href: s.href, 'data-section': s.match }, s.label)))),
    ),
  );
}

const archiveAbout = () =>
  intl.formatMessage({
    id: 'exportViewer.header.about',
    defaultMessage:
      'A copy made by heirloom. It needs no internet and no heirloom server: everything is in this folder, and the original files are under originals/.',
  });

/**
 * Shows the archive in `root`: its header, sections and screens, routed by the page's hash. A page that cannot be
 * loaded again without losing what it shows (the escrow opener forgets an opened copy) has no language menu here.
 */
export function showArchive(data: HeirloomExport, root: HTMLElement, { about = archiveAbout(), withLanguageMenu = true } = {}) {
  const archive = loadArchive(data);
  const main = h('main', { id: 'main', class: 'page', tabindex: '-1' });
  root.append(
    h('a', { class: 'skip', href: '#main' }, intl.formatMessage({ id: 'exportViewer.header.skip', defaultMessage: 'Skip to content' })),
    header(archive, about, withLanguageMenu),
    main,
  );
  // The skip link must not change the route: it only moves focus.
  root.querySelector('.skip')!.addEventListener('click', (event) => {
    event.preventDefault();
    main.focus();
  });

  let current: Screen | undefined;
  let first = true;
  const show = () => {
    current?.leave?.();
    current = route(archive, location.hash);
    main.replaceChildren(current.node);
    document.title = `${current.title} — ${data.title}`;
    const section = location.hash.replace(/^#\/?/, '').split('/')[0] ?? '';
    for (const link of root.querySelectorAll<HTMLAnchorElement>('nav a'))
      if (link.dataset.section === section) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    window.scrollTo(0, savedScroll());
    // After a move inside the viewer, bring screen readers and keyboards to the new page's heading.
    const heading = main.querySelector<HTMLElement>('h1');
    if (!first && heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
    first = false;
    current.shown?.();
  };
  watchLinks();
  window.addEventListener('hashchange', () => {
    arrived();
    show();
  });
  show();
}
