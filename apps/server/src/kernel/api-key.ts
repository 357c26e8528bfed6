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

/** The admin scope's port for resolving a presented key (the api-keys service implements it). */
export interface ApiKeyAuthenticator {
  /** The key's principal, or null for a malformed, unknown or revoked key. Reads the database every call. */
  authenticate(rawKey: string): Promise<ApiKeyPrincipal | null>;
}

/** One employer-API call as the audit log records it (never the key itself). */
export interface AdminAuditEntry {
  tenantId: string | null;
  keyId: string | null;
  /** Method and route pattern, e.g. "GET /api/admin/v1/positions/:id". */
  action: string;
  /** The route's params (the ids acted on), or null when it has none. */
  target: Record<string, string> | null;
  statusCode: number;
  requestId: string;
  at: Date;
}

/** The admin scope's port for the audit log. */
export interface AdminAuditLog {
  record(entry: AdminAuditEntry): Promise<void>;
}
