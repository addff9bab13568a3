import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * Where a table turns into cards: when its own box (not the window) is narrower than 40rem (`md`)
 * or 56rem (`lg`, for wide tables). Choose the width at which the columns no longer fit.
 */
type CardsBelow = 'md' | 'lg';

interface Column {
  label: string;
  className?: string;
}

interface DataTableProps extends Omit<HTMLAttributes<HTMLTableElement>, 'className'> {
  columns: readonly (string | Column)[];
  /** Visually hidden name of the table, when no heading names it (`aria-labelledby`). */
  caption?: ReactNode;
  cardsBelow?: CardsBelow;
  /** Layout of the box around the table (margins). */
  className?: string;
  /** The rows: `<Row>`s of `<Cell>`s. */
  children: ReactNode;
}

/**
 * A table of rows that becomes a list of cards, one a row with each cell under its column's name,
 * when there is no room for its columns (a phone, a narrow card): the same data, nothing cut off or
 * scrolled sideways. The styles are `.data-table` in admin.css (a container query on this box); employee screens only.
 * The ARIA roles repeat the elements' own: some browsers drop a table's semantics once CSS changes
 * how its parts display.
 */
export function DataTable({
  columns,
  caption,
  cardsBelow = 'md',
  className,
  children,
  ...props
}: DataTableProps) {
  return (
    <div className={cn('data-table', className)} data-cards-below={cardsBelow}>
      <table role="table" {...props}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const { label, className: columnClass } =
                typeof column === 'string' ? { label: column, className: undefined } : column;
              return (
                <th key={label} scope="col" role="columnheader" className={columnClass}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}

export function Row(props: HTMLAttributes<HTMLTableRowElement>) {
  return <tr role="row" {...props} />;
}

interface CellProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /**
   * Its column's name, shown beside the value on a card. Leave it out where the content speaks for
   * itself: the cell that names the row (the card's title) or holds its buttons; it then spans the card.
   */
  label?: string;
}

export function Cell({ label, children, ...props }: CellProps) {
  return (
    <td role="cell" data-label={label} {...props}>
      {/* One box for the value, so that on a card it sits in one column beside the label. */}
      <div>{children}</div>
    </td>
  );
}
