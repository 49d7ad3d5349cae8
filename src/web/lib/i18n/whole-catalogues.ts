// Development, tests and the pages prerendered at build time: a language's whole catalogue, each file bundled
// by Vite. A production page fetches only its own part of it (catalogues.ts, decision 086).
const files = import.meta.glob<Record<string, string>>('../../../shared/i18n/messages/*/*.json', { import: 'default' });

export async function catalogueOf(language: string): Promise<Record<string, string>> {
  const own = Object.entries(files).filter(([file]) => file.includes(`/messages/${language}/`));
  const parts = await Promise.all(own.map(([, load]) => load()));
  return Object.assign({}, ...parts) as Record<string, string>;
}
