import type { FastifyInstance } from 'fastify';
import { MAX_INPUT_DEPTH } from '../../protocol/constants';
import { AppError } from '../../protocol/errors';
import { findInputProblem, pathText, type InputProblem } from '../../protocol/input-limits';

// One check of every inbound message before any handler sees it (issue 11, findings 5 and 10):
// nesting deeper than MAX_INPUT_DEPTH would overflow recursive code further on (zod, the SQL
// builder, JSON.stringify, PostgreSQL's jsonb parser), and a NUL character cannot be stored in
// PostgreSQL text, so it would reach SQL only to fail there as a database error. Both are bad
// input, answered with invalidInput, whatever the operation.

/** The error for a problem found in an inbound value; `body` names the key holding a frame's body. */
export function inputError(problem: InputProblem, body?: string): AppError {
  if (problem.kind === 'tooDeep')
    return new AppError('invalidInput', `the message is nested deeper than ${MAX_INPUT_DEPTH} levels`);
  const where = pathText(problem.path);
  // A field error, relative to the body, lets a form mark the field as it marks any other.
  const inBody = body === undefined ? problem.path : problem.path[0] === body ? problem.path.slice(1) : null;
  return new AppError(
    'invalidInput',
    problem.kind === 'nul'
      ? `${where || 'the message'}: text cannot hold a NUL character (\\u0000)`
      : `${where || 'the message'}: text holds half of a UTF-16 surrogate pair`,
    inBody?.length ? { fields: [{ path: pathText(inBody), key: 'errors.invalidValue' }] } : {},
  );
}

/** Throws invalidInput when the value is nested too deeply or holds a NUL anywhere. */
export function assertSafeInput(value: unknown, body?: string): void {
  const problem = findInputProblem(value, MAX_INPUT_DEPTH);
  if (problem) throw inputError(problem, body);
}

/** Route config of a route that checks its own body (to answer in its own reply shape). */
export interface OwnInputCheck {
  checksOwnBody?: boolean;
}

/**
 * Checks the path parameters, the query string and the JSON body of every HTTP request (a NUL
 * arrives as %00 in a path such as /item-uuid-image/{uuid}) and answers 400 with the error body.
 */
export function inboundGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req, reply) => {
    const ownBody = (req.routeOptions.config as OwnInputCheck | undefined)?.checksOwnBody === true;
    // The router and the query parser make objects of their own null-prototype classes, which the
    // walk (plain JSON only) would pass over: copied into plain objects, they are walked.
    const problem =
      findInputProblem({ ...(req.params as object) }, MAX_INPUT_DEPTH) ??
      findInputProblem({ ...(req.query as object) }, MAX_INPUT_DEPTH) ??
      (ownBody ? null : findInputProblem(req.body, MAX_INPUT_DEPTH));
    if (problem) return reply.code(400).send(inputError(problem).toBody());
  });
}
