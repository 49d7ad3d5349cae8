// The one list of languages the offline pages bundle (they open from file:// and cannot fetch a catalogue): a new
// language's files are imported here too, beside its folder in src/shared/i18n/messages.
import deExportViewer from '../../shared/i18n/messages/de/exportViewer.json';
import esExportViewer from '../../shared/i18n/messages/es/exportViewer.json';
import frExportViewer from '../../shared/i18n/messages/fr/exportViewer.json';

export const offlineCatalogues: Record<string, Record<string, string>> = {
  de: { ...deExportViewer },
  es: { ...esExportViewer },
  fr: { ...frExportViewer },
};
