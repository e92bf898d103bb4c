/** An error as a job row's last_error or a log field holds it: its message, at most 1000 characters. */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}
