import { h } from '../dom';
import { links, type Screen } from '../parts';

export function notFound(message: string): Screen {
  return {
    title: 'Not found',
    node: h(
      'div',
      null,
      h('h1', null, 'Not found'),
      h('p', null, message),
      h('p', null, h('a', { href: links.timeline }, 'Go to the timeline')),
    ),
  };
}
