import { JobHandlerFn, JobName } from './job-types';

export const JOB_HANDLER_METADATA = 'skinshop:job-handler';

/**
 * Marks a provider method as the processor of one job name; JobsModule discovers it at start-up.
 * The method must accept `JobOf<N>`, so payload types are checked at compile time. Import `JobOf`
 * as a type (`import { JobName, type JobOf } from '../../jobs/job-types'`): it appears in a
 * decorated signature, which ts-jest's isolatedModules requires to be a type-only import.
 *
 * ```ts
 * @Injectable()
 * export class InvoiceProcessor {
 *   @JobHandler(JobName.InvoiceIssue)
 *   async issue(job: JobOf<'invoice.issue'>): Promise<void> { ... }
 * }
 * ```
 */
export function JobHandler<N extends JobName>(name: N) {
  return <T extends JobHandlerFn<N>>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<T>): void => {
    if (typeof descriptor.value !== 'function') throw new TypeError(`@JobHandler('${name}') must decorate a method`);
    Reflect.defineMetadata(JOB_HANDLER_METADATA, name, descriptor.value);
  };
}

export function jobHandlerNameOf(method: unknown): JobName | undefined {
  if (typeof method !== 'function') return undefined;
  return Reflect.getMetadata(JOB_HANDLER_METADATA, method) as JobName | undefined;
}
