import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Comment, CommentEditInput, CommentIdParams, CommentInput, CommentsResponse } from '../../common/schemas/comment.schema.ts';
import { ErrorBody } from '../../common/schemas/error.schema.ts';
import { TaskIdParams } from '../../common/schemas/task-input.schema.ts';
import { requireUser } from '../plugins/auth.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { CommentService } from '../services/comment.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const security = [{ bearer: [] }];
const CommentResponse = z.object({ message: z.string(), comment: Comment });

export const commentRoutes: FastifyPluginAsyncZod<{ auth: AuthService; comments: CommentService }> = async (app, { auth, comments }) => {
  app.addHook('onRequest', requireUser(auth));

  app.get(
    '/api/tasks/:id/comments',
    {
      schema: {
        tags: ['comments'],
        summary: 'Comments of a task as a tree (one level of replies)',
        security,
        params: TaskIdParams,
        response: { 200: CommentsResponse, ...errors },
      },
    },
    async (request) => ({ comments: await comments.list(request.user, request.params.id) }),
  );

  app.post(
    '/api/tasks/comments/add',
    {
      schema: {
        tags: ['comments'],
        summary: 'Add a comment or a reply',
        security,
        body: CommentInput,
        response: { 201: CommentResponse, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send({ message: 'Comment added', comment: await comments.add(request.user, request.body) }),
  );

  app.put(
    '/api/tasks/comments/:id/edit',
    {
      schema: {
        tags: ['comments'],
        summary: 'Edit my comment',
        security,
        params: CommentIdParams,
        body: CommentEditInput,
        response: { 200: CommentResponse, ...errors },
      },
    },
    async (request) => ({
      message: 'Comment updated',
      comment: await comments.edit(request.user, request.params.id, request.body.content, request.body.mentions),
    }),
  );
};
