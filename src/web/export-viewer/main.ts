// The archive's own viewer (decision 028): index.html loads viewer/data.js (window.HEIRLOOM_EXPORT) and
// then this file, bundled into one classic script. Plain DOM and no network, so it opens from a USB stick
// in any browser for as long as browsers read HTML.
import './styles.css';
import { h } from './dom';
import { showArchive } from './show-archive';
import { addCatalogues, chooseLanguage, intl } from './i18n';
import { exportViewerCatalogues } from './offline-catalogues';

function start() {
  addCatalogues(exportViewerCatalogues);
  chooseLanguage();
  const data = window.HEIRLOOM_EXPORT;
  const root = document.body;
  if (!data) {
    root.append(
      h(
        'main',
        { class: 'page' },
        h('h1', null, intl.formatMessage({ id: 'exportViewer.missing.title', defaultMessage: 'The archive’s data is missing' })),
        h(
          'p',
          null,
          intl.formatMessage({
            id: 'exportViewer.missing.body',
            defaultMessage:
              'This page reads viewer/data.js next to it. Keep the folder together as it came out of the zip file, and open index.html from inside it.',
          }),
        ),
      ),
    );
    return;
  }
  showArchive(data, root);
}

start();
