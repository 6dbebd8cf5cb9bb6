import { createInProcessJobQueue } from '../../src/jobs/in-process-job-queue.js';
import { describeJobQueueContract } from './job-queue.contract.js';

describeJobQueueContract('in-process', async () => {
  const jobs = createInProcessJobQueue({ defaults: { backoffMs: 20 } });
  return { queue: jobs, runner: jobs, dispose: () => jobs.close({ drainMs: 1_000 }) };
});
