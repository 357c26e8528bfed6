import {
  DeleteAccountRequestSchema,
  UpdatePreferencesRequestSchema,
  type DataExportResponse,
  type DeleteAccountResponse,
  type PreferencesResponse,
} from '@careers/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { NotFoundError } from '../../errors';
import { issueAnonymousCsrf } from '../../http/csrf';
import { parseInput } from '../../http/parse';
import { authRateLimit, type RateLimits } from '../../http/rate-limit';
import { clearSessionCookie } from '../../http/sessions';
import type { DataOwner } from '../../kernel/personal-data';
import { requireCandidate } from '../auth/auth.policy';
import { attachmentDisposition } from '../offers/offer-files';
import type { AccountDeletionService } from './account-deletion.service';
import type { DataExportService } from './data-export.service';
import type { PreferencesService } from './preferences.service';

export interface AccountRoutesOptions {
  preferences: PreferencesService;
  dataExport: DataExportService;
  deletion: AccountDeletionService;
  config: AppConfig;
  limits: RateLimits;
}

/** The signed-in candidate as the owner of their data (T01: their tenant AND their id, from the session only). */
function ownerOf(request: FastifyRequest): DataOwner {
  const { candidate } = requireCandidate(request);
  return { tenantId: candidate.tenantId, candidateId: candidate.id, email: candidate.email };
}

/** Issue 11 "Settings and their own data": preferences, "Download all my data", "Delete my account". */
const EXPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (app, { preferences, dataExport, deletion, config, limits }) => {
  app.addHook('onClose', () => dataExport.idle());

  app.get('/api/account/preferences', async (request): Promise<PreferencesResponse> => {
    const owner = ownerOf(request);
    return { preferences: await preferences.get(owner.tenantId, owner.candidateId) };
  });

  app.post('/api/account/preferences', async (request): Promise<PreferencesResponse> => {
    const owner = ownerOf(request);
    const input = parseInput(UpdatePreferencesRequestSchema, request.body);
    return { preferences: await preferences.update(owner.tenantId, owner.candidateId, input) };
  });

  app.get('/api/account/data_export', async (request): Promise<DataExportResponse> => ({ export: await dataExport.latest(ownerOf(request)) }));

  app.post('/api/account/data_export', async (request, reply): Promise<DataExportResponse> => {
    const started = await dataExport.start(ownerOf(request));
    reply.code(202);
    return { export: started };
  });

  app.get<{ Params: { id: string } }>('/api/account/data_export/:id/download', async (request, reply) => {
    const owner = ownerOf(request);
    // Export ids are UUIDs: anything else (a NUL byte reached PostgreSQL as a 500, found by the fuzz) is no export.
    if (!EXPORT_ID.test(request.params.id)) throw new NotFoundError();
    const bytes = await dataExport.archive(owner, request.params.id);
    return reply
      .type('application/zip')
      .header('content-disposition', attachmentDisposition(`my-data-${tenantSlug(request)}.zip`))
      .header('content-length', String(bytes.byteLength))
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  app.post('/api/account/delete', { config: authRateLimit(limits) }, async (request, reply): Promise<DeleteAccountResponse> => {
    const owner = ownerOf(request);
    const { confirmation } = parseInput(DeleteAccountRequestSchema, request.body);
    const result = await deletion.deleteAccount(owner, confirmation);
    // The session row went with the account; the cookie follows, and the page gets an anonymous token.
    clearSessionCookie(request, reply, config);
    issueAnonymousCsrf(request, reply, config);
    request.log.info({ event: 'account_deleted', tenant: owner.tenantId, candidate: owner.candidateId }, 'account deleted by its owner');
    return result;
  });
};

function tenantSlug(request: FastifyRequest): string {
  return (request.tenant?.domain ?? 'careers').replace(/[^a-z0-9.-]/gi, '-');
}
