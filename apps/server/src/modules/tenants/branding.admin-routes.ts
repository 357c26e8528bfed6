import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyTenantOf } from '../../http/request-context';
import { BRANDING_KINDS, BRANDING_MAX_BYTES, type BrandingImagesService } from './branding-images.service';

const TAGS = ['Tenant settings'];
/** Declared types a branding upload may carry; the bytes decide what it is. */
const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'application/octet-stream'];

const BrandingImageSchema = z
  .object({
    kind: z.enum(BRANDING_KINDS),
    url: z.string().describe('Public, cacheable path; a new upload gets a new one'),
    contentType: z.string(),
    sha256: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BrandingImage' });

/** The key's tenant's logo, favicon and hero image (issue 10): uploaded as the raw request body. */
export const adminBrandingRoutes: FastifyPluginAsync<{ branding: BrandingImagesService }> = async (app, { branding }) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();
  // Only in this plugin: the rest of the API takes JSON alone.
  admin.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  admin.get(
    '/settings/branding',
    { schema: { tags: TAGS, summary: "List the tenant's branding images", response: { 200: z.object({ images: z.array(BrandingImageSchema) }) } } },
    async (request) => ({ images: await branding.list(apiKeyTenantOf(request)) }),
  );

  admin.put(
    '/settings/branding/:kind',
    {
      schema: {
        tags: TAGS,
        summary: 'Upload a branding image',
        description: `The image is the raw request body (Content-Type image/png, image/jpeg, image/webp or application/octet-stream); its type is read from its bytes. PNG, JPEG and WebP only (SVG is refused: 415). At most ${BRANDING_MAX_BYTES.logo / 1024} KB for the logo, ${BRANDING_MAX_BYTES.favicon / 1024} KB for the favicon, ${Math.floor(BRANDING_MAX_BYTES.hero / 1024)} KB for the hero (413 above). The logo becomes the config's branding.logoUrl, the hero the desktop image of heroImageConfig.default.`,
        params: z.object({ kind: z.enum(BRANDING_KINDS) }),
        response: { 200: BrandingImageSchema.extend({ bytes: z.number().int() }) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return branding.store(apiKeyTenantOf(request), request.params.kind, body);
    },
  );
};
