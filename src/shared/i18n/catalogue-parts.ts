// The catalogue parts the web build writes for each page (decision 086): where they are said to be, and each
// part's file name — one spelling for the build that writes them, the app that fetches them and the server that
// has the browser fetch them early.

/** The `<meta name>` whose content is the folder of the build's parts (`/assets/messages/<hash>/`). */
export const CATALOGUES_META = 'heirloom-catalogues';

/** A part's file in its folder: `de/app.routes.photos.json` for the page `app/routes/photos` in German. */
export const cataloguePartFile = (language: string, part: string) => `${language}/${part.replaceAll('/', '.')}.json`;
