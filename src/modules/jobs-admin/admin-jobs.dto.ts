import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { GENERIC_BAD_REQUEST } from '../../common/http/envelope';
import { ToWholeNumber } from '../../common/validation/decorators';
import { JOB_STATES, type JobState } from '../../jobs/job-queue';
import { QUEUE_NAMES, type QueueName } from '../../jobs/job-types';

/** Stored job ids: ours (`invoice.42`, `id.7`) and BullMQ's numeric ones. */
const JOB_ID = /^[A-Za-z0-9._:-]{1,191}$/;

/** `GET /api/admin/jobs/list?queue&state&limit`. */
export class JobsListQuery {
  @IsIn([...QUEUE_NAMES], { message: GENERIC_BAD_REQUEST })
  queue: QueueName;

  @IsIn([...JOB_STATES], { message: GENERIC_BAD_REQUEST })
  state: JobState;

  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @ValidateIf((_o: object, v: unknown) => v !== undefined)
  @ToWholeNumber()
  @Max(200, { message: GENERIC_BAD_REQUEST })
  @Min(1, { message: GENERIC_BAD_REQUEST })
  @IsInt({ message: GENERIC_BAD_REQUEST })
  limit?: number;
}

/** `POST /api/admin/jobs/retry|remove {queue, jobId}`. */
export class JobRefDto {
  @IsIn([...QUEUE_NAMES], { message: GENERIC_BAD_REQUEST })
  queue: QueueName;

  @Matches(JOB_ID, { message: GENERIC_BAD_REQUEST })
  @IsString({ message: GENERIC_BAD_REQUEST })
  jobId: string;
}
