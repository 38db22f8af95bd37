import { type ClientData, facilityDay, NOTICE_DAYS } from 'shared-api';
import { formatEuros } from 'shared-i18n';
import type { Mandate } from '../billing';
import { FIRST_COLLECTION_LEAD_DAYS, splitVat, toCents } from '../billing';
import type { ServiceDetails } from './types';

export interface ContractParties extends ClientData {
  registrationCode: string;
  clientId: string;
}

const PERIOD_NAMES: Record<'es' | 'en', Record<ServiceDetails['period'], string>> = {
  es: { monthly: 'mensual', quarterly: 'trimestral', semiannually: 'semestral', annually: 'anual' },
  en: { monthly: 'monthly', quarterly: 'quarterly', semiannually: 'half-yearly', annually: 'yearly' },
};

/** Days after the unit is handed back empty within which the deposit is returned. */
const DEPOSIT_RETURN_DAYS = 30;

export interface ContractTerms {
  /** The units the deposit holds for the tenant (let to them when both have signed). */
  unitNumbers: string[];
  /** The signer's language: the contract is in Spanish, with an English translation for an English signer. */
  language: 'es' | 'en';
}

/**
 * The storage contract both parties sign, generated from the registration (pure): parties, units,
 * start and renewal, price and deposit, payment by SEPA, notice and how to give it, access,
 * prohibited goods, non-payment, liability and insurance, data protection, notices and
 * jurisdiction. In Spanish; for an English signer an English translation follows, the Spanish
 * text prevailing.
 */
export function contractDocument(
  parties: ContractParties,
  service: ServiceDetails,
  deposit: number,
  business: Business,
  mandate: Mandate,
  date: Date,
  terms: ContractTerms = { unitNumbers: [], language: 'es' },
): string {
  const facts: ContractFacts = { parties, service, deposit, business, mandate, date, unitNumbers: terms.unitNumbers };
  const spanish = clauses('es', facts);
  const english =
    terms.language === 'en'
      ? ['', 'ENGLISH TRANSLATION (for information: the Spanish text prevails)', '', ...clauses('en', facts)]
      : [];
  return [...spanish, ...english, '', ...mandateSection(mandate, 'contract')].join('\n');
}

/**
 * A mandate the tenant signs on its own, in place of the one in force (a new account for the
 * rent): the rulebook's text, what it replaces, and for an English signer a translation of that
 * note (the mandate's own text is the Spanish rulebook's, as the bank reads it).
 */
export function mandateDocument(
  mandate: Mandate,
  replaces: { reference: string; registrationCode: string },
  language: 'es' | 'en',
): string {
  const note = [
    `Esta orden sustituye, desde su firma, a la orden ${replaces.reference} del contrato del registro ${replaces.registrationCode}: los recibos aún no presentados se cargan en la cuenta de esta orden, con la misma periodicidad e importe.`,
    ...(language === 'en'
      ? [
          `(This mandate replaces, once signed, mandate ${replaces.reference} of the contract of registration ${replaces.registrationCode}: the collections not yet presented are taken from this mandate's account, with the same frequency and amount.)`,
        ]
      : []),
  ];
  return [...mandateSection(mandate, 'mandate'), '', ...note].join('\n');
}

/** The business, and whether its published prices include VAT (what the rent collected is). */
interface Business {
  name: string;
  email: string;
  address: string;
  vat: { ratePercent: number; included: boolean };
}

/** What the clauses are written from, in either language. */
interface ContractFacts {
  parties: ContractParties;
  service: ServiceDetails;
  deposit: number;
  business: Business;
  mandate: Mandate;
  date: Date;
  unitNumbers: string[];
}

function clauses(lang: 'es' | 'en', facts: ContractFacts): string[] {
  const { parties, service, deposit, business, mandate, date, unitNumbers } = facts;
  const euros = (amount: number) => formatEuros(amount, lang);
  const count = service.numberProductsRequired ?? 1;
  const units = unitNumbers.length ? unitNumbers.join(', ') : null;
  const period = PERIOD_NAMES[lang][service.period];
  // What is collected each period: the price as published, or the price and its VAT.
  const { ratePercent, included } = business.vat;
  const gross = splitVat(toCents(service.recurringFee), ratePercent, included).totalCents / 100;
  const vat = {
    es: included ? `, IVA (${ratePercent} %) incluido` : ` más IVA (${ratePercent} %), ${euros(gross)} en total`,
    en: included ? `, VAT (${ratePercent}%) included` : ` plus VAT (${ratePercent}%), ${euros(gross)} in all`,
  }[lang];
  // The facility's day (Madrid) the contract is made on.
  const iso = facilityDay(date);
  // The date as each language writes it (26/11/2026, 2026-11-26).
  const written = (value: string) => (lang === 'es' ? value.split('-').reverse().join('/') : value);
  const day = written(iso);
  // A move-in day chosen ahead: the access (and the rent) start then, not at the signatures.
  const later = service.moveInDate && service.moveInDate > iso ? written(service.moveInDate) : null;
  if (lang === 'es') {
    const holder =
      parties.clientType === 'company'
        ? `${parties.companyName} (CIF ${parties.cif}), representada por ${parties.fullName}`
        : parties.fullName;
    return [
      'CONTRATO DE ALQUILER DE TRASTERO',
      '',
      `Fecha: ${day} · Registro ${parties.registrationCode} · Cliente ${parties.clientId}`,
      '',
      `De una parte, ${business.name} («la Empresa»), ${business.address}, ${business.email}.`,
      `De otra, ${holder}, con ${parties.documentType.toUpperCase()} ${parties.documentNumber}, domicilio en ${parties.address}, ${parties.postalCode} ${parties.city}, email ${parties.email} y teléfono ${parties.phone} («el Cliente»).`,
      '',
      '1. Objeto. La Empresa cede al Cliente el uso de:',
      `   ${service.productName}${count > 1 ? ` × ${count} unidades` : ''}${units ? `: trastero(s) ${units}` : ''}, en las instalaciones de la Empresa, para guardar bienes muebles.`,
      `2. Duración y renovación. El contrato empieza ${later ? `el ${later}, día de entrada elegido por el Cliente (los trasteros quedan reservados para él hasta entonces),` : 'cuando ambas partes lo han firmado,'} con la entrega del acceso, y dura un periodo ${period}; se renueva solo por periodos iguales mientras ninguna de las partes avise de su fin (cláusula 6).`,
      `3. Precio. ${euros(service.recurringFee)} por periodo ${period}${vat}, cobrado por adeudo directo SEPA en la cuenta ${mandate.debtorIban} según la orden de domiciliación adjunta (referencia ${mandate.reference}), desde la entrega del trastero. El primer cargo se presenta a los ${FIRST_COLLECTION_LEAD_DAYS} días de la entrega y los siguientes el primer día de cada periodo: esta cláusula sirve de notificación previa de los cargos.`,
      `4. Fianza. ${euros(deposit)}, abonada con tarjeta. Se devuelve en los ${DEPOSIT_RETURN_DAYS} días siguientes a la entrega del trastero vacío y en buen estado, descontando lo que se deba.`,
      '5. Pago. Por adeudo directo SEPA. Un recibo devuelto puede volver a presentarse, y sus gastos bancarios son a cargo del Cliente.',
      `6. Fin del contrato y preaviso. Cualquiera de las partes puede terminarlo avisando con ${NOTICE_DAYS} días de antelación al fin del periodo en curso, por correo electrónico a ${business.email} (la Empresa) o a ${parties.email} (el Cliente), o en la oficina. Al terminar, el Cliente deja el trastero vacío y limpio, y su acceso se desactiva.`,
      '7. Acceso. Las 24 horas, con el PIN personal del Cliente, que no debe compartir; el Cliente responde de quien entre con su acceso. La Empresa puede entrar en el trastero solo en caso de urgencia, por orden de autoridad o por impago prolongado, avisando al Cliente.',
      '8. Bienes prohibidos. Solo bienes lícitos. No se admiten materiales peligrosos, inflamables o explosivos, perecederos, animales ni personas, ni nada ilegal.',
      '9. Impago. Puede conllevar recargos y la restricción del acceso.',
      '10. Responsabilidad y seguro. La Empresa responde solo de la negligencia probada; se recomienda al Cliente asegurar sus bienes.',
      `11. Protección de datos. Responsable: ${business.name}. Finalidad: gestionar este contrato, su cobro y el acceso. Base: la ejecución del contrato. Los datos se conservan mientras dure y durante los plazos legales. El Cliente puede ejercer sus derechos de acceso, rectificación, supresión, oposición, limitación y portabilidad en ${business.email}, y reclamar ante la Agencia Española de Protección de Datos. Más información en la política de privacidad del sitio.`,
      '12. Comunicaciones. Por correo electrónico a las direcciones de este contrato.',
      '13. Ley y jurisdicción. Ley española; juzgados del lugar del trastero.',
    ];
  }
  const holder =
    parties.clientType === 'company'
      ? `${parties.companyName} (tax ID ${parties.cif}), represented by ${parties.fullName}`
      : parties.fullName;
  return [
    'STORAGE UNIT RENTAL CONTRACT',
    '',
    `Date: ${day} · Registration ${parties.registrationCode} · Client ${parties.clientId}`,
    '',
    `On the one hand, ${business.name} ("the Company"), ${business.address}, ${business.email}.`,
    `On the other, ${holder}, with ${parties.documentType.toUpperCase()} ${parties.documentNumber}, of ${parties.address}, ${parties.postalCode} ${parties.city}, e-mail ${parties.email} and phone ${parties.phone} ("the Client").`,
    '',
    '1. Object. The Company grants the Client the use of:',
    `   ${service.productName}${count > 1 ? ` × ${count} units` : ''}${units ? `: unit(s) ${units}` : ''}, at the Company's premises, to keep movable goods.`,
    `2. Term and renewal. The contract starts ${later ? `on ${later}, the move-in day the Client chose (the units are held for them until then),` : 'when both parties have signed it,'} with the handing over of the access, and lasts one ${period} period; it renews itself for equal periods while neither party gives notice of its end (clause 6).`,
    `3. Price. ${euros(service.recurringFee)} per ${period} period${vat}, collected by SEPA direct debit from account ${mandate.debtorIban} under the attached mandate (reference ${mandate.reference}), from the handing over of the unit. The first collection is presented ${FIRST_COLLECTION_LEAD_DAYS} days after the handing over and the next ones on the first day of each period: this clause is the prior notice of the collections.`,
    `4. Deposit. ${euros(deposit)}, paid by card. It is returned within ${DEPOSIT_RETURN_DAYS} days of the unit being handed back empty and in good condition, less anything owed.`,
    '5. Payment. By SEPA direct debit. A returned collection may be presented again, and its bank charges are borne by the Client.',
    `6. End of the contract and notice. Either party may end it with ${NOTICE_DAYS} days' notice before the end of the current period, by e-mail to ${business.email} (the Company) or to ${parties.email} (the Client), or at the office. At the end, the Client leaves the unit empty and clean, and their access is switched off.`,
    "7. Access. 24 hours a day, with the Client's personal PIN, which must not be shared; the Client answers for whoever enters with their access. The Company may enter the unit only in an emergency, by order of an authority or after prolonged non-payment, telling the Client.",
    '8. Prohibited goods. Lawful goods only. No dangerous, flammable or explosive materials, perishables, animals or people, or anything illegal.',
    '9. Non-payment. It may bring surcharges and restricted access.',
    '10. Liability and insurance. The Company is liable only for proven negligence; the Client is advised to insure their goods.',
    `11. Data protection. Controller: ${business.name}. Purpose: managing this contract, its collection and the access. Basis: performance of the contract. The data are kept while it lasts and for the legal periods. The Client may exercise their rights of access, rectification, erasure, objection, restriction and portability at ${business.email}, and complain to the Spanish Data Protection Agency. More in the site's privacy policy.`,
    '12. Notices. By e-mail to the addresses in this contract.',
    '13. Law and jurisdiction. Spanish law; the courts of the place of the unit.',
  ];
}

/**
 * The SEPA Core mandate with the text the rulebook prescribes: in the contract, the signature on
 * the contract signs it; on its own, its own signature.
 */
function mandateSection(mandate: Mandate, signedWith: 'contract' | 'mandate'): string[] {
  return [
    'ORDEN DE DOMICILIACIÓN DE ADEUDO DIRECTO SEPA (SEPA Direct Debit Mandate · CORE)',
    '',
    `Referencia de la orden de domiciliación: ${mandate.reference}`,
    `Identificador del acreedor: ${mandate.creditorIdentifier}`,
    `Nombre del acreedor: ${mandate.creditorName}`,
    `Dirección del acreedor: ${mandate.creditorAddress}`,
    `Nombre del deudor (titular de la cuenta): ${mandate.debtorName}`,
    `Dirección del deudor: ${mandate.debtorAddress}`,
    `Número de cuenta (IBAN): ${mandate.debtorIban}`,
    'Tipo de pago: pago recurrente.',
    `Fecha y localidad de la firma: la de la firma electrónica de ${signedWith === 'contract' ? 'este contrato' : 'esta orden'} (certificado de firmas), en ${mandate.signaturePlace}.`,
    '',
    'Mediante la firma de esta orden de domiciliación, el deudor autoriza (A) al acreedor a enviar instrucciones a la entidad del deudor para adeudar su cuenta y (B) a la entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones del acreedor. Como parte de sus derechos, el deudor está legitimado al reembolso por su entidad en los términos y condiciones del contrato suscrito con la misma. La solicitud de reembolso deberá efectuarse dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta. Puede obtener información adicional sobre sus derechos en su entidad financiera.',
  ];
}
