// Dates that matter (issue 30 item 6, decision 064): the coming days' family dates for the dashboard, and the
// weekly mail for owners who switched it on.
//
// The weekly rule: every hour a check looks at each owner who switched the mail on. In the owner's zone (the
// one their browser gave when they switched it on; UTC without one) the week runs Monday to Sunday; the week's
// mail goes at the first check from Monday 07:00 on, or, when the mail was switched on later in the week or the
// server was off, at the first check after that. The week is claimed before the mail is queued, so it goes once
// however many checks or instances run. A week with no dates sends nothing.
import type { FastifyBaseLogger } from 'fastify';
import {
  FAMILY_DATES_DAYS_DEFAULT,
  type FamilyDate,
  type FamilyDates,
  type FamilyDatesQuery,
  type FamilyDatesSettings,
  type FamilyDatesSettingsInput,
} from '@shared/schemas/family-dates';
import { indexFamily } from '@shared/tree/relation-naming';
import { anniversaryOf } from '@shared/tree/tree-date';
import { notFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import { translator } from '../../lib/i18n';
import { queueMail } from '../../lib/mail';
import type { ContactsService } from '../contacts/contacts.service';
import type { TreeService } from '../tree/tree.service';
import { dateInWords, localTimeIn, mondayOf } from './calendar-days';
import { comingDates, type DatedPerson, type Partnership, type WhenWords } from './coming-dates';
import { digestMail } from './digest-mail';
import type { FamilyDatesRepo } from './family-dates.repo';
import { familyNamer, firstName } from './family-names';
import { userText } from '@shared/i18n/text';

/** The hour of Monday, in the owner's zone, from which the week's mail goes. */
export const DIGEST_HOUR = 7;
const DIGEST_DAYS = 7;

export type FamilyTreeSource = Pick<TreeService, 'familyGraph'>;

interface Deps {
  repo: FamilyDatesRepo;
  tree: FamilyTreeSource;
  contacts: Pick<ContactsService, 'list'>;
  jobs: JobQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function createFamilyDatesService({ repo, tree, contacts, jobs, publicUrl, log }: Deps) {
  /** The dates with their lines written in `language`. */
  async function datesFrom(userId: number, from: string, days: number, language: string, when?: WhenWords) {
    const [graph, everyone] = await Promise.all([tree.familyGraph(userId), contacts.list(userId)]);
    const birthdays = everyone.flatMap((c) => (c.birthday ? [{ ...c, birthday: c.birthday }] : []));
    const contactBirthdays = new Map(birthdays.map((c) => [c.id, c]));
    const persons: DatedPerson[] = [];
    const shortNames = new Map<string, string>();
    const inTree = new Set<number>();
    for (const p of graph.persons) {
      const contact = p.contactId === null ? undefined : contactBirthdays.get(p.contactId);
      if (p.contactId !== null) inTree.add(p.contactId);
      const key = `t${p.id}`;
      // the tree's exact day wins; a contact's birthday fills in where the tree has none
      const birth = anniversaryOf(p.birthDate) || !contact ? p.birthDate : contact.birthday;
      persons.push({
        key,
        treePersonId: Number(p.id),
        contactId: p.contactId,
        isOwner: p.isOwner,
        birth,
        died: p.died,
        death: p.deathDate,
        living: p.living,
      });
      shortNames.set(
        key,
        p.givenNames.trim() || !contact ? firstName(p.givenNames, p.surname) : firstName(contact.firstName, contact.lastName),
      );
    }
    for (const c of birthdays) {
      if (inTree.has(c.id)) continue;
      const key = `c${c.id}`;
      persons.push({ key, treePersonId: null, contactId: c.id, isOwner: false, birth: c.birthday, died: false, death: null, living: true });
      shortNames.set(key, firstName(c.firstName, c.lastName));
    }
    const partnerships: Partnership[] = graph.partners.map((link) => ({
      a: `t${link.a}`,
      b: `t${link.b}`,
      type: link.kind,
      start: link.start,
      ended: link.status === 'ended',
    }));
    const ownerId = graph.ownerId === null ? null : Number(graph.ownerId);
    const nameOf = familyNamer(shortNames, graph.persons.length > 0 ? indexFamily(graph) : null, ownerId);
    return comingDates(persons, partnerships, from, days, nameOf, language, when);
  }

  async function timeZoneOf(userId: number) {
    const settings = await repo.settings(userId);
    if (!settings) throw notFound(userText('Not found'));
    return settings.timeZone;
  }

  /** Sends the week's mail to one owner when it is due; true when a mail was queued. */
  async function digestFor(owner: Awaited<ReturnType<FamilyDatesRepo['digestOwners']>>[number], now: Date) {
    const local = localTimeIn(now, owner.timeZone);
    const monday = mondayOf(local.day);
    if (owner.sentWeek !== null && owner.sentWeek >= monday) return false;
    if (local.day === monday && local.hour < DIGEST_HOUR) return false;
    if (!(await repo.claimWeek(owner.id, monday))) return false;
    let dates: FamilyDate[];
    try {
      const intl = translator(owner.language);
      dates = await datesFrom(owner.id, local.day, DIGEST_DAYS, intl.locale, (_, date, language) => dateInWords(date, language));
      if (dates.length === 0) return false;
      await queueMail(jobs, digestMail(owner, dates, publicUrl, intl));
    } catch (err) {
      await repo.releaseWeek(owner.id, monday, owner.sentWeek);
      throw err;
    }
    return true;
  }

  return {
    /** The coming dates, their lines in `language` (the request's). */
    async list(userId: number, query: FamilyDatesQuery, language: string): Promise<FamilyDates> {
      const days = query.days === undefined ? FAMILY_DATES_DAYS_DEFAULT : Number(query.days);
      const from = query.date ?? localTimeIn(new Date(), await timeZoneOf(userId)).day;
      return { from, days, dates: await datesFrom(userId, from, days, language) };
    },

    async settings(userId: number): Promise<FamilyDatesSettings> {
      const settings = await repo.settings(userId);
      if (!settings) throw notFound(userText('Not found'));
      return settings;
    },

    async setSettings(userId: number, input: FamilyDatesSettingsInput): Promise<FamilyDatesSettings> {
      const settings = await repo.setSettings(userId, input.digest, input.timeZone);
      if (!settings) throw notFound(userText('Not found'));
      return settings;
    },

    /** One check of every owner who switched the mail on; returns how many mails were queued. */
    async sendDueDigests(now = new Date()): Promise<number> {
      let sent = 0;
      for (const owner of await repo.digestOwners()) {
        try {
          if (await digestFor(owner, now)) sent++;
        } catch (err) {
          // one owner's failure does not hold up the others' mail; the next check tries again
          log.error({ err, userId: owner.id }, 'Could not send the weekly family dates');
        }
      }
      return sent;
    },
  };
}

export type FamilyDatesService = ReturnType<typeof createFamilyDatesService>;
