// The client's fields and their bounds, apart from the rules (client-data.ts): the registration
// schema needs the bounds, and the rules read registrations; here neither imports the other.

/** What the sign-up's client-data step holds (spec §5). */
export interface ClientData {
  clientType: 'individual' | 'company';
  fullName: string;
  companyName: string;
  documentType: 'dni' | 'nie';
  documentNumber: string;
  cif: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  iban: string;
}

export type ClientDataField = keyof ClientData;

/** Longest accepted value per field: the form's maxLength and the server's bound. */
export const CLIENT_FIELD_MAX_LENGTH: Record<ClientDataField, number> = {
  clientType: 10,
  fullName: 120,
  companyName: 160,
  documentType: 3,
  documentNumber: 20,
  cif: 20,
  email: 254,
  phone: 24,
  address: 200,
  city: 100,
  postalCode: 10,
  iban: 40,
};
