/**
 * Where a signature goes: a box in the bottom-right corner of the last page. The offer letter leaves this
 * box empty under its acceptance paragraph and the signing stamp fills exactly this box, so a stamped letter
 * reads like a signed one; on any other PDF the stamp sits in the same corner on a white ground.
 */
export const SIGNATURE_BOX = { width: 252, height: 92, right: 72, bottom: 58 } as const;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function signatureBoxOn(page: { width: number; height: number }): Box {
  const width = Math.min(SIGNATURE_BOX.width, page.width - 2 * SIGNATURE_BOX.right);
  return {
    x: page.width - SIGNATURE_BOX.right - width,
    y: SIGNATURE_BOX.bottom,
    width,
    height: SIGNATURE_BOX.height,
  };
}
