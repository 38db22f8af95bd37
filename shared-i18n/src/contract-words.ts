import type { Language } from './languages';

type SignerStatus = 'completed' | 'awaiting' | 'declined' | 'sent' | 'opened';

/**
 * How a contract's signers and their states are said, the same in the sign-up (the applicant's
 * own contract) and in the back-office (staff's view of it): one wording for both.
 */
export const SIGNER_WORDS: Record<
  Language,
  { roles: { Cliente: string; Empresa: string }; status: Record<SignerStatus, string> }
> = {
  es: {
    roles: { Cliente: 'Cliente', Empresa: 'Empresa' },
    status: { completed: 'Firmado', awaiting: 'Pendiente', declined: 'Rechazado', sent: 'Enviado', opened: 'Abierto' },
  },
  en: {
    roles: { Cliente: 'Client', Empresa: 'Company' },
    status: { completed: 'Signed', awaiting: 'Pending', declined: 'Declined', sent: 'Sent', opened: 'Opened' },
  },
};
