/** What the employee asked for: the form's values when Search was pressed. */
export interface SearchRequest {
  category: string;
  radius: number;
  /** A typed city or ZIP; empty means the browser's position or the default location. */
  location: string;
}
