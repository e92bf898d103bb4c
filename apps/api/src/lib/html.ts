/** Text for an HTML element or a quoted attribute value: the five characters that could end either are escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
