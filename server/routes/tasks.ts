// Tasks (API.md Tasks): GET /drive/v1/tasks/{id}, the user's task list, and emptying the trash,
// which runs as a task.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FILES_PATHS } from '#shared/api/files.ts';
import { ApiErrorSchema } from '#shared/api/resources.ts';
import { StartedTaskSchema, TASK_PATHS, TaskListQuery, TaskListSchema, TaskParams, TaskSchema } from '#shared/api/tasks.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentTask } from '../presenters/tasks.ts';
import type { TasksService } from '../services/tasks.ts';

type Options = { tasks: TasksService; wake: () => void; auth: Authenticator };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export const taskRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { tasks, wake, auth }) => {
  app.addHook('preValidation', auth.requireUser);

  app.get(TASK_PATHS.task, { schema: { tags: ['tasks'], params: TaskParams, response: { 200: TaskSchema, ...errors } } }, async (request) =>
    presentTask(await tasks.get(authOf(request).user.id, request.params.id)),
  );

  app.get(TASK_PATHS.list, { schema: { tags: ['tasks'], querystring: TaskListQuery, response: { 200: TaskListSchema, ...errors } } }, async (request) => ({
    tasks: (await tasks.list(authOf(request).user.id, request.query.limit ?? 100, request.query.type)).map(presentTask),
    next_page_token: '',
  }));

  // A literal ':' in a Fastify path is written '::'.
  app.patch(FILES_PATHS.emptyTrash.replace(':', '::'), { schema: { tags: ['files'], response: { 200: StartedTaskSchema, ...errors } } }, async (request) => {
    const task = await tasks.enqueue({ userId: authOf(request).user.id, type: 'trash', name: 'Empty trash' });
    wake();
    return { task_id: task.id };
  });
};
