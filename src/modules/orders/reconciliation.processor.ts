import { Injectable } from '@nestjs/common';
import { JobHandler } from '../../jobs/job-handler.decorator';
import { JobName, type JobOf } from '../../jobs/job-types';
import { ReconciliationService, type ReconcileReport } from './reconciliation.service';

/**
 * `payments.reconcile`: asks the gateways about pending online orders and applies the answers.
 * Idempotent: every change is conditional on the order's state and each gateway message is
 * recorded once, so a re-run (or two runs at once) applies nothing twice.
 */
@Injectable()
export class ReconciliationProcessor {
  constructor(private readonly reconciliation: ReconciliationService) {}

  @JobHandler(JobName.PaymentsReconcile)
  async run(job: JobOf<'payments.reconcile'>): Promise<Omit<ReconcileReport, 'outcomes'>> {
    const { outcomes: _outcomes, ...counts } = await this.reconciliation.reconcile({ olderThanMinutes: job.data.olderThanMinutes, orderId: job.data.orderId });
    return counts;
  }
}
