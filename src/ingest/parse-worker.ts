import { parentPort } from 'node:worker_threads';
import { parsePartFile, type PartTask } from './part-file.js';

/** Worker-thread entry of the parse pool (parse-workers.ts): parses the part files it is sent, one at a time. */
const port = parentPort;
if (port === null) throw new Error('parse-worker.ts runs only as a worker thread');
port.on('message', (job: { id: number; task: PartTask }) => {
  void parsePartFile(job.task).then((result) => port.postMessage({ id: job.id, result }));
});
port.postMessage({ ready: true });
