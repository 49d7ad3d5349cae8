// The built-in interview questions: enough of them, each id and text once, every theme well filled; their words
// are catalogue messages, English exactly as written and every shipped language asking the same questions.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import de from '../i18n/messages/de/questions.json';
import {
  askedQuestionText,
  findLibraryQuestion,
  libraryQuestionText,
  questionLibrary,
  questionThemes,
  themeTitle,
  themeTitles,
} from './question-library';

const english = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} });
const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: de });

describe('the interview question library', () => {
  it('holds at least 150 questions', () => {
    expect(questionLibrary.length).toBeGreaterThanOrEqual(150);
  });

  it('gives every question its own id and its own text', () => {
    expect(new Set(questionLibrary.map((question) => question.id)).size).toBe(questionLibrary.length);
    expect(new Set(questionLibrary.map((question) => question.text.toLowerCase())).size).toBe(questionLibrary.length);
  });

  it('has at least ten questions and a title for every theme', () => {
    for (const theme of questionThemes) {
      expect(questionLibrary.filter((question) => question.theme === theme).length).toBeGreaterThanOrEqual(10);
      expect(themeTitles[theme].length).toBeGreaterThan(0);
    }
  });

  it('writes each question as a short sentence ending in a question mark or full stop', () => {
    for (const question of questionLibrary) {
      expect(question.text.length).toBeLessThanOrEqual(200);
      expect(question.text).toMatch(/[?.]$/);
      expect(question.id).toMatch(/^[a-z-]+-\d{2}$/);
      expect(questionThemes).toContain(question.theme);
      expect(question.message.id).toMatch(new RegExp(`^questions\\.${question.theme}\\.\\d{2}$`));
    }
  });

  it('finds a question by its id', () => {
    expect(findLibraryQuestion('childhood-01')?.text).toBe('What is the first house you remember living in? Walk me through its rooms.');
    expect(findLibraryQuestion('childhood-99')).toBeUndefined();
  });

  it('formats every question and theme in English exactly as written', () => {
    for (const question of questionLibrary) expect(libraryQuestionText(english, question)).toBe(question.text);
    for (const theme of questionThemes) expect(themeTitle(english, theme)).toBe(themeTitles[theme]);
  });

  it('asks a library question in the reader’s language, and a written or edited one as written', () => {
    const earliest = findLibraryQuestion('childhood-02')!;
    expect(askedQuestionText(german, { text: earliest.text, libraryId: earliest.id })).toBe(
      'Was ist Ihre allererste Erinnerung? Wie alt waren Sie, und wer war dabei?',
    );
    expect(askedQuestionText(english, { text: libraryQuestionText(german, earliest), libraryId: earliest.id }, [german])).toBe(
      earliest.text,
    );
    expect(askedQuestionText(german, { text: 'What is your earliest memory of the farm?', libraryId: earliest.id })).toBe(
      'What is your earliest memory of the farm?',
    );
    expect(askedQuestionText(german, { text: 'Wie war der Hof?', libraryId: null })).toBe('Wie war der Hof?');
    expect(askedQuestionText(german, { text: 'A retired question?', libraryId: 'childhood-99' })).toBe('A retired question?');
    expect(themeTitle(german, 'parents-and-grandparents')).toBe('Eltern und Großeltern');
  });
});
