import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it completes (method, redacted url, status, time), instead
 * of Fastify's two (an "incoming request" line, then a "request completed" line without the url):
 * half the serialising and redaction on every call, and each line says what it was about.
 */
export class CompletionLog extends LogController {
  override incomingRequest(): void {
    // Nothing: the completion line carries the request.
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
