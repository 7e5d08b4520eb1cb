// The tasks API (API.md Tasks): long operations a user can follow (emptying the trash, copying or
// saving a big tree, reading an upload's media facts), shared by the server's routes and the clients.
import { type Static, Type } from 'typebox';
import { Int64String, oneOf, Time } from './resources.ts';

export const TASK_PATHS = {
  task: '/drive/v1/tasks/:id',
  list: '/drive/v1/tasks',
  /** POST: act on a task (retry, pause, resume), by `create_type`. */
  act: '/drive/v1/task',
} as const;

/** Task and file phases; PHASE_TYPE_UNKNOW is spelled as the API spells it. */
export const TASK_PHASES = [
  'PHASE_TYPE_UNKNOW',
  'PHASE_TYPE_PENDING',
  'PHASE_TYPE_RUNNING',
  'PHASE_TYPE_ERROR',
  'PHASE_TYPE_COMPLETE',
  'PHASE_TYPE_PAUSED',
] as const;

export const TASK_TYPES = ['restore', 'offline', 'upload', 'copy', 'trash'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/**
 * The step a running task is in, when it has more than one: '' for its main work; STORING when an
 * offline download's fetched bytes go to the object store (S3), with progress of its own.
 */
export const TASK_STAGES = ['', 'STORING'] as const;
export type TaskStage = (typeof TASK_STAGES)[number];

export const TaskSchema = Type.Object({
  kind: Type.Literal('drive#task'),
  id: Type.String(),
  name: Type.String(),
  type: oneOf(TASK_TYPES),
  phase: oneOf(TASK_PHASES),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Ours: see TASK_STAGES; progress, bytes_done and speed are the stage's. */
  stage: oneOf(TASK_STAGES),
  message: Type.String(),
  file_id: Type.String(),
  file_name: Type.String(),
  file_size: Int64String,
  /** Ours: bytes fetched so far, and the speed over the last seconds in bytes a second (offline downloads). */
  bytes_done: Int64String,
  speed: Int64String,
  /** Ours: the named error (API.md) a task in PHASE_TYPE_ERROR ended with, for the client to translate. */
  error: Type.String(),
  params: Type.Record(Type.String(), Type.String()),
  created_time: Time,
  updated_time: Time,
  statuses: Type.Array(Type.Unknown()),
});
export type Task = Static<typeof TaskSchema>;

export const TaskParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const TaskListQuery = Type.Object({
  type: Type.Optional(oneOf(TASK_TYPES)),
  /** API.md filters; tasks understand `phase` with `eq` or `in`. */
  filters: Type.Optional(Type.String({ maxLength: 2000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  page_token: Type.Optional(Type.String({ maxLength: 2000 })),
});

export const DeleteTasksQuery = Type.Object({
  /** Comma-separated ids. */
  task_ids: Type.String({ minLength: 1, maxLength: 64 * 100 }),
  /** Whether the files the tasks made go to the trash too. */
  delete_files: Type.Optional(Type.Boolean()),
});

/** What a person can do to a task: run a failed one again, hold a running one, let a held one go on. */
export const TASK_ACTIONS = ['RETRY', 'PAUSE', 'RESUME'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export const TaskActionBody = Type.Object({
  type: oneOf(TASK_TYPES),
  create_type: oneOf(TASK_ACTIONS),
  id: Type.String({ minLength: 1, maxLength: 64 }),
});

export const TaskListSchema = Type.Object({ tasks: Type.Array(TaskSchema), next_page_token: Type.String() });

/** What an operation started as a task answers: the task to follow. */
export const StartedTaskSchema = Type.Object({ task_id: Type.String() });
export type TaskList = Static<typeof TaskListSchema>;
