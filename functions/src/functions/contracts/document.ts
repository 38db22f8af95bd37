import type { ClientData } from 'shared-api';
import { formatEuros } from 'shared-i18n';
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
  business: { name: string; email: string },
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
    `De una parte, ${business.name} («la Empresa»), ${business.email}.`,
    `De otra, ${holder}, con ${parties.documentType.toUpperCase()} ${parties.documentNumber}, domicilio en ${parties.address}, ${parties.postalCode} ${parties.city}, email ${parties.email} y teléfono ${parties.phone} («el Cliente»).`,
    '',
    '1. Objeto. La Empresa cede al Cliente el uso de:',
    `   ${service.productName}${service.numberProductsRequired && service.numberProductsRequired > 1 ? ` × ${service.numberProductsRequired} unidades` : ''}.`,
    `2. Precio. ${euros(service.recurringFee)} con periodicidad ${PERIOD_NAMES[service.period]}, domiciliado en la cuenta ${parties.iban}.`,
    `3. Fianza. ${euros(deposit)}, abonada con tarjeta y devuelta al término del contrato.`,
    '4. Uso. Solo bienes lícitos; no se admiten materiales peligrosos, perecederos ni ilegales.',
    '5. Impago. Puede conllevar recargos y la restricción del acceso.',
    '6. Cancelación. Según lo previsto en este contrato.',
    '7. Responsabilidad. La Empresa responde solo de la negligencia probada; se recomienda al Cliente asegurar sus bienes.',
    '8. Ley y jurisdicción. Ley española; juzgados del lugar del trastero.',
  ].join('\n');
}
