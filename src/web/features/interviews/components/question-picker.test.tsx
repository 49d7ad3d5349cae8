// The question library as an owner picks from it: in the page's language, and back in English exactly as before.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '@web/lib/i18n/language-store';
import { QuestionPicker } from './question-picker';

function renderPicker() {
  const onToggle = vi.fn();
  render(<QuestionPicker isChosen={() => false} onToggle={onToggle} onAddOwn={() => {}} />);
  return onToggle;
}

describe('the question library', () => {
  afterEach(async () => {
    cleanup();
    await switchLanguage('en', { remember: false });
  });

  it('offers its themes and questions in German to a German page, and chooses a question by its id', async () => {
    await switchLanguage('de', { remember: false });
    const onToggle = renderPicker();
    expect(screen.getByRole('option', { name: 'Eltern und Großeltern' })).toBeTruthy();
    const first = screen.getByRole('checkbox', {
      name: 'An welches Haus, in dem Sie gewohnt haben, erinnern Sie sich als Erstes? Führen Sie mich durch seine Zimmer.',
    });
    fireEvent.click(first);
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'childhood-01' }), true);
    fireEvent.change(screen.getByLabelText('Thema'), { target: { value: 'advice-for-the-grandchildren' } });
    expect(screen.getByRole('checkbox', { name: 'Welche Familiengeschichte darf nie vergessen werden?' })).toBeTruthy();
  });

  it('keeps the English words as they were', () => {
    renderPicker();
    expect(screen.getByRole('option', { name: 'Parents and grandparents' })).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'What is the first house you remember living in? Walk me through its rooms.' }),
    ).toBeTruthy();
  });
});
