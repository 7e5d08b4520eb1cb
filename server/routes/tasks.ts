// Tasks (API.md Tasks): one task, the user's task list, deleting tasks, and retrying, pausing or
// resuming one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorSchema, EmptySchema } from '#shared/api/resources.ts';
import { DeleteTasksQuery, TASK_PATHS, TaskActionBody, TaskListQuery, TaskListSchema, TaskParams, TaskSchema } from '#shared/api/tasks.ts';
import { type Authenticator, authOf } from '../auth/authenticate.ts';
import { presentTask } from '../presenters/tasks.ts';
import type { TasksService } from '../services/tasks.ts';

type Options = { tasks: TasksService; auth: Authenticator; wake: () => void };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export const taskRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { tasks, auth, wake }) => {
  app.addHook('preValidation', auth.requireUser);
  const userOf = (request: Parameters<typeof authOf>[0]) => authOf(request).user.id;

  app.get(TASK_PATHS.task, { schema: { tags: ['tasks'], params: TaskParams, response: { 200: TaskSchema, ...errors } } }, async (request) =>
    presentTask(await tasks.get(userOf(request), request.params.id)),
  );

  app.get(TASK_PATHS.list, { schema: { tags: ['tasks'], querystring: TaskListQuery, response: { 200: TaskListSchema, ...errors } } }, async (request) => {
    const { limit = 100, type, filters, page_token: pageToken } = request.query;
    const page = await tasks.list(userOf(request), { limit, type, filters, pageToken });
    return { tasks: page.tasks.map(presentTask), next_page_token: page.nextPageToken };
  });

  app.delete(TASK_PATHS.list, { schema: { tags: ['tasks'], querystring: DeleteTasksQuery, response: { 200: EmptySchema, ...errors } } }, async (request) => {
    const ids = request.query.task_ids
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    await tasks.remove(userOf(request), ids, { deleteFiles: request.query.delete_files ?? false });
    return {};
  });

  app.post(TASK_PATHS.act, { schema: { tags: ['tasks'], body: TaskActionBody, response: { 200: TaskSchema, ...errors } } }, async (request) => {
    const task = await tasks.act(userOf(request), { type: request.body.type, action: request.body.create_type, id: request.body.id });
    // A task sent back to the queue is run now, not at the next look at the table.
    if (task.phase === 'PHASE_TYPE_PENDING') wake();
    return presentTask(task);
  });
};
