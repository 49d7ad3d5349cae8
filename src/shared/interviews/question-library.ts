// The built-in question library for interviews: questions a storyteller can answer in about five
// minutes, by voice or in writing. An id is stable once shipped (an interview keeps the id of the
// library question it was made from): never renumber or reuse one; add new questions at the end of
// their theme with the next number, and retire a question by removing it, not by changing its meaning.
// The words are catalogue messages (question-messages.ts): each reader gets them in their language (decision 082).
import { questionMessages, themeMessages } from './question-messages';

export const questionThemes = [
  'childhood',
  'parents-and-grandparents',
  'school',
  'work',
  'love-and-marriage',
  'children',
  'hard-times',
  'war-and-migration',
  'faith-and-values',
  'places',
  'advice-for-the-grandchildren',
] as const;

export type QuestionTheme = (typeof questionThemes)[number];

/** The theme titles in English. */
export const themeTitles = Object.fromEntries(questionThemes.map((theme) => [theme, themeMessages[theme].defaultMessage])) as Record<
  QuestionTheme,
  string
>;

export interface LibraryQuestion {
  /** Stable, e.g. 'childhood-01'. */
  id: string;
  theme: QuestionTheme;
  /** In English. */
  text: string;
  /** The catalogue message: `questions.<theme>.<number>`. */
  message: { id: string; defaultMessage: string };
}

export const questionLibrary: readonly LibraryQuestion[] = Object.entries(questionMessages).map(([id, message]) => ({
  id,
  theme: message.id.split('.')[1] as QuestionTheme,
  text: message.defaultMessage,
  message,
}));

/** The library question with this id, or undefined. */
export function findLibraryQuestion(id: string): LibraryQuestion | undefined {
  return questionLibrary.find((question) => question.id === id);
}

/** What formats a message in one language: react-intl's `IntlShape`, the web page's or the server's translator. */
export interface MessageFormatter {
  formatMessage(descriptor: { id: string; defaultMessage: string }): string;
}

/** A library question in the formatter's language. */
export const libraryQuestionText = (intl: MessageFormatter, question: LibraryQuestion) => intl.formatMessage(question.message);

/** A theme's title in the formatter's language. */
export const themeTitle = (intl: MessageFormatter, theme: QuestionTheme) => intl.formatMessage(themeMessages[theme]);

/**
 * An interview question in its reader's language when it still has the library's words (its text is the library
 * question's in English or in one of `languages`); a question written or edited by a person exactly as written.
 */
export function askedQuestionText(
  reader: MessageFormatter,
  question: { text: string; libraryId: string | null },
  languages: readonly MessageFormatter[] = [],
): string {
  const found = question.libraryId === null ? undefined : findLibraryQuestion(question.libraryId);
  if (!found) return question.text;
  const unedited =
    [reader, ...languages].some((intl) => libraryQuestionText(intl, found) === question.text) || question.text === found.text;
  return unedited ? libraryQuestionText(reader, found) : question.text;
}
