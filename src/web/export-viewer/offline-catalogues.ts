// The one list of languages the offline pages bundle (they open from file:// and cannot fetch a catalogue): a new
// language's files are imported here too, beside its folder in src/shared/i18n/messages. Each page adds only the
// areas it shows (i18n.ts addCatalogues), so it carries no other page's words.
import deEscrowOpener from '../../shared/i18n/messages/de/escrowOpener.json';
import deExportViewer from '../../shared/i18n/messages/de/exportViewer.json';
import deLetterOpener from '../../shared/i18n/messages/de/letterOpener.json';
import esEscrowOpener from '../../shared/i18n/messages/es/escrowOpener.json';
import esExportViewer from '../../shared/i18n/messages/es/exportViewer.json';
import esLetterOpener from '../../shared/i18n/messages/es/letterOpener.json';
import frEscrowOpener from '../../shared/i18n/messages/fr/escrowOpener.json';
import frExportViewer from '../../shared/i18n/messages/fr/exportViewer.json';
import frLetterOpener from '../../shared/i18n/messages/fr/letterOpener.json';

/** One area's messages, by language. */
export type OfflineCatalogues = Record<string, Record<string, string>>;

/** The archive's viewer (also shown by the escrow opener once a copy is open). */
export const exportViewerCatalogues: OfflineCatalogues = { de: deExportViewer, es: esExportViewer, fr: frExportViewer };

/** The escrow opener's own page. */
export const escrowOpenerCatalogues: OfflineCatalogues = { de: deEscrowOpener, es: esEscrowOpener, fr: frEscrowOpener };

/** The sealed letters' opener (also used by the escrow opener for a copy's sealed letters). */
export const letterOpenerCatalogues: OfflineCatalogues = { de: deLetterOpener, es: esLetterOpener, fr: frLetterOpener };
