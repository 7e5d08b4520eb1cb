// Tasks (API.md Tasks): GET /drive/v1/tasks/{id} and the user's task list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { TASK_PATHS, TaskListQuery, TaskListSchema, TaskParams, TaskSchema } from '#shared/api/tasks.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentTask } from '../presenters/tasks.ts';
import type { TasksService } from '../services/tasks.ts';

type Options = { tasks: TasksService; auth: Authenticator };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export const taskRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { tasks, auth }) => {
  app.addHook('preValidation', auth.requireUser);

  app.get(TASK_PATHS.task, { schema: { tags: ['tasks'], params: TaskParams, response: { 200: TaskSchema, ...errors } } }, async (request) =>
    presentTask(await tasks.get(authOf(request).user.id, request.params.id)),
  );

  app.get(TASK_PATHS.list, { schema: { tags: ['tasks'], querystring: TaskListQuery, response: { 200: TaskListSchema, ...errors } } }, async (request) => ({
    tasks: (await tasks.list(authOf(request).user.id, request.query.limit ?? 100, request.query.type)).map(presentTask),
    next_page_token: '',
  }));
};
