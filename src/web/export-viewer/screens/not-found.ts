import { h } from '../dom';
import { links, type Screen } from '../parts';
import { intl } from '../i18n';

export function notFound(message: string): Screen {
  return {
    title: intl.formatMessage({ id: 'exportViewer.notFound.title', defaultMessage: 'Not found' }),
    node: h(
      'div',
      null,
      h('h1', null, intl.formatMessage({ id: 'exportViewer.notFound.title', defaultMessage: 'Not found' })),
      h('p', null, message),
      h(
        'p',
        null,
        h(
          'a',
          { href: links.timeline },
          intl.formatMessage({ id: 'exportViewer.notFound.timeline', defaultMessage: 'Go to the timeline' }),
        ),
      ),
    ),
  };
}
