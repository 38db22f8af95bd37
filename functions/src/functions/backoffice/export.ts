import { exportQuery } from 'shared-api/backoffice';
import { type FunctionDefinition, metaOf, parseOr400 } from '../../router';
import { recordAudit } from './audit';
import { listUnits } from './catalogue';
import { toCsv } from './csv';
import { listRegistrations } from './registration-queries';
import { listAudit } from './staff';
import { requireStaff } from './staff-session';

/** How many rows a report holds at most: far more than the facility has. */
const MAX_ROWS = 50_000;

/**
 * GET backoffice/export?report=registrations|units|audit&… — a list as a CSV report, with the
 * list's filters. The audit is a manager's; each export is itself audited.
 */
export const backofficeExportFunction: FunctionDefinition = {
  name: 'backoffice/export',
  method: 'GET',
  async handle(req, ctx, res) {
    const meta = metaOf(req, res, ctx.config);
    const query = parseOr400(exportQuery, req.query);
    const actor = await requireStaff(ctx.db, meta, { role: query.report === 'audit' ? 'manager' : undefined });
    let csv: string;
    if (query.report === 'registrations') {
      const { rows } = await listRegistrations(
        ctx.db,
        { stage: query.stage, search: query.search, sort: 'createdAt', direction: 'desc', page: 1 },
        MAX_ROWS,
      );
      csv = toCsv(
        ['registrationCode', 'stage', 'fullName', 'companyName', 'email', 'phone', 'productName', 'createdAt'],
        rows.map((r) => [
          r.registrationCode,
          r.stage,
          r.fullName,
          r.companyName,
          r.email,
          r.phone,
          r.productName,
          r.createdAt,
        ]),
      );
    } else if (query.report === 'units') {
      const { rows } = await listUnits(
        ctx.db,
        { status: query.status, search: query.search, sort: 'unitNumber', direction: 'asc', page: 1 },
        MAX_ROWS,
      );
      csv = toCsv(
        ['unitNumber', 'productId', 'productName', 'status', 'registrationCode', 'tenantName', 'updatedAt'],
        rows.map((u) => [
          u.unitNumber,
          u.productId,
          u.productName,
          u.status,
          u.registrationCode,
          u.tenantName,
          u.updatedAt,
        ]),
      );
    } else {
      const { rows } = await listAudit(ctx.db, query.search, 1, MAX_ROWS);
      csv = toCsv(
        ['createdAt', 'staffEmail', 'action', 'target', 'before', 'after', 'ip'],
        rows.map((a) => [
          a.createdAt,
          a.staffEmail,
          a.action,
          a.target,
          JSON.stringify(a.before),
          JSON.stringify(a.after),
          a.ip,
        ]),
      );
    }
    await recordAudit(ctx.db, actor, { action: 'export', target: `report:${query.report}`, after: query });
    const day = new Date().toISOString().slice(0, 10);
    res
      .set({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${query.report}-${day}.csv"`,
        'cache-control': 'no-store',
      })
      .send(csv);
  },
};
