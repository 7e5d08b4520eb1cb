import { useEffect, useState } from 'react';
import { ask } from '../lib/ask.ts';
import { translate } from '../lib/i18n.ts';
import type { RunningTask } from '../lib/protocol.ts';

/** How often the open popup looks at the downloads under way. */
const FOLLOW_MS = 2_000;

/** The downloads under way, with their progress, followed while the popup is open (shown again, keyed, after each send). */
export function RunningTasks() {
  const t = translate();
  const [tasks, setTasks] = useState<RunningTask[]>();
  const [failure, setFailure] = useState<string>();

  useEffect(() => {
    let stopped = false;
    const look = () =>
      ask<RunningTask[]>({ type: 'tasks' }).then(
        (found) => {
          if (stopped) return;
          setTasks(found);
          setFailure(undefined);
        },
        (error: Error) => !stopped && setFailure(error.message),
      );
    void look();
    const timer = setInterval(look, FOLLOW_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  return (
    <section aria-labelledby="running-title" className="running">
      <h2 id="running-title">{t('extension.tasks.title')}</h2>
      {failure && <p role="alert">{failure}</p>}
      {tasks && tasks.length === 0 && <p className="quiet">{t('extension.tasks.none')}</p>}
      {tasks && tasks.length > 0 && (
        <ul className="task-list">
          {tasks.map((task) => (
            <li key={task.id}>
              <span className="task-name">{task.name}</span>
              <progress max={100} value={task.progress} aria-label={t('extension.tasks.progress', { name: task.name, progress: task.progress })} />
              <span className="task-progress">{t('extension.tasks.percent', { progress: task.progress })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
