/** Every error answer under /api (docs/product.md §12: HTTP conventions). */
export interface ApiErrorBody {
  message: string;
  issues?: { field: string; message: string }[];
}
