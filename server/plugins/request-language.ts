import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, matchLanguage, type LanguageCode } from '../../common/locales.ts';

/** The UI language the web client sends as Accept-Language; en when none is supported. */
export function requestLanguage(request: FastifyRequest): LanguageCode {
  const header = request.headers['accept-language'];
  return matchLanguage(String(header ?? '').split(',')) ?? DEFAULT_LANGUAGE;
}
