import type { ClientData } from 'shared-api';
import { formatEuros } from 'shared-i18n';
import type { Mandate } from '../../direct-debit/mandates';
import { FIRST_COLLECTION_LEAD_DAYS } from '../../direct-debit/schedule';
import type { ServiceDetails } from './types';

export interface ContractParties extends ClientData {
  registrationCode: string;
  clientId: string;
}

const PERIOD_NAMES: Record<ServiceDetails['period'], string> = {
  monthly: 'mensual',
  quarterly: 'trimestral',
  semiannually: 'semestral',
  annually: 'anual',
};

const euros = (amount: number) => formatEuros(amount, 'es');

/** The storage contract both parties sign, generated from the registration (pure). */
export function contractDocument(
  parties: ContractParties,
  service: ServiceDetails,
  deposit: number,
  business: { name: string; email: string; address: string },
  mandate: Mandate,
  date: Date,
): string {
  const holder =
    parties.clientType === 'company'
      ? `${parties.companyName} (CIF ${parties.cif}), representada por ${parties.fullName}`
      : parties.fullName;
  return [
    'CONTRATO DE ALQUILER DE TRASTERO',
    '',
    `Fecha: ${date.toISOString().slice(0, 10)} · Registro ${parties.registrationCode} · Cliente ${parties.clientId}`,
    '',
    `De una parte, ${business.name} («la Empresa»), ${business.address}, ${business.email}.`,
    `De otra, ${holder}, con ${parties.documentType.toUpperCase()} ${parties.documentNumber}, domicilio en ${parties.address}, ${parties.postalCode} ${parties.city}, email ${parties.email} y teléfono ${parties.phone} («el Cliente»).`,
    '',
    '1. Objeto. La Empresa cede al Cliente el uso de:',
    `   ${service.productName}${service.numberProductsRequired && service.numberProductsRequired > 1 ? ` × ${service.numberProductsRequired} unidades` : ''}.`,
    `2. Precio. ${euros(service.recurringFee)} con periodicidad ${PERIOD_NAMES[service.period]}, cobrado por adeudo directo SEPA en la cuenta ${mandate.debtorIban} según la orden de domiciliación adjunta (referencia ${mandate.reference}), desde la entrega del trastero. El primer cargo se presenta a los ${FIRST_COLLECTION_LEAD_DAYS} días de la entrega y los siguientes el primer día de cada periodo: esta cláusula sirve de notificación previa de los cargos.`,
    `3. Fianza. ${euros(deposit)}, abonada con tarjeta y devuelta al término del contrato.`,
    '4. Uso. Solo bienes lícitos; no se admiten materiales peligrosos, perecederos ni ilegales.',
    '5. Impago. Puede conllevar recargos y la restricción del acceso.',
    '6. Cancelación. Según lo previsto en este contrato.',
    '7. Responsabilidad. La Empresa responde solo de la negligencia probada; se recomienda al Cliente asegurar sus bienes.',
    '8. Ley y jurisdicción. Ley española; juzgados del lugar del trastero.',
    '',
    ...mandateSection(mandate),
  ].join('\n');
}

/**
 * The SEPA Core mandate with the text the rulebook prescribes, in the contract: the signature
 * on the contract signs it.
 */
function mandateSection(mandate: Mandate): string[] {
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
    `Fecha y localidad de la firma: la de la firma electrónica de este contrato (certificado de firmas), en ${mandate.signaturePlace}.`,
    '',
    'Mediante la firma de esta orden de domiciliación, el deudor autoriza (A) al acreedor a enviar instrucciones a la entidad del deudor para adeudar su cuenta y (B) a la entidad para efectuar los adeudos en su cuenta siguiendo las instrucciones del acreedor. Como parte de sus derechos, el deudor está legitimado al reembolso por su entidad en los términos y condiciones del contrato suscrito con la misma. La solicitud de reembolso deberá efectuarse dentro de las ocho semanas que siguen a la fecha de adeudo en cuenta. Puede obtener información adicional sobre sus derechos en su entidad financiera.',
  ];
}
