import { exportQuery } from 'shared-api/backoffice';
import { decimalEuros, monthlyFigures, rentRoll } from '../../modules/billing';
import { listUnits } from '../../modules/rental';
import { listAudit, recordAudit, requireStaff } from '../../modules/staff';
import { listRegistrations } from '../../modules/tenancies';
import { madridDate, madridTime } from '../../platform/madrid-time';
import { metaOf } from '../../platform/request-meta';
import { type FunctionDefinition, parseOr400 } from '../router';
import { toCsv } from './csv';

/** How many rows a report holds at most: far more than the facility has. */
const MAX_ROWS = 50_000;

type Lang = 'es' | 'en';

/** A report's words in the office's language: what the screens call the same things. */
const REPORT_TEXT = {
  es: {
    registrations: ['Código', 'Estado', 'Nombre', 'Empresa', 'Correo', 'Teléfono', 'Producto', 'Fecha'],
    units: ['Trastero', 'Producto (id)', 'Producto', 'Estado', 'Alta', 'Inquilino', 'Actualizado'],
    audit: ['Fecha', 'Quién', 'Acción', 'Sobre', 'Antes', 'Después', 'IP'],
    rentRoll: ['Trasteros', 'Código', 'Inquilino', 'Desde', 'Alquiler (€)', 'Periodo', 'Saldo (€)', 'Estado'],
    income: ['Mes', 'Facturado (€)', 'Cobrado (€)', 'Devuelto (€)', 'Trasteros alquilados', 'Trasteros en servicio'],
    rentStatus: { up_to_date: 'Al corriente', in_arrears: 'Impagado', suspended: 'Acceso suspendido' },
    periods: { monthly: 'Mensual', quarterly: 'Trimestral', semiannually: 'Semestral', annually: 'Anual' },
    stages: {
      in_progress: 'En curso',
      awaiting_client: 'Falta la firma del cliente',
      awaiting_company: 'Falta la firma de la empresa',
      completed: 'Completada',
      ended: 'Terminada',
    },
    statuses: { available: 'Libre', held: 'Reservado', occupied: 'Ocupado', out_of_service: 'Fuera de servicio' },
  },
  en: {
    registrations: ['Code', 'Stage', 'Name', 'Company', 'E-mail', 'Phone', 'Product', 'Date'],
    units: ['Unit', 'Product (id)', 'Product', 'Status', 'Sign-up', 'Tenant', 'Updated'],
    audit: ['Date', 'Who', 'Action', 'On', 'Before', 'After', 'IP'],
    rentRoll: ['Units', 'Code', 'Tenant', 'Since', 'Rent (€)', 'Period', 'Balance (€)', 'Status'],
    income: ['Month', 'Invoiced (€)', 'Collected (€)', 'Returned (€)', 'Units let', 'Units in service'],
    rentStatus: { up_to_date: 'Up to date', in_arrears: 'In arrears', suspended: 'Access suspended' },
    periods: { monthly: 'Monthly', quarterly: 'Quarterly', semiannually: 'Half-yearly', annually: 'Yearly' },
    stages: {
      in_progress: 'In progress',
      awaiting_client: "Awaiting the client's signature",
      awaiting_company: "Awaiting the company's signature",
      completed: 'Completed',
      ended: 'Ended',
    },
    statuses: { available: 'Free', held: 'Held', occupied: 'Occupied', out_of_service: 'Out of service' },
  },
} as const;

/** Cents as a number the office's spreadsheet reads: `1234,50` in Spanish, `1234.50` in English. */
function amount(cents: number, lang: Lang): string {
  const text = decimalEuros(cents);
  return lang === 'es' ? text.replace('.', ',') : text;
}

/** A calendar date in the office's order: `27/11/2026`, `2026-11-27`. */
const calendarDate = (day: string, lang: Lang) => (lang === 'es' && day ? day.split('-').reverse().join('/') : day);

/** A moment as the screens show it: the facility's clock, the office's date order. */
function when(iso: string | null, lang: Lang): string {
  if (!iso) return '';
  const date = new Date(iso);
  const day = madridDate(date);
  const shown = lang === 'es' ? day.split('-').reverse().join('/') : day;
  return `${shown} ${madridTime(date)}`;
}

/**
 * GET backoffice/export?report=registrations|units|audit&lang=es|en&… — a list as a CSV report,
 * with the list's filters, for the office's spreadsheet: in Spanish with `;` between fields
 * (Excel in Spain splits on it), in English with `,`. The audit is a manager's; each export is
 * itself audited.
 */
export const backofficeExportFunction: FunctionDefinition = {
  name: 'backoffice/export',
  method: 'GET',
  async handle(req, ctx, res) {
    const meta = metaOf(req, res, ctx.config);
    const query = parseOr400(exportQuery, req.query);
    const managers = query.report === 'audit' || query.report === 'rent_roll' || query.report === 'income';
    const actor = await requireStaff(ctx.db, meta, { role: managers ? 'manager' : undefined });
    const lang = query.lang;
    const text = REPORT_TEXT[lang];
    const separator = lang === 'es' ? ';' : ',';
    let csv: string;
    if (query.report === 'registrations') {
      const { rows } = await listRegistrations(
        ctx.db,
        { stage: query.stage, search: query.search, sort: 'createdAt', direction: 'desc', page: 1 },
        MAX_ROWS,
      );
      csv = toCsv(
        text.registrations,
        rows.map((r) => [
          r.registrationCode,
          text.stages[r.stage],
          r.fullName,
          r.companyName,
          r.email,
          r.phone,
          lang === 'en' ? (r.productNameEn ?? r.productName) : r.productName,
          when(r.createdAt, lang),
        ]),
        separator,
      );
    } else if (query.report === 'units') {
      const { rows } = await listUnits(
        ctx.db,
        { status: query.status, search: query.search, sort: 'unitNumber', direction: 'asc', page: 1 },
        MAX_ROWS,
      );
      csv = toCsv(
        text.units,
        rows.map((u) => [
          u.unitNumber,
          u.productId,
          lang === 'en' ? u.productNameEn : u.productName,
          text.statuses[u.status],
          u.registrationCode,
          u.tenantName,
          when(u.updatedAt, lang),
        ]),
        separator,
      );
    } else if (query.report === 'rent_roll') {
      const lines = await rentRoll(ctx.db, ctx.clock.now());
      csv = toCsv(
        text.rentRoll,
        lines.map((line) => [
          line.units.join(' '),
          line.registrationCode,
          line.tenant,
          calendarDate(line.since, lang),
          amount(line.rentCents, lang),
          line.period && line.period in text.periods
            ? text.periods[line.period as keyof typeof text.periods]
            : line.period,
          amount(line.balanceCents, lang),
          text.rentStatus[line.status],
        ]),
        separator,
      );
    } else if (query.report === 'income') {
      const { months, unitsInService } = await monthlyFigures(ctx.db, ctx.clock.now());
      csv = toCsv(
        text.income,
        months.map((m) => [
          m.month,
          amount(m.dueCents, lang),
          amount(m.collectedCents, lang),
          amount(m.returnedCents, lang),
          m.occupiedUnits,
          unitsInService,
        ]),
        separator,
      );
    } else {
      const { rows } = await listAudit(ctx.db, query.search, 1, MAX_ROWS);
      csv = toCsv(
        text.audit,
        rows.map((a) => [
          when(a.createdAt, lang),
          a.staffEmail,
          a.action,
          a.target,
          a.before === null ? '' : JSON.stringify(a.before),
          a.after === null ? '' : JSON.stringify(a.after),
          a.ip,
        ]),
        separator,
      );
    }
    await recordAudit(ctx.db, actor, { action: 'export', target: `report:${query.report}`, after: query });
    const day = madridDate(new Date());
    res
      .set({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${query.report}-${day}.csv"`,
        'cache-control': 'no-store',
      })
      .send(csv);
  },
};
