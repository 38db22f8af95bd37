/** The applicant of the functions' contract tests: valid for every client-data rule. */
export const TEST_APPLICANT = {
  clientType: 'individual',
  fullName: 'Ana García',
  companyName: '',
  documentType: 'dni',
  documentNumber: '12345678Z',
  cif: '',
  email: 'ana@example.com',
  phone: '+34 600 123 456',
  address: 'Calle Real 1',
  city: 'Ronda',
  postalCode: '29400',
  iban: 'ES91 2100 0418 4502 0005 1332',
} as const;
