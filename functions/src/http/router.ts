import express, { type NextFunction, type Request, type Response } from 'express';
import { FUNCTIONS_BASE_PATH, type FunctionContract, findUnsafeInput, normalisedInput } from 'shared-api';
import { z } from 'zod';
import type { FunctionContext } from '../context';
import { HttpError } from '../platform/http-error';
import { metaOf, type RequestMeta } from '../platform/request-meta';

export interface FunctionDefinition {
  name: string;
  method: 'GET' | 'POST';
  /**
   * What a POST's body is: JSON (the default), an HTML form of one of the service's own pages, or
   * a multipart upload. Any other type is refused (415): a form another site's page posts with
   * the visitor's cookies is not JSON, so it never reaches a JSON function.
   */
  body?: 'json' | 'form' | 'multipart';
  handle(req: Request, ctx: FunctionContext, res: Response): Promise<unknown>;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.join('.');
  return field && !issue.message.includes(' ') ? `${field}: ${issue.message}` : issue.message;
}

function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    fields[field] ??= issue.message;
  }
  return fields;
}

export function parseOr400<S extends z.core.$ZodType>(schema: S, raw: unknown): z.output<S> {
  const unsafe = findUnsafeInput(raw);
  const input = normalisedInput(raw);
  if (unsafe) throw new HttpError(400, unsafe.message, { [unsafe.field]: unsafe.message });
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error), fieldErrors(parsed.error));
  return parsed.data;
}

/** A JSON function: request and response both checked against the shared contract. */
export function jsonFunction<C extends FunctionContract>(
  name: string,
  contract: C,
  handler: (input: z.output<C['request']>, ctx: FunctionContext, meta: RequestMeta) => Promise<z.input<C['response']>>,
): FunctionDefinition {
  return {
    name,
    method: 'POST',
    async handle(req, ctx, res) {
      const input = parseOr400<C['request']>(contract.request, req.body);
      const output = await handler(input, ctx, metaOf(req, res, ctx.config));
      return z.parse(contract.response, output);
    },
  };
}

/** A function whose body carries an `action`: each action its own contract and handler. */
/** The handlers of some (`Pick`) or all of a function's actions, typed by its contract. */
export type ActionHandlers<A extends Record<string, FunctionContract>> = {
  [K in keyof A]: (
    input: z.output<A[K]['request']>,
    ctx: FunctionContext,
    meta: RequestMeta,
  ) => Promise<z.input<A[K]['response']>>;
};

export function actionFunction<A extends Record<string, FunctionContract>>(
  name: string,
  actions: A,
  handlers: ActionHandlers<A>,
): FunctionDefinition {
  return {
    name,
    method: 'POST',
    async handle(req, ctx, res) {
      const action: unknown = (req.body as { action?: unknown } | undefined)?.action;
      if (typeof action !== 'string' || !Object.hasOwn(actions, action)) {
        throw new HttpError(400, 'Unknown or missing action');
      }
      const contract = actions[action] as FunctionContract;
      const handler = handlers[action] as (input: unknown, ctx: FunctionContext, meta: RequestMeta) => Promise<unknown>;
      return z.parse(
        contract.response,
        await handler(parseOr400(contract.request, req.body), ctx, metaOf(req, res, ctx.config)),
      );
    },
  };
}

/** Mounts the functions at `/functions/v1/<name>`; anything else there is a JSON 404. */
const BODY_TYPES = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

/** Refuses a POST whose declared body is not the function's kind (a bodyless one is let through). */
function bodyTypeIs(kind: keyof typeof BODY_TYPES) {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = req.headers['content-type'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (declared && !req.is(BODY_TYPES[kind])) {
      res.status(415).json({ error: `Send ${BODY_TYPES[kind]}` });
      return;
    }
    next();
  };
}

export function createFunctionsRouter(definitions: FunctionDefinition[], ctx: FunctionContext) {
  const router = express.Router();
  for (const fn of definitions) {
    const route = `${FUNCTIONS_BASE_PATH}/${fn.name}`;
    const run = async (req: Request, res: Response, next: NextFunction) => {
      try {
        const body = await fn.handle(req, ctx, res);
        if (!res.headersSent) res.json(body);
      } catch (error) {
        next(error);
      }
    };
    if (fn.method === 'GET') router.get(route, run);
    else router.post(route, bodyTypeIs(fn.body ?? 'json'), run);
    router.all(route, (_req, res) => {
      res.status(405).json({ error: `Use ${fn.method} for ${fn.name}` });
    });
  }
  router.all(`${FUNCTIONS_BASE_PATH}/{*rest}`, (req, res) => {
    res.status(404).json({ error: `Unknown function: ${req.path.slice(FUNCTIONS_BASE_PATH.length + 1)}` });
  });
  return router;
}
