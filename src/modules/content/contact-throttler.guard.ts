import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerStorageService } from '@nestjs/throttler';
import { AppError } from '../../common/errors/app-error';
import { GENERIC_TOO_MANY } from '../../common/http/envelope';

/** Contact form: at most this many submissions per client IP per window. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MS = 10 * 60 * 1000;

/** The contact guard's own counter store (in process memory, swept by the throttler). */
export const CONTACT_THROTTLE_STORAGE = Symbol('CONTACT_THROTTLE_STORAGE');

/**
 * Per-IP limit on the contact form, independent of any global throttling. Counts live
 * in this process: with several web replicas each keeps its own count.
 * The client IP is `req.ip`, which honours TRUST_PROXY behind a load balancer.
 */
@Injectable()
export class ContactThrottlerGuard extends ThrottlerGuard {
  // Both tokens explicit: the parent's @Inject metadata (options, global storage) is inherited otherwise.
  constructor(@Inject(CONTACT_THROTTLE_STORAGE) storage: ThrottlerStorageService, @Inject(Reflector) reflector: Reflector) {
    super({ throttlers: [{ name: 'contact', limit: CONTACT_RATE_LIMIT, ttl: CONTACT_RATE_WINDOW_MS }] }, storage, reflector);
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new AppError(GENERIC_TOO_MANY, HttpStatus.TOO_MANY_REQUESTS);
  }
}
