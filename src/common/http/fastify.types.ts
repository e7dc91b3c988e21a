/**
 * What the shop's HTTP edge adds to Fastify's request (the one place for these; the session and
 * the signed-in member/admin are declared in src/common/auth/session.types.ts).
 */
declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The body's bytes as received (after Content-Encoding is undone), kept for RAW_BODY_PATH only:
     * the LINE webhook's X-Line-Signature covers them.
     */
    rawBody?: Buffer;
  }
}

export {};
