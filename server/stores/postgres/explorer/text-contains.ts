// A case-insensitive "contains" for the explorer's lists' searches on PostgreSQL.

/** Whether `column` holds the parameter `param`, ignoring case, as SQLite's instr(lower(…), lower(…)), with no
 * pattern characters. */
export const contains = (column: string, param: string) => `strpos(lower(${column}), lower(${param})) > 0`;
