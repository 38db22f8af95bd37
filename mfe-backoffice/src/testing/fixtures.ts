import type { backofficeActions, RegistrationDetail, ReviewedDocument, StaffMember } from 'shared-api/backoffice';
import type { z } from 'zod';

export const MANAGER: StaffMember = {
  id: '7d0f5a5e-8a43-4b5a-9f3c-2b1c0d9e8f71',
  email: 'gerencia@example.com',
  name: 'Lucía Gerente',
  role: 'manager',
  totpEnabled: false,
  disabled: false,
};

export const STAFF: StaffMember = {
  ...MANAGER,
  id: '1a2b3c4d-1111-4222-8333-444455556666',
  email: 'pepe@example.com',
  name: 'Pepe',
  role: 'staff',
};

export const REGISTRATION_ID = '0b7f3c1e-2a4d-4c5b-9e8f-1a2b3c4d5e6f';

export const document = (
  documentType: 'frontId' | 'backId' | 'bankDocument',
  reviewStatus: 'pending' | 'approved',
): ReviewedDocument => ({
  documentType,
  contentType: documentType === 'bankDocument' ? 'application/pdf' : 'image/jpeg',
  sizeBytes: 1000,
  uploadedAt: '2026-11-23T09:00:00.000Z',
  reviewStatus,
  reviewedBy: reviewStatus === 'approved' ? MANAGER.email : null,
  reviewedAt: reviewStatus === 'approved' ? '2026-11-23T09:30:00.000Z' : null,
  rejectionReason: null,
  previousRejectionReason: null,
});

export function registrationDetail(reviewStatus: 'pending' | 'approved' = 'pending'): RegistrationDetail {
  return {
    registration: {
      registrationId: REGISTRATION_ID,
      registrationCode: 'K7P2QX',
      fullName: 'Ana García López',
      companyName: null,
      email: 'ana@example.com',
      phone: '+34600111222',
      stage: 'awaiting_company',
      productName: 'Trastero 3 m³',
      productNameEn: 'Storage unit 3 m³',
      createdAt: '2026-11-23T08:00:00.000Z',
      clientType: 'individual',
      documentType: 'dni',
      documentNumber: '12345678Z',
      cif: null,
      address: 'Calle Mayor 1',
      city: 'Vélez-Málaga',
      postalCode: '29700',
      iban: 'ES91\u00a0••••\u00a01332',
      emailVerified: true,
      phoneVerified: true,
      moveInStatus: null,
      period: 'monthly',
      unitsRequired: 1,
      moveInDate: null,
      accessSuspension: null,
      notice: { moveOutOn: null, earliestMoveOut: '2026-12-12', latestMoveOut: '2027-11-27' },
    },
    documents: [
      document('frontId', reviewStatus),
      document('backId', reviewStatus),
      document('bankDocument', reviewStatus),
    ],
    payments: [
      {
        id: 'p1',
        amount: 150,
        status: 'completed',
        provider: 'sandbox',
        createdAt: '2026-11-23T08:30:00.000Z',
        completedAt: '2026-11-23T08:31:00.000Z',
        refundedAt: null,
        refundReason: null,
      },
    ],
    contract: {
      id: 'c1',
      status: 'awaiting_signatures',
      document:
        'CONTRATO DE ALQUILER DE TRASTERO\n\n1. Objeto. La Empresa cede al Cliente el uso de: trastero(s) B-014.',
      createdAt: '2026-11-23T08:40:00.000Z',
      completedAt: null,
      signers: [
        {
          role: 'Cliente',
          status: 'completed',
          email: 'ana@example.com',
          signedName: 'Ana García López',
          signedAt: '2026-11-23T08:45:00.000Z',
        },
        { role: 'Empresa', status: 'awaiting', email: 'reservas@example.com', signedName: null, signedAt: null },
      ],
    },
    units: [],
  };
}

/** Today's figures with nothing on them: a test adds what it looks at. */
export const quietToday = (): z.input<(typeof backofficeActions)['today']['response']> => ({
  newRegistrations: { lastSevenDays: 0, latest: [] },
  payments: { today: 0, amountToday: 0, latest: [] },
  awaitingCompany: [],
  awaitingCompanyTotal: 0,
  autoCountersign: true,
  documentsToReview: [],
  documentsToReviewTotal: 0,
  awaitingUnit: [],
  awaitingUnitTotal: 0,
  visitsTotal: 0,
  visits: [],
  moveOuts: [],
  noticesGiven: [],
  depositsToReturn: [],
  occupancy: [],
});
