// Texts written outside a component and shared by the server and the browser: validation messages of the zod
// schemas, answers of the API (decision 081). `userText('…')` marks an English text for the catalogues; the text
// itself stays English in the code and on the wire, and is translated where a reader sees it (the server's
// error handler for its answers, FormField for a form's own checks) by looking up `text.<English>`.

export const TEXT_AREA = 'text';

/** Marks `english` as a text the catalogues translate (npm run i18n:extract finds each call). */
export function userText<T extends string>(english: T): T {
  return english;
}

/** The catalogue id of a marked text. */
export const textId = (english: string) => `${TEXT_AREA}.${english}`;

/** A marked text as a message: ICU's special characters in plain English written so they read as themselves. */
export const textAsMessage = (english: string) => english.replace(/'/g, "''").replace(/[{}<>]/g, (c) => `'${c}'`);

/** A marked text in the language of `intl` (react-intl's), or as written where its catalogue has no translation. */
export function translateMarkedText(
  intl: { messages: Record<string, unknown>; formatMessage: (d: { id: string; defaultMessage: string }) => string },
  english: string,
): string {
  const id = textId(english);
  const format = intl.formatMessage; // by another name: the extractor reads only literal ids in formatMessage calls
  return id in intl.messages ? format({ id, defaultMessage: textAsMessage(english) }) : english;
}
