// GEDCOM in and out of an owner's family tree (issue 30, decision 061). An upload is kept with its import's row
// and read by the `tree.gedcom-import` job: persons in batches, each batch in one transaction with the progress,
// so a try after a crash skips the persons an earlier try inserted (their file ids are kept with the import's id).
import type { FastifyBaseLogger } from 'fastify';
import {
  GEDCOM_MESSAGES,
  GEDCOM_REPORT_LIMIT,
  type GedcomImport,
  type GedcomReport,
  type GedcomVersion,
  type MatchDecision,
  type MatchSuggestion,
} from '@shared/schemas/tree-gedcom';
import { defineMessages } from '../../../lib/define-messages';
import { conflict, notFound } from '../../../lib/errors';
import { sentence, sentenceIn, type Sentence } from '../../../lib/i18n';
import { SOURCE_LANGUAGE } from '@shared/i18n/languages';
import type { createJobQueue } from '../../../lib/jobs';
import { GedcomError, type GedcomDataset } from './gedcom-dataset';
import { findMatches } from './gedcom-matching';
import { personRow, relationRow, treeAsDataset } from './gedcom-rows';
import { writeGedcom } from './gedcom-writer';
import type { GedcomImportRow, GedcomRepo, PersonInsert } from './gedcom.repo';
import { readGedcomFile } from './read-gedcom-file';
import { userText } from '@shared/i18n/text';

export const GEDCOM_IMPORT_JOB = 'tree.gedcom-import';

type Jobs = ReturnType<typeof createJobQueue>;

const PERSON_BATCH = 500;
const RELATION_BATCH = 1000;
const LIST_LIMIT = 10;

const messages = defineMessages({
  ownAncestor: {
    id: 'errors.gedcom.ownAncestor',
    defaultMessage: '{person} would become their own ancestor: the two cannot be the same person.',
  },
});
const FAILED = userText('The GEDCOM import could not be finished. Please try again.');

/** An import as its owner sees it: a failed one's error in `language` (English exactly as it was kept). */
function toApi(row: GedcomImportRow, language: string): GedcomImport {
  const said = row.errorSentence as Sentence | null;
  return {
    id: row.id,
    status: row.status,
    fileName: row.fileName,
    progress: { personsDone: row.personsDone, personsTotal: row.personsTotal },
    report: (row.report as GedcomReport | null) ?? null,
    error: said && language !== SOURCE_LANGUAGE ? sentenceIn(language, said) : row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Fields of the existing person left empty, filled from the imported one when they are merged. */
function filledFrom(existing: PersonInsert, imported: PersonInsert): Partial<PersonInsert> {
  const out: Partial<PersonInsert> = {};
  const keys = ['birthSurname', 'gender', 'birthDate', 'birthPlace', 'deathDate', 'deathPlace', 'note'] as const;
  for (const key of keys) if (!existing[key] && imported[key]) out[key] = imported[key];
  if (!existing.givenNames && imported.givenNames) out.givenNames = imported.givenNames;
  if (!existing.surname && imported.surname) out.surname = imported.surname;
  if (out.birthSurname === (out.surname ?? existing.surname)) delete out.birthSurname;
  if (existing.sex === 'unknown' && imported.sex !== 'unknown') out.sex = imported.sex;
  if (!existing.died && imported.died) out.died = true;
  return out;
}

export function createGedcomService({ repo, jobs, log }: { repo: GedcomRepo; jobs: Jobs; log: FastifyBaseLogger }) {
  /** Inserts a dataset's persons, links and suggestions under an import's id; a second run adds nothing twice. */
  async function importDataset(userId: number, importId: number, dataset: GedcomDataset): Promise<GedcomReport> {
    const ids = await repo.importedIds(userId, importId);
    const missing = dataset.persons.filter((p) => !ids.has(p.ref));
    let done = ids.size;
    for (const batch of chunks(missing, PERSON_BATCH)) {
      await repo.transaction(async (tx) => {
        const rows = await repo.insertPersons(
          tx,
          userId,
          batch.map((p) => personRow(p, importId)),
        );
        for (const row of rows) ids.set(row.gedcomId!, row.id);
        done += rows.length;
        await repo.setProgress(tx, importId, done);
      });
    }
    const relations = dataset.relations.map((r) => relationRow(r, ids)).filter((r) => r !== null);
    for (const batch of chunks(relations, RELATION_BATCH)) {
      await repo.transaction(async (tx) => {
        await repo.lockOwner(tx, userId);
        await repo.insertRelations(tx, userId, batch);
      });
    }
    const matches = findMatches(await repo.importedPersons(userId, importId), await repo.otherPersons(userId, importId));
    await repo.insertSuggestions(userId, importId, matches);
    return {
      personsAdded: ids.size,
      parentLinks: relations.filter((r) => r.kind === 'parent').length,
      partnerships: relations.filter((r) => r.kind === 'partner').length,
      suggestions: matches.length,
      warnings: { count: dataset.report.length, items: dataset.report.slice(0, GEDCOM_REPORT_LIMIT) },
    };
  }

  async function run(importId: number, isLastTry: boolean) {
    const row = await repo.findForJob(importId);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    if (!row.source) return repo.fail(importId, FAILED);
    let dataset: GedcomDataset;
    try {
      dataset = readGedcomFile(row.source);
    } catch (err) {
      if (err instanceof GedcomError) return repo.fail(importId, err.message, err.sentence);
      throw err;
    }
    await repo.markRunning(importId, dataset.persons.length);
    try {
      await repo.finish(importId, await importDataset(row.userId, importId, dataset));
    } catch (err) {
      if (!isLastTry) throw err; // the next try goes on where this one stopped
      log.error({ err, importId }, 'A GEDCOM import failed after every retry');
      await repo.fail(importId, FAILED);
    }
  }

  jobs.define<{ importId: number }>({
    name: GEDCOM_IMPORT_JOB,
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 5,
    expireInSeconds: 60 * 60,
    handler: ({ importId }, job) => run(importId, job.isLastTry),
    async onGivenUp({ importId }) {
      const row = await repo.findForJob(importId);
      if (row && row.status !== 'done' && row.status !== 'failed') await repo.fail(importId, FAILED);
    },
  });

  return {
    async assertNoneRunning(userId: number) {
      if (await repo.hasUnfinished(userId)) throw conflict(GEDCOM_MESSAGES.running, 'IMPORT_RUNNING');
    },

    /** Keeps the file with a new import and queues its job. */
    async start(userId: number, fileName: string, source: Buffer) {
      const id = await repo.insertUnlessRunning(userId, fileName, source);
      if (id === 'running') throw conflict(GEDCOM_MESSAGES.running, 'IMPORT_RUNNING');
      await jobs.send(GEDCOM_IMPORT_JOB, { importId: id });
      return { id };
    },

    async list(userId: number, language: string) {
      return (await repo.listOwned(userId, LIST_LIMIT)).map((row) => toApi(row, language));
    },

    async get(userId: number, id: number, language: string) {
      const row = await repo.findOwned(userId, id);
      if (!row) throw notFound(userText('Import not found'));
      return toApi(row, language);
    },

    /** The owner's tree as a GEDCOM file. */
    async exportFile(userId: number, version: GedcomVersion, submitter: string) {
      const { persons, relations } = await repo.everything(userId);
      return writeGedcom(treeAsDataset(persons, relations), { version, submitter, today: new Date() });
    },

    /** family.ged of the account's export archive (7.0): null while the tree is the owner alone, or empty. */
    async archiveFile(userId: number): Promise<string | null> {
      const { persons, relations } = await repo.everything(userId);
      if (relations.length === 0 && persons.every((p) => p.isOwner)) return null;
      return writeGedcom(treeAsDataset(persons, relations), { version: '7.0', submitter: 'heirloom', today: new Date() });
    },

    /**
     * An heirloom archive's family.ged, read inside that archive's import job: a refused file costs the tree, not
     * the archive. A retry of the archive import first calls removeForArchive, so nothing is doubled.
     */
    async importForArchive(
      userId: number,
      archiveImportId: number,
      bytes: Buffer,
    ): Promise<{ refused: string } | { report: GedcomReport }> {
      let dataset: GedcomDataset;
      try {
        dataset = readGedcomFile(bytes);
      } catch (err) {
        if (err instanceof GedcomError) return { refused: err.message };
        throw err;
      }
      const id = await repo.insertForArchive(userId, archiveImportId);
      const report = await importDataset(userId, id, dataset);
      await repo.finish(id, report);
      return { report };
    },

    removeForArchive: (userId: number, archiveImportId: number) => repo.removeForArchive(userId, archiveImportId),

    async suggestions(userId: number): Promise<MatchSuggestion[]> {
      return repo.pendingSuggestions(userId);
    },

    /** accept: the imported person's facts fill the existing person's gaps, their links move over, and they go. */
    async decide(userId: number, id: number, decision: MatchDecision) {
      await repo.transaction(async (tx) => {
        await repo.lockOwner(tx, userId);
        const suggestion = await repo.pendingSuggestion(tx, userId, id);
        if (!suggestion) throw notFound(userText('Suggestion not found'));
        if (decision === 'reject') return repo.setSuggestionStatus(tx, userId, id, 'rejected');
        const imported = await repo.person(tx, userId, suggestion.importedId);
        const existing = await repo.person(tx, userId, suggestion.existingId);
        if (!imported || !existing) throw notFound(userText('Suggestion not found'));
        await repo.setSuggestionStatus(tx, userId, id, 'accepted');
        const links = await repo.relationsOf(tx, userId, imported.id);
        const moved = links
          .map((r) => {
            const swap = (n: number) => (n === imported.id ? existing.id : n);
            const [from, to] = [swap(r.fromId), swap(r.toId)];
            if (from === to) return null;
            const [fromId, toId] = r.kind === 'partner' ? [Math.min(from, to), Math.max(from, to)] : [from, to];
            return { kind: r.kind, fromId, toId, type: r.type, startDate: r.startDate, endDate: r.endDate, endReason: r.endReason };
          })
          .filter((r) => r !== null);
        await repo.updatePerson(tx, userId, existing.id, filledFrom(existing, imported));
        await repo.deletePerson(tx, userId, imported.id);
        await repo.insertRelations(tx, userId, moved);
        if (await repo.isOwnAncestor(tx, userId, existing.id))
          throw conflict(
            // Spaces as the English sentence has always had them: runs made one, none before "would".
            sentence(messages.ownAncestor, { person: `${existing.givenNames} ${existing.surname}`.replace(/\s+/g, ' ').trimEnd() }),
            'TREE_CYCLE',
          );
      });
    },

    importDataset,
  };
}

export type GedcomService = ReturnType<typeof createGedcomService>;
