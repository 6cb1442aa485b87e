import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import { AppError } from '../lib/errors';

/**
 * One error handler: the API error body `{ statusCode, error, message }`,
 * validation messages in the product's wording, and nothing internal on 5xx.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send({ statusCode: err.statusCode, error: err.error, message: err.messages });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = [...new Set(err.validation.map((v) => v.message))];
      return reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: messages });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply
        .status(500)
        .send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' });
    }
    request.log.info({ err: { code: err.code, message: err.message } }, 'request refused');
    return reply.status(status).send({
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message: friendlyMessage(err, status),
    });
  });
}

function friendlyMessage(err: FastifyError, status: number): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body must not be empty';
    default:
      if (err instanceof SyntaxError) return 'Request body is not valid JSON';
      return status === 429 ? 'Too many requests, please try again later.' : err.message;
  }
}
