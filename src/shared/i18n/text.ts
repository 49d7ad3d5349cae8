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
