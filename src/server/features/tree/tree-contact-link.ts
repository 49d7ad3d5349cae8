// Places a family contact in the tree (issue 30, item 4) inside the caller's transaction, under the owner's
// lock: their person is made or kept, and the link their relation says is added when the tree allows it. A link
// the tree refuses (a third birth parent, one already there) is left out: the contact is kept either way.
import type { Tx } from '../../lib/durable-files';
import { placementOf } from './contact-placement';
import { buildFamily, parentsOf } from './tree-family';
import { parentLinkRefusal, partnerLinkRefusal } from './tree-link-checks';
import type { RelationValues, TreeRepo } from './tree.repo';

export interface PlacedContact {
  id: number;
  firstName: string;
  lastName: string | null;
  birthday: string | null;
  familyRelation: string | null;
}

export async function placeContactIn(repo: TreeRepo, tx: Tx, userId: number, ownerId: number, contact: PlacedContact) {
  const placement = placementOf(contact.familyRelation);
  const names = { givenNames: contact.firstName, surname: contact.lastName ?? '' };
  const existing = await repo.findByContact(userId, contact.id, tx);
  const person = existing
    ? await repo.update(
        userId,
        existing.id,
        {
          ...names,
          ...(contact.birthday ? { birthDate: contact.birthday } : {}),
          ...(existing.sex === 'unknown' ? { sex: placement.sex } : {}),
        },
        tx,
      )
    : await repo.insert(userId, { ...names, birthDate: contact.birthday, sex: placement.sex, contactId: contact.id }, tx);
  if (!person || !placement.link || person.id === ownerId) return;

  const { persons, relations } = await repo.everything(userId, tx);
  const family = buildFamily(persons, relations);
  const links: RelationValues[] = [];
  const parentLink = (parent: number, child: number) => {
    if (!parentLinkRefusal(family, parent, child, 'birth')) links.push({ kind: 'parent', fromId: parent, toId: child, type: 'birth' });
  };
  const link = placement.link;
  if (link.kind === 'parent-of-owner') parentLink(person.id, ownerId);
  else if (link.kind === 'child-of-owner') parentLink(ownerId, person.id);
  else if (link.kind === 'partner') {
    if (!partnerLinkRefusal(family, person.id, ownerId))
      links.push({ kind: 'partner', fromId: Math.min(person.id, ownerId), toId: Math.max(person.id, ownerId), type: link.type });
  } else {
    for (const parent of parentsOf(family, ownerId)) if (parent.type === 'birth') parentLink(parent.fromId, person.id);
  }
  for (const values of links) await repo.insertRelation(userId, values, tx);
}
