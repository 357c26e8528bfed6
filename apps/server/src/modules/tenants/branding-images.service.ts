import { ErrorCode } from '@careers/contracts';
import type { Clock } from '../../clock';
import { AppError, NotFoundError, PayloadTooLargeError } from '../../errors';
import { sha256Hex } from '../../kernel/sha256';
import type { BrandingImagesRepository, BrandingKind } from './branding-images.repository';
import type { TenantsRepository } from './tenants.repository';
import type { TenantsService } from './tenants.service';

/** The writes of one upload, on one transaction. */
export interface BrandingWriteRepositories {
  images: BrandingImagesRepository;
  tenants: TenantsRepository;
}

/**
 * A tenant's logo, favicon and hero image (issue 10), stored in the database and served publicly at
 * `/branding/<domain>/<kind>-<hash>.<ext>`: the hash makes each upload a new URL, so the answer is cached for
 * a year. The type is read from the bytes (magic numbers), never from the name or the declared type. PNG,
 * JPEG and WebP only: SVG is refused, because an SVG can carry script and we do not sanitize it.
 *
 * An upload is one transaction (issue 10, left over): the image row and the config pointing at it are written
 * together or not at all. The image's bytes live in that row (no file on disk), so a rollback leaves nothing
 * behind: neither an orphan image nor a config pointing at an image that was never stored. The new config is
 * validated and its HTML sanitized before the transaction opens (the sanitizer runs in a child process; no
 * transaction waits on it), so the only failures inside it are the database's own.
 */

export const BRANDING_KINDS = ['logo', 'favicon', 'hero'] as const;
export const BRANDING_MAX_BYTES: Record<BrandingKind, number> = { logo: 512 * 1024, favicon: 128 * 1024, hero: 1024 * 1024 - 1024 };

const TYPES = [
  { contentType: 'image/png', extension: 'png', matches: (bytes: Uint8Array) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/jpeg', extension: 'jpg', matches: (bytes: Uint8Array) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  {
    contentType: 'image/webp',
    extension: 'webp',
    matches: (bytes: Uint8Array) => startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]),
  },
] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, at) => bytes[at] === byte);
}

export class UnsupportedImageError extends AppError {
  constructor(message: string) {
    super(415, ErrorCode.unsupportedMediaType, message);
  }
}

export interface BrandingImage {
  kind: BrandingKind;
  /** The public, cacheable path of the image on every host of the tenant. */
  url: string;
  contentType: string;
  sha256: string;
  updatedAt: string;
}

export interface BrandingImagesService {
  /**
   * Stores the image of `kind` for the tenant. The logo becomes the config's branding.logoUrl and the hero
   * the desktop image of heroImageConfig.default, the favicon branding.faviconUrl (linked from every page's <head>).
   */
  store(tenantId: string, kind: BrandingKind, bytes: Uint8Array): Promise<BrandingImage & { bytes: number }>;
  list(tenantId: string): Promise<BrandingImage[]>;
  /** The public file by its path parts; null unless it is the tenant's current image of that kind and hash. */
  read(domain: string, file: string): Promise<{ contentType: string; bytes: Uint8Array; sha256: string } | null>;
}

export function sniffImageType(bytes: Uint8Array): (typeof TYPES)[number] | null {
  return TYPES.find((type) => type.matches(bytes)) ?? null;
}

function fileName(kind: BrandingKind, sha256: string, contentType: string): string {
  const extension = TYPES.find((type) => type.contentType === contentType)?.extension ?? 'bin';
  return `${kind}-${sha256.slice(0, 16)}.${extension}`;
}

const FILE = /^(logo|favicon|hero)-([0-9a-f]{16})\.(png|jpg|webp)$/;
/** A host name as tenants are stored (letters, digits, dots, hyphens, a port): anything else, a NUL byte above all (PostgreSQL refuses it in text), names no tenant. */
const DOMAIN = /^[a-z0-9.-]{1,253}(?::[0-9]{1,5})?$/i;

export function createBrandingImagesService(deps: {
  repository: BrandingImagesRepository;
  tenants: TenantsService;
  /** Runs `work` in one database transaction with repositories bound to it. */
  transaction: <T>(work: (repositories: BrandingWriteRepositories) => Promise<T>) => Promise<T>;
  clock: Clock;
}): BrandingImagesService {
  const urlOf = (domain: string, kind: BrandingKind, sha256: string, contentType: string) => `/branding/${encodeURIComponent(domain)}/${fileName(kind, sha256, contentType)}`;

  return {
    async store(tenantId, kind, bytes) {
      const tenant = await deps.tenants.findById(tenantId);
      if (!tenant) throw new NotFoundError();
      if (bytes.length === 0) throw new UnsupportedImageError('The image is empty.');
      if (bytes.length > BRANDING_MAX_BYTES[kind]) throw new PayloadTooLargeError();
      const type = sniffImageType(bytes);
      if (!type) {
        const text = Buffer.from(bytes.subarray(0, 512)).toString('utf8').trimStart().toLowerCase();
        throw new UnsupportedImageError(
          text.startsWith('<') && text.includes('<svg')
            ? 'SVG images are not accepted (they can carry scripts). Upload a PNG, JPEG or WebP image.'
            : 'Upload a PNG, JPEG or WebP image.',
        );
      }
      const sha256 = sha256Hex(bytes);
      const updatedAt = deps.clock.now().toISOString();
      const url = urlOf(tenant.domain, kind, sha256, type.contentType);
      const config = structuredClone(tenant.config);
      if (kind === 'logo') config.pcsxConfig.branding.logoUrl = url;
      if (kind === 'favicon') config.pcsxConfig.branding.faviconUrl = url;
      if (kind === 'hero') {
        const hero = config.pcsxConfig.branding.heroImageConfig.default;
        config.pcsxConfig.branding.heroImageConfig.default = { ...hero, alt: hero?.alt ?? '', desktop: url };
      }
      const prepared = await deps.tenants.prepareConfig(config);
      await deps.transaction(async ({ images, tenants }) => {
        await images.save({ tenantId, kind, contentType: type.contentType, bytes, sha256, updatedAt });
        if (!(await tenants.updateConfig(tenantId, prepared))) throw new NotFoundError();
      });
      deps.tenants.forgetCached();
      return { kind, url, contentType: type.contentType, sha256, updatedAt, bytes: bytes.length };
    },

    async list(tenantId) {
      const tenant = await deps.tenants.findById(tenantId);
      if (!tenant) throw new NotFoundError();
      return (await deps.repository.list(tenantId)).map((row) => ({
        kind: row.kind,
        url: urlOf(tenant.domain, row.kind, row.sha256, row.contentType),
        contentType: row.contentType,
        sha256: row.sha256,
        updatedAt: row.updatedAt,
      }));
    },

    async read(domain, file) {
      const match = FILE.exec(file);
      if (!match || !DOMAIN.test(domain)) return null;
      const row = await deps.repository.findByDomain(domain.toLowerCase(), match[1] as BrandingKind);
      if (!row || !row.sha256.startsWith(match[2] as string) || fileName(row.kind, row.sha256, row.contentType) !== file) return null;
      return { contentType: row.contentType, bytes: row.bytes, sha256: row.sha256 };
    },
  };
}
