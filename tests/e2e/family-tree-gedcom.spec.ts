import fs from 'node:fs/promises';
import { seriousFindings } from './axe';
import { expect, test } from './fixtures';

// GEDCOM on the tree page (issue 30): a file from another program is imported, its copy of the owner is merged
// into the owner, and the tree goes out again as a GEDCOM 7.0 file.
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

// Three generations and six notes that are not in the file (warnings on lines 32 to 37); the file's Rose Tyler
// (born 1980) is the owner made from the profile (born 1980-04-01).
const FAMILY_GED = [
  '0 HEAD',
  '1 SOUR OtherProgram',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Pete /Tyler/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 12 MAR 1950',
  '2 PLAC London, England',
  '0 @I2@ INDI',
  '1 NAME Jackie /Prentice/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 1955',
  '0 @I3@ INDI',
  '1 NAME Rose /Tyler/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 1980',
  '2 PLAC London, England',
  '1 FAMC @F1@',
  '1 FAMS @F2@',
  '0 @I4@ INDI',
  '1 NAME Ada /Tyler/',
  '1 SEX F',
  '1 BIRT',
  '2 DATE 2010',
  '1 FAMC @F2@',
  '1 NOTE @N1@',
  '1 NOTE @N2@',
  '1 NOTE @N3@',
  '1 NOTE @N4@',
  '1 NOTE @N5@',
  '1 NOTE @N6@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 MARR',
  '2 DATE 1977',
  '1 CHIL @I3@',
  '0 @F2@ FAM',
  '1 WIFE @I3@',
  '1 CHIL @I4@',
  '0 TRLR',
  '',
].join('\r\n');

test('on a phone the owner imports a GEDCOM file, merges its copy of them and downloads the tree as GEDCOM 7.0', async ({
  page,
  signIn,
  toasts,
}) => {
  await signIn(); // Rose Tyler, born 1980-04-01

  await page.goto('/family/tree');
  await expect(page.getByRole('heading', { level: 1, name: 'Your family tree' })).toBeVisible();
  const tree = page.getByRole('region', { name: 'Family tree' });
  await expect(tree.getByRole('link', { name: /^Rose Tyler, you/ })).toBeVisible();

  const gedcom = page.getByRole('region', { name: 'GEDCOM', exact: true });
  const fileInput = gedcom.getByLabel('GEDCOM file (.ged)');
  // a file that is not GEDCOM is refused with the server's words
  await fileInput.setInputFiles({ name: 'notes.ged', mimeType: 'text/plain', buffer: Buffer.from('Grandma was born in 1920.\n') });
  await gedcom.getByRole('button', { name: 'Import' }).click();
  await toasts.expectShown('Could not import', 'This is not a GEDCOM file');

  await fileInput.setInputFiles({
    name: 'family.ged',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(FAMILY_GED),
  });
  await gedcom.getByRole('button', { name: 'Import' }).click();

  const report = gedcom.getByRole('region', { name: 'GEDCOM import report' });
  await expect(report).toContainText('family.ged was imported.', { timeout: 30_000 });
  await expect(fileInput).toHaveValue('');
  await expect(report).toContainText('Added 4 persons, 3 parent links, 1 partnership.');
  const warnings = report.getByRole('list', { name: 'Warnings' });
  await expect(warnings).toContainText('Line 32 — A note points to @N1@, which is not in the file.');
  await expect(warnings.getByRole('listitem')).toHaveCount(5);
  await report.getByRole('button', { name: 'Show all 6 warnings' }).click();
  await expect(warnings.getByRole('listitem')).toHaveCount(6);
  await expect(warnings).toContainText('Line 37 — A note points to @N6@, which is not in the file.');

  // the file's Rose Tyler is offered as the owner
  const match = gedcom.getByRole('listitem', { name: 'Possible match: Rose Tyler' });
  await expect(match).toContainText('From the file');
  await expect(match).toContainText('London, England');
  await expect(match).toContainText('In your tree');
  expect(await seriousFindings(page), 'axe with the report and a possible match').toEqual([]);
  await match.getByRole('button', { name: 'Same person' }).click();
  await toasts.expectShown('Merged into Rose Tyler');
  await expect(gedcom.getByRole('heading', { name: 'Possible matches' })).toBeHidden();

  // the file's parents and daughter are now the owner's
  await expect(tree.getByRole('link', { name: /^Pete Tyler/ })).toBeVisible();
  await expect(tree.getByRole('link', { name: /^Jackie Prentice/ })).toBeVisible();
  await expect(tree.getByRole('link', { name: /^Ada Tyler/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const downloading = page.waitForEvent('download');
  await gedcom.getByRole('link', { name: 'GEDCOM 7.0' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('family.ged');
  const text = (await fs.readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(text.startsWith('0 HEAD')).toBe(true);
  expect(text).toMatch(/1 NAME Pete \/Tyler\//);
});
