// The zip code moved to the exporter (decision 028: one writer for every archive); kept here so this
// feature's files import it as before.
export { safeNamePart, zipNames, zipStream, type ZipEntry } from '../exports/exports.service';
