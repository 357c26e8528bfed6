import { affectedRows, archiveFileName, removeOwnedRows, type ExportFile, type PersonalDataContributor } from '../../kernel/personal-data';

/**
 * Issue 11: offers with their documents (the letter as sent, the signed PDF, an uploaded signed copy: bytes as
 * stored) and their evidence events.
 *
 * Deleting keeps every offer that has evidence — signed, declined, expired or canceled: the company's record
 * of what was offered and answered, which signing law asks it to keep (ESIGN/UETA retention, eIDAS) — with
 * its documents and its append-only evidence chain (a trigger refuses deleting an event, and the chain would
 * no longer verify). An offer nobody acted on (no evidence) is removed with its documents. Hosted-signing
 * links are removed either way.
 */
export const offersPersonalData: PersonalDataContributor = {
  section: 'offers',
  async exportData(db, owner) {
    const offers = await db
      .selectFrom('offers')
      .select(['id', 'positionId', 'positionName', 'status', 'createdAt', 'updatedAt', 'expiresAt', 'declineReasonCode', 'declineReasonText'])
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('createdAt')
      .execute();
    const ids = offers.map((offer) => offer.id);
    if (ids.length === 0) return { data: [] };
    const documents = await db
      .selectFrom('offerDocuments')
      .selectAll()
      .where('offerId', 'in', ids)
      .orderBy('offerId')
      .orderBy('sortOrder')
      .execute();
    const events = await db
      .selectFrom('offerEvents')
      .selectAll()
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .orderBy('offerId')
      .orderBy('seq')
      .execute();
    const files: ExportFile[] = [];
    const fileOf = (offerId: string, documentId: string, kind: string, bytes: Uint8Array | null, name = `${kind}.pdf`): string | null => {
      if (!bytes) return null;
      const path = `${offerId}/${documentId}-${archiveFileName(name)}`;
      files.push({ path, bytes });
      return `files/offers/${path}`;
    };
    return {
      data: offers.map((offer) => ({
        ...offer,
        documents: documents
          .filter((document) => document.offerId === offer.id)
          .map(({ originalPdf, signedPdf, uploadedPdf, offerId: _, ...document }) => ({
            ...document,
            signed: document.signed === 1,
            originalPdfPath: fileOf(offer.id, document.id, 'original', originalPdf),
            signedPdfPath: fileOf(offer.id, document.id, 'signed', signedPdf),
            uploadedPdfPath: fileOf(offer.id, document.id, 'uploaded', uploadedPdf, document.uploadedFileName ?? 'uploaded.pdf'),
          })),
        evidenceEvents: events.filter((event) => event.offerId === offer.id),
      })),
      files,
    };
  },
  async erase(trx, owner) {
    const tokens = await removeOwnedRows(trx, 'esignTokens', owner);
    const withEvidence = trx.selectFrom('offerEvents').select('offerId').where('tenantId', '=', owner.tenantId).where('candidateId', '=', owner.candidateId);
    const unacted = trx
      .selectFrom('offers')
      .select('id')
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .where('id', 'not in', withEvidence);
    const documents = await trx.deleteFrom('offerDocuments').where('offerId', 'in', unacted).executeTakeFirst();
    const offers = await trx
      .deleteFrom('offers')
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .where('id', 'not in', withEvidence)
      .executeTakeFirst();
    const kept = await trx
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('tenantId', '=', owner.tenantId)
      .where('candidateId', '=', owner.candidateId)
      .executeTakeFirstOrThrow();
    const keptDocuments = await trx
      .selectFrom('offerDocuments')
      .innerJoin('offers', 'offers.id', 'offerDocuments.offerId')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('offers.tenantId', '=', owner.tenantId)
      .where('offers.candidateId', '=', owner.candidateId)
      .executeTakeFirstOrThrow();
    const keptEvents = await withEvidence.clearSelect().select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
    return {
      removed: tokens.removed + affectedRows([documents, offers]),
      kept: Number(kept.count) + Number(keptDocuments.count) + Number(keptEvents.count),
    };
  },
};
