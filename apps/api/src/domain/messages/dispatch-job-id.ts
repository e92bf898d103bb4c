/**
 * The id of a message's dispatch job row: named after the message, so the message timeline finds the
 * job (its attempts and last error) by primary key rather than by searching job payloads.
 */
export function dispatchJobIdOf(messageId: string): string {
  return `job_dispatch_${messageId}`;
}
