/** A table's column headings, then the row actions' column, named for screen readers only. */
export function TableHead({ columns, actions }: { columns: string[]; actions: string }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        <th scope="col">
          <span className="he-visually-hidden">{actions}</span>
        </th>
      </tr>
    </thead>
  );
}
