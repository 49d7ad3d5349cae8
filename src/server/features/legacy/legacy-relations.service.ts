// Releases chosen by relation (decision 065): "to each of my grandchildren: this collection". A rule is expanded
// into ordinary heir grants (decision 027), one per person it names who can receive, each carrying the rule's
// id; the expansion runs again whenever the family changes (the job below), before every tick of the trigger,
// and when the owner reads the rules, so a grandchild added to the tree receives what their cousins receive.
// The owner is told of every newcomer by mail, through the one job queue, whether they receive or not yet.
import {
  LEGACY_MESSAGES,
  type FamilyRelation,
  type ReceivedFamily,
  type RelationRule,
  type RelationRuleMember,
  type relationRuleInputSchema,
} from '@shared/schemas/legacy';
import type { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import { translator } from '../../lib/i18n';
import { queueMail } from '../../lib/mail';
import { accountLanguage } from '../../lib/mail-language';
import type { FastifyBaseLogger } from 'fastify';
import { relationBetween } from '@shared/tree/relation-naming';
import { scheduleLegacyTick } from '../legacy-trigger/legacy-trigger.service';
import {
  exactBirthDate,
  ownerFamily,
  ownersWordFor,
  personName,
  personsNamed,
  RELATION_LABELS,
  type LegacyFamilySource,
  type LegacyTreePerson,
  type OwnerFamily,
} from './legacy-family';
import type { LegacyRelationsRepo, RuleRow } from './legacy-relations.repo';
import type { LegacyRepo, StoredCondition } from './legacy.repo';
import { birthdayAt } from './legacy.service';
import { relationsMail } from './relations-mail';

export const LEGACY_RELATIONS_JOB = 'legacy.relations';
/** How often an owner's rules look at the tree again even when no change was announced: a bound on any lag. */
const RECHECK_MS = 60 * 60 * 1000;

type RuleCondition = RelationRule['condition'];
const CONDITIONS: Record<RuleCondition, Exclude<StoredCondition, 'now'>> = {
  'after-death': 'after_death',
  'on-date': 'on_date',
  'at-age': 'at_age',
  never: 'never',
};
const conditionOf = (stored: StoredCondition): RuleCondition =>
  (Object.entries(CONDITIONS).find(([, v]) => v === stored)?.[0] ?? 'after-death') as RuleCondition;

type TargetKind = RelationRule['target']['kind'];
const kindOf = (r: Pick<RuleRow, 'collectionId' | 'photoId' | 'memoryId'>): TargetKind =>
  r.collectionId !== null ? 'collection' : r.photoId !== null ? 'photo' : r.memoryId !== null ? 'memory' : 'document';
const targetIdOf = (r: Pick<RuleRow, 'collectionId' | 'photoId' | 'memoryId' | 'vaultFileId'>) =>
  r.collectionId ?? r.photoId ?? r.memoryId ?? r.vaultFileId ?? 0;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A member's message in the API's answer; the owner's mail says the same in the owner's language (relations-mail.ts). */
function memberMessage(status: RelationRuleMember['status'], name: string, hasKeyCode: boolean): string | null {
  switch (status) {
    case 'no-contact':
      return `${name} is not linked to a contact yet: link them to a contact with an e-mail address and they will receive this.`;
    case 'no-email':
      return `${name} has no e-mail address yet: add one to their contact and they will receive this.`;
    case 'no-date-of-birth':
      return `${name} has no date of birth, so a release at an age cannot be dated for them: add it to the heir.`;
    default:
      return hasKeyCode
        ? null
        : `Make ${name}’s key code and give them the Legacy Kit: without it, nothing released to them can be opened.`;
  }
}

interface Expanded {
  rule: RuleRow;
  members: RelationRuleMember[];
  /** Persons this expansion found who were not named before: the owner is told of them. */
  newcomers: RelationRuleMember[];
}

interface Deps {
  repo: LegacyRelationsRepo;
  legacyRepo: LegacyRepo;
  family: LegacyFamilySource;
  jobs: JobQueue;
  publicUrl: string;
  now?: () => Date;
}

export function createLegacyRelationsService({ repo, legacyRepo, family, jobs, publicUrl, now = () => new Date() }: Deps) {
  /**
   * Brings the owner's rule grants in line with the tree: an heir (without a key code) for every named person
   * with an e-mail address, a grant for every rule and such heir, and no unreleased grant for anyone a rule no
   * longer names. Released grants stay: what was handed on is not taken back.
   */
  async function expand(userId: number): Promise<{ expanded: Expanded[]; family: OwnerFamily }> {
    // most owners have no rule: their tree is not read for nothing (every tick of the trigger comes here)
    if (!(await repo.hasRules(userId)))
      return { expanded: [], family: ownerFamily({ persons: [], parents: [], partners: [], ownerId: null }) };
    const fam = ownerFamily(await family.familyGraph(userId));
    const at = now();
    const dated: Date[] = [];
    const expanded = await repo.underOwnerLock(userId, async (tx) => {
      const rules = await repo.rules(userId, tx);
      if (rules.length === 0) return [];
      const named = new Map(rules.map((rule) => [rule.id, personsNamed(fam, rule.relation as FamilyRelation, at)]));
      const contactIds = [...new Set([...named.values()].flat().flatMap((p) => (p.contactId === null ? [] : [p.contactId])))];
      const contacts = new Map((await repo.contacts(userId, contactIds, tx)).map((c) => [c.id, c]));
      const heirOf = async () => new Map((await repo.heirsOfContacts(userId, contactIds, tx)).map((h) => [h.contactId, h]));
      let heirs = await heirOf();
      const personOfContact = new Map([...named.values()].flat().flatMap((p) => (p.contactId === null ? [] : [[p.contactId, p] as const])));
      let madeHeirs = false;
      for (const contact of contacts.values()) {
        if (!contact.email || heirs.has(contact.id)) continue;
        await repo.insertHeir(tx, userId, contact.id, exactBirthDate(personOfContact.get(contact.id)?.birthDate ?? null));
        madeHeirs = true;
      }
      if (madeHeirs) heirs = await heirOf();

      const existing = await repo.ruleGrants(userId, tx);
      const wanted = new Set<string>();
      const result: Expanded[] = [];
      for (const rule of rules) {
        const members: RelationRuleMember[] = [];
        for (const person of named.get(rule.id)!) {
          const contact = person.contactId === null ? undefined : contacts.get(person.contactId);
          const heir = contact ? heirs.get(contact.id) : undefined;
          const name = personName(person);
          let status: RelationRuleMember['status'] = 'receives';
          if (!contact) status = 'no-contact';
          else if (!contact.email || !heir) status = 'no-email';
          else if (rule.condition === 'at_age' && !heir.dateOfBirth) status = 'no-date-of-birth';
          if (status === 'receives') {
            wanted.add(`${rule.id}:${heir!.id}`);
            if (!existing.some((g) => g.ruleId === rule.id && g.heirId === heir!.id)) {
              let releaseAt: Date | null = null;
              if (rule.condition === 'on_date') releaseAt = rule.releaseAt;
              else if (rule.condition === 'at_age') {
                const birthday = birthdayAt(heir!.dateOfBirth!, rule.age ?? 0);
                releaseAt = birthday > at ? birthday : at;
              }
              await repo.insertGrant(tx, {
                userId,
                heirId: heir!.id,
                contactId: contact!.id,
                linkKind: 'heir',
                releaseCondition: rule.condition as Exclude<StoredCondition, 'now'>,
                releaseAt,
                releaseAge: rule.condition === 'at_age' ? rule.age : null,
                includePlaces: true,
                includeNames: rule.includeNames,
                collectionId: rule.collectionId,
                photoId: rule.photoId,
                memoryId: rule.memoryId,
                vaultFileId: rule.vaultFileId,
                relationRuleId: rule.id,
              });
              if (releaseAt) dated.push(releaseAt);
            }
          }
          const hasKeyCode = status === 'receives' && heir!.keyCodeHash !== null;
          members.push({
            treePersonId: Number(person.id),
            name,
            relation: ownersWordFor(fam, person.id),
            status,
            heirId: status === 'receives' ? heir!.id : null,
            hasKeyCode,
            message: memberMessage(status, name, hasKeyCode),
          });
        }
        const told = new Set(rule.toldPersonIds);
        const newcomers = members.filter((m) => !told.has(m.treePersonId));
        const namedIds = members.map((m) => m.treePersonId).sort((a, b) => a - b);
        if (namedIds.join() !== [...rule.toldPersonIds].sort((a, b) => a - b).join()) await repo.setTold(tx, userId, rule.id, namedIds);
        result.push({ rule, members, newcomers });
      }
      await repo.deleteUnreleased(
        tx,
        userId,
        existing.filter((g) => !wanted.has(`${g.ruleId}:${g.heirId}`)).map((g) => g.id),
      );
      return result;
    });
    for (const at of dated) await scheduleLegacyTick(jobs, userId, at);
    return { expanded, family: fam };
  }

  function ruleOut(e: Expanded, fam: OwnerFamily): RelationRule {
    const { rule } = e;
    return {
      id: rule.id,
      relation: rule.relation as FamilyRelation,
      label: RELATION_LABELS[rule.relation as FamilyRelation],
      condition: conditionOf(rule.condition),
      target: { kind: kindOf(rule), id: targetIdOf(rule), title: rule.title },
      releaseAt: iso(rule.releaseAt),
      age: rule.age,
      includeNames: rule.includeNames,
      ownerInTree: fam.ownerId !== null,
      members: e.members,
      createdAt: rule.createdAt.toISOString(),
    };
  }

  /** The owner's mail about newcomers, in the owner's language. */
  async function tellOwner(userId: number, expanded: Expanded[]) {
    const newcomers = expanded.flatMap(({ rule, newcomers }) => newcomers.map((member) => ({ rule, member })));
    if (newcomers.length === 0) return;
    const owner = await repo.owner(userId);
    if (!owner) return;
    const intl = translator(await accountLanguage(repo.db, userId));
    await queueMail(jobs, relationsMail(intl, owner, newcomers, `${publicUrl}/after-life`));
  }

  const recheckLater = (userId: number) =>
    jobs.send(LEGACY_RELATIONS_JOB, { userId }, { singletonKey: `later:${userId}`, startAfter: new Date(now().getTime() + RECHECK_MS) });

  /** Expands the owner's rules and tells the owner of newcomers. */
  async function follow(userId: number) {
    const result = await expand(userId);
    await tellOwner(userId, result.expanded);
    return result;
  }

  return {
    async listRules(userId: number): Promise<RelationRule[]> {
      const { expanded, family: fam } = await follow(userId);
      return expanded.map((e) => ruleOut(e, fam));
    },

    async addRule(userId: number, input: z.infer<typeof relationRuleInputSchema>): Promise<RelationRule> {
      const [kind, targetId] = (
        [
          ['collection', input.collectionId],
          ['photo', input.photoId],
          ['memory', input.memoryId],
          ['document', input.documentId],
        ] as Array<[TargetKind, number | undefined]>
      ).find(([, id]) => id !== undefined)!;
      if (!(await legacyRepo.ownsTarget(userId, kind, targetId!))) throw notFound();
      const at = now();
      const releaseAt = input.condition === 'on-date' ? new Date(input.releaseAt!) : null;
      if (releaseAt && releaseAt <= at) throw badRequest(LEGACY_MESSAGES.releaseAtInPast);
      // everyone the rule names today is shown on the page that made it: only later newcomers are mailed about
      const fam = ownerFamily(await family.familyGraph(userId));
      const told = personsNamed(fam, input.relation, at).map((p: LegacyTreePerson) => Number(p.id));
      const id = await repo.insertRule(
        {
          userId,
          relation: input.relation,
          collectionId: kind === 'collection' ? targetId : null,
          photoId: kind === 'photo' ? targetId : null,
          memoryId: kind === 'memory' ? targetId : null,
          vaultFileId: kind === 'document' ? targetId : null,
          releaseCondition: CONDITIONS[input.condition],
          releaseAt,
          releaseAge: input.condition === 'at-age' ? input.age! : null,
          includeNames: input.includeNames,
        },
        told,
      );
      const { expanded, family: after } = await follow(userId);
      await recheckLater(userId);
      return ruleOut(
        expanded.find((e) => e.rule.id === id)!,
        after,
      );
    },

    async removeRule(userId: number, id: number) {
      const rule = await repo.rule(userId, id);
      if (!rule || !(await repo.deleteRule(userId, id))) throw notFound();
      // the trigger recomputes its next wake-up without the rule's dated grants
      if (rule.condition === 'on_date' || rule.condition === 'at_age') await scheduleLegacyTick(jobs, userId);
    },

    follow,

    /** The tree changed: the owner's rules follow it, in the background. */
    async familyChanged(userId: number) {
      if (await repo.hasRules(userId)) await jobs.send(LEGACY_RELATIONS_JOB, { userId }, { singletonKey: `now:${userId}` });
    },

    /**
     * The heir's family words, from the heir's own tree person (the one linked to the heir's contact): the owner
     * as the tree service names them, and the people named in what was released to the heir whom the tree knows
     * by that same name (a name two persons share names neither).
     */
    async heirFamily(heir: { userId: number; contactId: number; ownerName: string }, namesShown: string[]): Promise<ReceivedFamily> {
      const graph = await family.familyGraph(heir.userId);
      const own = graph.persons.find((p) => p.contactId === heir.contactId);
      if (!own) return { ownerName: heir.ownerName, heirInTree: false, ownerRelation: null, relatives: [] };
      const ownerRelation = graph.ownerId !== null ? await family.relationWord(heir.userId, Number(own.id), Number(graph.ownerId)) : null;
      const byName = new Map<string, string[]>();
      for (const p of graph.persons) byName.set(personName(p), [...(byName.get(personName(p)) ?? []), p.id]);
      const fam = ownerFamily(graph);
      const relatives = namesShown.flatMap((name) => {
        const ids = byName.get(name.trim());
        if (ids?.length !== 1 || ids[0] === own.id) return [];
        const relation = relationBetween(fam.index, own.id, ids[0]!)?.label;
        return relation ? [{ name, relation }] : [];
      });
      return { ownerName: heir.ownerName, heirInTree: true, ownerRelation, relatives };
    },

    /** At start: every owner with rules is looked at again (a queued look is not queued twice). */
    resume: async () =>
      jobs.sendMany(
        LEGACY_RELATIONS_JOB,
        (await repo.ownersWithRules()).map((userId) => ({ data: { userId }, singletonKey: `now:${userId}` })),
      ),

    defineJob(log: FastifyBaseLogger) {
      jobs.define<{ userId: number }>({
        name: LEGACY_RELATIONS_JOB,
        oneQueuedPerKey: true,
        retryLimit: 10,
        retryDelaySeconds: 30,
        expireInSeconds: 300,
        async handler({ userId }, job) {
          try {
            const { expanded } = await follow(userId);
            // an owner with rules is looked at again later, whatever announced (or failed to announce) a change
            if (expanded.length > 0) await recheckLater(userId);
          } catch (err) {
            if (job.isLastTry) log.error({ err, userId }, 'The Legacy Plan could not follow the family tree after every retry');
            throw err;
          }
        },
      });
    },
  };
}
export type LegacyRelationsService = ReturnType<typeof createLegacyRelationsService>;
