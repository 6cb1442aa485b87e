import { STATUS_CODES } from 'node:http';

/** The one error type services throw; the error handler turns it into the API error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string | string[],
  ) {
    super(Array.isArray(message) ? message.join('; ') : message);
    this.name = 'AppError';
    this.messages = message;
  }
  readonly messages: string | string[];

  get error(): string {
    return STATUS_CODES[this.statusCode] ?? 'Error';
  }
}

export const badRequest = (m: string | string[]) => new AppError(400, m);
export const unauthorized = (m = 'You must be signed in') => new AppError(401, m);
export const forbidden = (m = 'You are not allowed to do this') => new AppError(403, m);
export const notFound = (m = 'Not found') => new AppError(404, m);
export const conflict = (m: string) => new AppError(409, m);
export const tooLarge = (m: string) => new AppError(413, m);
