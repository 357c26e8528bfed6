import type { FastifyPluginAsync } from 'fastify';
import { NotFoundError } from '../../errors';
import type { BrandingImagesService } from './branding-images.service';

/**
 * Public branding images (issue 10): `/branding/<domain>/<kind>-<hash>.<ext>`, a bare route (no session, no
 * tenant by Host: the path names it). The hash in the name changes with every upload, so the answer is
 * immutable and cached for a year.
 */
export const brandingRoutes: FastifyPluginAsync<{ branding: BrandingImagesService }> = async (app, { branding }) => {
  app.get<{ Params: { domain: string; file: string } }>('/branding/:domain/:file', async (request, reply) => {
    const image = await branding.read(request.params.domain, request.params.file);
    if (!image) throw new NotFoundError();
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${image.sha256}"`)
      .header('content-disposition', 'inline')
      .send(Buffer.from(image.bytes));
  });
};
