// The built-in interview questions: enough of them, each id and text once, every theme well filled.
import { describe, expect, it } from 'vitest';
import { findLibraryQuestion, questionLibrary, questionThemes, themeTitles } from './question-library';

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
    }
  });

  it('finds a question by its id', () => {
    expect(findLibraryQuestion('childhood-01')?.text).toBe('What is the first house you remember living in? Walk me through its rooms.');
    expect(findLibraryQuestion('childhood-99')).toBeUndefined();
  });
});
