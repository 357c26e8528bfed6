import { BOOT_DATA_ELEMENT_ID, tenantCustomHtml, type BootData, type Branding } from '@careers/contracts';
import { createContext, useContext, type ReactNode } from 'react';

export type BootDataResult = { ok: true; data: BootData } | { ok: false; error: Error };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The server inlines boot data into index.html (no round trip before first paint). This reads it and checks
 * the parts the shell needs to render; the full BootDataSchema check runs right after the first render
 * (see app/start.tsx), so zod stays out of the first bundle.
 */
export function readBootData(doc: Document = document): BootDataResult {
  const text = doc.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent?.trim();
  if (!text) return { ok: false, error: new Error('Boot data is missing') };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: new Error('Boot data is not valid JSON') };
  }
  const tenant = isRecord(data) ? data.tenant : undefined;
  const config = isRecord(tenant) ? tenant.config : undefined;
  const pcsx = isRecord(config) ? config.pcsxConfig : undefined;
  const branding = isRecord(pcsx) ? pcsx.branding : undefined;
  if (
    !isRecord(data) ||
    !isRecord(tenant) ||
    typeof tenant.domain !== 'string' ||
    !isRecord(branding) ||
    typeof branding.companyName !== 'string' ||
    !isRecord(data.userStore) ||
    !isRecord(data.onboarding)
  ) {
    return { ok: false, error: new Error('Boot data does not have the expected shape') };
  }
  return { ok: true, data: data as BootData };
}

const BootDataContext = createContext<BootData | null>(null);

export function BootDataProvider({ value, children }: { value: BootData; children: ReactNode }) {
  return <BootDataContext.Provider value={value}>{children}</BootDataContext.Provider>;
}

export function useBootData(): BootData {
  const value = useContext(BootDataContext);
  if (!value) throw new Error('useBootData must be used within a BootDataProvider');
  return value;
}

/** Boot data when it exists: the error screens also render without it. */
export function useOptionalBootData(): BootData | null {
  return useContext(BootDataContext);
}

export function useBranding(): Branding {
  return useBootData().tenant.config.pcsxConfig.branding;
}

/** Whether any tenant HTML will be injected, which needs the sanitizer. */
export function hasCustomHtml(bootData: BootData): boolean {
  return tenantCustomHtml(bootData.tenant.config).length > 0;
}
