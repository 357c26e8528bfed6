import { JobCartQuerySchema, JobCartUpdateBodySchema, type JobCartResponse } from '@careers/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { NotFoundError } from '../../errors';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import { JobCartMessages, type JobCartService } from './job-cart.service';

/** spec §7 GET/POST /api/pcsx/job_cart; the client reads data.data.jobCartData (contracts job-cart.ts). */
export const jobCartRoutes: FastifyPluginAsync<{ jobCart: JobCartService }> = async (app, { jobCart }) => {
  /** Only where jobCartConfig enables it (spec §3); elsewhere the call does not exist. */
  function cartOwner(request: FastifyRequest): { tenantId: string; candidateId: string } {
    const tenant = tenantOf(request);
    if (!tenant.config.pcsxConfig.jobCartConfig.enabled) throw new NotFoundError(JobCartMessages.disabled);
    return { tenantId: tenant.id, candidateId: requireCandidate(request).candidate.id };
  }

  app.get('/api/pcsx/job_cart', async (request): Promise<JobCartResponse> => {
    const { tenantId, candidateId } = cartOwner(request);
    parseInput(JobCartQuerySchema, request.query);
    return { data: await jobCart.get(tenantId, candidateId) };
  });

  app.post('/api/pcsx/job_cart', async (request): Promise<JobCartResponse> => {
    const { tenantId, candidateId } = cartOwner(request);
    const body = parseInput(JobCartUpdateBodySchema, request.body);
    return { data: await jobCart.update(tenantId, candidateId, body) };
  });
};
