// The code fields: the heir's key code, checked whole by its check symbol, and one field per verifier code,
// each group of five marked right or mistyped as it is typed (release-key.ts checkTypedVerifierCode).
import { formatKeyCode, normalizeKeyCode, readKeyCode, KEY_CODE_DATA_LENGTH } from '@shared/key-code';
import { checkTypedVerifierCode } from '@shared/escrow/release-key';
import { h } from '../export-viewer/dom';
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
      state.textContent = typed ? `${typed.length} of ${KEY_CODE_DATA_LENGTH + 1} characters` : '';
      state.className = 'state';
    } else if (readKeyCode(input.value)) {
      state.textContent = '✓ The key code is complete and has no typo.';
      state.className = 'state ok';
    } else {
      state.textContent = '✗ The key code has a typo, or a character too many: check each group.';
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
    h('label', { for: 'key-code' }, 'Your key code'),
    h('p', { id: 'key-code-hint', class: 'hint' }, 'On the sheet heirloom gave you: 27 characters in groups of four.'),
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
    const which = typos.length === 1 ? `Group ${typos[0]} has a typo` : `Groups ${typos.join(', ')} have a typo`;
    return { marks, words: `${which}: check it against the verifier's sheet.`, cls: 'state typo' };
  }
  if (done === 9) return { marks, words: '✓ All nine groups are right.', cls: 'state ok' };
  return { marks, words: done > 0 ? `${done} of 9 groups right so far.` : '', cls: 'state' };
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
  const scan = scanButton(`Scan the QR code of verifier code ${index + 1}`, (text) => {
    input.value = text;
    update();
  });
  const node = h('div', { class: 'field' }, h('label', { for: id }, `Verifier code ${index + 1}`), input, marks, state, scan);
  return { node, input };
}
