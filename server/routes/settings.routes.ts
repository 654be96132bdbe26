import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, MessageBody } from '../../common/schemas/error.schema.ts';
import {
  DeleteAccountInput,
  EmailChangeInput,
  PasswordChangeInput,
  PhotoKeyParams,
  ProfileInput,
  SessionIdParams,
  SessionsResponse,
  TimeZoneInput,
} from '../../common/schemas/settings.schema.ts';
import { UserResponse } from '../../common/schemas/user.schema.ts';
import { AppError, NotFoundError, ValidationError } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AccountService } from '../services/account.service.ts';
import { presentUser, type AuthService } from '../services/auth.service.ts';
import { MAX_PHOTO_UPLOAD_BYTES } from '../services/profile-photo.ts';
import type { SettingsService } from '../services/settings.service.ts';

export interface SettingsRoutesOptions {
  auth: AuthService;
  accounts: AccountService;
  settings: SettingsService;
}

const errors = { 401: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const security = [{ bearer: [] }];
const tags = ['settings'];

/** Account settings beside the spec's user card (issue 18). */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { auth, accounts, settings }) => {
  // Collaborators' browsers load photos as images, without a bearer token: the address is the secret
  // (a random key, new with every upload), and what is sent is always our own WebP.
  app.get('/api/user-photos/:file', { schema: { hide: true, params: PhotoKeyParams } }, async (request, reply) => {
    const photo = await settings.photo(request.params.file.slice(0, -'.webp'.length));
    if (!photo) throw new NotFoundError('Photo not found');
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline; filename="photo.webp"')
      .send(photo);
  });

  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', requireUser(auth));
    // A photo arrives as the bare image; its type is sniffed from the bytes (profile-photo.ts).
    signedIn.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_UPLOAD_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    signedIn.put(
      '/api/user/profile',
      { schema: { tags, summary: 'Change the name', security, body: ProfileInput, response: { 200: UserResponse, ...errors } } },
      async (request) => ({ user: presentUser(await settings.rename(request.user, request.body.name)) }),
    );

    signedIn.put(
      '/api/user/time-zone',
      {
        schema: {
          tags,
          summary: 'Set the time zone (an IANA name such as Europe/Berlin; null for none, read as UTC) the server reads your days in',
          security,
          body: TimeZoneInput,
          response: { 200: UserResponse, ...errors },
        },
      },
      async (request) => ({ user: presentUser(await settings.setTimeZone(request.user, request.body.time_zone)) }),
    );

    signedIn.put(
      '/api/user/photo',
      {
        schema: {
          tags,
          summary: 'Upload a profile photo (the image itself as the body: JPEG, PNG, WebP or GIF, at most 5 MB)',
          security,
          response: { 200: UserResponse, ...errors },
        },
        bodyLimit: MAX_PHOTO_UPLOAD_BYTES,
        config: { rateLimit: { max: 30, timeWindow: '1 hour', keyGenerator: (request) => `photo:${request.user?.id ?? request.ip}` } },
      },
      async (request) => {
        const body = request.body;
        // Only image/* bodies arrive as bytes; text or JSON was parsed by another parser.
        if (!Buffer.isBuffer(body)) throw new AppError(415, 'Unsupported content type.');
        if (body.length === 0) throw new ValidationError({ photo: ['The photo must be a JPEG, PNG, WebP or GIF image.'] });
        return { user: presentUser(await settings.setPhoto(request.user, body)) };
      },
    );

    signedIn.delete(
      '/api/user/photo',
      { schema: { tags, summary: 'Remove the profile photo', security, response: { 200: UserResponse, ...errors } } },
      async (request) => ({ user: presentUser(await settings.removePhoto(request.user)) }),
    );

    signedIn.post(
      '/api/user/email',
      {
        schema: {
          tags,
          summary: 'Change the e-mail address: it takes effect once the link mailed to the new address is followed',
          security,
          body: EmailChangeInput,
          response: { 200: MessageBody, ...errors },
        },
        config: {
          sessionOnly: true,
          rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (request) => `email:${request.user?.id ?? request.ip}` },
        },
      },
      async (request) => {
        await accounts.requestEmailChange(request.user, request.body.email, request.body.password);
        return { message: 'We have sent a link to the new address. Your address changes once you follow it.' };
      },
    );

    signedIn.put(
      '/api/user/password',
      {
        schema: {
          tags,
          summary: 'Change the password (the current one is required); other sessions are signed out',
          security,
          body: PasswordChangeInput,
          response: { 200: MessageBody, ...errors },
        },
        config: {
          sessionOnly: true,
          rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (request) => `password:${request.user?.id ?? request.ip}` },
        },
      },
      async (request) => {
        await settings.changePassword(request.user, request.tokenId, request.body.current_password, request.body.password);
        return { message: 'Your password has been changed.' };
      },
    );

    signedIn.get(
      '/api/user/sessions',
      {
        config: { sessionOnly: true },
        schema: { tags, summary: 'Where the account is signed in', security, response: { 200: SessionsResponse, 401: ErrorBody } },
      },
      async (request) => ({ sessions: await settings.sessions(request.user, request.tokenId) }),
    );

    signedIn.delete(
      '/api/user/sessions/:id',
      {
        config: { sessionOnly: true },
        schema: { tags, summary: 'Sign one session out', security, params: SessionIdParams, response: { 200: MessageBody, ...errors } },
      },
      async (request) => {
        await settings.endSession(request.user, request.params.id);
        return { message: 'Signed out' };
      },
    );

    signedIn.post(
      '/api/user/sessions/sign-out-everywhere',
      {
        config: { sessionOnly: true },
        schema: { tags, summary: 'Sign every session out, this one too', security, response: { 200: MessageBody, ...errors } },
      },
      async (request) => {
        await settings.endAllSessions(request.user);
        return { message: 'Signed out everywhere' };
      },
    );

    signedIn.delete(
      '/api/user',
      {
        schema: {
          tags,
          summary: 'Delete the account with its tasks, comments and shares (the password is required)',
          security,
          body: DeleteAccountInput,
          response: { 200: MessageBody, ...errors },
        },
        config: {
          sessionOnly: true,
          rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: (request) => `delete:${request.user?.id ?? request.ip}` },
        },
      },
      async (request) => {
        await settings.deleteAccount(request.user, request.body.password);
        return { message: 'Your account has been deleted.' };
      },
    );
  });
};
