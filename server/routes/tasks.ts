// Tasks (API.md Tasks): GET /drive/v1/tasks/{id}, the user's task list, and the operations that
// run as tasks (empty trash).
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiErrorSchema, TaskSchema, type Task } from '#shared/api/resources.ts';
import { FILES_PATHS } from '#shared/api/files.ts';
import { authOf, type authenticator } from '../auth/authenticate.ts';
import type { TaskQueue, TaskRow } from '../tasks/queue.ts';

type Options = { queue: TaskQueue; wake: () => void; auth: ReturnType<typeof authenticator> };

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

export function presentTask(task: TaskRow): Task {
  return {
    kind: 'drive#task',
    id: task.id,
    name: task.name,
    type: task.type,
    phase: task.phase as Task['phase'],
    progress: task.progress,
    message: task.message,
    file_id: task.file_id,
    file_name: task.file_name,
    file_size: String(task.file_size),
    params: JSON.parse(task.params),
    created_time: new Date(task.created_at).toISOString(),
    updated_time: new Date(task.updated_at).toISOString(),
    statuses: [],
  };
}

export const taskRoutes: FastifyPluginAsyncTypebox<Options> = async (app, { queue, wake, auth }) => {
  app.addHook('preValidation', auth.requireUser);

  app.get(
    FILES_PATHS.task,
    { schema: { tags: ['tasks'], params: Type.Object({ id: Type.String({ maxLength: 64 }) }), response: { 200: TaskSchema, ...errors } } },
    async (request) => presentTask(await queue.get(authOf(request).user.id, request.params.id)),
  );

  app.get(
    '/drive/v1/tasks',
    {
      schema: {
        tags: ['tasks'],
        querystring: Type.Object({ type: Type.Optional(Type.Enum(['restore', 'offline', 'upload', 'copy', 'trash'])), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) }),
        response: { 200: Type.Object({ tasks: Type.Array(TaskSchema), next_page_token: Type.String() }), ...errors },
      },
    },
    async (request) => ({ tasks: (await queue.list(authOf(request).user.id, request.query.limit ?? 100, request.query.type)).map(presentTask), next_page_token: '' }),
  );

  // A literal ':' in a Fastify path is written '::'.
  app.patch(FILES_PATHS.emptyTrash.replace(':', '::'), { schema: { tags: ['files'], response: { 200: Type.Object({ task_id: Type.String() }), ...errors } } }, async (request) => {
    const task = await queue.enqueue({ userId: authOf(request).user.id, type: 'trash', name: 'Empty trash' });
    wake();
    return { task_id: task.id };
  });
};
