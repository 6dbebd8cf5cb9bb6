declare module 'confusables' {
  /** The string with every Unicode confusable replaced by the Latin letter it imitates. */
  export function remove(text: string): string;
}
