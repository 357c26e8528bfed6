/**
 * Who an employer-API request acts for (issue 10): an API key, scoped to one tenant. The admin scope
 * (every route under /api/admin/v1) resolves it from the `Authorization: Bearer <key>` header before any
 * route runs and sets `request.apiKey`; admin routes read their tenant from it and never from the Host
 * header, so a key never reaches another tenant's data.
 */
export interface ApiKeyPrincipal {
  /** The key's public id (also the audit log's `key`). */
  keyId: string;
  tenantId: string;
  name: string;
}
