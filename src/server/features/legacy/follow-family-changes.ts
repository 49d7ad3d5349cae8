// The Legacy Plan's rules by relation follow the family (decision 065): after a change to the family tree or to a
// contact (an address added, a contact placed in the tree), the owner's rules are looked at again on the job
// queue. A hook of the signed-in routes, so neither the tree nor the contacts feature has to know the plan.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { LegacyRelationsService } from './legacy-relations.service';

const FAMILY_ROUTES = /^\/api\/(?:tree|contacts)(?:\/|$)/;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function followFamilyChanges(service: Pick<LegacyRelationsService, 'familyChanged'>, log: FastifyBaseLogger) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (READS.has(req.method) || reply.statusCode >= 300 || !req.user) return;
    if (!FAMILY_ROUTES.test(req.routeOptions.url ?? '')) return;
    // the answer has gone: a queue that cannot be reached now is caught up by the hourly look
    await service
      .familyChanged(req.user.id)
      .catch((err: unknown) => log.error({ err }, 'Could not queue the Legacy Plan’s look at the family'));
  };
}
