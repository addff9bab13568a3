/** Every error answer under /api (engineering.md: HTTP conventions). */
export interface ApiErrorBody {
  message: string;
  issues?: { field: string; message: string }[];
}
