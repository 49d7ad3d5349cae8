// The code fields: the heir's key code, checked whole by its check symbol, and one field per verifier code,
// each group of five marked right or mistyped as it is typed (release-key.ts checkTypedVerifierCode).
import { formatKeyCode, normalizeKeyCode, readKeyCode, KEY_CODE_DATA_LENGTH } from '@shared/key-code';
import { checkTypedVerifierCode } from '@shared/escrow/release-key';
import { h } from '../export-viewer/dom';
import { intl } from '../export-viewer/i18n';
import { scanButton } from './scan';

export function keyCodeField(): { node: HTMLElement; input: HTMLInputElement } {
  const input = h('input', {
    id: 'key-code',
    name: 'key-code',
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    placeholder: 'XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXX',
    'aria-describedby': 'key-code-hint key-code-state',
  });
  const state = h('p', { id: 'key-code-state', class: 'state', 'aria-live': 'polite' });
  input.addEventListener('input', () => {
    const typed = normalizeKeyCode(input.value);
    const whole = typed.length >= KEY_CODE_DATA_LENGTH + 1;
    if (!whole) {
      state.textContent = typed
        ? intl.formatMessage(
            { id: 'escrowOpener.keyCode.typed', defaultMessage: '{typed} of {total} characters' },
            { typed: String(typed.length), total: String(KEY_CODE_DATA_LENGTH + 1) },
          )
        : '';
      state.className = 'state';
    } else if (readKeyCode(input.value)) {
      state.textContent = intl.formatMessage({
        id: 'escrowOpener.keyCode.complete',
        defaultMessage: '✓ The key code is complete and has no typo.',
      });
      state.className = 'state ok';
    } else {
      state.textContent = intl.formatMessage({
        id: 'escrowOpener.keyCode.typo',
        defaultMessage: '✗ The key code has a typo, or a character too many: check each group.',
      });
      state.className = 'state typo';
    }
  });
  input.addEventListener('blur', () => {
    const code = readKeyCode(input.value);
    if (code) input.value = formatKeyCode(code);
  });
  const node = h(
    'div',
    { class: 'field' },
    h('label', { for: 'key-code' }, intl.formatMessage({ id: 'escrowOpener.keyCode.label', defaultMessage: 'Your key code' })),
    h(
      'p',
      { id: 'key-code-hint', class: 'hint' },
      intl.formatMessage({
        id: 'escrowOpener.keyCode.hint',
        defaultMessage: 'On the sheet heirloom gave you: 27 characters in groups of four.',
      }),
    ),
    input,
    state,
  );
  return { node, input };
}

function describeGroups(input: string): { marks: HTMLElement[]; words: string; cls: string } {
  const groups = checkTypedVerifierCode(input);
  const marks = groups.map((g) =>
    h('span', { class: `group ${g.state}` }, `${g.text}${g.state === 'ok' ? ' ✓' : g.state === 'typo' ? ' ✗' : ''}`),
  );
  const typos = groups.flatMap((g, i) => (g.state === 'typo' ? [i + 1] : []));
  const done = groups.filter((g) => g.state === 'ok').length;
  if (typos.length > 0) {
    const words = intl.formatMessage(
      {
        id: 'escrowOpener.verifierCode.typos',
        defaultMessage:
          "{count, plural, one {Group {groups} has a typo} other {Groups {groups} have a typo}}: check it against the verifier's sheet.",
      },
      { count: typos.length, groups: typos.join(', ') },
    );
    return { marks, words, cls: 'state typo' };
  }
  if (done === 9)
    return {
      marks,
      words: intl.formatMessage({ id: 'escrowOpener.verifierCode.allRight', defaultMessage: '✓ All nine groups are right.' }),
      cls: 'state ok',
    };
  const words =
    done > 0
      ? intl.formatMessage(
          { id: 'escrowOpener.verifierCode.soFar', defaultMessage: '{done} of 9 groups right so far.' },
          { done: String(done) },
        )
      : '';
  return { marks, words, cls: 'state' };
}

export interface VerifierField {
  node: HTMLElement;
  input: HTMLInputElement;
}

export function verifierField(index: number): VerifierField {
  const id = `verifier-code-${index + 1}`;
  const input = h('input', {
    id,
    name: id,
    autocomplete: 'off',
    autocapitalize: 'characters',
    spellcheck: 'false',
    placeholder: 'XXXXX-XXXXX-XXXXX-…',
    'aria-describedby': `${id}-state`,
  });
  const marks = h('p', { class: 'groups', 'aria-hidden': 'true' });
  const state = h('p', { id: `${id}-state`, class: 'state', 'aria-live': 'polite' });
  const update = () => {
    const described = describeGroups(input.value);
    marks.replaceChildren(...described.marks);
    state.textContent = described.words;
    state.className = described.cls;
    if (described.cls.includes('typo')) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  };
  input.addEventListener('input', update);
  const number = String(index + 1);
  const scanLabel = intl.formatMessage(
    { id: 'escrowOpener.verifierCode.scanLabel', defaultMessage: 'Scan the QR code of verifier code {number}' },
    { number },
  );
  const scan = scanButton(scanLabel, (text) => {
    input.value = text;
    update();
  });
  const label = intl.formatMessage({ id: 'escrowOpener.verifierCode.label', defaultMessage: 'Verifier code {number}' }, { number });
  const node = h('div', { class: 'field' }, h('label', { for: id }, label), input, marks, state, scan);
  return { node, input };
}
