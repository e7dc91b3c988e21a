import { rateLimitRule } from '../../common/rate-limit/rate-limiter';

/**
 * Contact form: at most 5 submissions per client IP per 10 minutes, counted in the shared rate
 * limiter (Redis, or the `rate_limits` table), so every web process enforces the one cap.
 */
export const CONTACT_RATE_LIMIT = rateLimitRule('contact', 5, 10 * 60);
