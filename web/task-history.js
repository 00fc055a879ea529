// The History panel: the key's tasks newest first (GET /api/v2/tasks), with Cancel for running tasks
// and Delete for finished ones; "More" follows next_cursor.

const RUNNING = new Set(['Waiting', 'Generating']);

/** `api` is the playground's caller of /api/v2 (it throws the API's code and message). */
export function setupTaskHistory({ api, showMessage, describe, refreshBalance }) {
  const list = document.getElementById('history');
  const more = document.getElementById('history-more');
  let cursor = null;

  function row(task) {
    const item = document.createElement('li');
    item.dataset.uuid = task.uuid;
    item.dataset.state = task.state;
    const job = task.jobs[0];
    const detail =
      task.state === 'Failed'
        ? (task.error?.code ?? 'UNKNOWN')
        : task.state === 'Done'
          ? `${task.files.length} files`
          : `${job?.progress ?? 0}%${job?.stage ? ` ${job.stage}` : ''}`;
    const label = document.createElement('span');
    label.textContent = `${task.submit_time.slice(0, 19).replace('T', ' ')}  ${task.kind}  ${task.state}  ${detail}  ${task.prompt ?? ''}`;
    const uuid = document.createElement('code');
    uuid.textContent = task.uuid;
    item.append(label, ' ', uuid, ' ');
    const action = document.createElement('button');
    action.type = 'button';
    action.textContent = RUNNING.has(task.state) ? 'Cancel' : 'Delete';
    action.addEventListener('click', async () => {
      try {
        if (RUNNING.has(task.state)) await api(`tasks/${task.uuid}/cancel`, { method: 'POST' });
        else await api(`tasks/${task.uuid}`, { method: 'DELETE', empty: true });
        showMessage('');
        refreshBalance();
        await load();
      } catch (error) {
        showMessage(describe(error));
      }
    });
    item.append(action);
    return item;
  }

  async function load(next = null) {
    try {
      const page = await api(`tasks?limit=20${next ? `&cursor=${encodeURIComponent(next)}` : ''}`);
      if (!next) list.replaceChildren();
      for (const task of page.tasks) list.append(row(task));
      cursor = page.next_cursor;
      more.hidden = !cursor;
      list.dataset.loaded = 'true';
    } catch (error) {
      if (error.code !== 'NO_KEY') showMessage(describe(error));
    }
  }

  document.getElementById('history-refresh').addEventListener('click', () => load());
  more.addEventListener('click', () => load(cursor));
  return { load };
}
