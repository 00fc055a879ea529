/** A bench worker process: measures the jobs its parent sends over IPC, one at a time. */
import { measure, type MeasureJob } from './measure.ts';

process.on('message', async (job: MeasureJob | 'exit') => {
  if (job === 'exit') process.exit(0);
  try {
    process.send!({ ok: true, result: await measure(job) });
  } catch (error) {
    process.send!({ ok: false, id: job.id, message: String((error as Error)?.stack ?? error) });
  }
});
process.send!('ready');
